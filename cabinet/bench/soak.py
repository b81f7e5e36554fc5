"""Bench section "soak": hours of attract mode, fast-forwarded, and what memory does meanwhile.

A headless cabinet in its own process runs the full attract loop (title,
live demos of both games, replays of real games, tables, how-to pages) for
simulated hours: every 60 Hz step is taken and every frame drawn and presented
as the cabinet would, only without sleeping between them. Its resident memory
is sampled once a simulated minute, for the peak, and each time the attract
loop starts over, for the growth: the loop's parts hold different pictures, so
minute samples wobble by a few MB with the part that happens to be on, while
samples at one point of the loop compare like with like. The growth is the
slope of those over hours 1-3 (the first hour warms caches). The CPU players
think in the AI worker process, as on a cabinet (thinking in the main process
was most of its growth: the AI's array work); the worker's memory is sampled
beside the cabinet's and judged the same way, and its CPU time is counted in.
``python -m cabinet.bench.soak HOURS [SAMPLE_SECONDS]`` runs the child part and
prints its samples as JSON. The section runs beside the others (it needs one core
for minutes, and counts only its own processes: the cabinet's and its worker's).
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cabinet import FPS
from cabinet.bench import Figure, peak_rss_mb, reaped_beside, rss_mb, section

ROOT = Path(__file__).resolve().parent.parent.parent
HOURS = 3.0
QUICK_HOURS = 0.02
SAMPLE_SECONDS = 60.0  # one RSS sample per simulated minute
QUICK_SAMPLE_SECONDS = 2.0
MIN_LOOPS = 10  # attract loops to fit a growth on (fewer: no figure, NaN)
WORKER_READY_SECONDS = 60.0  # a new AI worker loads the AIs; a busy machine is slow at it


def record_replays(app) -> None:
    """One finished game of each kind, played carelessly to a quick end, so attract shows replays."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.games.pilots import HumanPilot
    from cabinet.inputs.actions import Action, InputEvent
    from cabinet.scenes.antigravity.play import AntiGravityScene
    from cabinet.scenes.blocks.play import BlocksScene

    rng = random.Random(14)
    wander = [Action.A, Action.A, Action.A, Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN]
    ends = app.ctx.finish
    games = [
        (BlocksScene(app.ctx, HumanPilot(1), 14, on_end=ends), lambda: rng.choice(wander)),
        (
            AntiGravityScene(app.ctx, "single", pilots=[HumanPilot(1)], seed=14, on_end=ends),
            lambda: Action.UP,
        ),
    ]
    for scene, careless in games:
        app.ctx.scenes.reset(scene)
        action = careless()
        for frame in range(60 * 60 * FPS):
            if app.ctx.scenes.top is not scene:
                break
            if frame % 2 == 0:
                action = careless()
            app.step([InputEvent(1, action, frame % 2 == 0)])


def music_ready(app, seconds: float = 120.0) -> None:
    """Render the music in its worker, as a cabinet does after its first frame, and wait for it:
    attract mode's title theme then plays through the soak (its pages mapped: resident memory)."""
    rate = app.attach_music(True)
    if not rate:
        return  # no mixer: the soak runs without music, as such a cabinet does
    music = app.ctx.music
    music.start_rendering(rate)
    deadline = time.monotonic() + seconds
    while not music.ready and music.rendering and time.monotonic() < deadline:
        music.tick()
        time.sleep(0.05)


def soak(hours: float, sample_seconds: float = SAMPLE_SECONDS) -> dict:
    """Run attract mode for ``hours`` simulated hours; return the RSS samples and the CPU used."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.app import App
    from cabinet.scenes.flow.attract import AttractScene
    from cabinet.settings.load import load_settings

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    app = App(
        load_settings(None), headless=True, ai_worker=True, gc_at_cuts=True
    )  # as a cabinet runs
    thinker = app.ctx.thinker
    thinker.start()
    thinker.wait_ready(WORKER_READY_SECONDS)
    thinker.patient = True  # frames run far faster than 60 Hz here: a late thought is waited for
    music_ready(app)
    record_replays(app)
    replays = len(app.ctx.store.replays.ids())
    app.ctx.go_to_attract()
    steps = int(hours * 3600 * FPS)
    every = max(1, int(sample_seconds * FPS))
    samples, loop_starts, worker_samples, worker_loop_starts = [], [], [], []
    parts = set()
    loop = None  # (attract scene, parts started) when its loop last began again
    cpu = time.process_time()
    for index in range(steps):
        app.step()
        app.render()
        app.tick_services(index / FPS)  # the loop's upkeep on simulated time (memory handed back)
        hour = index / (3600 * FPS)
        if index % every == 0:
            samples.append((hour, rss_mb()))
            worker_samples.append((hour, rss_mb(thinker.pid)))
        top = app.ctx.scenes.top
        # The bench measures attract mode's own loop by its counters: no question for the base.
        if (
            isinstance(top, AttractScene)
            and top.index == 0
            and loop != (id(top), top.parts_started)
        ):
            loop = (id(top), top.parts_started)
            loop_starts.append((hour, rss_mb()))
            worker_loop_starts.append((hour, rss_mb(thinker.pid)))
        # A probe: any screen may be on top, and only attract mode has parts.
        parts.add(type(getattr(top, "part", None)).__name__)
    cpu = time.process_time() - cpu
    worker_peak = peak_rss_mb(
        thinker.pid
    )  # while it lives: its reaped maxrss would count this process
    app.close()  # the worker stopped and reaped: its CPU time is the children's now
    worker = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "samples": samples,
        "loop_starts": loop_starts,
        "worker_samples": worker_samples,
        "worker_loop_starts": worker_loop_starts,
        "cpu_seconds": cpu
        + worker.ru_utime
        + worker.ru_stime
        - children.ru_utime
        - children.ru_stime,
        "peak_mb": peak_rss_mb(),
        "worker_peak_mb": worker_peak,
        "simulated_seconds": steps / FPS,
        "replays": replays,
        "parts": sorted(parts),
    }


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (x, y) points; 0 with fewer than two."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


def _run_child(hours: float, sample_seconds: float) -> dict:
    """The soak in a fresh process; returns its report (its own peak RSS in it)."""
    with tempfile.TemporaryDirectory() as state:
        env = dict(
            os.environ,
            PYTHONPATH=str(ROOT),
            STATE_DIRECTORY=state,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            GPIOZERO_PIN_FACTORY="mock",
        )
        child = subprocess.Popen(
            [sys.executable, "-m", "cabinet.bench.soak", str(hours), str(sample_seconds)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert child.stdout is not None  # stdout=PIPE
        output = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        reaped_beside(usage)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"the soak failed (exit {child.returncode})")
    return json.loads(output)


@section("soak", beside=True)  # a core of its own for minutes: it runs beside the others
def run(quick: bool) -> list[Figure]:
    hours = QUICK_HOURS if quick else HOURS
    report = _run_child(hours, QUICK_SAMPLE_SECONDS if quick else SAMPLE_SECONDS)
    samples = report["samples"]
    peak = max([report["peak_mb"]] + [mb for _, mb in samples])  # VmHWM's counters may lag a sample
    figures = [_growth("RSS", samples, report["loop_starts"], hours, quick)]
    if not quick:
        figures.append(
            Figure(
                f"RSS growth per simulated hour, hours 1-{hours:g}, minute samples",
                slope([(h, mb) for h, mb in samples if h >= 1.0]),
                "MB/h",
            )
        )
    return figures + [
        Figure("peak RSS during the soak", peak, "MB", "<= 120"),
        Figure("RSS at the end of the soak", samples[-1][1] if samples else float("nan"), "MB"),
        _growth(
            "AI worker RSS", report["worker_samples"], report["worker_loop_starts"], hours, quick
        ),
        Figure("peak RSS of the AI worker", report["worker_peak_mb"], "MB", "<= 100"),
        Figure(
            "attract loop CPU share, whole loop, AI worker included (CPU s per simulated s)",
            100 * report["cpu_seconds"] / report["simulated_seconds"],
            "% of a core",
            "<= 3",
        ),
    ]


def _growth(what: str, samples: list, loop_starts: list, hours: float, quick: bool) -> Figure:
    """The growth of ``what``: over hours 1 to ``hours`` at the loop's starts (the first hour fills
    the caches: text, sprites, sounds), or in a quick run the second half of the minute samples."""
    if quick:  # too short for loops
        return Figure(
            f"{what} growth per simulated hour (quick: second half)",
            slope(samples[len(samples) // 2 :]),
            "MB/h",
            "<= 1",
        )
    starts = [(h, mb) for h, mb in loop_starts if h >= 1.0]
    return Figure(
        f"{what} growth per simulated hour, hours 1-{hours:g}",
        slope(starts) if len(starts) >= MIN_LOOPS else float("nan"),
        "MB/h",
        "<= 0.5",
    )


def main() -> int:
    hours = float(sys.argv[1]) if len(sys.argv) > 1 else HOURS
    sample_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else SAMPLE_SECONDS
    print(json.dumps(soak(hours, sample_seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
