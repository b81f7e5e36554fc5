"""`python -m cabinet doctor`: one line per check, the worst verdict as the exit code, skips say why."""

import os
import subprocess
import sys

import pytest
from gpiozero.pins.mock import MockPin

from cabinet import doctor
from cabinet.doctor import FAIL, OK, SKIP, WARN, Context, Result, clock, gpio, pi, screen, storage
from cabinet.inputs.wiring import wiring
from cabinet.render import display as display_module
from cabinet.render.renderer import RendererInfo
from cabinet.render.vsync import judge, measure
from cabinet.settings.load import load_settings, parse_settings
from cabinet.settings.schema import CreditSettings
from cabinet.storage.store import Store
from support import ROOT

VERDICTS = ("ok", "warn", "fail", "skip")


def context(tmp_path, **changes) -> Context:
    return Context(settings=load_settings(None).settings, state_folder=tmp_path, **changes)


def run_doctor(*args, env=None):
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "cabinet", "doctor", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )


def test_headless_every_line_is_a_verdict_and_every_skip_says_why():
    done = run_doctor("--frames", "3")
    lines = done.stdout.splitlines()
    checks, summary = lines[:-1], lines[-1]
    names = [line.split(":")[0].split(None, 1)[1] for line in checks]
    assert names == [
        "settings",
        "screen",
        "presentation",
        "vsync",
        "sound",
        "gpio chips",
        "gpio switches",
        "state writes",
        "free space",
        "books mirror",
        "clock",
        "board",
        "power",
        "temperature",
        "frame times",
        "ai worker",
    ]
    assert all(line.split()[0] in VERDICTS for line in checks)
    skips = [line for line in checks if line.startswith("skip")]
    assert any("SDL_VIDEODRIVER=dummy" in line for line in skips)
    assert all(len(line.split(": ", 1)[1]) > 15 for line in skips)  # a reason, not a bare word
    assert summary.startswith("doctor: ") and summary.endswith("skipped")
    verdicts = {line.split()[0] for line in checks}
    assert done.returncode == (3 if "fail" in verdicts else 1 if "warn" in verdicts else 0), (
        done.stderr
    )


def test_a_state_folder_that_cannot_be_made_fails_with_exit_3(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_doctor("storage", env={"STATE_DIRECTORY": str(blocker / "state")})
    assert done.returncode == 3
    assert done.stdout.splitlines()[-1].startswith("fail  state folder: cannot be created")


def test_only_the_named_families_run_and_an_unknown_one_is_bad_usage():
    done = run_doctor("clock")
    assert [line.split(":")[0] for line in done.stdout.splitlines()[:-1]] == [
        "ok    settings",
        "skip  clock",
    ]
    bad = run_doctor("clocks")
    assert bad.returncode == 2 and "unknown check(s) clocks" in bad.stderr


def test_the_exit_code_is_the_worst_verdict():
    def line(verdict):
        return Result("x", verdict, "y")

    assert doctor.worst([line(OK), line(SKIP)]) == 0
    assert doctor.worst([line(OK), line(WARN), line(SKIP)]) == 1
    assert doctor.worst([line(WARN), line(FAIL), line(OK)]) == 3


def test_a_check_that_raises_is_one_failed_line(monkeypatch, tmp_path):
    def broken(_context):
        raise RuntimeError("no luck")

    monkeypatch.setattr(clock, "check", broken)
    assert doctor.run_family("cabinet.doctor.clock", context(tmp_path)) == [
        Result("clock", FAIL, "the check itself failed (RuntimeError: no luck)")
    ]


def test_vsync_is_honoured_only_for_even_intervals_at_a_monitor_rate():
    assert judge([1 / 60] * 24).honoured
    assert judge([1 / 60 + (0.0004 if n % 2 else -0.0004) for n in range(24)]).honoured
    assert not judge([0.0006] * 24).honoured  # flips return at once: ignored
    assert not judge([0.004, 0.030] * 12).honoured  # uneven: a timer, not the refresh
    assert not judge([]).honoured
    ticks = iter(n / 60 for n in range(100))
    reading = measure(lambda: None, flips=10, clock=lambda: next(ticks))
    assert reading.honoured and round(reading.hz) == 60


def test_a_switch_closed_at_start_is_named_and_warns(pins, tmp_path):
    ctx = context(tmp_path, pin_factory=pins)
    chips = Result("gpio chips", OK, "")
    wired = [w for w in wiring(ctx.settings.inputs.gpio) if w.pin is not None]
    assert gpio.switches_result(ctx, chips).verdict == OK
    coin = next(w for w in wired if w.key.endswith("coin1"))
    pins.reset()

    class Grounded(MockPin):
        """A pin whose switch is already closed: the pull-up cannot lift it."""

        def _set_pull(self, value):
            self._pull = value

    pins.pin(coin.pin, pin_class=Grounded).drive_low()
    held = gpio.switches_result(ctx, chips)
    assert held.verdict == WARN and held.detail.endswith(coin.key)
    assert held.detail.startswith(f"{len(wired)} of {len(wired)} wired switches live")


def test_a_pi_without_gpio_chips_fails_and_any_other_machine_skips(tmp_path):
    model = tmp_path / "device-tree"
    model.mkdir()
    (model / "model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    empty = tmp_path / "dev"
    empty.mkdir()
    assert gpio.chips_result(context(tmp_path, device_tree=model), dev=empty).verdict == FAIL
    assert (
        gpio.chips_result(context(tmp_path, device_tree=tmp_path / "none"), dev=empty).verdict
        == SKIP
    )


@pytest.mark.parametrize(
    "said, verdict, words",
    [
        ("throttled=0x0", OK, "no under-voltage"),
        ("throttled=0x50005", FAIL, "under-voltage now"),
        ("throttled=0x50000", FAIL, "under-voltage since boot"),
        ("throttled=0x20000", WARN, "ARM clock capped since boot"),
        ("throttled=0x4", WARN, "throttled now"),
        (None, SKIP, "libraspberrypi-bin"),
        ("throttled=zz", SKIP, "not a throttled"),
    ],
)
def test_throttling_bits(said, verdict, words):
    result = pi.throttled_result(said)
    assert result.verdict == verdict and words in result.detail


def test_temperature_thresholds():
    assert [pi.temperature_result(c).verdict for c in (45.0, 72.5, 81.0, None)] == [
        OK,
        WARN,
        FAIL,
        SKIP,
    ]


def test_a_clock_before_the_program_was_installed_warns(tmp_path):
    [early] = clock.check(None, now=1_000_000.0, floor=2_000_000.0)
    assert early.verdict == WARN and "not set" in early.detail
    synced = tmp_path / "synchronized"
    synced.touch()
    [set_one] = clock.check(None, now=3_000_000.0, synced=synced, floor=2_000_000.0)
    assert set_one.verdict == OK


def test_state_writes_are_timed_and_leave_nothing_behind(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    result = storage.write_result(folder)
    assert result.verdict in (OK, WARN) and "fsync'd commits" in result.detail
    assert list(folder.iterdir()) == []


def test_a_state_folder_that_takes_no_writes_fails(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert storage.write_result(blocker).verdict == FAIL


def test_the_books_mirror_is_written_checked_and_its_trouble_warned(tmp_path):
    state = tmp_path / "state"
    store = Store.open(state / "cabinet.db", mirror=tmp_path / "state-books", mark="c0ffee01")
    store.credit_bank(CreditSettings()).coin(1)
    store.close()
    whole = storage.mirror_result("", state, mark="c0ffee01")
    assert (
        whole.verdict == OK
        and "whole, this cabinet's" in whole.detail
        and "1 coins" in whole.detail
    )
    assert sorted(p.name for p in (tmp_path / "state-books").iterdir()) == ["books-mirror.json"]
    foreign = storage.mirror_result("", state, mark="0ther000")
    assert foreign.verdict == WARN and "another cabinet's" in foreign.detail
    unmounted = storage.mirror_result(str(tmp_path / "unmounted" / "books"), state)
    assert unmounted.verdict == WARN and "takes no writes" in unmounted.detail
    assert "install.sh" in unmounted.detail
    assert storage.mirror_result(str(state / "books"), state).verdict == WARN  # lost with it
    assert storage.mirror_result("off", state).verdict == WARN


def test_kmsdrm_without_display_hardware_off_a_pi_is_skipped_and_on_a_pi_fails(
    monkeypatch, tmp_path
):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.setattr(screen, "DRI", tmp_path / "dri")
    off_pi = screen.check(context(tmp_path, device_tree=tmp_path / "none"))
    assert [r.verdict for r in off_pi] == [SKIP] * 3 and "no display hardware" in off_pi[0].detail
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "model").write_bytes(b"Raspberry Pi 4 Model B\0")
    on_pi = screen.check(context(tmp_path, device_tree=tree))
    assert on_pi[0].verdict == FAIL and "cannot open the screen" in on_pi[0].detail


def test_while_the_cabinet_runs_the_screen_and_pins_are_not_touched(tmp_path, pins):
    ctx = context(tmp_path, cabinet_active=True, pin_factory=pins)
    assert gpio.switches_result(ctx, Result("gpio chips", OK, "")).verdict == SKIP
    os.environ["SDL_VIDEODRIVER"], saved = "kmsdrm", os.environ["SDL_VIDEODRIVER"]
    try:
        assert [r.verdict for r in screen.check(ctx)] == [SKIP] * 3
    finally:
        os.environ["SDL_VIDEODRIVER"] = saved


@pytest.mark.parametrize(
    ("rotation", "gpu", "verdict", "words"),
    [
        (0, False, OK, "not turned"),
        (
            90,
            False,
            WARN,
            "turned 90 degrees on the CPU every frame: SDL's software renderer has no GPU",
        ),
        (270, True, OK, "turned 270 degrees by the opengles2 renderer (GPU)"),
    ],
)
def test_the_presentation_line_says_how_a_frame_is_shown_and_why(
    monkeypatch, tmp_path, rotation, gpu, verdict, words
):
    monkeypatch.setattr(
        screen, "NO_SCREEN_DRIVERS", ()
    )  # the dummy driver's window stands in for a screen
    if gpu:  # the software renderer stands in for a GPU one
        monkeypatch.setattr(
            display_module, "window_renderer", lambda: RendererInfo("opengles2", True)
        )
    settings = parse_settings(f"display: {{rotation: {rotation}}}", "test.yaml").settings
    results = {
        result.name: result
        for result in screen.check(Context(settings=settings, state_folder=tmp_path))
    }
    assert results["presentation"].verdict == verdict and words in results["presentation"].detail
    assert results["vsync"].verdict in (OK, WARN)


def test_a_scenes_first_frames_count_as_its_longest_but_not_in_its_p99(monkeypatch, tmp_path):
    """Cold first frames (caches filling) would be the p99 of a short sample on their own."""
    from cabinet.bench import scenes as bench_scenes
    from cabinet.doctor import frames

    asked = []

    def two_cold_frames_then_steady(_app, _make, count):
        asked.append(count)
        totals = [40.0, 35.0] + [5.0] * (count - 2)
        return bench_scenes.FrameParts(
            update=[1.0] * count, draw=[t - 1.0 for t in totals], present=[0.0] * count
        )

    monkeypatch.setattr(bench_scenes, "_scenes", lambda _ctx: [("cold start", object)])
    monkeypatch.setattr(bench_scenes, "frame_parts", two_cold_frames_then_steady)
    times, _worker = frames.check(context(tmp_path, frames=120))
    assert asked == [frames.WARM_UP + 120]
    assert times.verdict == WARN and "worst p99 5.0 ms (cold start;" in times.detail
    assert (
        "longest frame 40.0 ms (cold start)" in times.detail
        and "a frame over 33 ms" in times.detail
    )
