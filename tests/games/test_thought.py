"""A decision spread over frames (cabinet.games.thought), as both games' pilots use it."""

from cabinet.games.thought import Thought, finish


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
