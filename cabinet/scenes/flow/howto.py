"""The how-to-play page of a game: its goal in a few lines and the controls, one appearing after another."""

from __future__ import annotations

from cabinet.render import WIDTH, fit_size, palette, text
from cabinet.render.sprites import block, panel
from cabinet.scenes import catalogue
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.common import draw_backdrop, heading


class HowToScene(Scene):
    """The rules and controls of ``game``, as its catalogue entry writes them for today's settings."""

    def __init__(self, ctx, game: str):
        super().__init__(ctx)
        self.game = game
        self.page = catalogue.entry(game).howto(ctx.settings)
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
        spacing = 44 if len(self.page["rules"]) <= 6 else 40   # seven rules still fit the panel
        for index, (colour, line) in enumerate(self.page["rules"][:self._rules_shown()]):
            y = 98 + index * spacing
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
