"""USB encoders and gamepads through pygame's joystick API, with hotplug.

Each device is matched by name to an entry of ``inputs.joysticks`` (the first
that fits; the factory mapping when none does) and given a player: the one the
entry names, or else the first of players 1 and 2 without a device, in order of
connection. A third device waits, idle, until one of the others is unplugged.
Unplugging a device releases everything it held. A device matched by an entry
that names it is the operator's own encoder (its switches are ``wired``); one
taken by the catch-all entry ("*") or the factory mapping is any gamepad.
"""

from __future__ import annotations

import logging

import pygame

from cabinet.inputs.actions import CABINET, Action
from cabinet.inputs.switches import SwitchChange
from cabinet.inputs.wiring import BUTTON_ACTIONS, button_map
from cabinet.language.words import Words
from cabinet.settings.schema import JoystickSettings

log = logging.getLogger("cabinet.inputs")

PLAYERS = (1, 2)
ARROWS = {Action.LEFT: "\u2190", Action.RIGHT: "\u2192", Action.UP: "\u2191", Action.DOWN: "\u2193"}
RELEASE_FRACTION = (
    0.8  # an axis lets go a little inside its dead zone, so a wobbly stick doesn't chatter
)


class _Device:
    """One connected joystick: its mapping, its player and what it holds."""

    def __init__(self, joystick, entry, buttons: dict[int, str], order: int):
        self.joystick = joystick
        self.instance_id = joystick.get_instance_id()
        self.name = joystick.get_name()
        self.entry = entry
        self.buttons = buttons
        self.order = order  # connection order, for handing a freed player to the longest waiting
        self.player = 0
        self.named = entry.name.strip() not in (
            "",
            "*",
        )  # an entry the operator wrote for this device
        self.held: dict[str, SwitchChange] = {}
        self.axes: dict[int, int] = {}  # axis -> -1, 0, +1
        self.hat = (0, 0)

    def switch(self, control: str) -> str:
        return f"joystick {self.instance_id} {control}"


class JoystickInput:
    """Turns pygame joystick events into switch changes; tracks devices coming and going."""

    def __init__(self, entries, open_joystick=None):
        self.entries = list(entries)
        self.problems: list[Words] = []
        self._maps = []
        for index, entry in enumerate(self.entries):
            mapping, problems = button_map(entry, f"inputs.joysticks[{index}]")
            self._maps.append(mapping)
            self.problems += [line for _key, line in problems]
        for line in self.problems:
            log.error("%s", line)
        self._open = open_joystick or pygame.joystick.Joystick
        self._devices: dict[int, _Device] = {}
        self._connections = 0

    # ---------------------------------------------------------------- devices

    def added(self, device_index: int) -> list[SwitchChange]:
        try:
            joystick = self._open(device_index)
            if hasattr(joystick, "init"):
                joystick.init()
        except (pygame.error, OSError) as exc:
            log.warning("inputs: joystick %d could not be opened (%s); ignored", device_index, exc)
            return []
        if joystick.get_instance_id() in self._devices:
            return []  # already known (seen at start-up and again in SDL's added event)
        entry, buttons = self._mapping_for(joystick.get_name())
        self._connections += 1
        device = _Device(joystick, entry, buttons, self._connections)
        self._devices[device.instance_id] = device
        device.player = entry.player or self._free_player()
        if device.player:
            log.info("inputs: joystick %r connected as player %d", device.name, device.player)
        else:
            log.info(
                "inputs: joystick %r connected; players 1 and 2 already have one, so it waits",
                device.name,
            )
        return []

    def removed(self, instance_id: int) -> list[SwitchChange]:
        device = self._devices.pop(instance_id, None)
        if device is None:
            return []
        log.info("inputs: joystick %r (player %d) unplugged", device.name, device.player)
        releases = [SwitchChange(c.switch, c.player, c.action, False) for c in device.held.values()]
        if device.player:
            self._hand_over(device.player)
        return releases

    def _mapping_for(self, name: str):
        for entry, buttons in zip(self.entries, self._maps):
            wanted = entry.name.strip().lower()
            if wanted in ("", "*") or wanted in name.lower():
                return entry, buttons
        factory = JoystickSettings()
        return factory, button_map(factory, "factory")[0]

    def _free_player(self) -> int:
        taken = {d.player for d in self._devices.values()}
        return next((p for p in PLAYERS if p not in taken), 0)

    def _hand_over(self, player: int) -> None:
        waiting = sorted((d for d in self._devices.values() if not d.player), key=lambda d: d.order)
        if waiting and player not in {d.player for d in self._devices.values()}:
            waiting[0].player = player
            log.info("inputs: joystick %r is now player %d", waiting[0].name, player)

    def devices(self) -> list[str]:
        """One line per connected device, for the input test."""
        return [
            f"{d.name} ({f'player {d.player}' if d.player else 'waiting'})"
            for d in sorted(self._devices.values(), key=lambda d: d.order)
        ]

    # ---------------------------------------------------------------- events

    def handle(self, event) -> list[SwitchChange]:
        instance_id = getattr(event, "instance_id", None)  # kept: an event without one is no stick
        device = None if instance_id is None else self._devices.get(instance_id)
        if device is None or not device.player:
            return []
        if event.type == pygame.JOYAXISMOTION:
            return self._axis(device, event.axis, event.value)
        if event.type == pygame.JOYHATMOTION:
            return self._hat(device, event.hat, tuple(event.value))
        if event.type in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            return self._button(device, event.button, event.type == pygame.JOYBUTTONDOWN)
        return []

    def _axis(self, device: _Device, axis: int, value: float) -> list[SwitchChange]:
        entry = device.entry
        if axis == entry.x_axis:
            negative, positive = Action.LEFT, Action.RIGHT
        elif axis == entry.y_axis:
            negative, positive = (
                (Action.DOWN, Action.UP) if entry.invert_y else (Action.UP, Action.DOWN)
            )
        else:
            return []
        old = device.axes.get(axis, 0)
        zone = entry.dead_zone * (RELEASE_FRACTION if old else 1.0)
        new = -1 if value <= -zone else 1 if value >= zone else 0
        if old and new and new != old and abs(value) < entry.dead_zone:
            new = 0  # a sign flip must clear the full dead zone, like a fresh push
        if new == old:
            return []
        device.axes[axis] = new
        changes = []
        if old:
            changes.append(
                self._set(
                    device,
                    f"axis {axis}{'-' if old < 0 else '+'}",
                    negative if old < 0 else positive,
                    False,
                )
            )
        if new:
            changes.append(
                self._set(
                    device,
                    f"axis {axis}{'-' if new < 0 else '+'}",
                    negative if new < 0 else positive,
                    True,
                )
            )
        return changes

    def _hat(self, device: _Device, hat: int, value: tuple[int, int]) -> list[SwitchChange]:
        if hat != device.entry.hat:
            return []
        (old_x, old_y), (new_x, new_y) = device.hat, value
        device.hat = value
        wanted = {
            Action.LEFT: new_x < 0,
            Action.RIGHT: new_x > 0,
            Action.UP: new_y > 0,
            Action.DOWN: new_y < 0,
        }
        had = {
            Action.LEFT: old_x < 0,
            Action.RIGHT: old_x > 0,
            Action.UP: old_y > 0,
            Action.DOWN: old_y < 0,
        }
        changes = [
            self._set(device, f"hat {hat} {action.value}", action, False)
            for action in wanted
            if had[action] and not wanted[action]
        ]
        changes += [
            self._set(device, f"hat {hat} {action.value}", action, True)
            for action in wanted
            if wanted[action] and not had[action]
        ]
        return changes

    def _button(self, device: _Device, number: int, pressed: bool) -> list[SwitchChange]:
        control = device.buttons.get(number)
        if control is None:
            return []
        return [self._set(device, f"button {number}", BUTTON_ACTIONS[control], pressed)]

    def _set(
        self, device: _Device, control: str, action: Action | None, pressed: bool
    ) -> SwitchChange:
        player = device.player
        if action is None:  # the coin button feeds the chute of the device's player
            player, action = CABINET, Action.COIN1 if device.player == 1 else Action.COIN2
        switch = device.switch(control)
        change = SwitchChange(switch, player, action, pressed, wired=device.named)
        if pressed:
            device.held[switch] = change
        else:
            device.held.pop(switch, None)
        return change

    # ---------------------------------------------------------------- descriptions

    def label(self, switch: str) -> str:
        """``switch`` as the input test shows it: the device's name and player, then its control."""
        _, instance_id, control = switch.split(" ", 2)
        device = self._devices.get(int(instance_id))
        if device is None:
            return switch
        return f"{device.name.strip()} (player {device.player}) {control}"

    def describe(self, player: int, action: Action, any_device: bool = True) -> list[str]:
        """Where (player, action) comes from; ``any_device`` false: only the named encoders' controls."""
        sources: list[str] = []
        for device in self._devices.values():
            if not device.player or not (any_device or device.named):
                continue
            for source in self._sources(device, player, action):
                if source not in sources:
                    sources.append(source)
        return sources

    @staticmethod
    def _sources(device: _Device, player: int, action: Action) -> list[str]:
        entry, found = device.entry, []
        coin = Action.COIN1 if device.player == 1 else Action.COIN2
        for number, control in device.buttons.items():
            meant = BUTTON_ACTIONS[control]
            if (player, action) == ((device.player, meant) if meant else (CABINET, coin)):
                found.append(f"joy button {number}")
        if player != device.player:
            return found
        axes = {
            Action.LEFT: (entry.x_axis, "-"),
            Action.RIGHT: (entry.x_axis, "+"),
            Action.UP: (entry.y_axis, "+" if entry.invert_y else "-"),
            Action.DOWN: (entry.y_axis, "-" if entry.invert_y else "+"),
        }
        if action in axes and axes[action][0] is not None:
            found.append(f"joy axis {axes[action][0]}{axes[action][1]}")
        if action in axes and entry.hat is not None:
            found.append(f"joy hat {entry.hat} {ARROWS[action]}")
        return found

    def close(self) -> None:
        for device in self._devices.values():
            if hasattr(device.joystick, "quit"):
                device.joystick.quit()
        self._devices.clear()
