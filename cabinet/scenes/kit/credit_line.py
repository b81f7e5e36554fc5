"""What the screens say about money and the machine: the credit line, the price, the prompt that
calls for a coin or a Start, and storage trouble in attract mode's service corner.

The credits come from the bank, which reads SQLite again only after the database changed
(:mod:`cabinet.storage.credits`): a screen may ask every frame.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import text, text_size

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext


def credit_line(ctx: SceneContext) -> str:
    """What the bottom line says: FREE PLAY, or the credits in the machine and,
    after a coin that is not yet a credit, how far it went ("CREDITS 0  1/2 COINS"), led by
    the price of a credit when the operator names one (``credits.price_text``: "1 CREDIT RM1");
    CREDITS UNKNOWN while the state file cannot be read."""
    if not ctx.bank.accepting_coins:
        return tr("CREDITS UNKNOWN")
    if ctx.free_play:
        return tr("FREE PLAY")
    return "  ".join(
        filter(
            None,
            [
                price_line(ctx),
                tr("CREDITS {credits}", credits=ctx.bank.credits),
                coins_short(ctx.bank),
            ],
        )
    )


def price_line(ctx: SceneContext) -> str:
    """The price of one credit in the venue's money ("1 CREDIT RM1"); "" when the operator names none."""
    price = ctx.bank.settings.price_text
    return tr("1 CREDIT {price}", price=price) if price else ""


def price_words(ctx: SceneContext, credits: int) -> str:
    """What ``credits`` cost, as a price reads: "2 CREDITS (RM2)" when the operator's price of a
    credit holds one number to multiply, "2 CREDITS  1 CREDIT 50 SEN" when it does not, "2 CREDITS"
    without one."""
    words = credits_words(credits)
    price = ctx.bank.settings.price_text
    amount = _AMOUNT.fullmatch(price) if price else None
    if amount is None:
        return "  ".join(filter(None, [words, price_line(ctx)]))
    before, number, after = amount.groups()
    total = Decimal(number) * credits
    return f"{words} ({before}{total:f}{after})"


_AMOUNT = re.compile(
    r"(\D*?)(\d+(?:\.\d+)?)(\D*)"
)  # "RM1", "100円", "$1.50": one number in the price


def coins_short(bank) -> str:
    """The coins dropped toward the next credit, per chute ("1/2 COINS"); "" when none."""
    coins = " ".join(f"{count}/{price}" for count, price in bank.coins_toward_credit())
    return tr("{coins} COINS", coins=coins) if coins else ""


def draw_credit_line(surface, ctx: SceneContext) -> None:
    text(surface, credit_line(ctx), (WIDTH - 16, HEIGHT - 10), 14, palette.GREY, "bottomright")


def can_play(ctx: SceneContext) -> bool:
    """True when Start would begin a game (free play, or enough credits for one)."""
    return ctx.bank.can_start("single")  # every one-player mode costs one game's price


def credits_words(count: int) -> str:
    """A number of credits as a price reads: "1 CREDIT", "2 CREDITS"."""
    return tr("1 CREDIT") if count == 1 else tr("{count} CREDITS", count=count)


def paid_so_far(ctx: SceneContext, mode: str = "single") -> str:
    """What is in toward a game of ``mode`` that is not yet enough for it ("CREDITS 1 OF 2",
    "1/2 COINS"); "" when nothing is (or when it is enough)."""
    bank = ctx.bank
    if ctx.free_play or bank.can_start(mode):
        return ""
    credits = (
        tr("CREDITS {credits} OF {price}", credits=bank.credits, price=bank.price(mode))
        if bank.credits
        else ""
    )
    return "  ".join(filter(None, [credits, coins_short(bank)]))


def prompt(ctx: SceneContext, mode: str = "single") -> str:
    """PRESS START when a game of ``mode`` can begin; once a coin is in but not yet enough,
    how far it went (:func:`paid_so_far`); else INSERT COIN (OUT OF ORDER while coins are refused)."""
    if ctx.bank.can_start(mode):
        return tr("PRESS START")
    if not ctx.bank.accepting_coins:
        return tr("OUT OF ORDER")
    return paid_so_far(ctx, mode) or tr("INSERT COIN")


def prompt_blinks(ctx: SceneContext, mode: str = "single") -> bool:
    """True when the prompt calls for a player (PRESS START, INSERT COIN) and so blinks;
    what a player already paid stays lit."""
    return not paid_so_far(ctx, mode)


def storage_warning(ctx: SceneContext) -> str:
    """Storage trouble in one line in the operator's language, for attract mode's service corner;
    "" when all is well."""
    warning = ctx.store.status().warning
    return warning.shown() if warning else ""


def draw_storage_warning(surface, ctx: SceneContext, bottom: int = HEIGHT - 38) -> None:
    """:func:`storage_warning` at the bottom right, above the credit line, on its own dark band."""
    warning = storage_warning(ctx)
    if warning:
        width, height = text_size(warning, 14)
        surface.fill(
            palette.SHADOW, (WIDTH - width - 22, bottom - height - 4, width + 22, height + 8)
        )
        text(surface, warning, (WIDTH - 14, bottom), 14, palette.ORANGE, "bottomright")
