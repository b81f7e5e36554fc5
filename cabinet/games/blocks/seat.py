"""One player's place at a BLOCKS versus: their cursor, their move timer, their half of the match.

A :class:`VersusSeat` turns one player's presses into moves of a
:class:`~cabinet.games.blocks.versus.BlocksVersus` through the same
:class:`~cabinet.games.blocks.cursor.Cursor` as the one-player game, and counts
the move timer in frames: when it runs out, the player's pending stones land
(:meth:`BlocksVersus.land`) and it starts again; every placement restarts it.
The versus screen draws and animates seats; the headless simulation
(:mod:`.simulate`) and the CPU pilots use the very same ones.
"""

from __future__ import annotations

from cabinet.inputs.actions import InputEvent

from .cursor import Cursor, Did, Outcome
from .versus import BlocksVersus

MOVE_FRAMES = 600  # RULES.md's default move timer: 10 s at 60 frames a second


class PlayerHand:
    """One player's game as the cursor uses it: read from the player's :class:`BlocksGame`,
    moved through the match, so every placement attacks, cancels and lands stones."""

    def __init__(self, match: BlocksVersus, player: int):
        self._match = match
        self._player = player

    def __getattr__(self, name):
        # Not a probe: what a hand does not say itself is its player's BlocksGame, read through.
        return getattr(self._match.game(self._player), name)

    @property
    def game_over(self) -> bool:
        """Over for this hand when the player's game is over or the match is decided."""
        return self._match.over or self._match.game(self._player).game_over

    def place(self, slot: int, row: int, col: int):
        return self._match.place(self._player, slot, row, col)

    def rotate(self, slot: int) -> None:
        self._match.rotate(self._player, slot)


class VersusSeat:
    """Player ``player``'s controls and move timer in ``versus``: a
    :class:`~cabinet.games.blocks.pilot.BlocksSeat`."""

    def __init__(self, versus: BlocksVersus, player: int, move_frames: int = MOVE_FRAMES):
        if move_frames < 1:
            raise ValueError(f"the move timer lasts at least one frame, not {move_frames!r}")
        self.versus = versus
        self.player = player
        self.game = PlayerHand(versus, player)
        # The versus screen draws each tray on its player's outer side: player 1's on the left.
        self.cursor = Cursor(tray_side="left" if player == 1 else "right")
        self.cursor.settle(self.game)
        self.move_frames = move_frames
        self.timer = move_frames  # frames left before the pending stones land
        self.busy = False  # a screen sets this while it animates (pilots wait)

    def act(self, event: InputEvent) -> Outcome:
        """Obey one press of this player; a placement restarts the move timer."""
        if not event.pressed or self.game.game_over:
            return Outcome(Did.NONE)
        outcome = self.cursor.apply(event.action, self.game, repeat=event.repeat)
        if outcome.kind is Did.PLACE:
            self.timer = self.move_frames
        return outcome

    def step(self) -> list[tuple[int, int]]:
        """One frame of the move timer; the stones that landed if it ran out on this frame."""
        if self.game.game_over:
            return []
        self.timer -= 1
        if self.timer > 0:
            return []
        self.timer = self.move_frames
        return self.versus.land(self.player)
