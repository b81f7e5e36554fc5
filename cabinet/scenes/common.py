"""Pieces every screen shares: the backdrop, the credit line, blinking, headings."""

from __future__ import annotations

from cabinet.render import HEIGHT, WIDTH, palette, text
from cabinet.render.sprites import backdrop

BLINK_FRAMES = 32  # on for 32 frames, off for 32: a calm arcade blink


def blink(frame: int, period: int = BLINK_FRAMES) -> bool:
    """True during the lit half of a blink."""
    return (frame // period) % 2 == 0


def draw_backdrop(surface) -> None:
    surface.blit(backdrop(WIDTH, HEIGHT), (0, 0))


def heading(surface, string: str, y: int = 24, colour=palette.TITLE, size: int = 42) -> None:
    text(surface, string, (WIDTH // 2, y), size, colour, "midtop")


def credit_line(ctx) -> str:
    """What the bottom line says: FREE PLAY, or the credits in the machine."""
    if ctx.free_play:
        return "FREE PLAY"
    return f"CREDITS {ctx.bank.credits}"


def draw_credit_line(surface, ctx) -> None:
    text(surface, credit_line(ctx), (WIDTH - 16, HEIGHT - 10), 14, palette.GREY, "bottomright")


def can_play(ctx) -> bool:
    """True when Start would begin a game (free play, or enough credits for one)."""
    return ctx.bank.can_start("blocks")


def prompt(ctx) -> str:
    """PRESS START when a game can begin, else INSERT COIN."""
    return "PRESS START" if can_play(ctx) else "INSERT COIN"
