"""The BLOCKS how-to-play page: the goal in a few lines and the controls, as the operator set the rules."""

from __future__ import annotations

from cabinet.render import palette

GRAVITY_RULE = "ROWS ABOVE A CLEARED ROW DROP DOWN"

PAGE = {
    "title": "HOW TO PLAY BLOCKS",
    "rules": [
        (palette.CYAN, "PLACE THE 3 PIECES ON THE 8x8 BOARD"),
        (palette.YELLOW, "FILL A ROW OR A COLUMN TO CLEAR IT"),
        (palette.MAGENTA, GRAVITY_RULE),
        (palette.GREEN, "CLEAR MOVE AFTER MOVE FOR A STREAK"),
        (palette.ORANGE, "EMPTY THE BOARD: 1000 BONUS"),
        (palette.RED, "NO ROOM FOR ANY PIECE: GAME OVER"),
    ],
    "controls": [("STICK", "MOVE THE PIECE"), ("A", "PLACE IT"), ("B", "ROTATE (IF ON)"),
                 ("C", "NEXT PIECE")],
}


def howto_page(settings) -> dict:
    """The page for ``settings`` (the cabinet's Settings): no gravity line under 1010!-style rules."""
    page = dict(PAGE)
    if not settings.blocks.gravity:
        page["rules"] = [rule for rule in page["rules"] if rule[1] != GRAVITY_RULE]
    return page
