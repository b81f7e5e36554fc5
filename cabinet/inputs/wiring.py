"""Which switch is on which GPIO pin or encoder button, and which of them clash.

Pure (no gpiozero, no pygame): the settings loader runs the same checks as the
GPIO panel and the joystick layer, so ``check-config`` reports a pin or button
used twice before the cabinet ever opens one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from cabinet.inputs.actions import CABINET, Action
from cabinet.language.words import Words

BCM_PINS = range(28)  # the GPIO lines of the 40-pin header

PANEL_ACTIONS = {
    "left": Action.LEFT,
    "right": Action.RIGHT,
    "up": Action.UP,
    "down": Action.DOWN,
    "a": Action.A,
    "b": Action.B,
    "c": Action.C,
    "start": Action.START,
}
CABINET_ACTIONS = {
    "coin1": Action.COIN1,
    "coin2": Action.COIN2,
    "service": Action.SERVICE,
    "test": Action.TEST,
}
# A USB encoder's buttons (inputs.joysticks); "coin" is the chute of the device's player.
BUTTON_ACTIONS = {
    "a": Action.A,
    "b": Action.B,
    "c": Action.C,
    "start": Action.START,
    "coin": None,
    "left": Action.LEFT,
    "right": Action.RIGHT,
    "up": Action.UP,
    "down": Action.DOWN,
}


@dataclass(frozen=True)
class WiredInput:
    """One switch of the wiring table: its YAML key, its meaning and its pin."""

    key: str  # "inputs.gpio.p1.left"
    player: int
    action: Action
    pin: int | None

    @property
    def switch(self) -> str:
        return f"GPIO {self.pin}"


def wiring(settings) -> list[WiredInput]:
    """Every input of the wiring table, wired or not, in a fixed order."""
    table = []
    for player, panel in ((1, settings.p1), (2, settings.p2)):
        for name, action in PANEL_ACTIONS.items():
            table.append(
                WiredInput(f"inputs.gpio.p{player}.{name}", player, action, getattr(panel, name))
            )
    for name, action in CABINET_ACTIONS.items():
        table.append(
            WiredInput(
                f"inputs.gpio.cabinet.{name}", CABINET, action, getattr(settings.cabinet, name)
            )
        )
    return table


def on_header(pin: object) -> TypeGuard[int]:
    return not isinstance(pin, bool) and isinstance(pin, int) and pin in BCM_PINS


def clashes(table: list[WiredInput]) -> dict[int, list[WiredInput]]:
    """Pin -> the inputs sharing it, for every header pin given to more than one input."""
    by_pin: dict[int, list[WiredInput]] = {}
    for wired in table:
        if on_header(wired.pin):
            by_pin.setdefault(wired.pin, []).append(wired)
    return {pin: users for pin, users in by_pin.items() if len(users) > 1}


NAMED_AT_MOST = 3  # a problem line names this many keys, then counts the rest


def named(keys: list[str]) -> Words | str:
    """Keys (as written) in a list to read: ``a``, ``a and b``, ``a, b and c``, and past
    :data:`NAMED_AT_MOST` ``a, b, c and 5 more`` (one pin given to a whole panel stays one line to read)."""
    if len(keys) == 1:
        return keys[0]
    if len(keys) > NAMED_AT_MOST:
        shown = ", ".join(keys[:NAMED_AT_MOST])
        return Words("{some} and {count} more", some=shown, count=len(keys) - NAMED_AT_MOST)
    return Words("{some} and {last}", some=", ".join(keys[:-1]), last=keys[-1])


def clash_line(keys: list[str], pin: int) -> Words:
    """``a and b both use GPIO 17; both disabled``."""
    if len(keys) == 2:
        return Words("{keys} both use GPIO {pin}; both disabled", keys=named(keys), pin=pin)
    return Words("{keys} all use GPIO {pin}; all disabled", keys=named(keys), pin=pin)


def check_wiring(table: list[WiredInput]) -> tuple[list[WiredInput], list[Words]]:
    """The usable inputs, and one error line per invalid or shared pin."""
    problems = [
        Words(
            "{key}: {pin} is not a GPIO number of the 40-pin header (0-27); disabled",
            key=wired.key,
            pin=repr(wired.pin),
        )
        for wired in table
        if wired.pin is not None and not on_header(wired.pin)
    ]
    shared = clashes(table)
    problems += [clash_line([w.key for w in users], pin) for pin, users in shared.items()]
    clashing = {w.key for users in shared.values() for w in users}
    usable = [w for w in table if on_header(w.pin) and w.key not in clashing]
    return usable, problems


def button_map(entry, where: str) -> tuple[dict[int, str], list[tuple[str, Words]]]:
    """Button number -> control name of one mapping, and ``(first key, line)`` per button given twice."""
    users: dict[int, list[str]] = {}
    for control in BUTTON_ACTIONS:
        number = getattr(entry, control)
        if number is not None:
            users.setdefault(number, []).append(control)
    mapping, problems = {}, []
    for number, controls in users.items():
        if len(controls) == 1:
            mapping[number] = controls[0]
        else:
            keys = [f"{where}.{control}" for control in controls]
            problems.append(
                (
                    keys[0],
                    Words(
                        "{keys} all use button {number}; disabled", keys=named(keys), number=number
                    ),
                )
            )
    return mapping, problems
