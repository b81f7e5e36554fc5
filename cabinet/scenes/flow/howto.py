"""The how-to-play page of a game: its goal in a few lines and the controls, one appearing after another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet import FPS
from cabinet.language import tr
from cabinet.render import WIDTH, palette
from cabinet.render.sprites import block, panel
from cabinet.render.text import fit_size, text
from cabinet.scenes import catalogue
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.widgets import draw_backdrop, heading

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.scenes.kit.scene_context import SceneContext


class HowToScene(Scene):
    """The rules and controls of ``game``, as its catalogue entry writes them for today's settings;
    ``finished`` after ``seconds`` when given (it takes turns with pages that run longer)."""

    finished = False

    def __init__(self, ctx: SceneContext, game: str, seconds: float | None = None):
        super().__init__(ctx)
        self.game = game
        self.page = catalogue.entry(game).howto(ctx.settings)
        self.frames = 0
        self.frames_shown = None if seconds is None else round(seconds * FPS)

    @property
    def name(self) -> str:
        return f"how to play {self.game}"

    def update(self) -> None:
        self.frames += 1
        self.finished = self.frames_shown is not None and self.frames >= self.frames_shown

    def _rules_shown(self) -> int:
        """Each rule appears in turn, 20 frames apart, then they all stay."""
        return min(len(self.page["rules"]), self.frames // 20 + 1)

    def look(self):
        return self._rules_shown()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        title = tr(self.page["title"])
        heading(surface, title, 22, palette.YELLOW, fit_size(title, 35, WIDTH - 40))
        surface.blit(panel(WIDTH - 60, 290), (30, 78))
        rules = len(self.page["rules"])
        # Seven or eight rules still fit the panel, closer together.
        top, spacing = (98, 44) if rules <= 6 else (98, 40) if rules == 7 else (92, 34)
        for index, (colour, line) in enumerate(self.page["rules"][: self._rules_shown()]):
            y = top + index * spacing
            surface.blit(block(26, colour), (58, y - 2))
            line = tr(line)
            text(surface, line, (102, y), 21, palette.WHITE, max_width=WIDTH - 60 - 102)
        controls = self.page["controls"]
        width = (WIDTH - 60) // len(controls)
        for index, (key, meaning) in enumerate(controls):
            # The button names (A, B, C) and arrows read the same in every language; the words do not.
            key = tr(key) if len(key) > 1 and key.isalpha() else key
            meaning = tr(meaning)
            x = 30 + index * width
            surface.blit(panel(width - 10, 100), (x, 384))
            text(
                surface,
                key,
                (x + (width - 10) // 2, 400),
                28,
                palette.YELLOW,
                "midtop",
                max_width=width - 24,
            )
            text(
                surface,
                meaning,
                (x + (width - 10) // 2, 446),
                14,
                palette.WHITE,
                "midtop",
                max_width=width - 24,
            )
