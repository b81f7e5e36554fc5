"""What the screens can draw, known without pygame, agrees with the fonts that draw it."""

import pygame
import pytest

from cabinet.language import drawable
from cabinet.render import dot_fonts, glyphs
from cabinet.render.text import text_size


def test_the_pixel_characters_are_the_pixel_fonts():
    assert {
        chr(code) for code in range(0x3000) if glyphs.has(chr(code))
    } == drawable.PIXEL_CHARACTERS


def test_the_dot_font_read_with_struct_has_the_characters_and_widths_pygame_draws():
    advances = drawable.dot_font_advances()
    assert len(advances) > 7000 and dot_fonts.MISAKI == drawable.DOT_FONT
    font = dot_fonts.misaki()
    assert [
        char for char, dots in advances.items() if char.isprintable() and font.size(char)[0] != dots
    ] == []


@pytest.mark.parametrize(
    "string", ["PRESS START", "ゲームセンター 1プレイ100円", "£1 ★ ①", "RM1 × 2 — 50°"]
)
@pytest.mark.parametrize("scale", [2, 3, 4])
def test_dots_measure_as_the_screen_does(string, scale):
    """All but the blank column after the last glyph, which 21 px Japanese (12 dots x2) fills."""
    last_column = 3 if string.endswith("円") and scale == 3 else 0
    shadow = max(1, scale // 2)
    assert (drawable.dots(string) - 1) * scale + last_column + shadow == text_size(
        string, 7 * scale
    )[0]


def test_what_neither_font_has_cannot_be_drawn():
    assert all(drawable.can_draw(char) for char in "A¥円あア漢£★")
    assert not any(drawable.can_draw(char) for char in "₩é😀\x07")


def test_a_missing_dot_font_leaves_the_pixel_font(monkeypatch, tmp_path, caplog):
    drawable.dot_font_advances.cache_clear()
    monkeypatch.setattr(drawable, "DOT_FONT", tmp_path / "gone.ttf")
    try:
        assert drawable.can_draw("A") and not drawable.can_draw("円")
        assert "cannot read the dot font" in caplog.text
    finally:
        monkeypatch.undo()
        drawable.dot_font_advances.cache_clear()
    assert drawable.can_draw("円")


@pytest.fixture(autouse=True)
def _font_ready():
    pygame.font.init()
