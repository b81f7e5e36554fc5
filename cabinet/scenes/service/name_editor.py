"""Editing a name (a contest list's, or the attract message) with the joystick: letters like initials entry.

UP/DOWN change the letter under the cursor, LEFT/RIGHT move along the name
(RIGHT past the end makes it longer), A keeps the name, B gives up. Trailing
spaces are dropped; an empty name or one already used is refused. A name the
editor cannot spell (lower case, longer than it shows) stays as it was unless a
letter is changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.inputs.actions import CABINET, Action
from cabinet.language import tr
from cabinet.render import WIDTH, palette
from cabinet.render.glyphs import TRIANGLE_DOWN, TRIANGLE_UP
from cabinet.render.text import text
from cabinet.scenes.kit.base import Chutes, Scene

from .page import BACKGROUND, DETAIL_Y, KEYS, draw_controls_line, draw_title_line
from .rows import label_for

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.!&"
MAX_LENGTH = 12
CELL = 56


class NameEditScene(Scene):
    """Edits ``getattr(owner, field)``; ``taken`` are names it may not become. ``longest``: its
    most characters, and ``fits`` (if given) whether a longer text still fits its line;
    ``may_be_empty``: all spaces clears it (the attract message) rather than being refused.
    A character the joystick cannot spell (a kana of a message written in the settings file)
    stays as it is until replaced."""

    name = "service: name"

    def __init__(
        self,
        ctx: SceneContext,
        owner,
        field: str,
        taken=(),
        longest: int = MAX_LENGTH,
        may_be_empty: bool = False,
        fits=None,
    ):
        super().__init__(ctx)
        self.owner, self.field = owner, field
        self.taken = {name.upper() for name in taken}
        self.longest, self.may_be_empty, self.fits = longest, may_be_empty, fits
        start = "".join(c if c.isprintable() else " " for c in str(getattr(owner, field)).upper())
        self.chars = list(start[:longest] or ("A" if not may_be_empty else " "))
        self.untouched = self.current  # the name as this editor can spell it
        self.position = 0
        self.frames = 0
        self.message = ""

    def chutes(self) -> Chutes:
        """An operator's page: the lockout refuses coins."""
        return Chutes.CLOSED

    @property
    def current(self) -> str:
        return "".join(self.chars).strip()

    def handle(self, event: InputEvent) -> None:
        if not event.pressed:
            return
        if event.player == CABINET:
            if event.action is Action.SERVICE:
                self.ctx.scenes.pop()
            return
        action = event.action
        if action in (Action.UP, Action.DOWN):
            index = CHARACTERS.find(self.chars[self.position])
            step = 1 if action is Action.UP else -1
            self.chars[self.position] = CHARACTERS[(index + step) % len(CHARACTERS)]
        elif action is Action.LEFT:
            self.position = max(0, self.position - 1)
        elif action is Action.RIGHT:
            if (
                self.position == len(self.chars) - 1
                and len(self.chars) < self.longest
                and (self.fits is None or self.fits("".join(self.chars) + "A"))
            ):
                self.chars.append(" ")
            self.position = min(len(self.chars) - 1, self.position + 1)
        elif action in (Action.A, Action.START):
            self.confirm()
            return
        elif action is Action.B:
            self.ctx.scenes.pop()
            return
        self.ctx.audio.play("menu_move")

    def confirm(self) -> None:
        name = self.current
        if name == self.untouched:
            # Unchanged: the name stays as written, in its own case and length (it names a
            # score table; "Cup" made "CUP" would start an empty one).
            self.ctx.audio.play("menu_select")
            self.ctx.scenes.pop()
        elif not name and not self.may_be_empty:
            self.message = tr("A NAME CANNOT BE EMPTY")
        elif name in self.taken:
            self.message = tr("{name} IS ALREADY USED", name=name)
        else:
            setattr(self.owner, self.field, name)
            self.ctx.audio.play("menu_select")
            self.ctx.scenes.pop()

    def update(self) -> None:
        self.frames += 1

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        draw_title_line(surface, tr("EDIT {what}", what=label_for(self.field)))
        cell = min(CELL, (WIDTH - 40) // len(self.chars))  # a long text takes smaller letters
        size = 49 if cell == CELL else 21
        left = (WIDTH - len(self.chars) * cell) // 2
        for index, char in enumerate(self.chars):
            x = left + index * cell + cell // 2
            chosen = index == self.position
            colour = palette.YELLOW if chosen else palette.WHITE
            text(surface, "_" if char == " " else char, (x, 240), size, colour, "center")
            if chosen:
                text(surface, TRIANGLE_UP, (x, 196), 21, palette.YELLOW, "midbottom")
                text(surface, TRIANGLE_DOWN, (x, 286), 21, palette.YELLOW, "midtop")
        if self.message:
            text(surface, self.message, (WIDTH // 2, DETAIL_Y), 21, palette.ORANGE, "midtop")
        draw_controls_line(
            surface, tr("{up}{down} LETTER  {left}{right} MOVE  A KEEP  B CANCEL", **KEYS)
        )
