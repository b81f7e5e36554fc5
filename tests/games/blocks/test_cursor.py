"""The BLOCKS hand after a placement: which tray piece it takes up."""

from cabinet.games.blocks.cursor import Cursor, route
from cabinet.games.blocks.engine import BlocksGame
from cabinet.inputs.actions import Action

# Empty runs of at most two cells in a row, and column 0 empty top to bottom:
# a 1x5 bar fits only standing up, a 3x3 square nowhere, a single almost anywhere.
NARROW = [".#.#.#.#", "..#.#.#."] * 4
BAR, SQUARE, SINGLE = ["#####"], ["###", "###", "###"], ["#"]


def place_single_at(game: BlocksGame, row: int, col: int) -> Cursor:
    cursor = Cursor(slot=1, row=row, col=col)
    assert cursor.apply(Action.A, game).kind.value == "place"
    return cursor


def test_after_a_placement_the_hand_takes_the_first_piece_left_that_fits():
    game = BlocksGame.from_text(NARROW, tray=[BAR, SINGLE, SINGLE])
    cursor = place_single_at(game, 0, 0)
    assert not game.legal_positions(0), "the bar, first in the tray, fits nowhere"
    assert cursor.slot == 2
    assert game.can_place(2, cursor.row, cursor.col), "its ghost starts green"


def test_a_piece_that_fits_only_turned_comes_after_one_that_fits_as_it_is():
    game = BlocksGame.from_text(NARROW, tray=[BAR, SINGLE, SINGLE], rotation=True)
    assert place_single_at(game, 0, 0).slot == 2


def test_a_piece_that_fits_once_turned_comes_before_one_that_fits_nowhere():
    game = BlocksGame.from_text(NARROW, tray=[SQUARE, SINGLE, BAR], rotation=True)
    assert place_single_at(game, 0, 0).slot == 2


def walk(cursor: Cursor, game: BlocksGame, presses) -> list[tuple[int, int]]:
    """Where the held piece stands after each press but the last (A)."""
    spots = []
    for action in presses[:-1]:
        cursor.apply(action, game)
        spots.append((cursor.row, cursor.col))
    return spots


def test_a_route_goes_round_filled_cells_where_a_way_over_empty_ones_exists():
    # A wall across the middle with a gap at the right: the straight way down crosses it.
    rows = ["........"] * 3 + ["#######.", "#######."] + ["........"] * 3
    game = BlocksGame.from_text(rows, tray=[["##"], SINGLE, SINGLE])
    cursor = Cursor(slot=1, row=0, col=0)
    presses = route(cursor, game, 1, 7, 0)
    assert presses[-1] is Action.A
    spots = walk(cursor.copy(), game, presses)
    assert spots[-1] == (7, 0)
    assert all(game.can_place(1, *spot) for spot in spots), spots


def test_c_brings_the_next_piece_to_the_legal_spot_nearest_the_hand():
    rows = ["........"] * 4 + ["####....", "####....", "####....", "####...."]
    game = BlocksGame.from_text(rows, tray=[SINGLE, ["##", "##"], SINGLE])
    cursor = Cursor(slot=0, row=6, col=1)
    assert cursor.apply(Action.C, game).kind.value == "select"
    assert cursor.slot == 1 and game.can_place(1, cursor.row, cursor.col), "its ghost starts green"
    assert (cursor.row, cursor.col) == (2, 0), "the nearest spot where the square fits"
