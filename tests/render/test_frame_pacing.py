"""Frame pacing: the flip waits for the refresh where vsync is honoured, the timer paces elsewhere."""

import pytest

from cabinet.app import STEP
from cabinet.render.vsync import Reading
from support.app import make_app

VSYNC = Reading(True, 1 / 60)
NO_VSYNC = Reading(False, 0.0006)


@pytest.mark.parametrize("reading", [None, NO_VSYNC])
def test_without_vsync_the_timer_waits_for_the_next_step(reading):
    app = make_app()
    app.display.vsync = reading
    assert app.pause(behind=0.0, spent=0.004, presented=True) == pytest.approx(STEP - 0.004)
    assert app.pause(behind=0.005, spent=0.004, presented=False) == pytest.approx(STEP - 0.009)


def test_with_vsync_a_presented_frame_needs_no_sleep_and_an_unchanged_one_still_sleeps():
    app = make_app()
    app.display.vsync = VSYNC
    assert app.pause(behind=0.0, spent=0.004, presented=True) == 0.0
    # Nothing presented (the picture did not change): no flip waited, so the timer does, and an
    # idle attract mode stays cheap.
    assert app.pause(behind=0.0, spent=0.004, presented=False) == pytest.approx(STEP - 0.004)


def test_headless_nothing_is_measured_and_the_timer_paces():
    assert make_app().display.vsync is None


def test_a_loop_on_a_vsynced_screen_keeps_fixed_steps_and_skips_the_sleep(monkeypatch):
    app = make_app()
    app.display.vsync = VSYNC
    sleeps, flips = [], []
    import cabinet.app as app_module
    real_sleep = app_module.time.sleep

    def vsynced_flip():
        flips.append(app.ctx.frame)
        real_sleep(1 / 60)              # the flip waits for the next refresh, as a vsynced one does
    monkeypatch.setattr(app.display, "present", vsynced_flip)
    monkeypatch.setattr(app_module.time, "sleep", lambda seconds: sleeps.append(seconds) or real_sleep(seconds))
    app.exit_after = 0.5
    app.loop()
    # Game time moves in whole 60 Hz steps (the frame counter), and after presenting a frame
    # the loop went straight on: it slept only in passes that presented nothing.
    assert flips and app.ctx.frame >= len(flips)
    assert len(sleeps) < app.ctx.frame - len(flips) + 2
