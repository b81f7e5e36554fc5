"""The ANTI-GRAVITY how-to-play page: the goal in a few lines and the controls, as the operator set them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.language import N_
from cabinet.render import palette
from cabinet.scenes.kit.howto_page import HowToPage

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.settings.schema import Settings
from cabinet.render.glyphs import DOWN, LEFT, RIGHT, UP

RING = (N_("RING"), N_("TIME TO PUSH"))
PAGE: HowToPage = {
    "title": N_("HOW TO PLAY ANTI-GRAVITY"),
    "rules": [
        (palette.CYAN, N_("PUSH BLOCKS IN FROM THE TOP OR BOTTOM")),
        (palette.YELLOW, N_("LINE UP 3 OF A COLOUR, ANY DIRECTION")),
        (palette.MAGENTA, N_("LOOSE BLOCKS FLY TO THE LIGHTER SIDE")),
        (palette.GREEN, N_("CHAINS AND CROSSING THE S LINE EARN BONUSES")),
        (palette.RED, N_("A STACK PAST THE S LINE: GAME OVER")),
    ],
    "controls": [
        (f"{LEFT} {RIGHT}", N_("MOVE THE CURSOR")),
        (UP, N_("PUSH FROM BELOW")),
        (DOWN, N_("PUSH FROM ABOVE")),
        RING,
    ],
}
SWAPPED = {"PUSH FROM BELOW": "PUSH FROM ABOVE", "PUSH FROM ABOVE": "PUSH FROM BELOW"}
# The widening horizon (single games on the ramp) and its last phase, told before the
# game-over rule; then versus attacks, when they are on.
HORIZON_RULE = (palette.PURPLE, N_("LATER THE LINE GROWS: KEEP OUT OF ITS BAND"))
SUDDEN_DEATH_RULE = (palette.ORANGE, N_("1 ROW A SIDE LEFT: SUDDEN DEATH"))
STONES_RULE = (palette.GREY, N_("VERSUS: A CHAIN SENDS STONES TO YOUR RIVAL"))


def howto_page(settings: Settings) -> HowToPage:
    """The page for ``settings`` (the cabinet's Settings): up and down swapped when the pushes are
    inverted, the band and its sudden death told of when the ramp widens the horizon, and
    stones when versus attacks."""
    page = PAGE.copy()
    antigravity = settings.antigravity
    rules = page["rules"][:-1]
    if antigravity.ramp.enabled and antigravity.ramp.horizon_level:
        rules += [HORIZON_RULE, SUDDEN_DEATH_RULE]
    page["rules"] = (
        rules + page["rules"][-1:] + ([STONES_RULE] if antigravity.versus.attacks else [])
    )
    if antigravity.invert_push:
        page["controls"] = [
            (key, SWAPPED.get(meaning, meaning)) for key, meaning in page["controls"]
        ]
    return page
