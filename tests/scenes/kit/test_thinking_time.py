"""The AI's thinking time per frame (cabinet.scenes.kit.thinking_time), on a fake clock."""

import pytest

from cabinet.scenes.kit.thinking_time import ThinkingTime


class FakeClock:
    """Seconds that pass only when a slice says so."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def slice_of(self, ms: float):
        def step():
            self.now += ms / 1000

        return step


def slices_run(budget: ThinkingTime, step, tries: int = 20) -> int:
    return sum(budget.spend(step) for _ in range(tries))


def test_slices_run_until_the_frames_time_would_be_spent_and_a_new_frame_gives_it_back():
    clock = FakeClock()
    budget = ThinkingTime(ms=5, clock=clock)
    assert slices_run(budget, clock.slice_of(1.5)) == 3  # 4.5 ms: a fourth would end at 6
    assert clock.now == pytest.approx(0.0045)
    budget.new_frame()
    assert slices_run(budget, clock.slice_of(1.5)) == 3


def test_the_first_slice_of_a_frame_always_runs_even_one_longer_than_the_budget():
    clock = FakeClock()
    budget = ThinkingTime(ms=5, clock=clock)
    for _ in range(3):
        budget.new_frame()
        assert slices_run(budget, clock.slice_of(8)) == 1


def test_a_slice_that_ends_the_thought_counts_its_time():
    clock = FakeClock()
    budget = ThinkingTime(ms=5, clock=clock)

    def last_slice():
        clock.now += 0.004
        raise StopIteration("decided")

    with pytest.raises(StopIteration):
        budget.spend(last_slice)
    assert not budget.spend(clock.slice_of(1.5))
