"""What every input source hands the hub: one physical switch opening or closing."""

from __future__ import annotations

from dataclasses import dataclass, field

from cabinet.inputs.actions import Action


@dataclass(frozen=True)
class SwitchChange:
    """A switch closed (``pressed``) or opened.

    ``switch`` names the physical switch uniquely and readably ("GPIO 17",
    "key A", "joystick 3 button 0"); the hub merges switches that mean the same
    (player, action), and the stuck-switch guard watches each one on its own.
    ``wired``: the operator wired or mapped this very switch (a GPIO pin, a button
    of an encoder named in ``inputs.joysticks``), rather than it being on whatever
    keyboard or gamepad someone plugged in; only such switches give coins and open
    the service menu unless ``inputs.keyboard_cabinet_keys`` allows the others.
    """

    switch: str
    player: int
    action: Action
    pressed: bool
    wired: bool = field(default=True, compare=False)
