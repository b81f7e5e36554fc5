"""BLOCKS AI: never an illegal move, whole-tray planning, rotation, determinism."""

import random

import numpy as np
import pytest

from cabinet.games.blocks.ai import STYLES, BlocksAI, Move, _noisy
from cabinet.games.blocks.boards import clear_many
from cabinet.games.blocks.engine import BlocksGame, clear_lines
from cabinet.games.blocks.lookahead import Lookahead, placements_tried
from support.thinking import think_through

EMPTY = ["........"] * 8


def play(game, ai, placements):
    """Let the AI play; every move goes through the engine, which raises if it is illegal."""
    while not game.game_over and game.placements < placements:
        move = ai.choose(game)
        assert isinstance(move, Move)
        assert game.rotation or move.turns == 0
        for _ in range(move.turns):
            game.rotate(move.slot)
        assert game.can_place(move.slot, move.row, move.col), move
        game.place(move.slot, move.row, move.col)
    return game


@pytest.mark.parametrize("level", ["strong", "casual"])
@pytest.mark.parametrize(
    "rotation,gravity,piece_set",
    [
        (False, True, "classic"),
        (False, False, "classic"),
        (True, True, "classic"),
        (True, False, "tetromino"),
    ],
)
def test_ai_never_makes_an_illegal_move(level, rotation, gravity, piece_set):
    for seed in range(3):
        game = BlocksGame(seed=seed, rotation=rotation, gravity=gravity, piece_set=piece_set)
        play(game, BlocksAI(seed=seed, level=level), placements=60)
        assert game.placements >= 30 or game.game_over


def test_ai_recovers_when_someone_else_moved_in_between():
    """The AI follows its tray plan only while the game is where the plan expects it."""
    game, ai, rng = BlocksGame(seed=11), BlocksAI(seed=1), random.Random(3)
    while not game.game_over and game.placements < 40:
        if rng.random() < 0.3:
            moves = [(s, rc) for s in range(3) if game.tray[s] for rc in game.legal_positions(s)]
            slot, (row, col) = rng.choice(moves)
            game.place(slot, row, col)
        else:
            move = ai.choose(game)
            game.place(move.slot, move.row, move.col)


def test_ai_plans_the_order_of_the_tray():
    """The 3x3 only fits after the five clears the bottom row: the five must go first."""
    rows = ["#######."] * 5 + ["...#####", "...#####", "###....."]
    game = BlocksGame.from_text(rows, tray=[["###"] * 3, ["#####"], None], gravity=False)
    assert game.legal_positions(0) == []
    ai = BlocksAI()
    first = ai.choose(game)
    assert (first.slot, first.row, first.col) == (1, 7, 3)
    game.place(first.slot, first.row, first.col)
    second = ai.choose(game)
    assert (second.slot, second.row, second.col) == (0, 5, 0)


def test_ai_turns_a_piece_that_only_fits_turned():
    rows = [
        "".join("#" if (r + c) % 3 == 0 and (r, c) != (6, 0) else "." for c in range(8))
        for r in range(8)
    ]
    game = BlocksGame.from_text(rows, tray=[["####"], None, None], rotation=True)
    move = BlocksAI().choose(game)
    assert move.turns in (1, 3) and (move.slot, move.row, move.col) == (0, 4, 0)


def test_ai_prefers_clearing_a_line_to_scattering():
    rows = EMPTY[:7] + ["####...."]
    game = BlocksGame.from_text(rows, tray=[["####"], None, None], gravity=False)
    move = BlocksAI().choose(game)
    assert (move.row, move.col) == (7, 4)


@pytest.mark.parametrize("level", ["strong", "casual"])
def test_same_seed_same_choices(level):
    a = play(BlocksGame(seed=5), BlocksAI(seed=2, level=level), 30)
    b = play(BlocksGame(seed=5), BlocksAI(seed=2, level=level), 30)
    assert a.to_text() == b.to_text() and a.score == b.score


def test_choose_after_game_over_is_a_value_error():
    rows = [".#.#.#.#", "#.#.#.#."] * 4
    game = BlocksGame.from_text(rows, tray=[["##"], None, None])
    with pytest.raises(ValueError, match="over"):
        BlocksAI().choose(game)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="level"):
        BlocksAI(level="godlike")


@pytest.mark.parametrize("gravity", [True, False])
def test_vectorised_clear_agrees_with_the_engine(gravity):
    rng = random.Random(gravity)
    boards = []
    for _ in range(3000):
        board = 0
        for row in range(8):
            line = 0xFF if rng.random() < 0.3 else rng.getrandbits(8)
            board |= line << (8 * row)
        for col in range(8):
            if rng.random() < 0.2:
                board |= sum(1 << (8 * r + col) for r in range(8))
        boards.append(board)
    after, lines = clear_many(np.array(boards, dtype=np.uint64), gravity)
    for board, got, count in zip(boards, after, lines):
        expected = clear_lines(board, gravity)
        assert int(got) == expected.board
        assert int(count) == len(expected.rows) + len(expected.cols)


def test_a_plan_is_not_followed_into_a_different_game():
    """Same board and shapes, but the four stands upright and rotation is off: replan."""
    ai = BlocksAI()
    ai.choose(BlocksGame.from_text(EMPTY, tray=[["####"], ["#"], ["#"]], rotation=False))
    other = BlocksGame.from_text(EMPTY, tray=[["#", "#", "#", "#"], ["#"], ["#"]], rotation=False)
    play(other, ai, placements=3)


def test_evaluator_counts_fits_like_the_engine():
    """The bit-shifted fit counts agree with trying every position through the engine."""
    from cabinet.games.blocks.evaluate import Evaluator
    from cabinet.games.blocks.pieces import CATALOGUE

    rng = random.Random(7)
    boards = [0] + [rng.getrandbits(64) & rng.getrandbits(64) for _ in range(30)]
    places = Evaluator("classic", rotation=False).places(np.array(boards, dtype=np.uint64))
    for b, board in enumerate(boards):
        for piece in CATALOGUE:
            expected = sum(1 for _, _, mask in piece.placements if not board & mask)
            assert places[piece.index, b] == expected


@pytest.mark.parametrize("piece_set", ["classic", "tetromino"])
@pytest.mark.parametrize("rotation", [False, True])
def test_the_placements_a_lookahead_tries_are_counted_without_building_one(piece_set, rotation):
    assert (
        placements_tried(piece_set, rotation)
        == Lookahead(piece_set, rotation, lambda boards: boards, 0.0).masks.size
    )


def test_thinking_in_slices_reaches_the_same_move_as_choosing_at_once():
    """A whole-tray search comes in many slices, about as many as work() says."""
    game = BlocksGame(seed=6)
    whole = BlocksAI(seed=2).choose(game)
    ai = BlocksAI(seed=2)
    slices, decision = think_through(ai.thinking(game))
    assert decision == whole and slices >= 8
    assert slices / 2 <= ai.work(game) <= slices * 2


def test_a_move_that_follows_the_plan_takes_no_slice():
    game = BlocksGame(seed=6)
    ai = BlocksAI(seed=2)
    move = ai.choose(game)
    game.place(move.slot, move.row, move.col)
    slices, decision = think_through(ai.thinking(game))
    assert slices == 0 and isinstance(decision, Move)


def test_judging_boards_in_parts_judges_them_as_all_at_once():
    """What makes thinking in slices harmless: every judgement is per board, noise included."""
    from cabinet.games.blocks.evaluate import Evaluator
    from cabinet.games.blocks.lookahead import Lookahead

    rng = random.Random(3)
    boards = np.array(
        [rng.getrandbits(64) & rng.getrandbits(64) for _ in range(300)], dtype=np.uint64
    )
    evaluator = Evaluator("classic", rotation=False)

    def in_parts(judge, size):
        return np.concatenate(
            [judge(boards[start : start + size]) for start in range(0, boards.size, size)]
        )

    assert np.array_equal(in_parts(evaluator.cost, 37), evaluator.cost(boards))
    noisy = [_noisy(evaluator, 1.5, random.Random(4)) for _ in range(2)]
    assert np.array_equal(in_parts(noisy[0], 37), noisy[1](boards))
    lookahead = Lookahead("classic", False, evaluator.cost, 400.0)
    sharper = lambda part: lookahead.expected_cost(part, True)  # noqa: E731
    assert np.array_equal(in_parts(sharper, 1), sharper(boards))


def moves_digest() -> str:
    """A digest of the moves the AI chooses in set positions: both styles, every CPU level."""
    import hashlib

    from cabinet.games.blocks.cpu import cpu_style
    from cabinet.games.blocks.tactics import sight_of
    from cabinet.games.blocks.versus import BlocksVersus

    out = hashlib.sha256()
    for level, rotation in (("strong", False), ("casual", True)):
        game, ai = BlocksGame(seed=3, rotation=rotation), BlocksAI(seed=4, level=level)
        for _ in range(30):
            if game.game_over:
                break
            move = ai.choose(game)
            out.update(repr(move).encode())
            for _ in range(move.turns):
                game.rotate(move.slot)
            game.place(move.slot, move.row, move.col)
    for level in (1, 2, 3, 4, 5):
        match = BlocksVersus(seed=level)
        ais = {player: BlocksAI(seed=player, style=cpu_style(level)) for player in (1, 2)}
        for turn in range(30):
            player = 1 + turn % 2
            if match.winner is not None:
                break
            move = ais[player].choose(match.game(player), sight_of(match, player))
            out.update(repr(move).encode())
            match.place(player, move.slot, move.row, move.col)
            if turn % 5 == 4:
                match.land(player)
    return out.hexdigest()


def test_the_ai_chooses_what_it_chose_before_it_thought_in_slices():
    """Pinned moves: slicing the search must not change a single one, nor may numpy's version
    or the CPU's sort instructions (ties are broken by a stable sort). A deliberate change to
    the AI re-pins it."""
    assert moves_digest() == "6006740b4b9fcbe5a8d7850f040b1df4099cd5eaa2a743507cc32ae6d26f8eb5"


def test_the_size_of_a_slice_never_changes_a_move(monkeypatch):
    from cabinet.games.blocks import search

    sliced = moves_digest()
    monkeypatch.setattr(search, "SLICE", 10**9)  # the whole search in one slice
    assert moves_digest() == sliced
    monkeypatch.setattr(search, "SLICE", 300)  # many small ones
    assert moves_digest() == sliced
    from cabinet.games.blocks import lookahead

    monkeypatch.setattr(
        lookahead, "MASKS_PER_SLICE", 50
    )  # the look one piece further, in many parts
    assert moves_digest() == sliced


def test_a_thought_dropped_halfway_leaves_the_ai_as_it_was():
    """A pilot drops a thought when stones land under it; the AI's plan and random numbers
    (slips, noise) must not show that it ever began."""
    from cabinet.games.blocks.cpu import cpu_style

    def moves(ai, game, count=12):
        played = []
        for _ in range(count):
            if game.game_over:
                break
            move = ai.choose(game)
            played.append(move)
            for _ in range(move.turns):
                game.rotate(move.slot)
            game.place(move.slot, move.row, move.col)
        return played

    for style in (cpu_style(2), cpu_style(3), STYLES["casual"]):
        dropped = BlocksAI(seed=5, style=style)
        game = BlocksGame(seed=8)
        thought = dropped.thinking(game)
        next(thought)
        next(thought)
        del thought
        assert moves(dropped, BlocksGame(seed=8)) == moves(
            BlocksAI(seed=5, style=style), BlocksGame(seed=8)
        )


def test_the_search_keeps_the_same_boards_whatever_numpy_sorts_with():
    """Equal costs are common (whole-number penalties): which of them survive a level must not
    depend on numpy's partition algorithm, or the moves change with numpy's version."""
    from cabinet.games.blocks.search import _smallest

    rng = np.random.default_rng(2)
    for size, count in ((50, 10), (2000, 400), (1000, 999), (5, 1)):
        costs = rng.integers(0, 7, size).astype(float)
        assert np.array_equal(_smallest(costs, count), np.argsort(costs, kind="stable")[:count])
