"""The hardware tests: input test (from the inputs package), screen test and sound test."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from cabinet.audio.effects import EFFECTS
from cabinet.inputs.actions import CABINET, Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import text
from cabinet.scenes.kit.base import Chutes, Scene
from cabinet.scenes.service.input_test import InputTestScene

from .page import Page
from .rows import CommandRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)


def open_input_test(menu) -> None:
    """Show the input test screen over the menu."""
    menu.ctx.scenes.push(InputTestScene(menu.ctx))


# ---------------------------------------------------------------------- screen test


def colour_bars(surface) -> None:
    """The eight full-intensity bars (white, yellow, cyan, green, magenta, red, blue, black)."""
    bars = [
        (255, 255, 255),
        (255, 255, 0),
        (0, 255, 255),
        (0, 255, 0),
        (255, 0, 255),
        (255, 0, 0),
        (0, 0, 255),
        (0, 0, 0),
    ]
    width = WIDTH / len(bars)
    for index, colour in enumerate(bars):
        surface.fill(
            colour,
            (round(index * width), 0, round((index + 1) * width) - round(index * width), HEIGHT),
        )


def crosshatch(surface) -> None:
    """A white grid on black, with a circle and the centre cross, for geometry and convergence."""
    surface.fill((0, 0, 0))
    step = 60
    for x in range(0, WIDTH + 1, step):
        surface.fill((255, 255, 255), (min(x, WIDTH - 2), 0, 2, HEIGHT))
    for y in range(0, HEIGHT + 1, step):
        surface.fill((255, 255, 255), (0, min(y, HEIGHT - 2), WIDTH, 2))
    pygame.draw.circle(surface, (255, 255, 255), (WIDTH // 2, HEIGHT // 2), HEIGHT // 2 - 10, 2)


def grey_scale(surface) -> None:
    """Sixteen steps from black to white, and a smooth ramp under them."""
    steps = 16
    width = WIDTH / steps
    for index in range(steps):
        level = round(index * 255 / (steps - 1))
        surface.fill(
            (level, level, level), (round(index * width), 0, round(width) + 1, HEIGHT * 2 // 3)
        )
    for x in range(WIDTH):
        level = round(x * 255 / (WIDTH - 1))
        surface.fill((level, level, level), (x, HEIGHT * 2 // 3, 1, HEIGHT - HEIGHT * 2 // 3))


PATTERNS = (
    (N_("COLOUR BARS"), colour_bars),
    (N_("CROSSHATCH"), crosshatch),
    (N_("GREY SCALE"), grey_scale),
)


class ScreenTestScene(Scene):
    """One test pattern filling the screen; A shows the next, B or SERVICE goes back."""

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx)
        self.pattern = 0

    def chutes(self) -> Chutes:
        """An operator's page: the lockout refuses coins."""
        return Chutes.CLOSED

    @property
    def name(self) -> str:
        return f"service: screen test {PATTERNS[self.pattern][0].lower()}"

    def handle(self, event: InputEvent) -> None:
        if not event.pressed:
            return
        if event.action in (Action.A, Action.START, Action.RIGHT):
            self.pattern = (self.pattern + 1) % len(PATTERNS)
        elif event.action is Action.LEFT:
            self.pattern = (self.pattern - 1) % len(PATTERNS)
        elif event.action is Action.B or (
            event.player == CABINET and event.action is Action.SERVICE
        ):
            self.ctx.scenes.pop()

    def look(self):
        return self.pattern

    def draw(self, surface: pygame.Surface) -> None:
        label, paint = PATTERNS[self.pattern]
        paint(surface)
        caption = tr(
            "{pattern}  {number}/{count}   A NEXT   B BACK",
            pattern=tr(label),
            number=self.pattern + 1,
            count=len(PATTERNS),
        )
        box = text(surface, caption, (WIDTH // 2, HEIGHT - 8), 14, palette.WHITE, "midbottom")
        # A dark box behind the caption keeps it readable on the white bar; the caption is drawn again on it.
        surface.fill((0, 0, 0), box.inflate(16, 8))
        text(surface, caption, (WIDTH // 2, HEIGHT - 8), 14, palette.WHITE, "midbottom")


# ---------------------------------------------------------------------- sound test


class SoundTestPage(Page):
    """Every sound effect by name; A plays the chosen one."""

    title = N_("SOUND TEST")
    controls = N_("{up}{down} CHOOSE   A PLAY   B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.effects = list(EFFECTS)
        self.last = ""

    def rows(self) -> list[Row]:
        status = self.status()  # every row's help line: made once a frame, not once a row
        return [self._effect_row(name, status) for name in self.effects]

    def _effect_row(self, name: str, status: str) -> CommandRow:
        """A plays effect ``name``; the row says PLAYING while it was the last played."""
        return CommandRow(
            name.upper(),
            lambda: self.play(name),
            status,
            shown=lambda: tr("PLAYING") if name == self.last else "",
        )

    def status(self) -> str:
        status = self.ctx.audio.status.upper()
        return tr("SOUND {status}", status=status) if status else tr("A PLAYS THE EFFECT")

    def play(self, name: str) -> None:
        self.last = name
        self.ctx.audio.play(name)

    def handle(self, event: InputEvent) -> None:
        # A plays the effect only: no menu click on top of it.
        if event.pressed and event.action is Action.A and event.player != CABINET:
            self.play(self.effects[self.index])
            return
        super().handle(event)
