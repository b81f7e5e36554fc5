"""Pieces every screen shares: the backdrop, the credit line, the prompt, blinking, headings,
banners, the time left."""

from __future__ import annotations

import pygame

from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.sprites import backdrop
from cabinet.render.text import text, text_size

BLINK_FRAMES = 32  # on for 32 frames, off for 32: a calm arcade blink
FLASH_FRAMES = 8   # the quick blink of a banner that wants to be seen at once
READABLE = 21      # the least size of a text read during play (the score labels'): read from 2 m
WARN_SECONDS = 5   # a time left turns red from here


def blink(frame: int, period: int = BLINK_FRAMES) -> bool:
    """True during the lit half of a blink."""
    return (frame // period) % 2 == 0


def draw_backdrop(surface) -> None:
    surface.blit(backdrop(WIDTH, HEIGHT), (0, 0))


def heading(surface, string: str, y: int = 24, colour=palette.TITLE, size: int = 42) -> None:
    text(surface, string, (WIDTH // 2, y), size, colour, "midtop")


# The operator's difficulty names (settings keys), as players read them.
DIFFICULTY_NAMES = {"warmup": N_("WARMUP"), "normal": N_("NORMAL"), "advanced": N_("ADVANCED"), "hard": N_("HARD")}


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


def credit_line(ctx) -> str:
    """What the bottom line says: FREE PLAY, or the credits in the machine and,
    after a coin that is not yet a credit, how far it went ("CREDITS 0  1/2 COINS"), led by
    the price of a credit when the operator names one (``credits.price_text``: "1 CREDIT RM1");
    CREDITS UNKNOWN while the state file cannot be read."""
    if not getattr(ctx.bank, "accepting_coins", True):
        return tr("CREDITS UNKNOWN")
    if ctx.free_play:
        return tr("FREE PLAY")
    return "  ".join(filter(None, [price_line(ctx), tr("CREDITS {credits}", credits=ctx.bank.credits),
                                   coins_short(ctx.bank)]))


def price_line(ctx) -> str:
    """The price of one credit in the venue's money ("1 CREDIT RM1"); "" when the operator names none."""
    price = ctx.bank.settings.price_text
    return tr("1 CREDIT {price}", price=price) if price else ""


def coins_short(bank) -> str:
    """The coins dropped toward the next credit, per chute ("1/2 COINS"); "" when none."""
    coins = " ".join(f"{count}/{price}" for count, price in bank.coins_toward_credit())
    return tr("{coins} COINS", coins=coins) if coins else ""


def draw_credit_line(surface, ctx) -> None:
    text(surface, credit_line(ctx), (WIDTH - 16, HEIGHT - 10), 14, palette.GREY, "bottomright")


def can_play(ctx) -> bool:
    """True when Start would begin a game (free play, or enough credits for one)."""
    return ctx.bank.can_start("single")  # every one-player mode costs one game's price


def credits_words(count: int) -> str:
    """A number of credits as a price reads: "1 CREDIT", "2 CREDITS"."""
    return tr("1 CREDIT") if count == 1 else tr("{count} CREDITS", count=count)


def paid_so_far(ctx, mode: str = "single") -> str:
    """What is in toward a game of ``mode`` that is not yet enough for it ("CREDITS 1 OF 2",
    "1/2 COINS"); "" when nothing is (or when it is enough)."""
    bank = ctx.bank
    if ctx.free_play or bank.can_start(mode):
        return ""
    credits = tr("CREDITS {credits} OF {price}", credits=bank.credits, price=bank.price(mode)) if bank.credits else ""
    return "  ".join(filter(None, [credits, coins_short(bank)]))


def prompt(ctx, mode: str = "single") -> str:
    """PRESS START when a game of ``mode`` can begin; once a coin is in but not yet enough,
    how far it went (:func:`paid_so_far`); else INSERT COIN (OUT OF ORDER while coins are refused)."""
    if ctx.bank.can_start(mode):
        return tr("PRESS START")
    if not getattr(ctx.bank, "accepting_coins", True):
        return tr("OUT OF ORDER")
    return paid_so_far(ctx, mode) or tr("INSERT COIN")


def prompt_blinks(ctx, mode: str = "single") -> bool:
    """True when the prompt calls for a player (PRESS START, INSERT COIN) and so blinks;
    what a player already paid stays lit."""
    return not paid_so_far(ctx, mode)


def storage_warning(ctx) -> str:
    """Storage trouble in one line in the operator's language, for attract mode's service corner;
    "" when all is well."""
    status = getattr(ctx.store, "status", None)
    warning = status().warning if status else None
    return warning.shown() if warning else ""


def draw_storage_warning(surface, ctx, bottom: int = HEIGHT - 38) -> None:
    """:func:`storage_warning` at the bottom right, above the credit line, on its own dark band."""
    warning = storage_warning(ctx)
    if warning:
        width, height = text_size(warning, 14)
        surface.fill(palette.SHADOW, (WIDTH - width - 22, bottom - height - 4, width + 22, height + 8))
        text(surface, warning, (WIDTH - 14, bottom), 14, palette.ORANGE, "bottomright")


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
    number = text(surface, f"{max(0, seconds)}", number_pos, 42, palette.RED if seconds <= WARN_SECONDS else palette.CYAN,
                  align)
    return label.union(number)
