"""The operator notice shown for five seconds at boot when the settings file had problems.

It names the file, each problem's line and key, and what the cabinet does about
them: USING LAST GOOD SETTINGS (or the factory ones on a cabinet that never
loaded a good file). The same lines stay on the service menu's NOTICES page.
Coins count while it shows; Start or A after the first second skips it.
"""

from __future__ import annotations

import pygame

from cabinet import FPS
from cabinet.inputs.actions import Action
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, fit_size, fitted, palette, text
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.service.notices import wrap

SHOW_FRAMES = 5 * FPS
SKIP_AFTER = FPS
PROBLEMS_SHOWN = 4
MESSAGE_LINES = 3
CHARS = 56               # at size 14 (12 px a character) inside the margins
VERDICT_Y = HEIGHT - 110
MORE_Y = VERDICT_Y - 26  # the "+N MORE" line, the lowest one above the verdict


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
        surface.fill(palette.BACKGROUND)
        loaded = self.loaded
        title = tr("SETTINGS FILE PROBLEM")
        text(surface, title, (WIDTH // 2, 18), fit_size(title, 35, WIDTH - 40), palette.RED, "midtop")
        source, size = fitted(str(loaded.source or "no settings file"), 21, WIDTH - 40)  # paths keep their case
        text(surface, source, (WIDTH // 2, 66), size, palette.WHITE, "midtop")
        y, shown = 104, 0
        for problem in loaded.problems[:PROBLEMS_SHOWN]:
            lines = message_lines(problem.message)
            if shown and y + 28 + 20 * len(lines) > MORE_Y:
                break   # no room left above the verdict: the rest are counted below
            # The key and the message stay as the loader wrote them (and the log has them): they
            # name settings keys, which are English in cabinet.yaml whatever the screen's language.
            where = (tr("LINE {line}  {key}", line=problem.line, key=problem.key or "the whole file") if problem.line
                     else problem.key or "the whole file")
            where, size = fitted(where, 21, WIDTH - 80)
            text(surface, where, (40, y), size, palette.CYAN)
            y += 28
            for piece in lines:
                text(surface, piece, (64, y), 14, palette.GREY)
                y += 20
            y += 10
            shown += 1
        hidden = loaded.problem_count - shown
        if hidden > 0:
            text(surface, tr("+{count} MORE: SERVICE MENU, NOTICES", count=hidden), (40, min(y, MORE_Y)), 14, palette.GREY)
        verdict = loaded.verdict()   # one of the load module's marked verdicts
        verdict = tr(verdict)
        text(surface, verdict, (WIDTH // 2, VERDICT_Y), fit_size(verdict, 35, WIDTH - 40), palette.YELLOW,
             "midtop")
        left = int((WIDTH - 200) * (1 - self.frames / SHOW_FRAMES))
        pygame.draw.rect(surface, palette.YELLOW, (100, HEIGHT - 40, left, 4))


def message_lines(message: str) -> list[str]:
    """A problem's words in at most :data:`MESSAGE_LINES` lines; a cut shows as "..."."""
    lines = wrap(message, CHARS)
    if len(lines) > MESSAGE_LINES:
        lines = lines[:MESSAGE_LINES]
        lines[-1] = lines[-1][:CHARS - 3] + "..."
    return lines
