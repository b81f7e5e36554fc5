"""Text cut into lines by the font's widths: at spaces, or between Japanese characters."""

import pytest

from cabinet.render.text import text_size
from cabinet.render.wrap import NO_LINE_END, NO_LINE_START, wrapped

SIZE = 21


@pytest.mark.parametrize("width", [300, 500, 864])
def test_english_breaks_at_spaces_and_every_line_fits(width):
    line = "STORAGE: cabinet.db is read-only since power-on: 3 write(s) waiting. Play goes on."
    lines = wrapped(line, SIZE, width)
    assert " ".join(lines) == line
    assert all(text_size(piece, SIZE)[0] <= width for piece in lines)
    assert len(lines) > 1


@pytest.mark.parametrize("width", [340, 421, 500, 864])
def test_japanese_breaks_between_characters_never_before_a_closing_mark(width):
    line = "記録: cabinet.db-waitingにあり、3件はいま停電すると消えます(ロックアウト)。プレイはつづけられます。"
    lines = wrapped(line, SIZE, width)
    assert "".join(lines).replace(" ", "") == line.replace(" ", "")
    assert all(text_size(piece, SIZE)[0] <= width for piece in lines)
    assert not any(piece[0] in NO_LINE_START for piece in lines[1:])
    assert not any(piece[-1] in NO_LINE_END for piece in lines[:-1])
    assert any("cabinet.db-waiting" in piece for piece in lines), (
        "a Latin run inside Japanese stays whole"
    )


def test_a_word_wider_than_a_line_is_cut_where_the_line_is_full():
    path = "/srv/arcade/" + "operator_settings_folder/" * 4 + "cabinet.yaml"
    lines = wrapped(f"SAVED TO {path}", SIZE, 400)
    assert "".join(lines).replace(" ", "") == f"SAVEDTO{path}"
    assert all(text_size(piece, SIZE)[0] <= 400 for piece in lines)
    assert text_size(lines[1], SIZE)[0] > 400 - 2 * 18  # full, not cut at random


def test_a_short_text_is_one_line_and_an_empty_one_is_one_empty_line():
    assert wrapped("NO NOTICES", SIZE, 864) == ["NO NOTICES"]
    assert wrapped("", SIZE, 864) == [""]


def test_japanese_written_in_phrases_breaks_only_between_them():
    line = "下から ブロックを おしこむと その列が 1つ上がる"
    assert wrapped(line, SIZE, 392) == ["下から ブロックを おしこむと そ", "の列が 1つ上がる"]
    assert wrapped(line, SIZE, 392, phrases=True) == [
        "下から ブロックを おしこむと",
        "その列が 1つ上がる",
    ]
    long = wrapped("おじゃまは" * 5, SIZE, 392, phrases=True)
    assert "".join(long) == "おじゃまは" * 5 and len(long) == 2, (
        "a phrase wider than a line is cut where it is full"
    )
