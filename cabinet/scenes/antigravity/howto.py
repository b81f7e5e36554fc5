"""The ANTI-GRAVITY how-to-play page: the goal in a few lines and the controls, as the operator set them."""

from __future__ import annotations

from cabinet.language import N_
from cabinet.render import palette
from cabinet.render.glyphs import DOWN, LEFT, RIGHT, UP

PAGE = {
    "title": N_("HOW TO PLAY ANTI-GRAVITY"),
    "rules": [
        (palette.CYAN, N_("PUSH BLOCKS IN FROM THE TOP OR BOTTOM")),
        (palette.YELLOW, N_("LINE UP 3 OF A COLOUR, ANY DIRECTION")),
        (palette.MAGENTA, N_("LOOSE BLOCKS FLY TO THE LIGHTER SIDE")),
        (palette.GREEN, N_("CROSSING THE S LINE EARNS A BONUS")),
        (palette.ORANGE, N_("CHAINS MULTIPLY YOUR POINTS")),
        (palette.RED, N_("A STACK PAST THE S LINE: GAME OVER")),
    ],
    "controls": [
        (f"{LEFT} {RIGHT}", N_("MOVE THE CURSOR")),
        (UP, N_("PUSH FROM BELOW")),
        (DOWN, N_("PUSH FROM ABOVE")),
        (N_("RING"), N_("TIME TO PUSH")),
    ],
}
SWAPPED = {"PUSH FROM BELOW": "PUSH FROM ABOVE", "PUSH FROM ABOVE": "PUSH FROM BELOW"}
# The widening horizon (single games on the ramp), told before the game-over rule.
HORIZON_RULE = (palette.PURPLE, N_("LATER THE LINE GROWS: KEEP OUT OF ITS BAND"))


def howto_page(settings) -> dict:
    """The page for ``settings`` (the cabinet's Settings): up and down swapped when the pushes are
    inverted, and the band told of when the ramp widens the horizon."""
    page = dict(PAGE)
    ramp = settings.antigravity.ramp
    if ramp.enabled and ramp.horizon_level:
        page["rules"] = page["rules"][:-1] + [HORIZON_RULE] + page["rules"][-1:]
    if settings.antigravity.invert_push:
        page["controls"] = [(key, SWAPPED.get(meaning, meaning)) for key, meaning in page["controls"]]
    return page
