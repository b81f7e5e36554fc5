"""The operator notice shown for five seconds at boot when the settings file had problems.

It names the file, each problem's line and key, and what the cabinet does about
them: USING LAST GOOD SETTINGS (or the factory ones on a cabinet that never
loaded a good file). The same lines stay on the service menu's NOTICES page.
Coins count while it shows; Start or A after the first second skips it.
"""

from __future__ import annotations

from cabinet import FPS
from cabinet.inputs.actions import Action
from cabinet.render import HEIGHT, WIDTH, fit_size, palette, text
from cabinet.scenes.base import Scene
from cabinet.scenes.service.notices import wrap

SHOW_FRAMES = 5 * FPS
SKIP_AFTER = FPS
PROBLEMS_SHOWN = 4
CHARS = 56               # at size 14 (12 px a character) inside the margins


class SettingsNoticeScene(Scene):
    """Shows ``loaded``'s problems over attract mode, then gives the screen back."""

    name = "settings notice"

    def __init__(self, ctx, loaded):
        super().__init__(ctx)
        self.loaded = loaded
        self.frames = 0

    def handle(self, event) -> None:
        if event.pressed and event.action in (Action.START, Action.A) and self.frames >= SKIP_AFTER:
            self.done()

    def update(self) -> None:
        self.frames += 1
        if self.frames >= SHOW_FRAMES:
            self.done()

    def done(self) -> None:
        if self.ctx.scenes.top is self:
            if len(self.ctx.scenes) > 1:
                self.ctx.scenes.pop()
            else:
                self.ctx.go_to_attract()

    def draw(self, surface) -> None:
        import pygame
        surface.fill(palette.BACKGROUND)
        loaded = self.loaded
        text(surface, "SETTINGS FILE PROBLEM", (WIDTH // 2, 18), 35, palette.RED, "midtop")
        source = str(loaded.source or "no settings file")   # files and keys keep their case
        text(surface, source, (WIDTH // 2, 66), fit_size(source, 21, WIDTH - 40), palette.WHITE, "midtop")
        y = 104
        for problem in loaded.problems[:PROBLEMS_SHOWN]:
            where = (f"LINE {problem.line}  " if problem.line else "") + (problem.key or "the whole file")
            text(surface, where, (40, y), 21, palette.CYAN)
            y += 28
            for piece in wrap(problem.message, CHARS)[:3]:
                text(surface, piece, (64, y), 14, palette.GREY)
                y += 20
            y += 10
        hidden = len(loaded.problems) - PROBLEMS_SHOWN
        if hidden > 0:
            text(surface, f"+{hidden} MORE: SERVICE MENU, NOTICES", (40, y), 14, palette.GREY)
        verdict = loaded.verdict()
        text(surface, verdict, (WIDTH // 2, HEIGHT - 110), fit_size(verdict, 35, WIDTH - 40), palette.YELLOW,
             "midtop")
        left = int((WIDTH - 200) * (1 - self.frames / SHOW_FRAMES))
        pygame.draw.rect(surface, palette.YELLOW, (100, HEIGHT - 40, left, 4))
