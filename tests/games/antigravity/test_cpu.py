"""The ANTI-GRAVITY CPU: its level table, its pilot at the panel and the headless simulator."""

import dataclasses

import pytest

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.cpu import CPU_LEVELS, cpu_pilot
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.antigravity.simulate import Simulation
from cabinet.games.cpu import LEVELS
from cabinet.games.pilots import Pilot
from cabinet.inputs.actions import Action
from cabinet.settings.schema import AntiGravitySettings, HandicapSettings

PANEL = {Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN}


class Spy(Pilot):
    """Passes a pilot's events on and keeps them, with the frame they came on."""

    def __init__(self, pilot):
        self.pilot, self.player, self.seen = pilot, pilot.player, []

    def bind(self, sim):
        self.pilot.bind(sim)

    def events(self, frame, live):
        events = self.pilot.events(frame, live)
        self.seen += [(frame, event) for event in events]
        return events


def test_the_level_table_runs_from_weak_and_slow_to_strong_and_fast():
    assert sorted(CPU_LEVELS) == list(LEVELS)
    table = [CPU_LEVELS[level] for level in LEVELS]
    assert [entry.level for entry in table] == list(LEVELS)
    for weaker, stronger in zip(table, table[1:]):
        assert stronger.input_frames <= weaker.input_frames
        assert stronger.think_frames < weaker.think_frames
        assert stronger.slip_percent <= weaker.slip_percent
        assert stronger.lookahead >= weaker.lookahead
    assert table[-1].slip_percent == 0 and table[0].slip_percent > 0
    assert all(entry.input_frames >= 1 for entry in table)


@pytest.mark.parametrize("level", [0, 6, "5"])
def test_a_level_outside_the_table_is_refused(level):
    with pytest.raises(ValueError):
        cpu_pilot(2, level)


@pytest.mark.parametrize("level", [1, 5])
def test_the_pilot_presses_only_panel_actions_one_step_at_a_time(level):
    spy = Spy(cpu_pilot(2, level, seed=3))
    sim = Simulation([AntiGravityGame(seed=9), AntiGravityGame(seed=3)], [spy])
    sim.run(3000)
    game = sim.game_for(2)
    presses = [(frame, event) for frame, event in spy.seen if event.pressed]
    assert game.turns >= 5 and len(presses) >= game.turns
    assert all(event.player == 2 and event.action in PANEL for _, event in spy.seen)
    gaps = [later - earlier for (earlier, _), (later, _) in zip(presses, presses[1:])]
    assert min(gaps) >= CPU_LEVELS[level].input_frames
    releases = {frame for frame, event in spy.seen if not event.pressed}
    assert all(frame + 1 in releases for frame, _ in presses[:-1])


def test_the_ai_never_looks_beyond_the_next_block():
    rows = [
        "R.GB..",
        "G.R...",
        "......",
        "......",
        "......",
        "......",
        "......",
        "......",
        "......",
        "B.....",
        "BR.G..",
        "RGYB.Y",
    ]
    for level in LEVELS:
        choices = set()
        for hidden in ("RRRR", "GBYG", "YYBR"):
            game = AntiGravityGame.from_text(
                rows, top="GY" + hidden, bottom="BR" + hidden[::-1], seed=5
            )
            entry = CPU_LEVELS[level]
            ai = AntiGravityAI(seed=1, lookahead=entry.lookahead, slip_percent=entry.slip_percent)
            choices.add(tuple(ai.choose(game) for _ in range(1)))
        assert len(choices) == 1, f"level {level} chose differently on blocks it cannot see"


def short_match_settings(target=30):
    """The factory settings, with a versus won at ``target`` blocks cleared (a short match)."""
    settings = AntiGravitySettings()
    handicap = HandicapSettings(target_kind="clears", target_value=target)
    return dataclasses.replace(
        settings, versus=dataclasses.replace(settings.versus, p1=handicap, p2=handicap)
    )


def play_match(seed):
    sim = Simulation.versus(
        short_match_settings(), seed, [cpu_pilot(1, 4, seed), cpu_pilot(2, 5, seed + 1)]
    )
    sim.run(60 * 60 * 10)
    return (
        sim.frame,
        sim.match.winner,
        [seat.game.to_text() for seat in sim.seats],
        [seat.game.score for seat in sim.seats],
        [seat.game.turns for seat in sim.seats],
    )


def test_a_simulated_match_is_decided_and_repeats_exactly_for_its_seed():
    first = play_match(11)
    assert first == play_match(11)
    frames, winner, _, _, turns = first
    assert winner in (1, 2) and min(turns) > 20 and frames < 60 * 60 * 10
    assert first != play_match(12)


def test_the_turn_timer_forces_pushes_when_nobody_presses():
    settings = AntiGravitySettings()
    sim = Simulation.versus(settings, 2, [cpu_pilot(1, 5, 2)])
    sim.run(60 * 60)
    idle = sim.game_for(2)
    assert idle.turns > 0 or idle.game_over  # the forced pushes of the empty panel
    assert sim.seats[1].last_turn is not None and sim.seats[1].last_turn.forced


def test_a_cpu_whose_game_is_over_stops_pressing():
    # A full field without a run: whatever the CPU pushes jams, and its game ends.
    rows = ["RBRBRB", "GYGYGY", "BRBRBR", "YGYGYG"] * 3
    game = AntiGravityGame.from_text(rows, top="B", bottom="B", seed=1)
    spy = Spy(cpu_pilot(1, 5, seed=1))
    sim = Simulation([game], [spy])
    sim.run(2000)
    assert game.game_over and sim.finished
    last_press = max(frame for frame, event in spy.seen if event.pressed) if spy.seen else -1
    ended = sim.frame
    for frame in range(ended, ended + 300):
        assert not [event for event in spy.pilot.events(frame, []) if event.pressed]
    assert last_press < ended


def test_a_late_thought_makes_the_pilot_wait_and_then_push_where_it_would_have():
    from support.thinking import SlicesPerFrame

    def pushes(budget):
        # the top level's search at a quick pace, so that one slice a frame is too slow for it
        quick = AIPilot(
            1, seed=3, step_frames=5, think_frames=10, ai=AntiGravityAI(seed=3, lookahead=3)
        )
        spy = Spy(quick)
        sim = Simulation([AntiGravityGame(seed=9)], [spy])
        spy.pilot.budget = budget  # what the screen's bind lends it
        while sim.game_for(1).turns < 3:
            if budget is not None:
                budget.new_frame()
            sim.step()
        return [(frame, event.action) for frame, event in spy.seen if event.pressed]

    free, late = pushes(None), pushes(SlicesPerFrame(1))
    assert late[0][0] > free[0][0]
    assert [action for _, action in late] == [action for _, action in free]
