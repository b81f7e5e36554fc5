"""How a table is named and how its numbers read: "1 WIN", never "1 WINS"."""

import pygame

from cabinet import language
from cabinet.render import text as text_module
from cabinet.scenes.flow import tables
from cabinet.scenes.flow.tables import amount, full_title, table_title, table_unit
from cabinet.storage.scores import ScoreEntry
from support.app import make_app


def test_one_win_is_singular():
    unit = table_unit("streak/blocks")
    assert (
        amount(1, unit) == "1 WIN" and amount(2, unit) == "2 WINS" and amount(0, unit) == "0 WINS"
    )
    assert amount(4890, table_unit("blocks")) == "4890", "points have no unit"


def test_a_streak_table_drawn_says_1_win(monkeypatch):
    make_app()
    drawn = []
    real = text_module.text

    def spy(surface, words, *args, **kw):
        drawn.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(tables, "text", spy)
    entries = [ScoreEntry(1, "ACE", 2, None, None), ScoreEntry(2, "BOB", 1, None, None)]
    tables.draw_table(
        pygame.Surface((960, 540)),
        tables.table_rects(1)[0],
        "WIN STREAKS",
        entries,
        unit=table_unit("streak/blocks"),
    )
    assert "2 WINS" in drawn and "1 WIN" in drawn and "1 WINS" not in drawn


def test_a_streak_table_under_its_games_heading_has_a_title_that_fits_at_full_size():
    assert table_title("streak/antigravity") == "WIN STREAKS"
    rect = tables.table_rects(2)[0]
    assert tables.fit_size(table_title("streak/antigravity"), 28, rect.width - 24) == 28
    assert full_title("streak/antigravity") == "ANTI-GRAVITY WIN STREAKS", (
        "alone, it names its game"
    )
    assert full_title("antigravity/contest/EXPERT") == "ANTI-GRAVITY - CONTEST EXPERT"


def test_the_ladder_table_beside_the_win_streaks_is_titled_as_big():
    rect = tables.table_rects(2)[1]
    for code in language.LANGUAGES:
        language.use(code)
        try:
            title = table_title("ladder/antigravity")
            assert tables.fit_size(title, 28, rect.width - 24) == 28, f"{title!r} in {code}"
        finally:
            language.use("en")
    assert full_title("ladder/antigravity") == "ANTI-GRAVITY CPU LADDER", "alone, it names its game"
