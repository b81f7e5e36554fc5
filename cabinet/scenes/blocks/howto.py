"""The BLOCKS how-to-play page: the goal in a few lines and the controls, as the operator set the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.language import N_
from cabinet.render import palette
from cabinet.scenes.kit.howto_page import HowToPage

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.settings.schema import Settings

GRAVITY_RULE = N_("ROWS ABOVE A CLEARED ROW DROP DOWN")

PAGE: HowToPage = {
    "title": N_("HOW TO PLAY BLOCKS"),
    "rules": [
        (palette.CYAN, N_("PLACE THE 3 PIECES ON THE 8x8 BOARD")),
        (palette.YELLOW, N_("FILL A ROW OR A COLUMN TO CLEAR IT")),
        (palette.MAGENTA, GRAVITY_RULE),
        (palette.GREEN, N_("CLEAR MOVE AFTER MOVE FOR A STREAK")),
        (palette.ORANGE, N_("EMPTY THE BOARD: 1000 BONUS")),
        (palette.RED, N_("NO ROOM FOR ANY PIECE: GAME OVER")),
    ],
    "controls": [
        (N_("STICK"), N_("MOVE THE PIECE")),
        ("A", N_("PLACE IT")),
        ("B", N_("ROTATE (IF ON)")),
        ("C", N_("NEXT PIECE")),
    ],
}


def howto_page(settings: Settings) -> HowToPage:
    """The page for ``settings`` (the cabinet's Settings): no gravity line under 1010!-style rules."""
    page = PAGE.copy()
    if not settings.blocks.gravity:
        page["rules"] = [rule for rule in page["rules"] if rule[1] != GRAVITY_RULE]
    return page
