"""What every input source hands the hub: one physical switch opening or closing."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.inputs.actions import Action


@dataclass(frozen=True)
class SwitchChange:
    """A switch closed (``pressed``) or opened.

    ``switch`` names the physical switch uniquely and readably ("GPIO 17",
    "key A", "joystick 3 button 0"); the hub merges switches that mean the same
    (player, action), and the stuck-switch guard watches each one on its own.
    """

    switch: str
    player: int
    action: Action
    pressed: bool
