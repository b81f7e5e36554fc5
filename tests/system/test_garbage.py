"""Full garbage collections at safe moments: start-up frozen, cycles still freed at a cut or after the longest wait."""

import gc

import pytest

from cabinet.system.garbage import LONGEST_SECONDS, Collector
from support.garbage import Node, an_old_cycle, an_old_cycle_holding

# A list alive when the fixture settles (so frozen), handed by the test to a cycle made after.
OUTLIVED_BY_A_CYCLE = [[]]


@pytest.fixture
def collector():
    settled = Collector()
    thresholds = gc.get_threshold()
    settled.settle()
    yield settled
    settled.release()
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == 0


def test_settling_freezes_start_up_and_stops_full_collections_on_their_own(collector):
    assert gc.get_freeze_count() > 0
    watched = an_old_cycle()
    full = []
    gc.callbacks.append(lambda phase, info: full.append(phase) if info["generation"] == 2 else None)
    try:
        kept = [
            [] for _ in range(300_000)
        ]  # allocations enough for dozens of full collections by default
    finally:
        gc.callbacks.pop()
    assert len(kept) and not full
    assert watched() is not None


def test_a_cut_frees_an_old_cycle_at_the_next_tick_and_only_then(collector):
    watched = an_old_cycle()
    assert not collector.tick(101.0)
    assert watched() is not None
    collector.cut()
    assert collector.tick(101.0)
    assert watched() is None
    assert not collector.tick(102.0)  # one collection per cut


def test_a_screen_that_stays_is_collected_after_the_longest_wait(collector):
    watched = an_old_cycle()
    assert not collector.tick(100.0)
    assert not collector.tick(100.0 + LONGEST_SECONDS - 1)
    assert collector.tick(100.0 + LONGEST_SECONDS)
    assert watched() is None
    assert not collector.tick(100.0 + LONGEST_SECONDS + 1)


def test_what_is_made_after_settling_is_not_frozen(collector):
    # Frozen objects still die when their last reference goes, and a full collection drops
    # the references its garbage held: the freeze count may shrink at a cut. (It did by 7
    # on a fresh clone, where a cycle made after settling held the last reference to a few
    # objects frozen at settling.) So what is made after settling is looked for in the oldest
    # generation, where a full collection moves what it keeps unless it is frozen.
    frozen_only_here = OUTLIVED_BY_A_CYCLE.pop()
    holder = an_old_cycle_holding(frozen_only_here)
    del frozen_only_here
    made = Node()
    frozen = gc.get_freeze_count()
    watched = an_old_cycle()
    collector.cut()
    collector.tick(101.0)
    assert watched() is None and holder() is None
    assert any(thing is made for thing in gc.get_objects(generation=2)), (
        "kept, in the oldest generation"
    )
    assert gc.get_freeze_count() < frozen, (
        "the frozen list the cycle held died with it: nothing newly frozen"
    )


def test_without_settling_nothing_is_frozen_and_tick_never_collects():
    unsettled = Collector()
    unsettled.cut()
    assert not unsettled.tick(1e9)
    assert gc.get_freeze_count() == 0


def test_a_cut_hands_the_freed_pages_back_after_collecting(collector, monkeypatch):
    from cabinet.system import memory

    watched = an_old_cycle()
    freed_before_trim = []
    monkeypatch.setattr(
        memory, "release_freed_memory", lambda: freed_before_trim.append(watched() is None) or True
    )
    assert not collector.tick(101.0)
    assert freed_before_trim == []  # no cut, no collection: nothing to give back
    collector.cut()
    collector.tick(101.0)
    assert freed_before_trim == [True]


def test_settling_hands_start_ups_freed_pages_back_before_the_first_frame(monkeypatch):
    from cabinet.system import memory

    watched = an_old_cycle()
    freed_before_trim = []
    monkeypatch.setattr(
        memory, "release_freed_memory", lambda: freed_before_trim.append(watched() is None) or True
    )
    settling = Collector()
    try:
        settling.settle()
        assert freed_before_trim == [True]  # collected, then given back: the first cut does not pay
    finally:
        settling.release()
