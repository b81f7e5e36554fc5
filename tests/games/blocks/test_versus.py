"""BLOCKS versus engine: every clause of RULES.md "BLOCKS versus", on hand-made boards."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.games.blocks.ai import BlocksAI
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.blocks.versus import BlocksVersus

EMPTY = ["........"] * 8
SINGLE = ["#"]
TRAY_OF_SINGLES = [SINGLE, SINGLE, SINGLE]
VERTICAL = {1: ["#"], 2: ["#", "#"], 3: ["#"] * 3, 4: ["#"] * 4, 5: ["#"] * 5}


def lines_board(rows: int, column: bool, extra: bool = True) -> list[str]:
    """The bottom ``rows`` rows full but for column 7; with ``column``, column 7 full above
    them; with ``extra``, a cell at (0, 0) that no clear removes (so no wipe-out).
    A vertical piece of ``rows`` cells at (8 - rows, 7) then clears rows + (1 if column) lines."""
    grid = [["."] * 8 for _ in range(8)]
    for r in range(8 - rows, 8):
        for c in range(7):
            grid[r][c] = "#"
    if column:
        for r in range(8 - rows):
            grid[r][7] = "#"
    if extra:
        grid[0][0] = "#"
    return ["".join(line) for line in grid]


def clearing_match(
    rows: int, column: bool, streak: int = 0, pending=(0, 0), extra: bool = True, **options
) -> BlocksVersus:
    """Player 1 to clear with ``VERTICAL[rows]`` in slot 0 at (8 - rows, 7)."""
    return BlocksVersus.from_text(
        boards=(lines_board(rows, column, extra), EMPTY),
        trays=([VERTICAL[rows], SINGLE, SINGLE], TRAY_OF_SINGLES),
        pending=pending,
        streaks=(streak, 0),
        **options,
    )


def two_per_line() -> list[str]:
    """Full but for (r, r) and (r, r+1 mod 8): every row and column has two empty cells."""
    grid = [["#"] * 8 for _ in range(8)]
    for r in range(8):
        grid[r][r] = grid[r][(r + 1) % 8] = "."
    return ["".join(line) for line in grid]


def state(match: BlocksVersus):
    """Everything observable about a match, the next trays and stone cells included."""
    out = [match.winner]
    for player in (1, 2):
        game = match.game(player).copy()
        out += [
            game.to_text(),
            game.tray_text(),
            game.score,
            game.streak,
            game.placements,
            game.game_over,
            match.pending(player),
            game._rng.random(),
            game._stone_rng.random(),
        ]
    return out


def stones_of(rows: list[str]) -> set[tuple[int, int]]:
    return {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "+"}


# ------------------------------------------------------------------ attack


@pytest.mark.parametrize(
    "rows,column,lines,attack",
    [
        (1, False, 1, 1),
        (1, True, 2, 2),
        (2, True, 3, 4),
        (3, True, 4, 6),
        (4, True, 5, 8),
        (5, True, 6, 8),
        (2, False, 2, 2),
    ],
)
def test_attack_follows_the_lines_table(rows, column, lines, attack):
    match = clearing_match(rows, column)
    result = match.place(1, 0, 8 - rows, 7)
    assert len(result.rows) + len(result.cols) == lines
    assert not result.wipe_out
    assert result.attack == attack and result.cancelled == 0
    assert match.pending(2) == attack and match.pending(1) == 0


@pytest.mark.parametrize("streak,attack", [(0, 1), (1, 2), (3, 4), (4, 5), (5, 5), (9, 5)])
def test_streak_adds_to_the_attack_up_to_four(streak, attack):
    match = clearing_match(1, False, streak=streak)
    assert match.place(1, 0, 7, 7).attack == attack
    assert match.game(1).streak == streak + 1


def test_a_move_that_clears_nothing_attacks_with_zero_even_on_a_streak():
    match = clearing_match(1, False, streak=3)
    result = match.place(1, 1, 3, 3)
    assert result.attack == 0 and match.pending(2) == 0 and match.game(1).streak == 0


def test_wipe_out_adds_six():
    match = clearing_match(1, False, streak=2, extra=False)
    result = match.place(1, 0, 7, 7)
    assert result.wipe_out and match.game(1).to_text() == EMPTY
    assert result.attack == 1 + 2 + 6


@pytest.mark.parametrize(
    "percent,rows,column,streak,attack",
    [
        (100, 2, True, 1, 5),  # 4 + 1
        (150, 2, True, 1, 7),  # 5 * 150 // 100 = 7 (7.5 rounds down)
        (50, 2, True, 1, 2),  # 2.5 -> 2
        (50, 1, False, 0, 0),  # 0.5 -> 0: a weak player's single line sends nothing
        (200, 1, False, 0, 2),
        (133, 3, True, 0, 7),  # 6 * 133 // 100 = 7 (7.98)
    ],
)
def test_handicap_scales_the_attack_rounding_down(percent, rows, column, streak, attack):
    match = clearing_match(rows, column, streak=streak, attack_percent=(percent, 100))
    assert match.place(1, 0, 8 - rows, 7).attack == attack
    assert match.pending(2) == attack


def test_handicap_is_per_player():
    match = BlocksVersus.from_text(
        boards=(lines_board(1, False), lines_board(1, False)),
        trays=([SINGLE] * 3, [SINGLE] * 3),
        attack_percent=(50, 200),
    )
    assert match.place(1, 0, 7, 7).attack == 0
    assert match.place(2, 0, 7, 7).attack == 2


# ------------------------------------------------------------------ cancelling


@pytest.mark.parametrize(
    "pending,attack,cancelled,left,sent",
    [
        (5, 2, 2, 3, 0),  # all of the attack cancels
        (2, 4, 2, 0, 2),  # the rest goes over
        (4, 4, 4, 0, 0),
        (0, 4, 0, 0, 4),
    ],
)
def test_attack_first_cancels_the_movers_own_pending_stones(pending, attack, cancelled, left, sent):
    rows, column = {2: (1, True), 4: (2, True)}[attack]
    match = clearing_match(rows, column, pending=(pending, 1))
    result = match.place(1, 0, 8 - rows, 7)
    assert (result.attack, result.cancelled) == (attack, cancelled)
    assert match.pending(1) == left and match.pending(2) == 1 + sent
    assert result.landed == []  # the clearing move holds the rest back


# ------------------------------------------------------------------ landing


def test_pending_stones_land_on_empty_cells_after_a_move_that_clears_nothing():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), pending=(5, 0), seed=3
    )
    result = match.place(1, 0, 4, 4)
    assert result.attack == 0 and len(result.landed) == 5 and len(set(result.landed)) == 5
    assert (4, 4) not in result.landed
    board = match.game(1).to_text()
    assert stones_of(board) == set(result.landed)
    assert board[4][4] == "#"
    assert match.pending(1) == 0
    assert match.game(2).to_text() == EMPTY


def test_at_most_land_max_stones_land_at_once_the_rest_stay_pending():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), pending=(12, 0)
    )
    assert len(match.place(1, 0, 0, 0).landed) == 8
    assert match.pending(1) == 4
    assert len(match.place(1, 1, 0, 1).landed) == 4 and match.pending(1) == 0

    small = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), pending=(12, 0), land_max=3
    )
    assert len(small.place(1, 0, 0, 0).landed) == 3 and small.pending(1) == 9


def test_where_fewer_cells_are_empty_every_empty_cell_takes_a_stone_and_the_game_ends():
    board = two_per_line()
    match = BlocksVersus.from_text(
        boards=(board, EMPTY),
        trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES),
        pending=(20, 0),
        land_max=16,
    )
    result = match.place(1, 0, 0, 0)
    assert result.rows == () and result.cols == ()
    assert len(result.landed) == 15  # every empty cell left, not 16
    assert match.pending(1) == 5
    assert all("." not in line for line in match.game(1).to_text())  # landing clears nothing
    assert result.game_over and match.game(1).game_over
    assert match.winner == 2


def test_stones_land_before_the_game_over_check_of_the_refreshed_tray():
    board = two_per_line()
    # seed 0's second tray holds no single cell (checked below), so one empty cell cannot take it
    match = BlocksVersus.from_text(
        boards=(board, EMPTY),
        trays=([SINGLE, None, None], TRAY_OF_SINGLES),
        pending=(14, 0),
        land_max=14,
        seed=0,
    )
    result = match.place(1, 0, 0, 0)
    assert result.refreshed and len(result.landed) == 14
    game = match.game(1)
    assert sum(line.count(".") for line in game.to_text()) == 1
    assert all(piece != SINGLE for piece in game.tray_text())
    assert result.game_over and match.winner == 2


def test_a_clearing_move_holds_the_stones_back():
    match = clearing_match(1, False, pending=(6, 0), attack_percent=(50, 100))
    result = match.place(1, 0, 7, 7)
    assert result.attack == 0 and result.landed == []
    assert match.pending(1) == 6
    assert len(match.place(1, 1, 2, 2).landed) == 6  # the next move that clears nothing lands them


def test_the_move_timer_lands_pending_stones_up_to_the_limit():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), pending=(0, 10), land_max=8
    )
    assert match.land(1) == []
    landed = match.land(2)
    assert len(landed) == 8 and stones_of(match.game(2).to_text()) == set(landed)
    assert match.pending(2) == 2
    assert len(match.land(2)) == 2 and match.pending(2) == 0
    assert match.game(2).placements == 0 and match.game(2).score == 0  # landing earns nothing


def test_stones_that_fill_the_board_by_timer_end_the_game():
    board = ["#" * 8] * 7 + ["######.."]
    match = BlocksVersus.from_text(
        boards=(EMPTY, board), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), pending=(0, 5)
    )
    assert sorted(match.land(2)) == [(7, 6), (7, 7)]
    assert match.pending(2) == 3
    assert match.game(2).to_text()[7] == "######++"  # a full line, not cleared by landing
    assert match.winner == 1


def test_each_players_stones_come_from_their_own_generator_and_replay_exactly():
    def run():
        match = BlocksVersus.from_text(
            boards=(EMPTY, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), pending=(6, 6), seed=9
        )
        return match.land(1), match.land(2)

    first = run()
    assert first == run()
    assert set(first[0]) != set(first[1])


# ------------------------------------------------------------------ stones on the board


def test_stones_read_as_plus_and_round_trip_through_text():
    rows = ["+......."] + EMPTY[1:7] + ["#+..X..+"]
    match = BlocksVersus.from_text(boards=(rows, EMPTY), trays=(TRAY_OF_SINGLES, None))
    assert match.game(1).to_text() == ["+......."] + EMPTY[1:7] + ["#+..#..+"]
    assert stones_of(match.game(1).to_text()) == {(0, 0), (7, 1), (7, 7)}
    assert not match.game(1).can_place(0, 0, 0)  # a stone fills its cell


def test_lines_stones_complete_clear_at_the_next_placement_and_count_in_l():
    rows = ["#......."] + EMPTY[1:6] + ["#######.", "+++#####"]  # row 7 completed by stones
    match = BlocksVersus.from_text(boards=(rows, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES))
    result = match.place(1, 0, 6, 7)
    assert result.rows == (6, 7) and result.cols == () and result.attack == 2
    assert match.game(1).to_text() == EMPTY[:2] + ["#......."] + EMPTY[3:]  # row 0 fell by two


def test_stones_move_with_gravity_and_go_with_cleared_lines():
    rows = ["..+....."] + EMPTY[1:5] + ["+.......", "......+.", "+######."]
    match = BlocksVersus.from_text(boards=(rows, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES))
    match.place(1, 0, 7, 7)
    after = match.game(1).to_text()
    assert stones_of(after) == {
        (1, 2),
        (6, 0),
        (7, 6),
    }  # each dropped one row; row 7's went with it
    assert after[7] == "......+."


def test_column_clears_remove_stones_and_move_nothing_without_row_clears():
    rows = ["+......+"] + ["+......."] * 6 + [".......+"]
    match = BlocksVersus.from_text(boards=(rows, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES))
    result = match.place(1, 0, 7, 0)
    assert result.cols == (0,) and result.rows == ()
    assert stones_of(match.game(1).to_text()) == {(0, 7), (7, 7)}


def test_without_gravity_stones_stay_put():
    rows = ["..+....."] + EMPTY[1:7] + ["+######."]
    match = BlocksVersus.from_text(
        boards=(rows, EMPTY), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES), gravity=False
    )
    match.place(1, 0, 7, 7)
    assert stones_of(match.game(1).to_text()) == {(0, 2)}


# ------------------------------------------------------------------ the same pieces


def trays_seen(match: BlocksVersus, player: int, count: int, ai_seed: int) -> list:
    """The first ``count`` trays the player sees, played by the casual AI (its seed makes
    two players play differently)."""
    game, ai = match.game(player), BlocksAI(seed=ai_seed, level="casual")
    trays = [game.tray_text()]
    while len(trays) < count:
        move = ai.choose(game)
        if match.place(player, move.slot, move.row, move.col).refreshed:
            trays.append(game.tray_text())
    return trays


def test_same_pieces_gives_each_player_the_same_nth_tray_whoever_is_faster():
    match = BlocksVersus(seed=4)
    first = trays_seen(match, 1, 6, ai_seed=1)  # player 1 plays far ahead
    second = trays_seen(match, 2, 6, ai_seed=2)  # player 2 plays differently, later
    assert first == second
    assert len({str(t) for t in first}) > 1


def test_same_pieces_off_gives_independent_streams():
    match = BlocksVersus(seed=4, same_pieces=False)
    first = trays_seen(match, 1, 4, ai_seed=1)
    second = trays_seen(match, 2, 4, ai_seed=1)
    assert first != second
    again = BlocksVersus(seed=4, same_pieces=False)
    assert trays_seen(again, 2, 4, ai_seed=1) == second


def test_from_text_draws_later_trays_from_the_seed_for_both():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=([SINGLE, None, None], [["##"], SINGLE, None]), seed=7
    )
    match.place(1, 0, 0, 0)
    match.place(2, 0, 0, 0)
    match.place(2, 1, 3, 3)
    assert match.game(1).tray_text() == match.game(2).tray_text()


def test_landing_stones_does_not_change_the_trays():
    calm = BlocksVersus(seed=5)
    stormy = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=(calm.game(1).tray_text(), None), pending=(9, 0), seed=5
    )
    stormy.land(1)
    assert stormy.game(1).tray_text() == calm.game(1).tray_text()


# ------------------------------------------------------------------ winner and refusals


def test_winner_is_set_when_one_game_ends_and_then_every_move_is_refused():
    match = BlocksVersus.from_text(
        boards=(two_per_line(), EMPTY),
        trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES),
        pending=(15, 0),
        land_max=15,
    )
    assert match.winner is None
    result = match.place(1, 0, 0, 0)  # nothing clears; the stones fill every cell left
    assert len(result.landed) == 15 and result.game_over
    assert match.winner == 2
    before = state(match)
    for move in (
        lambda: match.place(2, 0, 0, 0),
        lambda: match.place(1, 1, 0, 0),
        lambda: match.land(2),
        lambda: match.rotate(2, 0),
    ):
        with pytest.raises(ValueError, match="decided"):
            move()
    assert state(match) == before


def test_by_frame_the_other_players_move_still_counts_and_both_over_is_a_draw():
    match = BlocksVersus.from_text(
        boards=(two_per_line(), two_per_line()),
        trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES),
        pending=(15, 15),
        land_max=15,
        by_frame=True,
    )
    assert match.place(1, 0, 0, 0).game_over
    assert not match.over, "nothing is decided before the frame is played out"
    assert match.place(2, 0, 0, 0).game_over, "player 2's move of the same frame is made"
    match.update()
    assert match.over and match.winner is None
    with pytest.raises(ValueError, match="decided: a draw"):
        match.land(1)


def test_a_position_with_one_game_over_is_decided_and_both_over_is_refused():
    full = ["#" * 8] * 8
    match = BlocksVersus.from_text(boards=(EMPTY, full), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES))
    assert match.winner == 1
    with pytest.raises(ValueError):
        match.place(2, 0, 0, 0)
    with pytest.raises(ValueError, match="both"):
        BlocksVersus.from_text(boards=(full, full), trays=(TRAY_OF_SINGLES, TRAY_OF_SINGLES))


@pytest.mark.parametrize(
    "move",
    [
        lambda m: m.place(1, 0, 0, 0),  # on a filled cell
        lambda m: m.place(1, 0, 0, 8),  # off the board
        lambda m: m.place(1, 2, 3, 3),  # empty slot
        lambda m: m.place(3, 0, 3, 3),  # no player 3
        lambda m: m.place(0, 0, 3, 3),
        lambda m: m.rotate(1, 0),  # rotation is off
        lambda m: m.pending(True),
    ],
)
def test_illegal_moves_raise_value_error_and_change_nothing(move):
    rows = ["#......."] + EMPTY[1:]
    match = BlocksVersus.from_text(
        boards=(rows, EMPTY),
        trays=([SINGLE, SINGLE, None], TRAY_OF_SINGLES),
        pending=(3, 2),
        streaks=(1, 0),
    )
    before = state(match)
    with pytest.raises(ValueError):
        move(match)
    assert state(match) == before


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(boards=(EMPTY,)),
        dict(boards=(EMPTY, EMPTY[:7])),
        dict(boards=(EMPTY, EMPTY), trays=([SINGLE], None)),
        dict(boards=(EMPTY, EMPTY), trays=([["#.#"], None, None], None)),
        dict(boards=(EMPTY, EMPTY), pending=(-1, 0)),
        dict(boards=(EMPTY, EMPTY), pending=(0, 1.5)),
        dict(boards=(EMPTY, EMPTY), streaks=(0,)),
        dict(boards=(EMPTY, EMPTY), attack_percent=(49, 100)),
        dict(boards=(EMPTY, EMPTY), attack_percent=(100, 201)),
        dict(boards=(EMPTY, EMPTY), attack_percent=100),
        dict(boards=(EMPTY, EMPTY), land_max=0),
    ],
)
def test_malformed_from_text_is_a_value_error(kwargs):
    with pytest.raises(ValueError):
        BlocksVersus.from_text(**kwargs)


def test_rotation_turns_the_players_own_piece():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY),
        trays=([["####"], SINGLE, SINGLE], [["####"], None, None]),
        rotation=True,
    )
    match.rotate(1, 0)
    assert match.game(1).tray_text()[0] == ["#"] * 4
    assert match.game(2).tray_text()[0] == ["####"]


def test_a_new_match_is_open_with_empty_boards_and_no_pending():
    match = BlocksVersus(seed=1)
    assert match.winner is None
    assert [match.pending(p) for p in (1, 2)] == [0, 0]
    assert isinstance(match.game(1), BlocksGame) and match.game(1).to_text() == EMPTY


# ------------------------------------------------------------------ replays


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    script=st.lists(
        st.tuples(st.sampled_from((1, 2)), st.integers(0, 10**6), st.booleans()), max_size=120
    ),
    same=st.booleans(),
)
def test_the_same_actions_replay_to_the_same_match(seed, script, same):
    def play():
        match = BlocksVersus(seed=seed, same_pieces=same, land_max=5)
        log = []
        for player, choice, timer in script:
            if match.winner is not None:
                break
            if timer:
                log.append(match.land(player))
                continue
            game = match.game(player)
            moves = [(s, rc) for s in range(3) if game.tray[s] for rc in game.legal_positions(s)]
            slot, (row, col) = moves[choice % len(moves)]
            result = match.place(player, slot, row, col)
            log.append((result.attack, result.cancelled, result.landed, result.points))
        return state(match), log

    first = play()
    assert play() == first
    match_state = first[0]
    assert match_state[7] >= 0 and match_state[16] >= 0  # pending never negative


def test_random_matches_keep_the_rules_invariants():
    rng = random.Random(11)
    for seed in range(6):
        match = BlocksVersus(seed=seed, land_max=6, attack_percent=(200, 150))
        while match.winner is None:
            player = rng.choice((1, 2))
            game = match.game(player)
            stones_before = game.stones
            if rng.random() < 0.1:
                landed = match.land(player)
                assert len(landed) <= 6 and not stones_before & _mask(landed)
                continue
            moves = [(s, rc) for s in range(3) if game.tray[s] for rc in game.legal_positions(s)]
            slot, (row, col) = rng.choice(moves)
            pending = match.pending(player)
            result = match.place(player, slot, row, col)
            if result.rows or result.cols:
                assert result.landed == []
            else:
                assert len(result.landed) == min(pending, 6) or result.game_over
            assert game.stones & game.board == game.stones
            assert stones_of(game.to_text()) == set(_cells(game.stones))
        assert match.game(3 - match.winner).game_over is True
        assert match.game(match.winner).game_over is False


def _mask(cells) -> int:
    return sum(1 << (r * 8 + c) for r, c in cells)


def _cells(mask: int):
    return [divmod(bit, 8) for bit in range(64) if mask >> bit & 1]


# ------------------------------------------------------------------ settings


def test_versus_settings_have_the_documented_defaults_and_bad_values_fall_back():
    from cabinet.settings.load import parse_settings

    loaded = parse_settings(
        "blocks:\n  versus:\n    land_max: 0\n    attack_percent:\n      p2: 250\n", "t.yaml"
    )
    versus = loaded.settings.blocks.versus
    assert (versus.same_pieces, versus.land_max, versus.move_seconds, versus.rounds_to_win) == (
        True,
        8,
        10.0,
        2,
    )
    assert (versus.attack_percent.p1, versus.attack_percent.p2) == (100, 100)
    assert len(loaded.problems) == 2
    assert any("attack_percent.p2" in str(problem) for problem in loaded.problems)
