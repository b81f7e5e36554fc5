"""Who drives a game: a player at the panel, the AI in attract mode, or a replay.

A game scene asks its pilot, once per game frame, which events to obey. The
scene never looks at live input itself, so a demo, a replay and a real game go
through exactly the same code, and a recording of what was obeyed replays the
game frame for frame.
"""

from __future__ import annotations

from typing import Protocol

from cabinet.inputs.actions import InputEvent


class Pilot(Protocol):
    """The interface a game scene drives its game through.

    ``events(game_frame, live_events)`` returns the events the game obeys on that
    frame (``game_frame`` counts from the game's first frame, 0-based;
    ``live_events`` are what the panel produced this frame). A pilot may also
    define ``bind(scene)``, which the scene calls once before its first frame so an
    AI pilot can look at the game and the cursor it is steering. An AI pilot may
    define ``ponder(frames)`` too, called on each frame the game waits to start
    (READY/GO; ``frames`` of them, this one included), to think over its first move.
    """

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        ...  # pragma: no cover


def bind_all(pilots, scene) -> None:
    """Let each pilot that looks at the game find it in ``scene`` (again, for a new round)."""
    for pilot in pilots:
        bind = getattr(pilot, "bind", None)
        if bind is not None:
            bind(scene)


def ponder_all(pilots, countdown) -> None:
    """A READY/GO frame (``countdown.admit`` just held the game back): pilots that think
    ahead use it, told how many frames, this one included, come before the game's first
    (a Pi would otherwise take the first move's whole search on the few frames after GO)."""
    for pilot in pilots:
        ponder = getattr(pilot, "ponder", None)
        if ponder is not None:
            ponder(countdown.left + 1)


class HumanPilot:
    """A player at the panel: obeys the live events of ``player`` only."""

    def __init__(self, player: int = 1):
        self.player = player

    def bind(self, scene) -> None:
        """Nothing to look at: the player sees the screen."""

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        return [event for event in live_events if event.player == self.player]


class ReplayPilot:
    """Plays back a recorded game: the events recorded for each game frame, in order.

    ``replay.events()`` gives the recorded events, each stamped with its game
    frame. Live input is ignored (the attract scene around a replay listens for Start).
    """

    def __init__(self, replay):
        self.replay = replay
        self._pending = sorted(replay.events(), key=lambda event: event.frame)
        self._next = 0

    def bind(self, scene) -> None:
        """A replay needs nothing from the scene."""

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        obeyed = []
        while self._next < len(self._pending) and self._pending[self._next].frame <= game_frame:
            obeyed.append(self._pending[self._next])
            self._next += 1
        return obeyed
