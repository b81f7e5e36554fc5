"""The danger level the music follows, from positions whose danger is known."""

import pytest

from cabinet.games.antigravity.danger import music_danger as antigravity_danger
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.blocks.danger import music_danger as blocks_danger
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.danger import versus_danger

EMPTY = ["........"] * 8
SQUARE = ["###", "###", "###"]


def test_an_empty_blocks_board_is_calm():
    assert blocks_danger(BlocksGame.from_text(EMPTY, tray=[["#"], ["##"], SQUARE])) == 0.0


def test_a_blocks_board_where_no_piece_fits_is_the_end():
    checker = ["#.#.#.#.", ".#.#.#.#"] * 4
    game = BlocksGame.from_text(checker, tray=[["##"], ["####"], SQUARE])
    assert game.game_over
    assert blocks_danger(game) == 1.0


def test_one_wrong_move_from_the_end_calls_the_fast_tier():
    # Only single cells fit: the square and the long bar have nowhere to go.
    rows = [
        "#.#.#.#.",
        ".#.#.#.#",
        "#.#.#.#.",
        ".#.#.#.#",
        "#.#.#.#.",
        ".#.#.#.#",
        "#.#.#.#.",
        ".#.#.#..",
    ]
    game = BlocksGame.from_text(rows, tray=[["#"], ["####"], SQUARE])
    assert blocks_danger(game) == 0.9


def test_a_fuller_blocks_board_is_more_dangerous():
    half = ["########"] * 4 + ["........"] * 4
    three_quarters = ["########"] * 6 + ["........"] * 2
    tray = [["#"], ["#"], ["#"]]
    levels = [
        blocks_danger(BlocksGame.from_text(rows, tray=tray))
        for rows in (EMPTY, half, three_quarters)
    ]
    assert levels[0] < levels[1] < levels[2] <= 0.8


def field(column_stack: int, half: int = 6):
    """A field with one column's bottom stack ``column_stack`` blocks high (colours that never match)."""
    colours = "RGBY" * 3
    rows = ["......"] * (2 * half)
    for k in range(column_stack):
        row = 2 * half - 1 - k
        rows[row] = colours[k] + rows[row][1:]
    return rows


def test_an_empty_antigravity_field_is_calm():
    assert antigravity_danger(AntiGravityGame.from_text(field(0), top="RG", bottom="YB")) == 0.0


def test_an_antigravity_column_one_block_from_the_line_is_high():
    levels = [
        antigravity_danger(AntiGravityGame.from_text(field(k), top="RG", bottom="YB"))
        for k in range(7)
    ]
    assert levels[:3] == [0.0, 0.0, 0.0]
    assert levels == sorted(levels)
    assert levels[5] >= 0.7  # one block from the line
    assert levels[6] == 1.0  # at the line: one push from crossing


def test_an_announced_horizon_row_raises_the_danger():
    game = AntiGravityGame.from_text(field(4), top="RG", bottom="YB")
    calm = antigravity_danger(game)
    game.horizon_due = 2
    assert antigravity_danger(game) > calm


def test_versus_follows_the_player_in_more_danger_and_pending_stones():
    assert versus_danger([0.2, 0.6]) == 0.6
    assert versus_danger([0.2, 0.6], pending=[0, 8]) == pytest.approx(0.9)
    assert versus_danger([0.2, 0.6], pending=[4, 0]) == 0.6
    assert versus_danger([0.9, 0.1], pending=[8, 0]) == 1.0
