"""A service page: a titled list of rows, driven by the joystick and buttons alone.

UP/DOWN choose a row, LEFT/RIGHT change its value, A selects or enters, B or
SERVICE goes back. Either player's panel works. Labels sit in one column and
values in another at a fixed x, so every page lines up; a list longer than the
screen scrolls, with arrows saying there is more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cabinet import language
from cabinet.inputs.actions import CABINET, Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.glyphs import LEFT, POINT_RIGHT, RIGHT, TRIANGLE_DOWN, TRIANGLE_UP
from cabinet.render.text import fit_size, fitted, text
from cabinet.scenes.kit.base import Chutes, Scene

from .rows import Row

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

TITLE_Y = 14
TOP = 72
ROW_H = 32
SIZE = 21  # 21 logical pixels: three pixels per font dot
LABEL_X = 56
VALUE_X = 600  # the value column, the same on every page
VALUE_W = WIDTH - VALUE_X - 24
DETAIL_Y = HEIGHT - 74
CONTROLS_Y = HEIGHT - 36
VISIBLE = (DETAIL_Y - 8 - TOP) // ROW_H
MESSAGE_FRAMES = 240

# The joystick's marks in the controls line: ``tr(page.controls, **KEYS)``.
KEYS = {"up": TRIANGLE_UP, "down": TRIANGLE_DOWN, "left": LEFT, "right": RIGHT}

BACKGROUND = (8, 8, 22)
BAR = (34, 36, 80)


def draw_title_line(surface, title: str) -> None:
    """A service screen's title at the top, shrunk to fit."""
    text(surface, title, (WIDTH // 2, TITLE_Y), 35, palette.YELLOW, "midtop", max_width=WIDTH - 40)


def draw_controls_line(surface, controls: str) -> None:
    """A service screen's last line, its buttons and what they do, shrunk to fit."""
    text(
        surface,
        controls,
        (WIDTH // 2, CONTROLS_Y),
        SIZE,
        palette.GREY,
        "midtop",
        max_width=WIDTH - 48,
    )


class Page(Scene):
    """Base of every list page; subclasses give :meth:`rows` and a ``title``.

    ``title`` and ``controls`` are English (the title also names the page in the log);
    they are translated where they are drawn (:meth:`heading`), as are the rows, which
    :meth:`rows` builds anew for every frame.
    """

    controls = N_("{up}{down} CHOOSE  {left}{right} CHANGE  A ENTER  B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx)
        self.menu = menu  # the ServiceMenuScene this page belongs to (its draft settings)
        self.index = 0
        self.offset = 0  # first row shown
        self.frames = 0
        self.message = ""
        self.message_frames = 0

    def chutes(self) -> Chutes:
        """An operator's page: the lockout refuses coins."""
        return Chutes.CLOSED

    # Read-only here: a page names itself in a constant, as it is made, or from what it edits.
    @property
    def title(self) -> str:
        return N_("SERVICE")

    @property
    def name(self) -> str:
        return f"service: {self.title.lower()}"

    def rows(self) -> list[Row]:
        return []

    def opens(self, make: Callable[[], Scene]) -> Callable[[], None]:
        """What a row does to open a page: push the one ``make()`` builds, when A is pressed."""
        return lambda: self.ctx.scenes.push(make())

    def heading(self) -> str:
        """The title as drawn, in the cabinet's language."""
        return tr(self.title)

    # ------------------------------------------------------------------ input
    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")

    def handle(self, event: InputEvent) -> None:
        if not event.pressed:
            return
        if event.player == CABINET:
            if event.action is Action.SERVICE:
                self.back()
            elif event.action is Action.TEST:
                self.test_pressed()
            return
        rows = self.rows()
        action = event.action
        if action in (Action.UP, Action.DOWN) and rows:
            self.move(-1 if action is Action.UP else 1, len(rows))
        elif action in (Action.LEFT, Action.RIGHT) and rows:
            if rows[self.index].change(-1 if action is Action.LEFT else 1):
                self.ctx.audio.play("menu_move")
                self.draft_changed()
        elif action in (Action.A, Action.START) and rows:
            self.ctx.audio.play("menu_select")
            if rows[self.index].select():
                self.draft_changed()
        elif action is Action.B:
            self.back()

    def move(self, step: int, count: int) -> None:
        self.index = (self.index + step) % count
        self.ctx.audio.play("menu_move")

    def back(self) -> None:
        """B or SERVICE: back to the page this one was opened from."""
        self.ctx.audio.play("menu_move")
        self.ctx.scenes.pop()

    def test_pressed(self) -> None:
        """TEST means something only on confirmation pages."""

    def draft_changed(self) -> None:
        """A row changed the draft: the menu speaks the draft's language at once (the
        operator sees the choice), and the page refreshes."""
        if (
            self.menu is not None and self.ctx.scenes.top is self
        ):  # not a command that left the menu
            language.use(self.menu.draft.display.language)
        self.changed()

    def changed(self) -> None:
        """A row's value changed (pages that show derived figures refresh here)."""

    def say(self, message: str) -> None:
        """Show ``message`` in the help line for a few seconds."""
        self.message, self.message_frames = message, MESSAGE_FRAMES

    def update(self) -> None:
        self.frames += 1
        if self.message_frames:
            self.message_frames -= 1

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        self.draw_title(surface)
        rows = self.rows()  # once a frame: a page's rows translate their words as they are made
        self.draw_rows(surface, rows)
        self.draw_footer(surface, rows)

    def draw_title(self, surface) -> None:
        draw_title_line(surface, self.heading())
        surface.fill(palette.PANEL_EDGE, (24, TOP - 12, WIDTH - 48, 2))

    def draw_rows(self, surface, rows: list[Row]) -> None:
        if not rows:
            return
        self.index = min(self.index, len(rows) - 1)
        if self.index < self.offset:
            self.offset = self.index
        elif self.index >= self.offset + VISIBLE:
            self.offset = self.index - VISIBLE + 1
        self.offset = max(0, min(self.offset, len(rows) - VISIBLE))
        for slot, row in enumerate(rows[self.offset : self.offset + VISIBLE]):
            y = TOP + slot * ROW_H
            chosen = self.offset + slot == self.index
            self.draw_row(surface, row, y, chosen)
        if self.offset > 0:
            text(surface, TRIANGLE_UP, (WIDTH - 30, TOP - 6), 14, palette.CYAN, "midbottom")
        if self.offset + VISIBLE < len(rows):
            text(
                surface,
                TRIANGLE_DOWN,
                (WIDTH - 30, TOP + VISIBLE * ROW_H),
                14,
                palette.CYAN,
                "midtop",
            )

    def draw_row(self, surface, row: Row, y: int, chosen: bool) -> None:
        if chosen:
            surface.fill(BAR, (24, y - 4, WIDTH - 48, ROW_H - 2))
            text(surface, POINT_RIGHT, (LABEL_X - 12, y), SIZE, palette.YELLOW, "topright")
        label_colour = palette.WHITE if chosen else palette.GREY
        size = fit_size(row.label, SIZE, VALUE_X - LABEL_X - 32)  # clear of the value's LEFT arrow
        text(surface, row.label, (LABEL_X, y + (SIZE - size) // 2), size, label_colour)
        value = row.value()
        if value:
            colour = (
                palette.YELLOW
                if chosen and row.editable
                else (palette.CYAN if row.editable else palette.WHITE)
            )
            size = fit_size(value, SIZE, VALUE_W - 30)
            drawn = text(surface, value, (VALUE_X, y + (SIZE - size) // 2), size, colour)
            if chosen and row.editable:
                # The arrows sit outside the value column, so values stay aligned.
                text(surface, LEFT, (VALUE_X - 10, y), SIZE, palette.YELLOW, "topright")
                text(surface, RIGHT, (drawn.right + 10, y), SIZE, palette.YELLOW)

    def draw_footer(self, surface, rows: list[Row]) -> None:
        if self.message_frames:
            line, colour = self.message, palette.ORANGE
        elif rows:
            line, colour = rows[min(self.index, len(rows) - 1)].detail, palette.CYAN
        else:
            line, colour = "", palette.CYAN
        surface.fill(palette.PANEL_EDGE, (24, DETAIL_Y - 8, WIDTH - 48, 2))
        if line:
            line, size = fitted(line, SIZE, WIDTH - 48)  # a long path keeps both ends readable
            text(surface, line, (WIDTH // 2, DETAIL_Y), size, colour, "midtop")
        draw_controls_line(surface, tr(self.controls, **KEYS))
