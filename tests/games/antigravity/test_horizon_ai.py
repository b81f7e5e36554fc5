"""The AI and every CPU level see the widening horizon: never a push into a row about to count."""

import random

import pytest

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.cpu import CPU_LEVELS
from cabinet.games.antigravity.engine import AntiGravityGame

SIDES = ("top", "bottom")
# A quick ramp on a small field: a level per 6 blocks cleared, the band from level 1.
RAMP = {
    "clears": 6,
    "step_seconds": 0.5,
    "min_seconds": 2.0,
    "horizon_level": 1,
    "horizon_warning": 2,
}


def band_traps(game):
    """(safe pushes, pushes lost only to the band) of the coming turn."""
    safe, trapped = set(), set()
    for side in SIDES:
        for column in range(game.width):
            turn = game.copy().push(side, column)
            if not turn.game_over:
                safe.add((column, side))
            elif turn.by_band:
                trapped.add((column, side))
    return safe, trapped


@pytest.mark.parametrize("level", sorted(CPU_LEVELS))
def test_no_cpu_level_walks_into_a_row_about_to_take_effect(level):
    entry = CPU_LEVELS[level]
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = AntiGravityGame(seed=seed, difficulty="warmup", width=5, half_height=5, ramp=RAMP)
        ai = AntiGravityAI(seed=seed, lookahead=entry.lookahead, slip_percent=entry.slip_percent)
        while not game.game_over and game.turns < 150:
            safe, trapped = band_traps(game)
            if safe and trapped:
                assert ai.choose(game) in safe, (seed, game.turns, game.to_text())
                checked += 1
            # Every other turn is a random push, to crowd the field into tight spots.
            if game.turns % 2:
                game.push(rng.choice(SIDES), rng.randrange(game.width))
            else:
                column, side = ai.choose(game)
                game.push(side, column)
    assert checked >= 10


@pytest.mark.parametrize("level", sorted(CPU_LEVELS))
def test_no_cpu_level_walks_into_the_last_row_of_sudden_death(level):
    """The band's last row (h - 1 a side) leaves one row open: the AI still sees it coming."""
    entry = CPU_LEVELS[level]
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = AntiGravityGame.from_text(
            ["....."] * 10,
            top="R",
            bottom="G",
            seed=seed,
            difficulty="warmup",
            total_cleared=60,
            horizon=3,
            ramp=RAMP,
        )  # level 10: target 4 = h - 1
        ai = AntiGravityAI(seed=seed, lookahead=entry.lookahead, slip_percent=entry.slip_percent)
        while not game.game_over and game.turns < 40:
            safe, trapped = band_traps(game)
            if safe and trapped and game.horizon_after(1) == 4:
                assert ai.choose(game) in safe, (seed, game.turns, game.to_text())
                checked += 1
            if game.turns % 3 == 2:
                game.push(rng.choice(SIDES), rng.randrange(game.width))
            else:
                column, side = ai.choose(game)
                game.push(side, column)
    assert checked >= 10
