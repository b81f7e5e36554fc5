"""How-to-play pages, one per game: the goal in a few lines and the controls."""

from __future__ import annotations

from cabinet.render import WIDTH, fit_size, palette, text
from cabinet.render.glyphs import DOWN, LEFT, RIGHT, UP
from cabinet.render.sprites import block, panel
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.common import draw_backdrop, heading

GRAVITY_RULE = "ROWS ABOVE A CLEARED ROW DROP DOWN"

PAGES = {
    "blocks": {
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
    },
    "antigravity": {
        "title": "HOW TO PLAY ANTI-GRAVITY",
        "rules": [
            (palette.CYAN, "PUSH BLOCKS IN FROM THE TOP OR BOTTOM"),
            (palette.YELLOW, "LINE UP 3 OF A COLOUR, ANY DIRECTION"),
            (palette.MAGENTA, "LOOSE BLOCKS FLY TO THE LIGHTER SIDE"),
            (palette.GREEN, "CROSSING THE S LINE EARNS A BONUS"),
            (palette.ORANGE, "CHAINS MULTIPLY YOUR POINTS"),
            (palette.RED, "A STACK PAST THE S LINE: GAME OVER"),
        ],
        "controls": [(f"{LEFT} {RIGHT}", "MOVE THE CURSOR"), (UP, "PUSH FROM BELOW"),
                     (DOWN, "PUSH FROM ABOVE"), ("RING", "TIME TO PUSH")],
    },
}


class HowToScene(Scene):
    """The rules and controls of ``game`` ("blocks" or "antigravity")."""

    def __init__(self, ctx, game: str):
        super().__init__(ctx)
        self.game = game
        self.page = dict(PAGES[game])
        if game == "blocks" and not ctx.settings.blocks.gravity:  # the operator chose 1010!-style rules
            self.page["rules"] = [rule for rule in self.page["rules"] if rule[1] != GRAVITY_RULE]
        if game == "antigravity" and ctx.settings.antigravity.invert_push:
            self.page["controls"] = [(key, {"PUSH FROM BELOW": "PUSH FROM ABOVE",
                                            "PUSH FROM ABOVE": "PUSH FROM BELOW"}.get(meaning, meaning))
                                     for key, meaning in self.page["controls"]]
        self.frames = 0

    @property
    def name(self) -> str:
        return f"how to play {self.game}"

    def update(self) -> None:
        self.frames += 1

    def _rules_shown(self) -> int:
        """Each rule appears in turn, 20 frames apart, then they all stay."""
        return min(len(self.page["rules"]), self.frames // 20 + 1)

    def look(self):
        return self._rules_shown()

    def draw(self, surface) -> None:
        draw_backdrop(surface)
        heading(surface, self.page["title"], 22, palette.YELLOW, 35)
        surface.blit(panel(WIDTH - 60, 290), (30, 78))
        for index, (colour, line) in enumerate(self.page["rules"][:self._rules_shown()]):
            y = 98 + index * 44
            surface.blit(block(26, colour), (58, y - 2))
            text(surface, line, (102, y), 21, palette.WHITE)
        controls = self.page["controls"]
        width = (WIDTH - 60) // len(controls)
        for index, (key, meaning) in enumerate(controls):
            x = 30 + index * width
            surface.blit(panel(width - 10, 100), (x, 384))
            text(surface, key, (x + (width - 10) // 2, 400), 28, palette.YELLOW, "midtop")
            text(surface, meaning, (x + (width - 10) // 2, 446), fit_size(meaning, 14, width - 24),
                 palette.WHITE, "midtop")
