"""Text measured by the font that draws it (cabinet/render/text.py): the pixel font for what it
has, the dot fonts for Japanese (Misaki's 8 dots small, Shinonome's 12 or 16 large); sizes match
what is drawn, and every font stays crisp."""

import pygame
import pygame.freetype
import pytest

from cabinet import language
from cabinet.render import dot_fonts, glyphs
from cabinet.render import text as text_module
from cabinet.render.text import Recorder, fit_size, fitted, render_text, scale_for, text, text_size

YELLOW = (255, 255, 0)


@pytest.fixture(scope="module", autouse=True)
def screen():
    pygame.init()
    pygame.display.set_mode((1, 1))


@pytest.mark.parametrize(
    "string",
    ["PRESS START", "スタートボタンを押してね", "クレジット 3  100円", "ゲーム 12 ▶", "営業"],
)
@pytest.mark.parametrize("size", [14, 21, 28, 35, 42])
def test_the_measured_size_is_the_drawn_size(string, size):
    assert render_text(string, size, YELLOW).get_size() == text_size(string, size)


def test_the_pixel_font_keeps_its_advance():
    scale = scale_for(28)
    assert text_size("ABC", 28)[0] == 3 * 6 * scale - scale + scale // 2


def test_kana_are_wider_than_letters():
    assert text_size("ゲーム", 28)[0] > text_size("ABC", 28)[0]


def test_japanese_is_drawn_in_whole_dots_of_one_colour():
    drawn = render_text("ゲームオーバー", 28, YELLOW, shadow=False)
    colours = {
        tuple(drawn.get_at((x, y)))[:3]
        for x in range(drawn.get_width())
        for y in range(drawn.get_height())
    }
    assert colours <= {YELLOW, (255, 0, 255)}  # lit or the colour key: no smoothing
    assert YELLOW in colours


def test_a_fitted_japanese_text_fits():
    string, size = fitted("ゲームオーバー ゲームオーバー ゲームオーバー", 28, 200)
    assert text_size(string, size)[0] <= 200
    assert string.startswith("ゲーム") and "..." in string


# Every size a screen draws text at, and more (tests/render/test_screen_fit.py: up to 63).
SIZES = range(glyphs.HEIGHT, 11 * glyphs.HEIGHT, glyphs.HEIGHT)


def _has_glyph(path, dots: int, char: str) -> bool:
    return (
        pygame.freetype.Font(str(path), dots).get_metrics(char)[0] is not None
    )  # None: the font lacks it


@pytest.mark.parametrize("size", SIZES)
def test_every_translated_character_has_a_glyph_at_every_size(size):
    """A character no font has would show as a box, and a full-width one the large font lacks as an
    8-dot blob scaled up: from 21 px, every one the catalogues use is in Shinonome's subset (made by
    tools/japanese_font.py: run it again when a catalogue gains a kanji)."""
    used = {
        char
        for code in language.LANGUAGES
        for message in language.catalogue(code).values()
        for char in message
    }
    used.update("".join(language.NAMES.values()))
    drawn_by_dots = sorted(char for char in used - {" "} if not glyphs.has(char))
    style = dot_fonts.large_style(scale_for(size))
    if style is None:
        lacking = [
            char
            for char in drawn_by_dots
            if not _has_glyph(dot_fonts.MISAKI, dot_fonts.MISAKI_DOTS, char)
        ]
    else:
        full_width = [
            char for char in drawn_by_dots if dot_fonts.advance(char) == dot_fonts.MISAKI_DOTS
        ]
        lacking = [char for char in full_width if not dot_fonts.is_large(char, scale_for(size))]
        lacking += [
            char
            for char in full_width
            if not _has_glyph(dot_fonts.SHINONOME[style[0]], style[0], char)
        ]
    assert lacking == []


def test_the_large_font_knows_what_it_holds():
    assert "対" in dot_fonts.large_characters() and "営" not in dot_fonts.large_characters()
    for dots, path in dot_fonts.SHINONOME.items():
        assert not _has_glyph(path, dots, "営") and not _has_glyph(path, dots, "A"), (
            "a subset, without the pixel font's"
        )


def _on_black(picture: pygame.Surface, area=None) -> bytes:
    """The pixels of ``picture`` (or its ``area``) over black: what is lit, where."""
    black = pygame.Surface(pygame.Rect(area or picture.get_rect()).size)
    black.blit(picture, (0, 0), area)
    return pygame.image.tobytes(black, "RGB")


def _glyphs_of(font, string: str, times: int, area=None) -> bytes:
    return _on_black(pygame.transform.scale_by(font.render(string, False, YELLOW), times), area)


@pytest.mark.parametrize(
    ("size", "dots", "times"), [(21, 12, 2), (28, 14, 2), (35, 16, 2), (42, 14, 3)]
)
def test_large_japanese_is_drawn_from_shinonome(size, dots, times):
    """対戦 in the mode list and the dakuten of デモプレイ: a dot of the 12-, 14- or 16-dot font, not
    of Misaki's 8 scaled up, in every pixel of each glyph, which sits in the pixel font's line
    (at 21 px, 24 pixels: the whole cell)."""
    assert dot_fonts.large_style(scale_for(size)) == (dots, times)
    shinonome = dot_fonts.font(dot_fonts.SHINONOME[dots], dots)
    scale, pixels = scale_for(size), dots * times
    inset = max(0, (size - pixels) // 2)
    for string in ("対戦", "デモプレイ"):
        drawn = render_text(string, size, YELLOW, shadow=False)
        for index, char in enumerate(string):
            cell = (index * 8 * scale + inset, inset, pixels, pixels)
            assert _on_black(drawn, cell) == _glyphs_of(shinonome, char, times), f"{char} at {size}"


def test_small_japanese_keeps_misakis_eight_dots():
    drawn = render_text("対戦", 14, YELLOW, shadow=False)
    lit = (0, 0, 30, 14)  # Misaki's 7 lit rows of 8, to the last glyph's last lit column
    assert _on_black(drawn, lit) == _glyphs_of(dot_fonts.misaki(), "対戦", 2, lit)


def test_without_its_large_fonts_japanese_is_misakis_at_every_size(monkeypatch, tmp_path, caplog):
    """A damaged install: the screens still draw every word, in 8 dots."""
    monkeypatch.setitem(dot_fonts.SHINONOME, 14, tmp_path / "gone.bdf")
    dot_fonts.large_characters.cache_clear()
    try:
        assert (
            not dot_fonts.is_large("対", 4)
            and "cannot read the large Japanese fonts" in caplog.text
        )
        drawn = render_text(
            "対戦ミス", 28, (1, 2, 3), shadow=False
        )  # a colour no other test caches
        assert drawn.get_size() == text_size("対戦ミス", 28) and bytes((1, 2, 3)) in _on_black(
            drawn
        )
    finally:
        monkeypatch.undo()
        dot_fonts.large_characters.cache_clear()
    assert dot_fonts.is_large("対", 4)


def test_a_kanji_the_large_font_lacks_is_drawn_from_misaki():
    """An operator's rare kanji (営) still shows, as Misaki's: as wide, in the same line."""
    assert not dot_fonts.is_large("営", 3)
    assert text_size("営業の", 21) == text_size("対戦の", 21)
    assert bytes(YELLOW) in _on_black(render_text("営", 21, YELLOW, shadow=False))


def test_a_recorder_notes_each_text_with_the_width_it_was_fitted_into():
    surface = pygame.Surface((400, 100))
    text(surface, "BEFORE", (0, 0), 14, (255, 255, 255))
    with Recorder() as drawn:
        words = "A LONG LINE OF WORDS"
        text(surface, words, (200, 10), fit_size(words, 28, 150), (255, 255, 255), "midtop")
        text(surface, "FREE", (390, 50), 14, (255, 255, 255), "topright")
        line, size = fitted("/a/very/long/path/to/the/settings/cabinet.yaml", 14, 120)
        text(surface, line, (5, 70), size, (255, 255, 255))
    text(surface, "AFTER", (0, 0), 14, (255, 255, 255))
    assert [item.string for item in drawn] == [words, "FREE", line]
    first, second, third = drawn
    assert first.box.width == 150 and first.box.centerx == first.rect.centerx == 200
    assert first.rect.width <= first.box.width
    assert second.box is None and second.rect.right == 390
    assert "..." in line and third.box.left == 5 and third.box.width == 120


def test_the_sizes_cache_is_bounded_yet_keeps_the_words_measured_every_frame():
    """Scores are new nearly every time they are measured: bounded, the cache of sizes fills in
    attract mode's first hour instead of rising for hours; the words measured every frame stay
    in it however many one-off scores pass."""
    text_size.cache_clear()
    every_frame = [("INSERT COIN", 21), ("CREDITS 0", 14), ("HIGH SCORE", 28)]
    for score in range(5000):
        for string, size in every_frame:
            text_size(string, size)
        text_size(str(score), 28)
    assert text_size.cache_info().currsize < 5000
    misses = text_size.cache_info().misses
    for string, size in every_frame:
        text_size(string, size)
    assert text_size.cache_info().misses == misses


@pytest.mark.parametrize(
    "string",
    [
        "0",
        "12,340",
        "+84",
        "-3",
        "1:05",
        "99%",
        "3 / 10",
        "1.5",
        "3 CHAIN! +94",
        "CLEAR 6 +147",
        "CPU LV4 WINS",
        "RE-MATCH 2-1",
        "クレジット 3  100円",
        "x2",
    ],
)
@pytest.mark.parametrize("size, shadow", [(14, True), (28, True), (42, False)])
@pytest.mark.parametrize("align", ["topleft", "center", "bottomright"])
def test_a_number_drawn_by_cells_is_the_picture_of_the_whole_string(string, size, shadow, align):
    by_cells, whole = pygame.Surface((640, 120)), pygame.Surface((640, 120))
    for surface in (by_cells, whole):
        surface.fill((20, 30, 40))
    rect = text(by_cells, string, (320, 60), size, YELLOW, align, shadow)
    rendered = render_text(string, size, YELLOW, shadow)
    assert rect == rendered.get_rect(**{align: (320, 60)})
    whole.blit(rendered, rect)
    assert pygame.image.tobytes(by_cells, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_new_scores_leave_the_cached_words_alone():
    """Attract mode shows thousands of scores that never come back: none may push a word out."""
    surface = pygame.Surface((400, 100))
    text(surface, "HIGH SCORE", (0, 0), 28, YELLOW)
    words = dict(text_module._cache)
    for score in range(100_000, 100_000 + 3 * text_module._CACHE_LIMIT, 7):
        text(surface, f"{score:,}", (0, 40), 28, YELLOW)
        text(surface, f"+{score % 1000}", (200, 40), 21, YELLOW)
    assert dict(text_module._cache) == words


def test_one_off_numbers_inside_words_add_no_picture_after_the_first():
    """The popups of a game ("3 CHAIN! +94", "CLEAR 6 +147") carry a new score nearly every time:
    their words are rendered once, their numbers come from cells, so the cache stops growing."""
    surface = pygame.Surface((400, 100))
    text(surface, "2 CHAIN! +78", (0, 0), 14, YELLOW)
    text(surface, "CLEAR 3 +62", (0, 20), 14, YELLOW)
    pictures = len(text_module._cache)
    for points in range(1, 2000, 3):
        text(surface, f"{points % 7 + 2} CHAIN! +{points}", (0, 0), 14, YELLOW)
        text(surface, f"CLEAR {points % 9 + 1} +{points}", (0, 20), 14, YELLOW)
    assert len(text_module._cache) == pictures


def test_a_number_style_draws_all_its_digits_at_its_first_sight(monkeypatch):
    """A number's value changes, its style does not: the score that shows a 7 for the first time
    an hour on must not render a picture then (the soak's late growth, issue 22)."""
    surface = pygame.Surface((400, 100))
    text(surface, "5", (0, 0), 35, (12, 34, 56))  # a style no screen uses
    rendered = []
    real = text_module._render
    monkeypatch.setattr(text_module, "_render", lambda *args: rendered.append(args) or real(*args))
    for value in (1234567890, 98, 7):
        text(surface, f"{value}", (0, 0), 35, (12, 34, 56))
        text(surface, f"CLEAR 2 +{value}", (0, 50), 35, (12, 34, 56))
    assert [args[0] for args in rendered] == ["CLEAR ", " ", "+"], (
        "only the words and the sign, once each"
    )
