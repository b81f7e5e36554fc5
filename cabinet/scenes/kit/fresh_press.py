"""Which presses a screen takes: only those meant for it.

A screen that follows another one on its own (the initials after a game, the ranking
after the initials, REMATCH? after a match, a menu after the one before) must not act on
a press meant for the screen before: a Start pressed for CONTINUE? as its count ran out
once confirmed "AAA" on the initials screen. :class:`FreshPresses` drops presses for a
short moment after the screen appears, and a button pressed in that moment, or held down
from the screen before, until it is released and pressed again.
"""

from __future__ import annotations

from cabinet.inputs.actions import InputEvent

SETTLE_FRAMES = 20  # a third of a second: longer than a player takes to react to a new screen


class FreshPresses:
    """The guard of one screen; call :meth:`tick` once per frame and ask :meth:`admit`
    of each event.

    ``settle_frames`` is the moment after the screen appears in which no press counts.
    """

    def __init__(self, settle_frames: int = SETTLE_FRAMES):
        self.settle_frames = settle_frames
        self.frames = 0
        self._down: set[tuple[int, object]] = set()  # pressed on this screen, not yet released
        self._stale: set[tuple[int, object]] = set()  # pressed too soon or held from before

    @property
    def settled(self) -> bool:
        """The moment is over: a fresh press counts."""
        return self.frames >= self.settle_frames

    def tick(self) -> None:
        """Count one frame of the screen."""
        self.frames += 1

    def admit(self, event: InputEvent) -> bool:
        """Whether the screen should act on ``event``; a release only ends what its press began."""
        key = (event.player, event.action)
        if not event.pressed:
            stale = key in self._stale or key not in self._down
            self._stale.discard(key)
            self._down.discard(key)
            return not stale
        if key in self._stale:
            return False
        if not self.settled or (event.repeat and key not in self._down):
            # Too soon, or a direction's repeat whose first press belonged to the screen before.
            self._stale.add(key)
            return False
        self._down.add(key)
        return True
