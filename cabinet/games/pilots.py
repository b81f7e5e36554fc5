"""Who drives a game: a player at the panel, the AI in attract mode, or a replay.

A game scene asks its pilot, once per game frame, which events to obey. The
scene never looks at live input itself, so a demo, a replay and a real game go
through exactly the same code, and a recording of what was obeyed replays the
game frame for frame.
"""

from __future__ import annotations

from typing import Any, Protocol

from cabinet.games.thought import Budget, Elsewhere
from cabinet.inputs.actions import InputEvent


class Seat(Protocol):
    """One player's place at a game, as a pilot steers it.

    ``player`` is the panel; ``game`` the game that panel plays (the engine, or a
    hand on the player's half of a versus); ``busy`` is True while the screen
    animates what the last move did (an AI pilot waits for it, as a player would).
    A game may ask more of its seats (BLOCKS: :class:`~cabinet.games.blocks.pilot.BlocksSeat`).
    """

    player: int

    @property
    def game(self) -> Any: ...

    @property
    def busy(self) -> bool: ...


class Seating(Protocol):
    """What a pilot binds to: a game screen, or a headless simulation of one.

    ``seat_for(player)`` is that panel's :class:`Seat`; ``thinking_time`` the frame's
    thinking budget and ``thinker`` the worker process to think in (None: think without
    a clock, and here).
    """

    @property
    def thinking_time(self) -> Budget | None: ...

    @property
    def thinker(self) -> Elsewhere | None: ...

    def seat_for(self, player: int) -> Seat: ...


class Pilot:
    """The base of every pilot: what a game scene drives its game through.

    A pilot defines :meth:`events`; every other member is optional and does
    nothing here, so a scene calls them on any pilot without asking first.

    ``player`` is the panel whose game the pilot drives (1 unless it says
    otherwise); ``gave_up`` turns True when an AI pilot finds no move at all
    (a demo then ends).
    """

    player = 1
    gave_up = False

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        """The events the game obeys on ``game_frame`` (counted from the game's first
        frame, 0-based); ``live_events`` are what the panel produced this frame."""
        raise NotImplementedError

    def bind(self, scene: Seating) -> None:
        """Called once before the scene's first frame (and again for a new round), so
        an AI pilot can find its :class:`Seat` (``scene.seat_for(player)``) and think
        within the scene's ``thinking_time``, in its ``thinker`` when it lends one.
        Nothing by default."""

    def ponder(self, frames: int) -> None:
        """Called on each frame the game waits to start (READY/GO; ``frames`` of them,
        this one included), for an AI pilot to think over its first move. Nothing by default."""


def bind_all(pilots, scene: Seating) -> None:
    """Let each pilot find its game in ``scene`` (again, for a new round)."""
    for pilot in pilots:
        pilot.bind(scene)


def ponder_all(pilots, countdown) -> None:
    """A READY/GO frame (``countdown.admit`` just held the game back): each pilot may think
    ahead, told how many frames, this one included, come before the game's first (a Pi
    would otherwise take the first move's whole search on the few frames after GO)."""
    for pilot in pilots:
        pilot.ponder(countdown.left + 1)


class HumanPilot(Pilot):
    """A player at the panel: obeys the live events of ``player`` only."""

    def __init__(self, player: int = 1):
        self.player = player

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        return [event for event in live_events if event.player == self.player]


class ReplayPilot(Pilot):
    """Plays back a recorded game: the events recorded for each game frame, in order.

    ``replay.events()`` gives the recorded events, each stamped with its game
    frame. Live input is ignored (the attract scene around a replay listens for Start).
    """

    def __init__(self, replay):
        self.replay = replay
        self._pending = sorted(replay.events(), key=lambda event: event.frame)
        self._next = 0

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        obeyed = []
        while self._next < len(self._pending) and self._pending[self._next].frame <= game_frame:
            obeyed.append(self._pending[self._next])
            self._next += 1
        return obeyed
