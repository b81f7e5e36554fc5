"""Doctor: frame times. Every scene a player or watcher sees, a few seconds each, on this machine.

The bench's own machinery (:func:`cabinet.bench.scenes.frame_parts`) runs each
scene headless in a scratch state folder: update (game logic and the CPU
opponent's thinking), drawing, and handing the picture to the screen. A 60 Hz
frame has 16.7 ms; a scene whose p99 is over that drops frames. That is a
warning, never a failure: the cabinet still works, only less smoothly.

A scene's first frames draw its text and pictures for the first time and fill
its caches; a player sees them once, at the cut. They count towards the
longest frame but not the p99, which is of the frames after them: in a sample
of 120, the p99 is the second slowest frame, so two cold first frames alone
would make it.

The CPU players think in the cabinet's worker process, as in the cabinet
(:mod:`cabinet.scenes.kit.thinker`); a second line says whether it started and
answered, and whether it has a core of its own. Without it they think in the
main loop, within a budget: a warning too.
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING

from cabinet.doctor import OK, WARN, Result

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.thinker import Thinker

BUDGET_MS = 1000 / 60
WORST_MS = 2 * BUDGET_MS  # over this a frame costs two refreshes at once
READY_SECONDS = 60.0  # the AI worker's time to answer its first job (a Pi under load: seconds)
WARM_UP = 10  # a scene's first frames, outside its p99 (they fill its caches)
NO_GPIO = "inputs:\n  gpio:\n    enabled: false\n"


def check(context) -> list[Result]:
    from cabinet.bench import state_directory
    from cabinet.bench.scenes import _scenes, frame_parts, p99

    saved = {name: os.environ.get(name) for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    try:
        with tempfile.TemporaryDirectory() as scratch, state_directory(scratch):
            from cabinet.app import App
            from cabinet.settings.load import parse_settings

            # Factory settings without GPIO: the gpio check has had the pins; this one only draws.
            app = App(
                parse_settings(NO_GPIO, "doctor"), headless=True, ai_worker=True, gc_at_cuts=True
            )
            thinker = app.ctx.thinker
            thinker.start()  # as at a cabinet's first frame
            thinker.patient = (
                True  # as in the bench: a CPU plays at its pace however fast frames run
            )
            try:
                worker = _worker_result(thinker)
                figures = []
                for name, make in _scenes(app.ctx):
                    parts = frame_parts(app, make, WARM_UP + context.frames)
                    steady = parts.totals[WARM_UP:]
                    figures.append((p99(steady), max(parts.totals), name, parts))
                worker = _worker_result(thinker, worker)
            finally:
                app.close()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    worst_p99, _, worst_name, parts = max(figures, key=lambda f: f[0])
    _, longest, longest_name, _ = max(figures, key=lambda f: f[1])
    slow = [name for p, _, name, _ in sorted(figures, key=lambda f: -f[0]) if p > BUDGET_MS]
    found = (
        f"{len(figures)} scenes x {context.frames} frames after {WARM_UP} to warm up: worst p99 "
        f"{worst_p99:.1f} ms ({worst_name}; its update p99 {p99(parts.update[WARM_UP:]):.1f}, "
        f"draw p99 {p99(parts.draw[WARM_UP:]):.1f}), longest frame {longest:.1f} ms ({longest_name})"
    )
    # A warning at worst: a slow machine drops frames but runs the cabinet (fail is for what cannot work).
    if slow or longest > WORST_MS:
        over = (
            f"over {BUDGET_MS:.1f} ms: {', '.join(slow)}"
            if slow
            else f"a frame over {WORST_MS:.0f} ms"
        )
        return [Result("frame times", WARN, f"{found}; {over}"), worker]
    return [Result("frame times", OK, f"{found}; every scene within {BUDGET_MS:.1f} ms"), worker]


def _worker_result(thinker: Thinker, started: Result | None = None) -> Result:
    """The AI worker's line: first (``started`` None) whether it answers; then, after the scenes, how it did."""
    if started is None:
        thinker.wait_ready(READY_SECONDS)
        ready = thinker.ready_seconds  # set once it answered (what wait_ready says)
        if ready is None:
            return Result(
                "ai worker",
                WARN,
                f"no answer within {READY_SECONDS:.0f} s: the CPU players think in the main loop, within a per-frame budget",
            )
        return Result("ai worker", OK, f"process {thinker.pid} ready in {ready * 1000:.0f} ms")
    if started.verdict != OK:
        return started
    cores = os.cpu_count() or 1
    found = f"{started.detail}; {thinker.answered} thoughts answered, {thinker.here} in the main loop; {cores} cores"
    if thinker.here:
        return Result("ai worker", WARN, f"{found} (it died: see the log)")
    if cores < 2:
        return Result(
            "ai worker", WARN, f"{found}: one core, which the worker shares with the main loop"
        )
    return Result("ai worker", OK, found)
