"""One action vocabulary for every input source: GPIO, keyboard, USB encoders, AI, replays."""

from cabinet.inputs.actions import CABINET, Action, InputEvent

__all__ = ["CABINET", "Action", "InputEvent"]
