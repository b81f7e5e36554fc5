"""The operator notice shown for five seconds at boot when the settings file had problems.

It names the file, each problem's line and key (as written), why (in the operator's
language, quoting values as the file has them), and what the cabinet does about them:
USING LAST GOOD SETTINGS (or the factory ones on a cabinet that never loaded a good file).
The same lines stay on the service menu's NOTICES page.
Coins count while it shows; Start or A after the first second skips it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cabinet import FPS
from cabinet.inputs.actions import Action
from cabinet.language import N_, tr
from cabinet.language.words import shown as shown_words
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import fitted, text, text_size
from cabinet.render.wrap import wrapped
from cabinet.scenes.kit.base import Scene, Standing

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

SHOW_FRAMES = 5 * FPS
SKIP_AFTER = FPS
PROBLEMS_SHOWN = 4
MESSAGE_LINES = 3
MESSAGE_SIZE = 14
MESSAGE_WIDTH = 56 * 12  # 56 characters of the pixel font at size 14, inside the margins
WHOLE_FILE = N_("the whole file")
VERDICT_Y = HEIGHT - 110
MORE_Y = VERDICT_Y - 26  # the "+N MORE" line, the lowest one above the verdict


class SettingsNoticeScene(Scene):
    """Shows ``loaded``'s problems over attract mode, then gives the screen back."""

    name = "settings notice"
    standing = (
        Standing.BETWEEN_GAMES
    )  # shown at boot, before any game: the operator may open the menu

    def __init__(self, ctx: SceneContext, loaded):
        super().__init__(ctx)
        self.loaded = loaded
        self.frames = 0

    def handle(self, event: InputEvent) -> None:
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

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.BACKGROUND)
        loaded = self.loaded
        title = tr("SETTINGS FILE PROBLEM")
        text(surface, title, (WIDTH // 2, 18), 35, palette.RED, "midtop", max_width=WIDTH - 40)
        source, size = fitted(
            str(loaded.source or tr("no settings file")), 21, WIDTH - 40
        )  # paths keep their case
        text(surface, source, (WIDTH // 2, 66), size, palette.WHITE, "midtop")
        y, shown = 104, 0
        for problem in loaded.problems[:PROBLEMS_SHOWN]:
            lines = message_lines(shown_words(problem.reason))
            if shown and y + 28 + 20 * len(lines) > MORE_Y:
                break  # no room left above the verdict: the rest are counted below
            # The key as the loader wrote it (and the log has it): settings keys are English in
            # cabinet.yaml whatever the screen's language.
            key = problem.key or tr(WHOLE_FILE)
            where = tr("LINE {line}  {key}", line=problem.line, key=key) if problem.line else key
            where, size = fitted(where, 21, WIDTH - 80)
            text(surface, where, (40, y), size, palette.CYAN)
            y += 28
            for piece in lines:
                text(surface, piece, (64, y), MESSAGE_SIZE, palette.GREY)
                y += 20
            y += 10
            shown += 1
        hidden = loaded.problem_count - shown
        if hidden > 0:
            text(
                surface,
                tr("+{count} MORE: SERVICE MENU, NOTICES", count=hidden),
                (40, min(y, MORE_Y)),
                14,
                palette.GREY,
            )
        verdict = loaded.verdict()  # one of the load module's marked verdicts
        verdict = tr(verdict)
        text(
            surface,
            verdict,
            (WIDTH // 2, VERDICT_Y),
            35,
            palette.YELLOW,
            "midtop",
            max_width=WIDTH - 40,
        )
        left = int((WIDTH - 200) * (1 - self.frames / SHOW_FRAMES))
        pygame.draw.rect(surface, palette.YELLOW, (100, HEIGHT - 40, left, 4))


def message_lines(message: str) -> list[str]:
    """A problem's words in at most :data:`MESSAGE_LINES` lines; a cut shows as "..."."""
    lines = wrapped(message, MESSAGE_SIZE, MESSAGE_WIDTH)
    if len(lines) > MESSAGE_LINES:
        lines = lines[:MESSAGE_LINES]
        last = lines[-1]
        while last and text_size(last + "...", MESSAGE_SIZE)[0] > MESSAGE_WIDTH:
            last = last[:-1]
        lines[-1] = last + "..."
    return lines
