"""A BLOCKS versus match driven by pilots frame by frame, as the versus screen drives it, with no screen.

:class:`VersusSimulation` does each frame what the screen does: it asks every pilot
for its presses, hands them to that player's :class:`~cabinet.games.blocks.seat.VersusSeat`,
and steps each seat's move timer, so a CPU places only after the frames its presses
take at its level and pending stones land when a timer runs out. Only frames are
counted, so a simulation is deterministic for its seeds. The bench and the tests use
it to play CPU against CPU.
"""

from __future__ import annotations

from cabinet.games.pilots import bind_all

from .cursor import Did
from .seat import MOVE_FRAMES, VersusSeat
from .versus import PLAYERS, BlocksVersus


class VersusSimulation:
    """``versus`` (a :class:`BlocksVersus` game) played by ``pilots`` (each drives the player
    it was made for).

    A pilot's ``bind`` gets this simulation, which answers ``seat_for(player)`` like
    the versus screen (a :class:`~cabinet.games.pilots.Seating`; pilots think without a
    clock, in this process). ``placements`` counts the placements made so far.
    """

    thinking_time = None
    thinker = None

    def __init__(self, versus: BlocksVersus, pilots, move_frames: int = MOVE_FRAMES):
        self.versus = versus
        self.seats = {player: VersusSeat(versus, player, move_frames) for player in PLAYERS}
        self.pilots = list(pilots)
        self.frame = 0
        self.placements = 0
        bind_all(self.pilots, self)

    def seat_for(self, player: int) -> VersusSeat:
        return self.seats[player]

    @property
    def decided(self) -> bool:
        return self.versus.over

    def step(self) -> None:
        """One frame: every pilot's presses, then every seat's move timer, then the
        decision (a match made ``by_frame`` is decided here)."""
        for pilot in self.pilots:
            for event in pilot.events(self.frame, []):
                if self.decided or event.player not in self.seats:
                    continue
                if self.seats[event.player].act(event).kind is Did.PLACE:
                    self.placements += 1
        for seat in self.seats.values():
            if not self.decided:
                seat.step()
        self.versus.update()
        self.frame += 1

    def run(self, max_frames: int) -> int | None:
        """Play until decided or ``max_frames`` frames have passed; the winner (None: undecided)."""
        while not self.decided and self.frame < max_frames:
            self.step()
        return self.versus.winner
