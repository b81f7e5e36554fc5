"""Pieces every screen draws: the backdrop, headings, blinking, banners, the time left, the
names of difficulties and sides."""

from __future__ import annotations

import pygame

from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.sprites import backdrop
from cabinet.render.text import text

BLINK_FRAMES = 32  # on for 32 frames, off for 32: a calm arcade blink
FLASH_FRAMES = 8  # the quick blink of a banner that wants to be seen at once
READABLE = 21  # the least size of a text read during play (the score labels'): read from 2 m
WARN_SECONDS = 5  # a time left turns red from here


def blink(frame: int, period: int = BLINK_FRAMES) -> bool:
    """True during the lit half of a blink."""
    return (frame // period) % 2 == 0


def draw_backdrop(surface) -> None:
    surface.blit(backdrop(WIDTH, HEIGHT), (0, 0))


def heading(surface, string: str, y: int = 24, colour=palette.TITLE, size: int = 42) -> None:
    text(surface, string, (WIDTH // 2, y), size, colour, "midtop")


# The operator's difficulty names (settings keys), as players read them.
DIFFICULTY_NAMES = {
    "warmup": N_("WARMUP"),
    "normal": N_("NORMAL"),
    "advanced": N_("ADVANCED"),
    "hard": N_("HARD"),
}


def difficulty_name(name: str) -> str:
    """A difficulty as the screen says it; a name of the operator's own is shown as written."""
    return tr(DIFFICULTY_NAMES[name]) if name in DIFFICULTY_NAMES else name.upper()


def side_name(match, player: int) -> str:
    """What the screen calls a side of ``match`` (a :class:`~cabinet.games.match.Match`): PLAYER 1, or CPU LV3."""
    if match.is_cpu(player):
        return tr("CPU LV{level}", level=match.cpu[player])
    return tr("PLAYER {side}", side=player)


def side_short_name(match, player: int) -> str:
    """What a narrow place calls a side of ``match``: 1P, or CPU LV3 (never 2P for the CPU)."""
    if match.is_cpu(player):
        return tr("CPU LV{level}", level=match.cpu[player])
    return tr("{side}P", side=player)


def draw_banner(surface, message: str, y: int, size: int, colour, frame: int | None = None) -> None:
    """``message`` on a dark band across the screen, over whatever is drawn there;
    with ``frame`` (counted from the banner's start) the words blink fast."""
    height = size + 24
    band = (0, y - height // 2, WIDTH, height)
    surface.fill(palette.SHADOW, band)
    surface.fill(colour, (0, band[1], WIDTH, 2))
    surface.fill(colour, (0, band[1] + height - 2, WIDTH, 2))
    if frame is None or blink(frame, FLASH_FRAMES):
        text(surface, message, (WIDTH // 2, y), size, colour, "center")


def draw_time_left(surface, seconds: int, pos, align: str = "topright") -> pygame.Rect:
    """TIME over the ``seconds`` a screen waits before it moves on by itself, red for the last
    few; ``pos`` is the ``align`` point ("topright" or "midtop") of the two lines. The rectangle drawn."""
    label = text(surface, tr("TIME"), pos, READABLE, palette.GREY, align)
    number_pos = (pos[0], label.bottom + 2)
    number = text(
        surface,
        f"{max(0, seconds)}",
        number_pos,
        42,
        palette.RED if seconds <= WARN_SECONDS else palette.CYAN,
        align,
    )
    return label.union(number)
