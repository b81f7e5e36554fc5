"""Games driven by pilots frame by frame, as the play screen drives them, with no screen.

:class:`Simulation` does what :class:`~cabinet.scenes.antigravity.play.AntiGravityScene`
does each frame: it asks every pilot for its presses, hands them to the player's
:class:`~cabinet.games.antigravity.seat.Seat`, and steps each seat, so the turn timer
ticks, forced pushes happen and pushes wait for the last turn's animation. Only
frames are counted, so a simulation is deterministic for its seeds. The bench and
the tests use it to play CPU against CPU (a versus match) or the AI alone (a single
game) at the pace a watcher would see.
"""

from __future__ import annotations

from cabinet.games.antigravity.modes import AntiGravityVersus
from cabinet.games.antigravity.seat import Seat
from cabinet.games.pilots import bind_all
from cabinet.inputs.actions import DIRECTIONS


class Simulation:
    """``games``: one game per player (player 1's first); ``pilots``: whoever drives them.

    ``match`` (a :class:`AntiGravityVersus`) decides a versus; without one the simulation is
    decided when every game is over. A pilot's ``bind`` gets this simulation, which
    answers ``seat_for(player)`` like the play screen (a :class:`~cabinet.games.pilots.Seating`;
    pilots think without a clock, in this process).
    """

    thinking_time = None
    thinker = None

    def __init__(self, games, pilots, match: AntiGravityVersus | None = None):
        self.match = match
        self.seats = [Seat(game, player) for player, game in enumerate(games, start=1)]
        self.pilots = list(pilots)
        self.frame = 0
        bind_all(self.pilots, self)

    @classmethod
    def versus(cls, settings, seed: int, pilots) -> Simulation:
        """A versus match of ``settings`` (an AntiGravitySettings) from ``seed``."""
        match = AntiGravityVersus(settings, seed)
        return cls((match.game(1), match.game(2)), pilots, match)

    def game_for(self, player: int):
        return self.seat_for(player).game

    def seat_for(self, player: int) -> Seat:
        return self.seats[player - 1]

    @property
    def decided(self) -> bool:
        if self.match is not None:
            return self.match.over
        return all(seat.game.game_over for seat in self.seats)

    @property
    def finished(self) -> bool:
        """Decided, and the last animations have played out (the screen's end banner)."""
        return self.decided and not any(seat.busy for seat in self.seats)

    def step(self) -> None:
        """One frame: the pilots' presses, then every seat's animation and timer."""
        playing = not self.decided
        for pilot in self.pilots:
            for event in pilot.events(self.frame, []):
                if playing and event.action in DIRECTIONS and event.player in (1, 2):
                    self._obey(event)
        for seat in self.seats:
            turn = seat.step(clock=not self.decided)
            if turn is not None and self.match is not None:
                self.match.update()
        self.frame += 1

    def _obey(self, event) -> None:
        turn = self.seat_for(event.player).act(event)
        if turn is not None and self.match is not None:
            self.match.update()

    def run(self, max_frames: int) -> int:
        """Play until finished or ``max_frames`` frames have passed; returns the frame count."""
        while not self.finished and self.frame < max_frames:
            self.step()
        return self.frame
