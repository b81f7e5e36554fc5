"""A decision spread over frames (cabinet.games.thought), as both games' pilots use it."""

from cabinet.games.thought import Thought, finish
from support.thinking import SlicesPerFrame


def counting(slices: int, log: list):
    """A stand-in search: ``slices`` slices, each noted in ``log``; decides "done"."""
    for index in range(slices):
        log.append(index)
        yield
    return "done"


def per_frame(thought: Thought, log: list, frames: int) -> list[int]:
    """Slices done on each of ``frames`` frames, the last frame being the deadline."""
    done = []
    for frame in range(frames):
        before = len(log)
        thought.advance(frames - frame)
        done.append(len(log) - before)
    return done


def test_a_thought_is_spread_evenly_over_the_frames_left():
    log = []
    thought = Thought(counting(10, log), work=10)
    assert per_frame(thought, log, 5) == [2, 2, 2, 2, 2]
    assert thought.done and thought.decision == "done"


def test_a_thought_that_takes_longer_than_guessed_is_finished_on_the_last_frame():
    log = []
    thought = Thought(counting(10, log), work=4)
    assert per_frame(thought, log, 4) == [1, 1, 1, 7]
    assert thought.decision == "done"


def test_a_thought_done_early_does_nothing_more():
    log = []
    thought = Thought(counting(3, log), work=6)
    assert per_frame(thought, log, 6) == [1, 1, 1, 0, 0, 0]
    assert thought.advance(1) and len(log) == 3


def test_finish_thinks_it_through_at_once():
    log = []
    assert finish(counting(5, log)) == "done" and log == [0, 1, 2, 3, 4]


def budgeted_frames(
    thought: Thought, log: list, budget: SlicesPerFrame, deadline: int
) -> list[tuple[int, bool]]:
    """(slices done, decided) on each frame until decided; the decision is due on frame ``deadline``."""
    frames = []
    while not frames or not frames[-1][1]:
        budget.new_frame()
        before = len(log)
        decided = thought.advance(deadline - len(frames))
        frames.append((len(log) - before, decided))
    return frames


def test_with_a_budget_the_last_frame_thinks_only_what_it_allows_and_the_thought_runs_late():
    log = []
    budget = SlicesPerFrame(2)
    thought = Thought(counting(10, log), work=4, budget=budget)
    # The share of the guess on the first three frames, then two a frame (the budget), late;
    # the last frame's second slice is the one that returns the decision.
    assert budgeted_frames(thought, log, budget, 4) == [
        (1, False),
        (1, False),
        (1, False),
        (2, False),
        (2, False),
        (2, False),
        (1, True),
    ]
    assert thought.decision == "done" and log == list(range(10))


def test_a_budget_that_is_spent_stops_even_the_share():
    log = []
    budget = SlicesPerFrame(1)
    thought = Thought(counting(6, log), work=6, budget=budget)
    assert [slices for slices, _ in budgeted_frames(thought, log, budget, 2)] == [1] * 6 + [0]


def test_a_budgeted_thought_decides_what_finish_decides():
    from cabinet.games.blocks.ai import BlocksAI
    from cabinet.games.blocks.cpu import cpu_style
    from cabinet.games.blocks.tactics import sight_of
    from cabinet.games.blocks.versus import BlocksVersus

    match = BlocksVersus(seed=6)
    game, sight = match.game(1), sight_of(match, 1)
    ai = BlocksAI(seed=2, style=cpu_style(5))
    budget = SlicesPerFrame(1)
    thought = Thought(ai.thinking(game, sight), ai.work(game), budget)
    while not thought.advance(1):
        budget.new_frame()
    assert thought.decision == finish(BlocksAI(seed=2, style=cpu_style(5)).thinking(game, sight))
