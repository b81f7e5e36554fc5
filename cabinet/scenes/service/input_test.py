"""The input test: both control panels and the cabinet buttons, every switch lighting live.

Each row names an action, where it comes from (GPIO pin, key, joystick control,
from :meth:`InputHub.describe`) and how many presses it has seen, so a switch
that bounces shows up as a count that jumps by two. A line under the title says
where the last press came from (a GPIO pin, the keyboard, which gamepad), or
that a keyboard's or gamepad's cabinet key was ignored (``inputs.keyboard_cabinet_keys``).
An operator leaves with the panel alone: hold both Start buttons (or SERVICE,
inside the door) for 2 seconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cabinet.inputs.actions import CABINET, PLAYER_ACTIONS, Action
from cabinet.language import N_, tr
from cabinet.language.words import shown
from cabinet.render import WIDTH, palette
from cabinet.render.sprites import panel
from cabinet.render.text import text, text_size
from cabinet.scenes.kit.base import Chutes, Scene
from cabinet.scenes.kit.widgets import draw_backdrop

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.inputs.switches import SwitchChange
    from cabinet.scenes.kit.scene_context import SceneContext

EXIT_FRAMES = 120  # 2 s held
CABINET_ROW = (Action.COIN1, Action.COIN2, Action.SERVICE, Action.TEST, Action.PAUSE)
ACTION_NAMES = {
    Action.LEFT: N_("LEFT"),
    Action.RIGHT: N_("RIGHT"),
    Action.UP: N_("UP"),
    Action.DOWN: N_("DOWN"),
    Action.A: "A",
    Action.B: "B",
    Action.C: "C",
    Action.START: N_("START"),
    Action.COIN1: N_("COIN 1"),
    Action.COIN2: N_("COIN 2"),
    Action.SERVICE: N_("SERVICE"),
    Action.TEST: N_("TEST"),
    Action.PAUSE: N_("PAUSE"),
}
BUTTONS = (Action.A, Action.B, Action.C)  # named by the letter on the panel, in every language


def action_name(action: Action) -> str:
    """The switch's name as the test shows it, in the cabinet's language."""
    return ACTION_NAMES[action] if action in BUTTONS else tr(ACTION_NAMES[action])


PANEL_TOP, ROW_HEIGHT = 104, 34
PANEL_WIDTH = 450
LAMP_RADIUS = 9
SOURCE_SIZE = 7  # the pixel font at scale 1: the sources of a switch fit on a line or two


class InputTestScene(Scene):
    """Lamps for every (player, action); the hub's descriptions say where each comes from."""

    name = "input-test"

    def __init__(self, ctx: SceneContext, on_exit=None):
        super().__init__(ctx)
        self.on_exit = on_exit  # the input-test command: leaving the test ends the program
        self.held: set[tuple[int, Action]] = set()
        self.presses: dict[tuple[int, Action], int] = {}
        self.exit_held = 0
        self._sources: dict[tuple[int, Action, int], list[str]] = {}
        self._devices: list[str] = []
        self.last_press = ""  # where the latest press came from, as shown
        self.ignored = False  # the latest line says a cabinet key was refused
        self._refused: SwitchChange | None = None  # the hub's latest refused press, once shown

    def chutes(self) -> Chutes:
        """The chutes under test: the lockout stays open and each coin lights up here too."""
        return Chutes.TESTED

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")
        self._sources.clear()

    def handle(self, event: InputEvent) -> None:
        if event.repeat:
            return
        switch = (event.player, event.action)
        if event.pressed:
            self.held.add(switch)
            self.presses[switch] = self.presses.get(switch, 0) + 1
            # Where it came from is the hub's own words (a pin, a key, a gamepad's name), as logged.
            source = self.ctx.inputs.label(event.switch).upper() if event.switch else tr("A SWITCH")
            if event.player == CABINET:
                self.last_press = tr(
                    "LAST PRESS: {switch} FROM {source}",
                    switch=action_name(event.action),
                    source=source,
                )
            else:
                self.last_press = tr(
                    "LAST PRESS: PLAYER {player} {switch} FROM {source}",
                    player=event.player,
                    switch=action_name(event.action),
                    source=source,
                )
            self.ignored = False
        else:
            self.held.discard(switch)

    @property
    def exit_chord_held(self) -> bool:
        both_starts = {(1, Action.START), (2, Action.START)} <= self.held
        return both_starts or (CABINET, Action.SERVICE) in self.held

    def update(self) -> None:
        refused = self.ctx.inputs.refused
        if refused is not None and refused is not self._refused:
            self._refused = refused
            source = self.ctx.inputs.label(refused.switch).upper()
            self.last_press = tr(
                "IGNORED: {source} ({switch}), inputs.keyboard_cabinet_keys is off",
                source=source,
                switch=action_name(refused.action),
            )
            self.ignored = True
        devices = self.ctx.inputs.devices()
        if devices != self._devices:  # an encoder plugged in or out: its controls come and go
            self._devices = devices
            self._sources.clear()
        self.exit_held = self.exit_held + 1 if self.exit_chord_held else 0
        if self.exit_held >= EXIT_FRAMES:
            self.exit_held = 0
            if self.on_exit is not None:
                self.on_exit()
            elif len(self.ctx.scenes) > 1:
                self.ctx.scenes.pop()
            else:
                self.ctx.go_to_attract()

    # ------------------------------------------------------------------ drawing

    def look(self):
        """What the page shows: an untouched panel costs no drawing (about 60 words a frame)."""
        hub = self.ctx.inputs
        problems = hub.problems
        return (
            frozenset(self.held),
            frozenset(self.presses.items()),
            self.last_press,
            self.ignored,
            self.exit_held,
            tuple(self._devices),
            len(hub.gpio.inputs),
            hub.gpio.factory_name,
            len(problems),
            problems[0] if problems else None,
        )

    def sources(self, player: int, action: Action, width: int) -> list[str]:
        """Where the switch comes from, in lines that fit ``width`` (asked of the hub once)."""
        key = (player, action, width)
        if key not in self._sources:
            # Upper case: the pixel font draws a lower-case x as a times sign.
            described = [d.upper() for d in self.ctx.inputs.describe(player, action)] or [
                tr("NOT CONNECTED")
            ]
            lines = [described[0]]
            for source in described[1:]:
                joined = f"{lines[-1]}  {source}"
                if text_size(joined, SOURCE_SIZE)[0] <= width:
                    lines[-1] = joined
                else:
                    lines.append(source)
            self._sources[key] = lines
        return self._sources[key]

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        text(surface, tr("INPUT TEST"), (WIDTH // 2, 12), 28, palette.TITLE, "midtop")
        self._draw_status(surface)
        for index, player in enumerate((1, 2)):
            self._draw_panel(surface, player, 16 + index * (PANEL_WIDTH + 28))
        self._draw_cabinet_row(surface)
        self._draw_exit(surface)

    def _draw_status(self, surface) -> None:
        hub = self.ctx.inputs
        gpio = hub.gpio
        # The pin factory's and the devices' names are as their drivers report them.
        if gpio.inputs:
            assert gpio.factory_name is not None, "GPIO inputs open only on a pin factory"
            line = tr(
                "GPIO: {count} SWITCHES ({factory})",
                count=len(gpio.inputs),
                factory=gpio.factory_name.upper(),
            )
        else:
            line = tr("GPIO: NONE")
        line += "    " + tr(
            "USB: {devices}",
            devices=", ".join(self._devices).upper() if self._devices else tr("NONE"),
        )
        text(surface, line, (WIDTH // 2, 50), 14, palette.GREY, "midtop", max_width=WIDTH - 32)
        problems = hub.problems
        if problems:
            # Keys and pins as written (they keep their case), the rest in the operator's language.
            first = shown(problems[0]) + (
                "  " + tr("(+{count} MORE IN THE LOG)", count=len(problems) - 1)
                if len(problems) > 1
                else ""
            )
            text(surface, first, (WIDTH // 2, 70), 14, palette.RED, "midtop", max_width=WIDTH - 32)
        if self.last_press:
            colour = palette.YELLOW if self.ignored else palette.WHITE
            text(
                surface,
                self.last_press,
                (WIDTH // 2, 87),
                14,
                colour,
                "midtop",
                max_width=WIDTH - 32,
            )

    def _draw_panel(self, surface, player: int, left: int) -> None:
        height = 40 + len(PLAYER_ACTIONS) * ROW_HEIGHT
        surface.blit(panel(PANEL_WIDTH, height), (left, PANEL_TOP))
        text(
            surface,
            tr("PLAYER {player}", player=player),
            (left + PANEL_WIDTH // 2, PANEL_TOP + 8),
            21,
            palette.CYAN if player == 1 else palette.MAGENTA,
            "midtop",
        )
        for row, action in enumerate(PLAYER_ACTIONS):
            y = PANEL_TOP + 40 + row * ROW_HEIGHT + ROW_HEIGHT // 2
            self._draw_switch(surface, player, action, left + 22, y, PANEL_WIDTH - 40)

    def _draw_switch(
        self, surface, player: int, action: Action, x: int, y: int, width: int
    ) -> None:
        """A lamp, the action's name and press count, and its sources on a line underneath."""
        lit = (player, action) in self.held
        pygame.draw.circle(surface, palette.GREEN if lit else palette.DIM, (x, y), LAMP_RADIUS)
        colour = palette.WHITE if lit else palette.GREY
        text(surface, action_name(action), (x + 18, y - 1), 14, colour, "bottomleft")
        text(
            surface,
            str(self.presses.get((player, action), 0)),
            (x + width, y - 1),
            14,
            colour,
            "bottomright",
        )
        for line_number, line in enumerate(self.sources(player, action, width - 18)):
            text(surface, line, (x + 18, y + 3 + 9 * line_number), SOURCE_SIZE, colour, "topleft")

    def _draw_cabinet_row(self, surface) -> None:
        top = PANEL_TOP + 40 + len(PLAYER_ACTIONS) * ROW_HEIGHT + 12
        column = (WIDTH - 32) // len(CABINET_ROW)
        for index, action in enumerate(CABINET_ROW):
            x = 16 + index * column + 14
            self._draw_switch(surface, CABINET, action, x, top + 12, column - 34)

    def _draw_exit(self, surface) -> None:
        line = tr("HOLD 1P START + 2P START (OR SERVICE) FOR 2 SECONDS TO EXIT")
        text(surface, line, (WIDTH // 2, 516), 14, palette.YELLOW, "midtop", max_width=WIDTH - 32)
        if self.exit_held:
            done = int((WIDTH - 200) * self.exit_held / EXIT_FRAMES)
            pygame.draw.rect(surface, palette.YELLOW, (100, 508, done, 4))
