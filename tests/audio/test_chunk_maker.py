"""The music's chunk makers: the answer asked for, taken once, on the caller's thread."""

import threading

import numpy as np
import pytest

from cabinet.audio.chunk_maker import MakeAside, MakeNow

WAIT = 30.0  # seconds a busy machine may take to run a thread; never reached when all is well


def taken(maker):
    """The answer, once the aside thread has made it."""
    if isinstance(maker, MakeAside):
        assert_soon(lambda: maker.done)
    return maker.take()


def assert_soon(condition):
    event = threading.Event()
    for _ in range(int(WAIT / 0.01)):
        if condition():
            return
        event.wait(0.01)
    raise AssertionError("the chunk maker never answered")


@pytest.fixture(params=[MakeNow, MakeAside])
def maker(request):
    made = request.param()
    yield made
    made.close()


def test_an_answer_is_taken_once(maker):
    assert not maker.asked and maker.take() is None
    maker.ask(lambda: 42)
    assert maker.asked
    assert taken(maker) == 42
    assert not maker.asked and maker.take() is None


def test_a_jobs_failure_is_raised_where_it_is_taken(maker):
    def broken():
        raise MemoryError("no room")

    maker.ask(broken)
    with pytest.raises(MemoryError):
        taken(maker)


def test_an_answer_asked_for_again_is_the_new_one(maker):
    maker.ask(lambda: "old")
    maker.ask(lambda: "new")
    assert taken(maker) == "new"


def test_a_dropped_job_in_the_making_never_comes_back():
    maker = MakeAside()
    started, release = threading.Event(), threading.Event()

    def slow():
        started.set()
        release.wait(WAIT)
        return "the last track's chunk"

    maker.ask(slow)
    assert started.wait(WAIT)
    maker.drop()  # the track changed while it was mixed
    release.set()
    maker.ask(lambda: "the new track's chunk")
    assert taken(maker) == "the new track's chunk"
    maker.close()


def test_the_aside_thread_ends_at_close():
    maker = MakeAside()
    maker.ask(lambda: np.zeros(4))
    taken(maker)
    thread = maker._thread
    maker.close()
    assert not thread.is_alive()
    with pytest.raises(RuntimeError, match="closed"):
        maker.ask(lambda: 1)
