"""Cached text in the cabinet's pixel font, and Japanese in dot fonts.

``text(surface, "SCORE", (x, y), 28, colour, "topleft")`` draws; every distinct
(string, size, colour, shadow) is rendered once and kept in a bounded cache, so a
screen that redraws the same words each frame costs one blit per string. Numbers
("12,340", "+84", "1:05") are drawn a character at a time from cached cells instead,
also inside words ("3 CHAIN! +94": the words from the cache, the numbers by cells):
attract mode shows a couple of thousand scores an hour that never come back, and
each was a new picture (8-44 KB in the C heap) that the cache kept. A style of number
gets all ten digits at its first sight, so none is new hours later.

Every character the pixel font (:mod:`cabinet.render.glyphs`) has is drawn with it, so
English and Malay look as they always did and digits look the same in every language.
Any other character (kana, kanji, 円) comes from a dot font (:mod:`cabinet.render.dot_fonts`):
Misaki's 8 dots in small text, Shinonome's 12, 14 or 16 in large, rendered without smoothing and
scaled by whole numbers, so it stays crisp. Widths are measured glyph by glyph.

While a :class:`Recorder` is active (``with Recorder() as drawn:``), every call of
:func:`text` is noted with the rectangle drawn and the width the string was fitted
into, if any: the screen-fit test (``tests/render/test_screen_fit.py``) reads it.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import pygame

from cabinet.render import dot_fonts, glyphs
from cabinet.render.palette import SHADOW

_KEY = (255, 0, 255)  # colour key: never used as a text colour
_CACHE_LIMIT = 600
# Measured sizes: what one attract loop measures fits (about 600), and a loop's few dozen new
# scores evict only old ones. At 4,096 the one-off scores kept it filling for hours.
_SIZES_LIMIT = 1024
_STYLES_LIMIT = 64  # number styles (scale, colour, shadow): 29 after warming, 33 an hour on
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_recorder: Recorder | None = None  # see Recorder: set only by the screen-fit test

_ADVANCE = glyphs.WIDTH + 1  # the pixel font's glyph and the column between glyphs

_DIGITS = "0123456789"
_NUMBER_CHARACTERS = frozenset(_DIGITS + "+-,.:/% ")  # a score, a count, a time: drawn by cells
_NUMBER = re.compile(r"([+-]?[0-9][0-9,.:/%]*)")  # a number inside words, its sign included
_ALIASES = {"left": "topleft", "right": "topright", "centre": "midtop", "middle": "center"}


def scale_for(size: int) -> int:
    """Pixel scale of the font for a text ``size`` (its height in logical pixels)."""
    return max(1, round(size / glyphs.HEIGHT))


@lru_cache(maxsize=_SIZES_LIMIT)
def text_size(string: str, size: int) -> tuple[int, int]:
    """Width and height ``string`` takes at ``size``, shadow and descenders included."""
    scale = scale_for(size)
    width = max(0, _units(string) - 1) * scale + dot_fonts.spill(string[-1:], scale)
    shadow = _shadow_offset(scale)
    below = max(
        glyphs.DESCENT * scale if glyphs.descends(string) else 0, dot_fonts.spill(string, scale)
    )
    return width + shadow, glyphs.HEIGHT * scale + below + shadow


def _units(string: str) -> int:
    """How many font pixels ``string`` advances, the column after its last glyph included."""
    if glyphs.covers(string):
        return len(string) * _ADVANCE
    return sum(_advance(char) for char in string)


def _advance(char: str) -> int:
    """The font pixels ``char`` advances: the pixel font's 6, or the dot font's own (8, or 4 half-width)."""
    return _ADVANCE if glyphs.has(char) else dot_fonts.advance(char)


def fit_size(string: str, size: int, max_width: int) -> int:
    """The largest size not above ``size`` at which ``string`` fits in ``max_width``
    (cached: play screens fit their numbers every frame)."""
    if _recorder is not None:
        _recorder.widths[string] = (max_width, size)
    return _fit_size(string, size, max_width)


@lru_cache(maxsize=512)
def _fit_size(string: str, size: int, max_width: int) -> int:
    while size > glyphs.HEIGHT and text_size(string, size)[0] > max_width:
        size -= glyphs.HEIGHT
    return size


def fitted(string: str, size: int, max_width: int, smallest: int = 14) -> tuple[str, int]:
    """``string`` and the size to draw it at within ``max_width``: smaller, down to ``smallest``
    (still readable on a cabinet's screen), then cut in the middle with "..." so that both ends
    stay, such as a path's first folders and its file name."""
    asked = size
    size = max(fit_size(string, size, max_width), min(size, smallest))
    if text_size(string, size)[0] <= max_width:
        return string, size
    scale = scale_for(size)
    chars = (max_width - _shadow_offset(scale) + scale) // (
        _ADVANCE * scale
    )  # exact for the pixel font
    while chars > 0 and text_size(shortened(string, chars), size)[0] > max_width:
        chars -= 1  # wider glyphs (kana, kanji): drop one more
    short = shortened(string, chars)
    if _recorder is not None:
        _recorder.widths[short] = (max_width, asked)
    return short, size


def shortened(string: str, chars: int) -> str:
    """``string`` in at most ``chars`` characters, its middle replaced by "..." when too long."""
    if len(string) <= chars:
        return string
    room = max(0, chars - 3)
    head = (room + 1) // 2
    return string[:head] + "..." + string[len(string) - (room - head) :]


def render_text(string: str, size: int, colour, shadow: bool = True) -> pygame.Surface:
    """The rendered ``string`` (cached); transparent where nothing is lit."""
    key = (string, scale_for(size), tuple(colour), shadow)
    found = _cache.get(key)
    if found is not None:
        _cache.move_to_end(key)
        return found
    surface = _render(string, scale_for(size), tuple(colour), shadow)
    _cache[key] = surface
    if len(_cache) > _CACHE_LIMIT:
        _cache.popitem(last=False)
    return surface


def text(
    surface: pygame.Surface,
    string: str,
    pos,
    size: int,
    colour,
    align: str = "topleft",
    shadow: bool = True,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw ``string`` with its ``align`` point (a pygame.Rect anchor) at ``pos``.

    ``align`` is one of topleft, midtop, topright, midleft, center, midright,
    bottomleft, midbottom, bottomright; "left", "right" and "centre" are short for
    topleft, topright and midtop. ``max_width``: smaller than ``size`` where it must be to
    fit (:func:`fit_size`). Returns the rectangle drawn.
    """
    if max_width is not None:
        size = fit_size(string, size, max_width)
    anchor = _ALIASES.get(align, align)
    if _NUMBER_CHARACTERS.issuperset(string) or _NUMBER.search(string):
        rect = pygame.Rect((0, 0), text_size(string, size))
        setattr(rect, anchor, pos)
        surface.blits(
            _pieces(string, scale_for(size), tuple(colour), shadow, rect.topleft), doreturn=False
        )
    else:
        rendered = render_text(string, size, colour, shadow)
        rect = rendered.get_rect(**{anchor: pos})
        surface.blit(rendered, rect)
    if _recorder is not None:
        _recorder.note(string, rect, anchor, size)
    return rect


def _pieces(string: str, scale: int, colour, shadow: bool, topleft) -> list:
    """(picture, position) of each piece of ``string`` drawn from ``topleft``: a cell for each
    character of a number, the cached rendering of each run of words between them. The same
    pixels as its :func:`render_text`: each glyph is drawn, shadow first, in the same order."""
    x, y = topleft
    pieces = []
    for index, run in enumerate(_NUMBER.split(string)):
        if index % 2 or _NUMBER_CHARACTERS.issuperset(run):  # odd runs are the numbers split out
            cells = _cells(scale, colour, shadow)
            for char in run:
                cell = cells.get(char)
                if cell is None:
                    cell = cells[char] = _render(char, scale, colour, shadow)
                pieces.append((cell, (x, y)))
                x += _ADVANCE * scale
        else:
            pieces.append((render_text(run, scale * glyphs.HEIGHT, colour, shadow), (x, y)))
            x += _units(run) * scale
    return pieces


@lru_cache(maxsize=_STYLES_LIMIT)
def _cells(scale: int, colour, shadow: bool) -> dict[str, pygame.Surface]:
    """The cells of one style of number, each digit drawn at its first sight: a number's
    value changes from frame to frame, its style does not, so no digit is new an hour on."""
    return {digit: _render(digit, scale, colour, shadow) for digit in _DIGITS}


def covered(area: pygame.Rect | None = None) -> None:
    """Everything drawn so far this frame inside ``area`` (default: the whole screen, as the
    pause's picture) is now under something opaque: an active :class:`Recorder` forgets it,
    since no player can see it."""
    if _recorder is None:
        return
    if area is None:
        _recorder.clear()
    else:
        _recorder[:] = [item for item in _recorder if not area.contains(item.rect)]


@dataclass(frozen=True)
class Drawn:
    """One string drawn while a :class:`Recorder` was active: where, the box it was fitted
    into (the drawn rectangle widened to the fitted width about its own anchor) or None,
    the size it was drawn at, and the size the screen asked for before fitting it (the
    same when it was not fitted)."""

    string: str
    rect: pygame.Rect
    box: pygame.Rect | None
    size: int
    asked: int = 0

    def __post_init__(self):
        if not self.asked:
            object.__setattr__(self, "asked", self.size)


class Recorder(list):
    """Every :class:`Drawn` string, in order, between entering and leaving ``with``.

    A string drawn after :func:`fit_size` or :func:`fitted` measured it (the same
    string, the call just before) gets that width as its box, and the size asked
    there; one recorder at a time.
    """

    def __init__(self):
        super().__init__()
        self.widths: dict[str, tuple[int, int]] = {}  # string -> (width fitted into, size asked)

    def __enter__(self) -> Recorder:
        global _recorder
        _recorder = self
        return self

    def __exit__(self, *exc) -> None:
        global _recorder
        _recorder = None

    def note(self, string: str, rect: pygame.Rect, align: str, size: int) -> None:
        width, asked = self.widths.pop(string, (None, size))
        box = None
        if width is not None:
            box = pygame.Rect(rect.x, rect.y, width, rect.height)
            if align.endswith("right"):
                box.right = rect.right
            elif not align.endswith("left"):
                box.centerx = rect.centerx
        self.append(Drawn(string, rect.copy(), box, size, max(asked, size)))


def _shadow_offset(scale: int) -> int:
    return max(1, scale // 2)


def _render(string: str, scale: int, colour, shadow: bool) -> pygame.Surface:
    width, height = text_size(string, scale * glyphs.HEIGHT)
    surface = pygame.Surface((max(1, width), height))
    surface.fill(_KEY)
    offset = _shadow_offset(scale)
    x = 0
    for char in string:
        if shadow:
            surface.blit(_glyph(char, scale, SHADOW), (x + offset, offset))
        surface.blit(_glyph(char, scale, colour), (x, 0))
        x += _advance(char) * scale
    surface.set_colorkey(_KEY, pygame.RLEACCEL)
    return surface


@lru_cache(maxsize=2048)
def _glyph(char: str, scale: int, colour) -> pygame.Surface:
    if not glyphs.has(char):
        return dot_fonts.glyph(char, scale, colour)
    rows = glyphs.glyph(char)
    surface = pygame.Surface((glyphs.WIDTH * scale, len(rows) * scale))
    surface.fill(_KEY)
    for y, row in enumerate(rows):
        for x, lit in enumerate(row):
            if lit == "#":
                surface.fill(colour, (x * scale, y * scale, scale, scale))
    surface.set_colorkey(_KEY)
    return surface
