"""InputHub: GPIO, keyboard and joysticks as one stream of :class:`InputEvent`.

Once per frame the main loop calls :meth:`InputHub.poll`; it drains the GPIO
queue and the keyboard and joystick changes gathered by
:meth:`InputHub.handle_pygame_event`, runs them through the stuck-switch guard,
merges switches that mean the same thing (a GPIO stick and the arrow keys both
giving player 1 LEFT make one press, released when the last one lets go), adds
auto-repeat, and stamps every event with the frame.

The cabinet's own actions (coins, service, test, pause) come only from switches
the operator wired (GPIO pins, encoders named in ``inputs.joysticks``) unless
:attr:`InputHub.cabinet_keys` is on: on a paid cabinet a keyboard or gamepad
plugged into a free USB port must not give credits or open the service menu.
What it refused is kept in :attr:`InputHub.refused` for the input test.
"""

from __future__ import annotations

import logging
import time

import pygame

from cabinet import FPS
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.inputs.gpio import GpioPanel
from cabinet.inputs.joystick import JoystickInput
from cabinet.inputs.keyboard import KeyboardInput
from cabinet.inputs.repeat import AutoRepeat
from cabinet.inputs.stuck import StuckGuard
from cabinet.inputs.switches import SwitchChange
from cabinet.language.words import Words

log = logging.getLogger("cabinet.inputs")

JOYSTICK_EVENTS = frozenset(
    {pygame.JOYAXISMOTION, pygame.JOYHATMOTION, pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP}
)


class InputHub:
    """Every input source of the cabinet. Never raises on missing hardware.

    ``cabinet_keys`` (default: ``settings.keyboard_cabinet_keys``) lets any keyboard or gamepad
    give the cabinet's own actions. ``pin_factory``, ``open_joystick`` and ``clock`` are for
    tests and the bench (a gpiozero MockFactory, a fake joystick, a fake time source).
    """

    def __init__(
        self,
        settings,
        *,
        cabinet_keys: bool | None = None,
        pin_factory=None,
        open_joystick=None,
        clock=time.monotonic,
    ):
        self.cabinet_keys = settings.keyboard_cabinet_keys if cabinet_keys is None else cabinet_keys
        self.refused: SwitchChange | None = None  # the last press refused for want of cabinet_keys
        self.gpio = GpioPanel(settings.gpio, pin_factory=pin_factory, clock=clock)
        self.keyboard = KeyboardInput()
        self.joysticks = JoystickInput(settings.joysticks, open_joystick=open_joystick)
        self.repeat = AutoRepeat(
            {
                "blocks": settings.blocks_repeat,
                "antigravity": settings.antigravity_repeat,
                "menu": settings.menu_repeat,
            }
        )
        self.guard = StuckGuard(round(settings.stuck_seconds * FPS))
        self._pending: list[SwitchChange] = []
        self._holders: dict[tuple[int, Action], set[str]] = {}
        if open_joystick is None:
            self._open_connected_joysticks()

    def _open_connected_joysticks(self) -> None:
        """Devices plugged in before the hub existed (SDL may have announced them already)."""
        try:
            pygame.joystick.init()
            count = pygame.joystick.get_count()
        except pygame.error as exc:
            log.warning("inputs: no joystick support (%s); carrying on without", exc)
            return
        for index in range(count):
            self.joysticks.added(index)

    @property
    def problems(self) -> list[Words]:
        """One line per thing wrong with the input wiring or mappings."""
        return self.gpio.problems + self.joysticks.problems

    def handle_pygame_event(self, event) -> None:
        """Take in one pygame event (the app passes every one here)."""
        kind = event.type
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            change = self.keyboard.handle(event)
            if change is not None:
                self._pending.append(change)
        elif kind in JOYSTICK_EVENTS:
            self._pending += self.joysticks.handle(event)
        elif kind == pygame.JOYDEVICEADDED:
            self._pending += self.joysticks.added(event.device_index)
        elif kind == pygame.JOYDEVICEREMOVED:
            self._pending += self.joysticks.removed(event.instance_id)
        elif kind == pygame.WINDOWFOCUSLOST:  # key-ups never arrive for keys let go elsewhere
            self._pending += self.keyboard.release_all()

    def poll(self, frame: int) -> list[InputEvent]:
        """This frame's events, in the order they happened, then the auto-repeats."""
        changes, self._pending = self.gpio.changes() + self._pending, []
        events: list[InputEvent] = []
        for change in changes:
            if not self._allowed(change):
                continue
            if self.guard.admit(change, frame):
                self._apply(change, frame, events)
        for release in self.guard.expired(frame):
            self._apply(release, frame, events)
        for event in events:
            self.repeat.track(event)
        events += self.repeat.due(frame)
        return events

    def _allowed(self, change: SwitchChange) -> bool:
        """Whether ``change`` may act: a cabinet action from an unwired switch needs cabinet_keys."""
        if change.player != CABINET or change.wired or self.cabinet_keys:
            return True
        if change.pressed:
            self.refused = change
            log.info(
                "inputs: %s (%s) ignored: inputs.keyboard_cabinet_keys is off",
                self.label(change.switch),
                change.action.value,
            )
        return False

    def label(self, switch: str) -> str:
        """A switch as the input test names it: "GPIO 17", "keyboard key 5", "<gamepad> (player 1) button 8"."""
        if switch.startswith("joystick "):
            return self.joysticks.label(switch)
        return f"keyboard {switch}" if switch.startswith("key ") else switch

    def _apply(self, change: SwitchChange, frame: int, events: list[InputEvent]) -> None:
        """Merge switches with the same meaning: the first closes it, the last to open opens it."""
        holders = self._holders.setdefault((change.player, change.action), set())
        if change.pressed:
            if not holders:
                events.append(
                    InputEvent(change.player, change.action, True, frame, switch=change.switch)
                )
            holders.add(change.switch)
        elif change.switch in holders:
            holders.discard(change.switch)
            if not holders:
                events.append(InputEvent(change.player, change.action, False, frame))

    def set_repeat_profile(self, name: str) -> None:
        """``"blocks"``, ``"antigravity"`` or ``"menu"``: the auto-repeat feel from here on."""
        self.repeat.set_profile(name)

    def describe(self, player: int, action: Action) -> list[str]:
        """Where (player, action) comes from: "GPIO 17", "key A", "joy button 0"..."""
        anything = player != CABINET or self.cabinet_keys
        return (
            self.gpio.describe(player, action)
            + (self.keyboard.describe(player, action) if anything else [])
            + self.joysticks.describe(player, action, any_device=anything)
        )

    def devices(self) -> list[str]:
        """The connected joysticks and their players, for the input test."""
        return self.joysticks.devices()

    def close(self) -> None:
        self.gpio.close()
        self.joysticks.close()
