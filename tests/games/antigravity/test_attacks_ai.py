"""The AI, every CPU level and the attract demo see versus stones and the pending count."""

import pytest

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.cpu import CPU_LEVELS, cpu_pilot
from cabinet.games.antigravity.demo import demo_versus_pilots
from cabinet.games.antigravity.modes import AntiGravityVersus
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.antigravity.simulate import Simulation
from cabinet.games.match import DEMO_CPU_LEVELS
from cabinet.settings.schema import AntiGravitySettings, AttractSettings

SIDES = ("top", "bottom")
# Column 0 has one empty cell: three pending stones landing would fill it (game over).
# Only a bottom push at column 2 clears (row 7 B B B) and so holds the stones back.
NO_ESCAPE = ["R..", "G..", "B..", "...", "Y..", "R..", "G..", "BB."]
# The same clear on either side; only the right one pops the two stones above it.
POP_OR_NOT = ["......"] * 10 + ["....++", "RR..RR"]


def versus(rows, pending=0, **kwargs):
    width = len(rows[0])
    return AntiGravityVersus.from_text(
        fields=(rows, ["." * width] * len(rows)), pending=(pending, 0), attacks=True, **kwargs
    )


@pytest.mark.parametrize("level", sorted(CPU_LEVELS))
def test_every_level_sees_the_pending_stones_and_clears_to_hold_them_back(level):
    game = versus(NO_ESCAPE, 3, tops=("BR", "B"), bottoms=("BG", "B"), stone_max=3).game(1)
    survivors = {
        (column, side)
        for side in SIDES
        for column in range(3)
        if not game.copy().push(side, column).game_over
    }
    assert survivors == {(2, "bottom")}
    entry = CPU_LEVELS[level]
    for seed in range(6):
        ai = AntiGravityAI(seed=seed, lookahead=entry.lookahead, slip_percent=entry.slip_percent)
        assert ai.choose(game) == (2, "bottom")


@pytest.mark.parametrize("lookahead", [1, 2, 3])
def test_the_ai_would_rather_clear_where_the_clear_pops_stones(lookahead):
    game = versus(POP_OR_NOT, tops=("GB", "B"), bottoms=("RY", "B")).game(1)
    assert game.copy().push("bottom", 3).steps[0].popped == ((10, 4), (10, 5))
    assert game.copy().push("bottom", 2).steps[0].popped == ()
    assert AntiGravityAI(seed=1, lookahead=lookahead).choose(game) == (3, "bottom")


def test_the_ai_does_not_count_stones_side_by_side_as_a_pair():
    ai = AntiGravityAI()
    one = versus(["...."] * 7 + ["++.."]).game(1)
    apart = versus(["...."] * 7 + ["+..+"]).game(1)
    penalty = ai._height_penalty(4, 8)
    assert ai._evaluate(one.board(), one.geometry, penalty) == ai._evaluate(
        apart.board(), apart.geometry, penalty
    )


class Panel:
    """What a pilot binds to (a Seating): one seat, its player's game, thinking without a clock."""

    thinking_time = None
    thinker = None

    def __init__(self, game):
        self.game = game

    def seat_for(self, player):
        return self


def test_the_pilot_thinks_again_when_stones_arrive_before_it_pushes():
    # With no stones waiting any push is safe; then three arrive while the CPU thinks.
    match = versus(NO_ESCAPE, 0, tops=("BR", "B"), bottoms=("BG", "B"), stone_max=3)
    game = match.game(1)
    pilot = AIPilot(
        1, seed=3, step_frames=2, think_frames=10, ai=AntiGravityAI(seed=3, slip_percent=100)
    )
    pilot.bind(Panel(game))
    for frame in range(5):
        pilot.events(frame, [])
    game.pending = 3
    turn = None
    for frame in range(5, 200):
        for event in pilot.events(frame, []):
            if event.pressed and event.action.value in ("left", "right"):
                game.move(-1 if event.action.value == "left" else 1)
            elif event.pressed:
                turn = game.push(game.push_side("up" if event.action.value == "up" else "down"))
        if turn is not None:
            break
    assert turn is not None and (turn.column, turn.side) == (2, "bottom") and not turn.game_over


def spy_on_turns(sim):
    """Each seat's turns as (frame, player, attack, stones landed), in the order made."""
    turns = []
    for seat in sim.seats:
        start = seat._start
        seat._start = lambda turn, start=start, player=seat.player: (
            turns.append((sim.frame, player, turn.attack, len(turn.landed))),
            start(turn),
        )
    return turns


@pytest.mark.parametrize("seed", [0, 3])
def test_the_attract_versus_demo_shows_attacks_and_landings_within_its_slot(seed):
    levels = DEMO_CPU_LEVELS["antigravity"]
    sim = Simulation.versus(AntiGravitySettings(), seed, demo_versus_pilots(levels, seed))
    turns = spy_on_turns(sim)
    sim.run(round(AttractSettings().antigravity_demo_seconds * 60))
    assert any(attack for _, _, attack, _ in turns) and any(landed for *_, landed in turns)


def test_cpu_against_cpu_attacks_and_lands_stones_and_ends_its_matches():
    for seed in range(2):
        sim = Simulation.versus(
            AntiGravitySettings(), seed, [cpu_pilot(1, 3, seed), cpu_pilot(2, 3, seed + 1)]
        )
        turns = spy_on_turns(sim)
        sim.run(60 * 60 * 8)
        assert sim.decided
        for player in (1, 2):
            assert any(attack for _, mover, attack, _ in turns if mover == player)
        assert any(landed for *_, landed in turns)
