"""The dot fonts that draw what the pixel font lacks (kana, kanji, 円), small and large.

Small text takes Misaki Gothic (``fonts/misaki_gothic.ttf``, 8x8 dots whose glyphs fill 7x7,
the pixel font's height), scaled by whole numbers. Scaled up, its 8 dots turn to blobs (対戦)
and lose their marks (デモプレイ reads テモフレイ at 2 m), so large text takes Shinonome
Gothic Bold, made at 12, 14 and 16 dots (``fonts/shinonome_bold_<dots>.bdf``, a subset written
by ``tools/japanese_font.py``; bold, as heavy as the pixel font beside it): :func:`large_style`
says which and how scaled. A character the subset lacks (an operator's rare kanji) stays Misaki's.

Every glyph keeps Misaki's advance (8 dots full-width), so a text is as wide whichever font
draws it and :mod:`cabinet.language.drawable` measures it without pygame. A large glyph is
centred in the square Misaki's glyphs fill, 7 dots of the 8, the pixel font's line; at 21 px
only Shinonome's 12 dots fit, twice, 24 pixels: it fills the whole cell, reaching a row further
down and right than the line (:func:`spill`), as a descender does.
"""

from __future__ import annotations

import logging
import re
from functools import cache, lru_cache
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

FOLDER = Path(__file__).parent / "fonts"
MISAKI = FOLDER / "misaki_gothic.ttf"
MISAKI_DOTS = 8  # Misaki's em: one dot per pixel at this size, its full-width cell
LARGE_DOTS = (12, 14, 16)
SHINONOME = {dots: FOLDER / f"shinonome_bold_{dots}.bdf" for dots in LARGE_DOTS}
LINE_DOTS = 7  # the pixel font's height, and the square Misaki's glyphs fill
# The rule: below 21 px Misaki's 8 dots; from 21 px the biggest Shinonome glyph within the line, 2+ pixels a dot.
LARGE_SCALE = 3  # 21 px (12 dots x2); 28 px: 14x2, 35 px: 16x2, 42 px: 14x3
LARGE_FEWEST_PIXELS = (
    2  # a dot of a large glyph, in pixels: one at 2 m; a smaller one blurs away there
)
# Characters of Japanese text only (CJK punctuation, kana, kanji, full-width forms): what Latin
# text also uses (the multiplication sign, °, ★) keeps Misaki's glyph, so English and Malay look as they did.
JAPANESE_BLOCKS = ((0x3000, 0x30FF), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF))


@cache
def font(path: Path, dots: int) -> pygame.font.Font:
    """The font at ``path`` at ``dots`` pixels: one dot a pixel."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(path), dots)


def misaki() -> pygame.font.Font:
    return font(MISAKI, MISAKI_DOTS)


@cache
def large_style(scale: int) -> tuple[int, int] | None:
    """(dots, pixels a dot) of the Shinonome glyph drawn at pixel-font ``scale``, or None: Misaki's.

    The biggest glyph within the line (the finer font on a tie), else the smallest there is."""
    if scale < LARGE_SCALE:
        return None
    sizes = [
        (dots * times, dots, times)
        for dots in LARGE_DOTS
        for times in range(LARGE_FEWEST_PIXELS, scale + 1)
    ]
    within = [size for size in sizes if size[0] <= LINE_DOTS * scale]
    _, dots, times = max(within) if within else min(sizes)
    return dots, times


@cache
def large_characters() -> frozenset[str]:
    """Every character the Shinonome subset draws (every size holds the same); none when a
    file of it cannot be read, so that Misaki draws Japanese at every size rather than no screen."""
    try:
        data = SHINONOME[LARGE_DOTS[0]].read_text(encoding="ascii")
        for dots, path in SHINONOME.items():
            font(path, dots)
    except (OSError, ValueError, pygame.error) as exc:
        log.error(
            "render: cannot read the large Japanese fonts (%s); Misaki's 8 dots draw every size",
            exc,
        )
        return frozenset()
    return frozenset(chr(int(code)) for code in re.findall(r"^ENCODING (\d+)$", data, re.MULTILINE))


def japanese(char: str) -> bool:
    """True for a character of Japanese text, one the large fonts are meant to draw."""
    return any(low <= ord(char) <= high for low, high in JAPANESE_BLOCKS)


def is_large(char: str, scale: int) -> bool:
    """True when ``char`` is drawn from Shinonome at ``scale``."""
    return scale >= LARGE_SCALE and char in large_characters()


def spill(string: str, scale: int) -> int:
    """The pixels a glyph of ``string`` at ``scale`` reaches below, and right of, the pixel font's line."""
    style = large_style(scale)
    if style is None or string.isascii() or large_characters().isdisjoint(string):
        return 0
    dots, times = style
    return max(0, dots * times - LINE_DOTS * scale)


@lru_cache(maxsize=4096)
def advance(char: str) -> int:
    """The dots ``char`` advances: Misaki's 8, or 4 half-width, whichever font draws it."""
    return misaki().size(char)[0]


def glyph(char: str, scale: int, colour) -> pygame.Surface:
    """``char`` drawn at pixel-font ``scale`` in ``colour``, transparent where no dot is lit (not cached)."""
    style = large_style(scale) if is_large(char, scale) else None
    if style is None:
        drawn = misaki().render(char, False, colour)  # no smoothing: every dot is lit or not
        return pygame.transform.scale(
            drawn, (drawn.get_width() * scale, drawn.get_height() * scale)
        )
    dots, times = style
    drawn = pygame.transform.scale_by(
        font(SHINONOME[dots], dots).render(char, False, colour), times
    )
    line = LINE_DOTS * scale
    placed = pygame.Surface(
        (advance(char) * scale, max(line, drawn.get_height())), 0, 8
    )  # one byte a pixel, as Misaki's
    key = drawn.get_colorkey()
    assert key is not None, char  # pygame keys the background of text drawn unsmoothed
    placed.set_palette(drawn.get_palette())
    placed.fill(key)
    placed.set_colorkey(key)
    inset = max(
        0, (line - drawn.get_width()) // 2
    )  # centred in the line's square, or filling the cell
    placed.blit(drawn, (inset, inset))
    return placed
