"""Where the player's hand is in BLOCKS: which tray piece, and where over the board.

The cursor has two places to be. On the *board* it holds the selected piece,
whose box's top-left is (row, col); the stick moves it, A places it. Pushing
right once more when the piece already touches the board's right edge moves the
hand into the *tray* beside the board, where up/down choose a piece and A or
left bring it back onto the board. C changes piece from anywhere.

The cursor turns actions into engine calls; the scene only animates what comes
back. The AI demo and the touch screen steer it through :func:`route`, with the
same actions a player presses.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias

from cabinet.inputs.actions import Action

from .engine import BlocksGame, IllegalMove, piece_fits
from .pieces import SIZE

if TYPE_CHECKING:  # the seat module imports this one
    from .seat import PlayerHand

# The game a cursor moves in: a player's own, or one hand of a versus match.
Hand: TypeAlias = "BlocksGame | PlayerHand"

BOARD, TRAY = "board", "tray"


class Did(str, Enum):
    """What kind of thing one cursor action did."""

    MOVE = "move"  # the piece moved over the board
    EDGE = "edge"  # pushed against the board's edge: nothing moved
    SELECT = "select"  # another tray piece is held
    TRAY = "tray"  # the hand went into the tray
    BOARD = "board"  # the hand came back onto the board
    ROTATE = "rotate"  # the held piece turned
    REFUSED = "refused"  # a turn that does not fit, or rotation is off
    PLACE = "place"  # the piece went down (``result`` says what it did)
    INVALID = "invalid"  # A where the piece does not fit
    NONE = "none"  # an action that means nothing here


@dataclass
class Outcome:
    """What one action did, for the scene to animate and sound."""

    kind: Did
    result: object = None  # the engine's PlaceResult after a PLACE


@dataclass
class Cursor:
    slot: int = 0
    row: int = 2
    col: int = 2
    focus: str = BOARD
    tray_side: str = (
        "right"  # where the tray is drawn: pushing that way past the board's edge enters it
    )

    @property
    def to_tray(self) -> Action:
        """The push that goes from the board's edge into the tray."""
        return Action.RIGHT if self.tray_side == "right" else Action.LEFT

    @property
    def to_board(self) -> Action:
        """The push that goes from the tray back to the board."""
        return Action.LEFT if self.tray_side == "right" else Action.RIGHT

    def copy(self) -> Cursor:
        return replace(self)

    # ----------------------------------------------------------------- actions
    def apply(self, action: Action, game: Hand, repeat: bool = False) -> Outcome:
        """Obey one press. ``repeat`` marks auto-repeat, which never leaves the board."""
        if game.game_over:
            return Outcome(Did.NONE)
        self.settle(game)
        if action is Action.C:
            return self._change_piece(game)
        if self.focus == TRAY:
            return self._in_tray(action, game)
        if action is Action.A:
            return self._place(game)
        if action is Action.B:
            return self._rotate(game)
        moves = {
            Action.LEFT: (0, -1),
            Action.RIGHT: (0, 1),
            Action.UP: (-1, 0),
            Action.DOWN: (1, 0),
        }
        if action not in moves:
            return Outcome(Did.NONE)
        d_row, d_col = moves[action]
        height, width = game.piece_size(self.slot)
        row, col = self.row + d_row, self.col + d_col
        if 0 <= row <= SIZE - height and 0 <= col <= SIZE - width:
            self.row, self.col = row, col
            return Outcome(Did.MOVE)
        if action is self.to_tray and not repeat:
            self.focus = TRAY
            return Outcome(Did.TRAY)
        return Outcome(Did.EDGE)

    def settle(self, game: Hand) -> None:
        """Keep the cursor on a piece that exists and inside the board."""
        if game.game_over or not any(game.tray):
            return
        if game.tray[self.slot] is None:
            self._next_piece(game, +1)
        height, width = game.piece_size(self.slot)
        self.row = max(0, min(self.row, SIZE - height))
        self.col = max(0, min(self.col, SIZE - width))

    # ----------------------------------------------------------------- inner workings
    def _next_piece(self, game: Hand, step: int) -> Outcome:
        for offset in range(1, 4):
            slot = (self.slot + step * offset) % 3
            if game.tray[slot] is not None:
                changed = slot != self.slot
                self.slot = slot
                self.settle(game)
                return Outcome(Did.SELECT if changed else Did.NONE)
        return Outcome(Did.NONE)

    def _change_piece(self, game: Hand) -> Outcome:
        """C: the next piece of the tray; on the board it comes to the legal spot nearest
        where the hand was, so its ghost starts green wherever the piece fits at all."""
        height, width = game.piece_size(self.slot)
        centre = (self.row + height / 2, self.col + width / 2)
        outcome = self._next_piece(game, +1)
        if outcome.kind is Did.SELECT and self.focus == BOARD:
            self._go_near(game, centre)
        return outcome

    def _in_tray(self, action: Action, game: Hand) -> Outcome:
        if action is Action.UP:
            return self._next_piece(game, -1)
        if action is Action.DOWN:
            return self._next_piece(game, +1)
        if action in (Action.A, self.to_board):
            self.focus = BOARD
            _height, width = game.piece_size(self.slot)
            self.col = SIZE - width if self.tray_side == "right" else 0  # back at the tray's side
            self.settle(game)
            return Outcome(Did.BOARD)
        return Outcome(Did.NONE)

    def _place(self, game: Hand) -> Outcome:
        height, width = game.piece_size(self.slot)
        centre = (self.row + height / 2, self.col + width / 2)
        try:
            result = game.place(self.slot, self.row, self.col)
        except IllegalMove:
            return Outcome(Did.INVALID)
        self._take_first_piece(game, centre)
        return Outcome(Did.PLACE, result)

    def _take_first_piece(self, game: Hand, centre: tuple[float, float]) -> None:
        """After a placement: the first piece left in the tray that fits somewhere, at the
        legal spot whose centre is nearest ``centre`` (where the hand just was), so its
        ghost starts green. A piece that fits only once turned comes after one that fits
        as it is; the first piece left when the game is over."""
        if game.game_over or not any(game.tray):
            return
        self.slot = _first_fitting(game)
        self._go_near(game, centre)

    def _go_near(self, game: Hand, centre: tuple[float, float]) -> None:
        """To the legal spot of the held piece whose centre is nearest ``centre`` (none: stay)."""
        height, width = game.piece_size(self.slot)
        spots = game.legal_positions(self.slot)
        if spots:

            def distance(spot):
                d_row = spot[0] + height / 2 - centre[0]
                d_col = spot[1] + width / 2 - centre[1]
                return d_row * d_row + d_col * d_col, spot

            self.row, self.col = min(spots, key=distance)
        self.settle(game)

    def _rotate(self, game: Hand) -> Outcome:
        try:
            game.rotate(self.slot)
        except ValueError:
            return Outcome(Did.REFUSED)
        self.settle(game)
        return Outcome(Did.ROTATE)


def _first_fitting(game: Hand) -> int:
    """The first tray slot whose piece fits as it is turned now, else the first that
    fits in some turn, else the first piece left."""
    pieces = {slot: piece for slot in range(3) if (piece := game.tray[slot]) is not None}
    left = list(pieces)
    as_is = next((slot for slot in left if game.legal_positions(slot)), None)
    if as_is is not None:
        return as_is
    return next(
        (slot for slot in left if piece_fits(game.board, pieces[slot], game.rotation)), left[0]
    )


def route(
    cursor: Cursor, game: Hand, slot: int, row: int, col: int, turns: int = 0
) -> list[Action]:
    """The presses that take ``cursor`` to place ``slot`` at (row, col) after ``turns``.

    The piece travels over empty cells where it can, as a good player's hand would:
    a detour of a few cells is taken rather than cross a spot where the piece does not
    fit (its ghost would show red). Worked out on copies, so neither the cursor nor the
    game changes. The last action is A; the list is empty when the target cannot be reached.
    """
    hand, sim = cursor.copy(), game.copy()
    actions: list[Action] = []

    def press(action: Action) -> None:
        actions.append(action)
        hand.apply(action, sim)

    hand.settle(sim)
    if hand.focus == TRAY:
        press(hand.to_board)
    for _ in range(3):
        if hand.slot == slot:
            break
        press(Action.C)
    for _ in range(turns % 4):
        press(Action.B)
    if hand.slot == slot and sim.tray[slot] is not None:
        for action in _clear_path(sim, slot, (hand.row, hand.col), (row, col)):
            press(action)
    if (hand.slot, hand.row, hand.col, hand.focus) != (slot, row, col, BOARD):
        return []
    actions.append(Action.A)
    return actions


# Crossing one spot where the piece does not fit costs as much as this many steps of detour.
CROSSING_COST = 12
STEPS = ((Action.DOWN, 1, 0), (Action.UP, -1, 0), (Action.RIGHT, 0, 1), (Action.LEFT, 0, -1))


def _clear_path(
    game: Hand, slot: int, start: tuple[int, int], goal: tuple[int, int]
) -> list[Action]:
    """The cheapest presses from ``start`` to ``goal`` for the slot's piece as it is turned:
    a step costs 1, a step onto a spot where the piece does not fit :data:`CROSSING_COST`
    more. Empty when ``goal`` lies outside the board for this piece."""
    height, width = game.piece_size(slot)
    rows, cols = SIZE - height + 1, SIZE - width + 1
    if not (0 <= goal[0] < rows and 0 <= goal[1] < cols):
        return []
    best = {start: 0}
    came: dict[tuple[int, int], tuple[tuple[int, int], Action]] = {}
    frontier = [(0, start)]
    while frontier:
        cost, here = heapq.heappop(frontier)
        if here == goal:
            break
        if cost > best[here]:
            continue
        for action, d_row, d_col in STEPS:
            there = (here[0] + d_row, here[1] + d_col)
            if not (0 <= there[0] < rows and 0 <= there[1] < cols):
                continue
            step = 1 if game.can_place(slot, *there) else 1 + CROSSING_COST
            if cost + step < best.get(there, cost + step + 1):
                best[there] = cost + step
                came[there] = (here, action)
                heapq.heappush(frontier, (cost + step, there))
    path = []
    while goal != start:
        goal, action = came[goal]
        path.append(action)
    return path[::-1]
