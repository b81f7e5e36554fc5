"""Frame pacing: the flip waits for the refresh where vsync is honoured, the timer paces elsewhere."""

import threading

import pytest

import cabinet.app
from cabinet.app import STEP
from cabinet.render.vsync import Reading
from cabinet.scenes.kit.base import Scene
from support.app import make_app

VSYNC = Reading(True, 1 / 60)
NO_VSYNC = Reading(False, 0.0006)


def in_play():
    """A cabinet showing a screen other than attract mode (a game, say)."""
    app = make_app()
    app.ctx.scenes.reset(Scene(app.ctx))
    return app


@pytest.mark.parametrize("reading", [None, NO_VSYNC])
def test_without_vsync_the_timer_waits_for_the_next_step(reading):
    app = in_play()
    app.display.vsync = reading
    assert app.pause(behind=0.0, spent=0.004, presented=True) == pytest.approx(STEP - 0.004)
    assert app.pause(behind=0.005, spent=0.004, presented=False) == pytest.approx(STEP - 0.009)


def test_with_vsync_a_presented_frame_needs_no_sleep_and_an_unchanged_one_still_sleeps():
    app = in_play()
    app.display.vsync = VSYNC
    assert app.pause(behind=0.0, spent=0.004, presented=True) == 0.0
    # Nothing presented (the picture did not change): no flip waited, so the timer does, and an
    # idle attract mode stays cheap.
    assert app.pause(behind=0.0, spent=0.004, presented=False) == pytest.approx(STEP - 0.004)


def test_attract_holding_its_picture_sleeps_a_step_longer():
    app = make_app()
    assert app._in_attract()
    assert app.pause(behind=0.0, spent=0.004, presented=False) == pytest.approx(2 * STEP - 0.004)
    assert app.pause(behind=0.0, spent=0.004, presented=True) == pytest.approx(STEP - 0.004)


class SteadyClock:
    """The main loop's ``time`` on a machine never busy: each look at the clock costs 0.5 ms,
    and a sleep lasts what was asked. What is counted is the loop's pacing, never how loaded
    the machine was (there the real loop drops steps, and a count of them against the wall
    clock failed now and then)."""

    def __init__(self):
        self.now = 1000.0

    def perf_counter(self) -> float:
        self.now += 0.0005
        return self.now

    monotonic = perf_counter

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_the_title_wakes_the_loop_less_often_than_it_steps(monkeypatch):
    app = make_app()
    passes, real_pause = [], app.pause
    monkeypatch.setattr(app, "pause", lambda *args: passes.append(args) or real_pause(*args))
    monkeypatch.setattr(cabinet.app, "time", SteadyClock())
    first = app.ctx.frame
    app.exit_after = 1.0
    app.loop()
    steps = app.ctx.frame - first
    assert steps >= 59, "game time still moves in 60 Hz steps"
    assert len(passes) < 0.8 * steps, (len(passes), steps)  # one pass a step: 1.0


def test_headless_nothing_is_measured_and_the_timer_paces():
    assert make_app().display.vsync is None


def test_a_loop_on_a_vsynced_screen_keeps_fixed_steps_and_skips_the_sleep(monkeypatch):
    app = make_app()
    app.display.vsync = VSYNC
    events, flips = [], []
    import cabinet.app as app_module

    real_sleep, real_pause = app_module.time.sleep, app.pause

    def vsynced_flip():
        flips.append(app.ctx.frame)
        real_sleep(1 / 60)  # the flip waits for the next refresh, as a vsynced one does

    def pause(behind, spent, presented):
        wait = real_pause(behind, spent, presented)
        events.append(("pause", presented, wait))
        return wait

    monkeypatch.setattr(app.display, "present", vsynced_flip)
    monkeypatch.setattr(app, "pause", pause)

    def sleep(seconds):  # time.sleep is shared: count the main loop's only
        if threading.current_thread() is threading.main_thread():
            events.append(("sleep", seconds))
        real_sleep(seconds)

    monkeypatch.setattr(app_module.time, "sleep", sleep)
    app.exit_after = 0.5
    app.loop()
    # Game time moves in whole 60 Hz steps (the frame counter), and after a presented frame the
    # loop goes straight on: no sleep follows that pass's pause. Passes that present nothing sleep.
    assert flips and app.ctx.frame >= len(flips)
    after_presenting = [
        events[i + 1] for i, event in enumerate(events[:-1]) if event[:2] == ("pause", True)
    ]
    assert after_presenting and all(event[0] == "pause" for event in after_presenting), events
    assert any(event[0] == "sleep" for event in events), (
        "an unchanged picture still waits for its step"
    )
