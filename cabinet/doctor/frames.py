"""Doctor: frame times. Every scene a player or watcher sees, a few seconds each, on this machine.

The bench's own machinery (:func:`cabinet.bench.scenes.frame_parts`) runs each
scene headless in a scratch state folder: update (game logic and the CPU
opponent's thinking), drawing, and handing the picture to the screen. A 60 Hz
frame has 16.7 ms; a scene whose p99 is over that drops frames. That is a
warning, never a failure: the cabinet still works, only less smoothly.
"""

from __future__ import annotations

import os
import tempfile

from cabinet.doctor import OK, WARN, Result

BUDGET_MS = 1000 / 60
WORST_MS = 2 * BUDGET_MS       # over this a frame costs two refreshes at once
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
            app = App(parse_settings(NO_GPIO, "doctor"), headless=True)
            try:
                figures = []
                for name, make in _scenes(app.ctx):
                    parts = frame_parts(app, make, context.frames)
                    totals = parts.totals
                    figures.append((p99(totals), max(totals), name, parts))
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
    found = (f"{len(figures)} scenes x {context.frames} frames: worst p99 {worst_p99:.1f} ms ({worst_name}; "
             f"its update p99 {p99(parts.update):.1f}, draw p99 {p99(parts.draw):.1f}), "
             f"longest frame {longest:.1f} ms ({longest_name})")
    # A warning at worst: a slow machine drops frames but runs the cabinet (fail is for what cannot work).
    if slow or longest > WORST_MS:
        over = f"over {BUDGET_MS:.1f} ms: {', '.join(slow)}" if slow else f"a frame over {WORST_MS:.0f} ms"
        return [Result("frame times", WARN, f"{found}; {over}")]
    return [Result("frame times", OK, f"{found}; every scene within {BUDGET_MS:.1f} ms")]
