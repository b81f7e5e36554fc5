"""NOTICES: every problem found in the settings file, storage trouble, any other notice; wrapped to fit.

Storage's sentences, the settings file's problems and the input and output wiring problems
come as :class:`~cabinet.language.words.Words` and are shown in the operator's language; the
file names, lines, keys, pins and quoted values in them stay as written (``check-config`` and
the log have the same line in English).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet import language
from cabinet.inputs.actions import Action
from cabinet.language import N_, tr
from cabinet.language.words import Words, shown
from cabinet.render import WIDTH, palette
from cabinet.render.glyphs import TRIANGLE_DOWN
from cabinet.render.text import text
from cabinet.render.wrap import wrapped

from .page import DETAIL_Y, ROW_H, SIZE, TOP, Page
from .rows import Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

FIRST_X, MORE_X = 40, 64  # a notice's first line, and the lines that go on with it
LINE_WIDTH = WIDTH - MORE_X - 32  # 48 characters of the pixel font at size 21
LINES_SHOWN = (DETAIL_Y - 8 - TOP) // ROW_H


def collect(ctx: SceneContext) -> list[Words | str]:
    """The notices to show: storage trouble as it is now (worst first), then the config and
    input problems the app put in ctx.notices."""
    return ctx.store.status().notices() + list(ctx.notices)


class NoticesPage(Page):
    """The notices, one after another; UP/DOWN scroll a long list."""

    title = N_("NOTICES")
    controls = N_("{up}{down} SCROLL   B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.notices = collect(ctx)
        self._wrapped: tuple[str, list[tuple[str, bool]]] = ("", [])
        self.top_line = 0

    @property
    def lines(self) -> list[tuple[str, bool]]:
        """(text, first line of a notice) of every line, in the language shown (wrapped once per language)."""
        code = language.current()
        if self._wrapped[0] != code:
            # As written: a notice names files and settings keys, which keep their case.
            self._wrapped = (
                code,
                [
                    (piece, index == 0)
                    for notice in self.notices
                    for index, piece in enumerate(wrapped(shown(notice), SIZE, LINE_WIDTH))
                ],
            )
        return self._wrapped[1]

    def move(self, step: int, count: int) -> None:
        last = max(0, len(self.lines) - LINES_SHOWN)
        self.top_line = max(0, min(last, self.top_line + step))

    def rows(self) -> list[Row]:
        return []

    def handle(self, event: InputEvent) -> None:
        if event.pressed and event.action in (Action.UP, Action.DOWN):
            self.move(-1 if event.action is Action.UP else 1, 0)
            return
        super().handle(event)

    def draw_rows(self, surface, rows) -> None:
        if not self.lines:
            line = tr("NO NOTICES: SETTINGS AND STORAGE ARE FINE")
            text(
                surface,
                line,
                (WIDTH // 2, TOP + 60),
                SIZE,
                palette.GREEN,
                "midtop",
                max_width=WIDTH - 48,
            )
            return
        shown = self.lines[self.top_line : self.top_line + LINES_SHOWN]
        for slot, (line, first) in enumerate(shown):
            x = FIRST_X if first else MORE_X
            text(
                surface,
                line,
                (x, TOP + slot * ROW_H),
                SIZE,
                palette.WHITE if first else palette.GREY,
            )
        if self.top_line + LINES_SHOWN < len(self.lines):
            # Below the separator, where the page has no detail line: not over a long last line.
            text(
                surface,
                tr("{down} MORE", down=TRIANGLE_DOWN),
                (WIDTH - 40, DETAIL_Y),
                14,
                palette.CYAN,
                "topright",
            )
