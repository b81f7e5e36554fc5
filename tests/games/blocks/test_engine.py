"""BLOCKS engine: every clause of RULES.md Game 1, determinism and random-play invariants."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.games.blocks.engine import BlocksGame, IllegalMove
from cabinet.games.blocks.pieces import PIECE_SETS
from cabinet.settings.schema import BlocksSettings

EMPTY = ["........"] * 8
SINGLE = ["#"]
I4 = ["####"]
I5 = ["#####"]
J = ["#..", "###"]


def state(game):
    """Everything observable about a game, the next trays included."""
    future = game.copy()
    return (
        game.to_text(),
        game.tray_text(),
        game.score,
        game.streak,
        game.placements,
        game.game_over,
        future._rng.random(),
    )


# ------------------------------------------------------------------ pieces

# RULES.md's list, written out by hand: every orientation is its own entry.
TETROMINO_SHAPES = [
    ["####"],
    ["#", "#", "#", "#"],
    ["##", "##"],
    ["###", ".#."],
    [".#.", "###"],
    ["#.", "##", "#."],
    [".#", "##", ".#"],
    [".##", "##."],
    ["#.", "##", ".#"],
    ["##.", ".##"],
    [".#", "##", "#."],
    ["#..", "###"],
    ["###", "..#"],
    ["##", "#.", "#."],
    [".#", ".#", "##"],
    ["..#", "###"],
    ["###", "#.."],
    ["#.", "#.", "##"],
    ["##", ".#", ".#"],
]
EXTRA_SHAPES = [
    ["#"],
    ["##"],
    ["#", "#"],
    ["###"],
    ["#", "#", "#"],
    ["##", "#."],
    ["##", ".#"],
    [".#", "##"],
    ["#.", "##"],
    ["#####"],
    ["#", "#", "#", "#", "#"],
    ["###", "###"],
    ["##", "##", "##"],
    ["###", "###", "###"],
    ["###", "#..", "#.."],
    ["###", "..#", "..#"],
    ["..#", "..#", "###"],
    ["#..", "#..", "###"],
]


def shapes(pieces):
    return sorted(tuple(p.text()) for p in pieces)


def test_classic_set_is_the_37_listed_entries():
    classic = PIECE_SETS["classic"]
    assert len(classic) == 37
    assert shapes(classic) == sorted(tuple(s) for s in TETROMINO_SHAPES + EXTRA_SHAPES)


def test_tetromino_set_is_the_19_tetromino_entries():
    tetromino = PIECE_SETS["tetromino"]
    assert len(tetromino) == 19
    assert shapes(tetromino) == sorted(tuple(s) for s in TETROMINO_SHAPES)


@pytest.mark.parametrize("piece_set", ["classic", "tetromino"])
def test_trays_are_drawn_from_the_chosen_set_only(piece_set):
    allowed = {tuple(p.text()) for p in PIECE_SETS[piece_set]}
    seen = set()
    for seed in range(60):
        for piece in BlocksGame(seed=seed, piece_set=piece_set).tray_text():
            seen.add(tuple(piece))
    assert seen <= allowed
    assert len(seen) > len(allowed) // 2  # draws cover the set, not one corner of it


def test_unknown_piece_set_is_refused():
    with pytest.raises(ValueError, match="piece set"):
        BlocksGame(piece_set="pentomino")


# ------------------------------------------------------------------ a move


def test_place_fills_the_cells_below_the_top_left_corner():
    game = BlocksGame.from_text(EMPTY, tray=[J, SINGLE, SINGLE])
    result = game.place(0, 2, 3)
    assert result.cells == ((2, 3), (3, 3), (3, 4), (3, 5))
    assert game.to_text()[2:4] == ["...#....", "...###.."]
    assert result.points == 4 and game.score == 4
    assert game.tray_text() == [None, SINGLE, SINGLE]
    assert game.placements == 1


@pytest.mark.parametrize(
    "slot,row,col,why",
    [
        (0, 0, 5, "stick out"),  # I4 from col 5 reaches col 8
        (0, 8, 0, "stick out"),
        (0, -1, 0, "stick out"),
        (1, 0, 0, "overlaps"),  # the single cell on a filled cell
        (2, 3, 3, "empty"),  # slot 2 is already used
    ],
)
def test_illegal_move_raises_and_changes_nothing(slot, row, col, why):
    rows = ["#......."] + EMPTY[1:]
    game = BlocksGame.from_text(rows, tray=[I4, SINGLE, None], seed=5)
    before = state(game)
    assert not game.can_place(slot, row, col)
    with pytest.raises(IllegalMove, match=why):
        game.place(slot, row, col)
    assert state(game) == before


@pytest.mark.parametrize("slot", [3, -1, "0", None, True])
def test_bad_slot_is_a_value_error(slot):
    game = BlocksGame(seed=1)
    before = state(game)
    with pytest.raises(ValueError, match="slot"):
        game.place(slot, 0, 0)
    assert state(game) == before


@pytest.mark.parametrize(
    "rows,tray",
    [
        (EMPTY[:7], None),  # 7 rows
        (["........."] + EMPTY[1:], None),  # 9 columns
        ("........" * 8, None),  # not a list of rows
        (EMPTY, [SINGLE, SINGLE]),  # two slots
        (EMPTY, [["#.#"], None, None]),  # not a piece of the game
        (EMPTY, [["##", "#"], None, None]),  # ragged piece
        (EMPTY, [[".#"], None, None]),  # not cut to its box
    ],
)
def test_malformed_text_is_a_value_error(rows, tray):
    with pytest.raises(ValueError):
        BlocksGame.from_text(rows, tray=tray)


def test_text_round_trip_accepts_any_character_as_filled():
    rows = ["X......."] + EMPTY[1:7] + ["......@#"]
    game = BlocksGame.from_text(rows, tray=[["@@", "@@"], None, J])
    assert game.to_text() == ["#......."] + EMPTY[1:7] + ["......##"]
    assert game.tray_text() == [["##", "##"], None, J]
    assert game.cell(0, 0) and game.cell(7, 7) and not game.cell(3, 3)
    assert game.piece_cells(2) == [(0, 0), (1, 0), (1, 1), (1, 2)]
    assert game.piece_size(2) == (2, 3)


# ------------------------------------------------------------------ rotation


def test_rotate_turns_clockwise_and_four_turns_come_back():
    game = BlocksGame.from_text(EMPTY, tray=[J, None, None], rotation=True)
    game.rotate(0)
    assert game.tray_text()[0] == ["##", "#.", "#."]
    game.rotate(0)
    assert game.tray_text()[0] == ["###", "..#"]
    game.rotate(0)
    game.rotate(0)
    assert game.tray_text()[0] == J


def test_rotate_is_refused_when_rotation_is_off():
    game = BlocksGame.from_text(EMPTY, tray=[J, None, None], rotation=False)
    before = state(game)
    with pytest.raises(ValueError, match="rotation"):
        game.rotate(0)
    assert state(game) == before


# ------------------------------------------------------------------ clearing and gravity


def test_gravity_rules_example_rows_7_and_5_cleared():
    rows = [
        "........",
        "........",
        "#.......",  # row 2 -> row 4
        "........",
        "........",
        "#######.",  # cleared
        ".#......",  # row 6 -> row 7
        "#######.",
    ]  # cleared
    game = BlocksGame.from_text(rows, tray=[["#", "#", "#"], SINGLE, None], gravity=True)
    result = game.place(0, 5, 7)
    assert result.rows == (5, 7) and result.cols == ()
    # the I3's cell in row 6 was not cleared: it falls with its row
    assert game.to_text() == EMPTY[:4] + ["#.......", "........", "........", ".#.....#"]
    assert set(result.drops) == {(6, 7), (2, 4)}


def test_gravity_off_moves_nothing_after_a_row_clear():
    rows = EMPTY[:2] + ["#.......", "........", "........", "#######.", ".#......", "#######."]
    game = BlocksGame.from_text(rows, tray=[["#", "#", "#"], SINGLE, None], gravity=False)
    result = game.place(0, 5, 7)
    assert result.rows == (5, 7) and result.drops == ()
    assert game.to_text() == EMPTY[:2] + [
        "#.......",
        "........",
        "........",
        "........",
        ".#.....#",
        "........",
    ]


def test_column_clears_move_nothing_even_with_gravity():
    rows = ["..#....."] * 7 + ["........"]
    rows[3] = "..#..#.."
    game = BlocksGame.from_text(rows, tray=[SINGLE, SINGLE, None], gravity=True)
    result = game.place(0, 7, 2)
    assert result.cols == (2,) and result.rows == () and result.drops == ()
    assert game.to_text() == EMPTY[:3] + [".....#.."] + EMPTY[4:]


def test_row_and_column_crossing_scores_300():
    rows = ["...#...."] * 8
    rows[3] = "###.####"
    rows[0] = "#..#...."  # a cell that stays, so this is no wipe-out
    game = BlocksGame.from_text(rows, tray=[SINGLE, SINGLE, None], gravity=False)
    result = game.place(0, 3, 3)
    assert result.rows == (3,) and result.cols == (3,)
    assert len(result.cleared) == 15  # N = 15 distinct cells, L = 2 lines
    assert result.points == 1 + 300 and not result.wipe_out
    assert game.to_text() == ["#......."] + EMPTY[1:]


def test_one_row_scores_80_on_top_of_the_cells():
    rows = EMPTY[:6] + ["#.......", "####.###"]
    game = BlocksGame.from_text(rows, tray=[SINGLE, SINGLE, None], gravity=False)
    result = game.place(0, 7, 4)
    assert result.points == 1 + 80 and not result.wipe_out


def test_streak_multiplies_and_resets():
    rows = EMPTY[:4] + [".#######"] * 4
    game = BlocksGame.from_text(rows, tray=[SINGLE, SINGLE, SINGLE], gravity=False)
    assert game.place(0, 7, 0).points == 1 + 80 * 1  # first clearing move: streak 0
    assert game.streak == 1
    assert game.place(1, 6, 0).points == 1 + 80 * 2
    assert game.streak == 2
    last = game.place(2, 0, 0)  # clears nothing
    assert last.points == 1 and last.streak == 0 and game.streak == 0

    game = BlocksGame.from_text(rows, tray=[SINGLE, SINGLE, SINGLE], gravity=False, streak=2)
    assert game.place(0, 7, 0).points == 1 + 80 * 3
    assert game.place(1, 0, 0).points == 1 and game.streak == 0
    assert game.place(2, 6, 0).points == 1 + 80 * 1  # counted afresh after the reset


def test_wipe_out_earns_1000():
    rows = EMPTY[:7] + ["#######."]
    game = BlocksGame.from_text(rows, tray=[SINGLE, SINGLE, None])
    result = game.place(0, 7, 7)
    assert result.wipe_out
    assert result.points == 1 + 80 + 1000
    assert game.to_text() == EMPTY


# ------------------------------------------------------------------ tray and game over


def test_no_refresh_while_one_or_two_pieces_remain():
    game = BlocksGame.from_text(EMPTY, tray=[SINGLE, J, I4], seed=9)
    assert not game.place(0, 0, 0).refreshed
    assert game.tray_text() == [None, J, I4]
    assert not game.place(2, 7, 0).refreshed
    assert game.tray_text() == [None, J, None]
    result = game.place(1, 3, 3)
    assert result.refreshed
    assert all(piece is not None for piece in game.tray_text())


def test_no_refresh_when_the_last_piece_does_not_fit():
    rows = [".#.#.#.#", "#.#.#.#."] * 4  # no two empty cells side by side
    game = BlocksGame.from_text(rows, tray=[SINGLE, ["##"], None])
    result = game.place(0, 0, 0)
    assert result.game_over and game.game_over and not result.refreshed
    assert game.tray_text() == [None, ["##"], None]


# filled diagonals leave runs of two; column 0's rows 4-7 are the only run of four
ONLY_VERTICAL_FOUR = [
    "".join("#" if (r + c) % 3 == 0 and (r, c) != (6, 0) else "." for c in range(8))
    for r in range(8)
]


def test_game_over_when_no_remaining_piece_fits_without_rotation():
    game = BlocksGame.from_text(ONLY_VERTICAL_FOUR, tray=[I4, None, None], rotation=False)
    assert game.game_over
    with pytest.raises(ValueError, match="over"):
        game.place(0, 4, 0)


def test_a_piece_that_fits_only_turned_keeps_the_game_going_with_rotation():
    game = BlocksGame.from_text(ONLY_VERTICAL_FOUR, tray=[I4, None, None], rotation=True)
    assert not game.game_over
    assert game.legal_positions(0) == []
    game.rotate(0)
    assert game.legal_positions(0) == [(4, 0)]
    game.place(0, 4, 0)


def test_game_over_from_text_and_after_a_move():
    game = BlocksGame.from_text(ONLY_VERTICAL_FOUR, tray=[I5, I4, None], rotation=True)
    assert not game.game_over
    game.rotate(1)
    game.place(1, 4, 0)  # column 0 filled; I5 fits nowhere, whatever its turn
    assert game.game_over
    with pytest.raises(ValueError, match="over"):
        game.rotate(0)


def test_full_board_text_gives_game_over_and_empty_tray_is_drawn():
    rows = [".#.#.#.#", "#.#.#.#."] * 4
    assert BlocksGame.from_text(rows, tray=[J, None, None]).game_over
    drawn = BlocksGame.from_text(EMPTY, tray=[None, None, None], seed=4)
    assert drawn.tray_text() == BlocksGame(seed=4).tray_text()
    assert not drawn.game_over


# ------------------------------------------------------------------ determinism, copies, settings


def play_first_fits(game, moves):
    """Play up to ``moves`` placements, each the first legal one found."""
    log = []
    while not game.game_over and len(log) < moves:
        slot = next(s for s in range(3) if game.tray[s] and game.legal_positions(s))
        row, col = game.legal_positions(slot)[len(log) % len(game.legal_positions(slot))]
        log.append(game.place(slot, row, col))
    return log


def test_same_seed_and_moves_give_the_same_game():
    a, b = BlocksGame(seed=42), BlocksGame(seed=42)
    assert play_first_fits(a, 40) == play_first_fits(b, 40)
    assert state(a) == state(b)


def test_different_seeds_draw_different_trays():
    trays = {tuple(map(tuple, BlocksGame(seed=s).tray_text())) for s in range(10)}
    assert len(trays) > 5


def test_copy_is_independent_and_draws_the_same_future():
    game = BlocksGame(seed=3)
    twin = game.copy()
    before = state(game)
    play_first_fits(twin, 10)
    assert state(game) == before
    assert play_first_fits(game, 10) == play_first_fits(BlocksGame(seed=3), 10)


def test_from_settings_takes_rules_from_the_settings():
    game = BlocksGame.from_settings(
        BlocksSettings(piece_set="tetromino", rotation=True, gravity=False), seed=7
    )
    assert (game.piece_set, game.rotation, game.gravity, game.seed) == ("tetromino", True, False, 7)


# ------------------------------------------------------------------ random play never breaks the board


def fits_somewhere(board_rows, cells):
    """Brute force over cells, independent of the engine's masks."""
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    return any(
        all(board_rows[r + dr][c + dc] == "." for dr, dc in cells)
        for r in range(9 - height)
        for c in range(9 - width)
    )


def turns_of(cells):
    result = [cells]
    for _ in range(3):
        h = max(r for r, _ in cells) + 1
        cells = sorted((c, h - 1 - r) for r, c in cells)
        result.append(cells)
    return result


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    rotation=st.booleans(),
    gravity=st.booleans(),
    piece_set=st.sampled_from(["classic", "tetromino"]),
    data=st.data(),
)
def test_random_legal_play_never_yields_an_impossible_board(
    seed, rotation, gravity, piece_set, data
):
    game = BlocksGame(seed=seed, rotation=rotation, gravity=gravity, piece_set=piece_set)
    allowed = {tuple(p.text()) for p in PIECE_SETS[piece_set]}
    for _ in range(40):
        if game.game_over:
            break
        slot = data.draw(st.sampled_from([s for s in range(3) if game.tray[s]]))
        if rotation:
            for _ in range(data.draw(st.integers(0, 3))):
                game.rotate(slot)
        positions = game.legal_positions(slot)
        if not positions:
            continue
        row, col = data.draw(st.sampled_from(positions))
        score, size = game.score, len(game.piece_cells(slot))
        result = game.place(slot, row, col)

        assert 0 <= game.board < 1 << 64
        rows = game.to_text()
        assert all(set(line) <= {"#", "."} for line in rows)
        assert "########" not in rows
        assert all(any(line[c] == "." for line in rows) for c in range(8))
        assert game.score == score + result.points >= score + size
        tray = game.tray_text()
        assert all(piece is None or (rotation or tuple(piece) in allowed) for piece in tray)
        assert result.refreshed == all(piece is not None for piece in tray)
        fits = any(
            fits_somewhere(rows, cells)
            for piece in tray
            if piece is not None
            for cells in (
                turns_of(game.piece_cells(tray.index(piece)))
                if rotation
                else [game.piece_cells(tray.index(piece))]
            )
        )
        assert game.game_over == (not fits)


@pytest.mark.parametrize("row,col", [(True, 0), (0, False), (1.0, 0), ("1", 0)])
def test_position_must_be_a_whole_number_not_a_bool_or_text(row, col):
    game = BlocksGame.from_text(EMPTY, tray=[SINGLE, SINGLE, SINGLE], seed=5)
    before = state(game)
    with pytest.raises(ValueError):
        game.place(0, row, col)
    assert state(game) == before


# ------------------------------------------------------------------ memory over months


def test_placing_keeps_nothing_per_placement():
    """A placement's cells (the piece's, the cleared lines') are worked out afresh: a cache of
    them, keyed by where each piece went and what it cleared, kept filling for hours of attract
    mode. Whole games leave every cache of the BLOCKS rules as it was."""
    import sys

    def cache_sizes():
        return {
            f"{name}.{attr}": value.cache_info().currsize
            for name, module in list(sys.modules.items())
            if name.startswith("cabinet.games.blocks")
            for attr, value in vars(module).items()
            if hasattr(value, "cache_info")
        }

    play_first_fits(BlocksGame(seed=1), 200)  # anything a first game fills once and for all
    before = cache_sizes()
    for seed in range(2, 8):
        assert len(play_first_fits(BlocksGame(seed=seed), 200)) > 5
    assert cache_sizes() == before
