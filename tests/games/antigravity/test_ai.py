"""The ANTI-GRAVITY AI: legal, deterministic, avoids losing pushes, survives, chains."""

import random

import pytest

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.modes import ContestGame
from cabinet.settings.schema import ContestList
from support.thinking import think_through

SIDES = ("top", "bottom")


def surviving_pushes(game):
    """Every (column, side) after which the game goes on."""
    safe = set()
    for side in SIDES:
        for column in range(game.width):
            if not game.copy().push(side, column).game_over:
                safe.add((column, side))
    return safe


@pytest.mark.parametrize("difficulty", ["warmup", "normal", "advanced", "hard"])
def test_ai_plays_legal_pushes_and_survives_a_short_game(difficulty):
    game = AntiGravityGame(seed=7, difficulty=difficulty)
    ai = AntiGravityAI(seed=1)
    for _ in range(60):
        column, side = ai.choose(game)
        assert side in SIDES and isinstance(column, int) and 0 <= column < game.width
        game.push(side, column)
        assert not game.game_over
    assert game.turns == 60


def test_ai_never_picks_a_losing_push_when_a_safe_one_exists():
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        game = AntiGravityGame(seed=seed, difficulty="hard", width=4, half_height=3)
        ai = AntiGravityAI(seed=seed)
        while not game.game_over:
            safe = surviving_pushes(game)
            if safe and len(safe) < 8:
                assert ai.choose(game) in safe
                checked += 1
            # Random play crowds the small field until positions get tight.
            game.push(rng.choice(SIDES), rng.randrange(game.width))
    assert checked >= 5


def test_ai_is_deterministic_for_a_seed():
    def play(seed):
        game, ai, choices = AntiGravityGame(seed=3), AntiGravityAI(seed=seed), []
        for _ in range(30):
            choices.append(ai.choose(game))
            game.push(choices[-1][1], choices[-1][0])
        return choices, game.score

    assert play(5) == play(5)


def test_ai_builds_chains():
    game, ai = AntiGravityGame(seed=0, difficulty="normal"), AntiGravityAI(seed=0)
    longest = 0
    for _ in range(120):
        column, side = ai.choose(game)
        longest = max(longest, len(game.push(side, column).steps))
    assert longest >= 2 and game.score > 0


def test_ai_plays_a_contest_to_the_end_of_its_list():
    game = ContestGame(ContestList(name="T", seed=4, length=12, colours=4))
    ai = AntiGravityAI()
    while not game.game_over:
        column, side = ai.choose(game)  # the last pair has no next blocks to look at
        game.push(side, column)
    assert game.out_of_blocks and game.turns == 12


def test_ai_refuses_a_finished_game():
    game = AntiGravityGame.from_text(["R..", "G..", "B..", "R..", "G..", "B.."], bottom="Y")
    game.push("bottom", 0)
    with pytest.raises(ValueError):
        AntiGravityAI().choose(game)


def test_looking_a_third_push_ahead_builds_longer_chains():
    def longest(lookahead):
        game, ai = (
            AntiGravityGame(seed=2, difficulty="normal"),
            AntiGravityAI(seed=2, lookahead=lookahead),
        )
        best = 0
        for _ in range(150):
            column, side = ai.choose(game)
            best = max(best, len(game.push(side, column).steps))
        assert not game.game_over
        return best

    assert longest(3) >= 4 > longest(1)


@pytest.mark.parametrize("lookahead", [0, 4, "3"])
def test_ai_refuses_a_lookahead_it_does_not_have(lookahead):
    with pytest.raises(ValueError):
        AntiGravityAI(lookahead=lookahead)


def test_thinking_in_slices_reaches_the_same_choice():
    game = AntiGravityGame(seed=4)
    for lookahead in (1, 2, 3):
        whole = AntiGravityAI(seed=8, lookahead=lookahead).choose(game)
        ai = AntiGravityAI(seed=8, lookahead=lookahead)
        slices, decision = think_through(ai.thinking(game))
        assert decision == whole and slices <= ai.work()
