"""Bench section "startup": from process start to READY=1 and to the first attract frame.

The cabinet runs as a real subprocess (headless) with ``$NOTIFY_SOCKET`` set to
a datagram socket this module listens on, exactly as systemd would. The clock
starts just before the process is spawned, so interpreter start-up, imports,
opening the store and building sounds all count.
"""

from __future__ import annotations

import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from cabinet.bench import Figure, section

TARGET_MS = "<= 2000"
PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


@dataclass
class CabinetRun:
    """What systemd would have heard from one run: (seconds after spawn, message) pairs."""

    returncode: int | None
    messages: list[tuple[float, str]] = field(default_factory=list)
    output: str = ""
    ended: float | None = None  # seconds after spawn when the process was seen gone (to 50 ms)

    def first(self, predicate) -> float | None:
        """Seconds to the first message for which ``predicate(message)`` holds, or None."""
        return next((at for at, message in self.messages if predicate(message)), None)

    def texts(self) -> list[str]:
        return [message for _, message in self.messages]


def run_cabinet(
    args: list[str], env: dict[str, str] | None = None, timeout: float = 120.0
) -> CabinetRun:
    """Run ``python -m cabinet ARGS`` with a notify socket; collect every message until it exits."""
    folder = tempfile.mkdtemp(prefix="afn", dir="/tmp")  # short: socket paths must fit 108 bytes
    address = os.path.join(folder, "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        listener.bind(address)
        listener.settimeout(0.05)
        child_env = dict(os.environ if env is None else env, NOTIFY_SOCKET=address)
        child_env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(PROJECT_ROOT), child_env.get("PYTHONPATH")])
        )
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "cabinet", *args],
            env=child_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        run = CabinetRun(None)
        with process:
            while True:
                try:
                    message = listener.recv(4096).decode("utf-8", "replace")
                except TimeoutError:
                    if process.poll() is not None:
                        run.ended = time.perf_counter() - started
                        break
                    if time.perf_counter() - started > timeout:
                        process.kill()
                        process.wait()
                        run.output = f"killed after {timeout:.0f} s without exiting\n"
                        break
                    continue
                run.messages.append((time.perf_counter() - started, message))
            assert process.stdout is not None  # stdout=PIPE
            run.output += process.stdout.read().decode("utf-8", "replace")
        run.returncode = process.returncode
        return run
    finally:
        listener.close()
        shutil.rmtree(folder, ignore_errors=True)


def _headless_env(state: str) -> dict[str, str]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        GPIOZERO_PIN_FACTORY="mock",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        STATE_DIRECTORY=state,
    )
    env.pop("WATCHDOG_USEC", None)
    env.pop("WATCHDOG_PID", None)
    return env


def _milliseconds(seconds: float | None) -> float:
    return math.nan if seconds is None else seconds * 1000


@section("startup", alone=True)
def run(quick: bool = False) -> list[Figure]:
    warm_runs = 1 if quick else 3
    with tempfile.TemporaryDirectory(prefix="arcadeforge-bench-") as state:
        env = _headless_env(state)
        args = ["--headless", "--exit-after", "0.5"]
        runs = [
            run_cabinet(args, env) for _ in range(1 + warm_runs)
        ]  # the first one is on a fresh state dir
    failed = [r for r in runs if r.returncode != 0 or r.first("READY=1".__eq__) is None]
    if failed:
        last_line = (failed[0].output.strip().splitlines() or ["no output"])[-1]
        return [
            Figure(
                f"start to READY=1: the cabinet failed (exit {failed[0].returncode}: {last_line[:60]})",
                math.nan,
                "ms",
                TARGET_MS,
            )
        ]
    cold, warm = runs[0], runs[1:]

    def ready(r: CabinetRun) -> float:
        return _milliseconds(r.first("READY=1".__eq__))

    def attract(r: CabinetRun) -> float:
        return _milliseconds(r.first(lambda m: m.startswith("STATUS=attract")))

    return [
        Figure("spawn to READY=1, first boot (new state)", ready(cold), "ms", TARGET_MS),
        Figure(
            f"spawn to READY=1, later boots (median of {len(warm)})",
            statistics.median(ready(r) for r in warm),
            "ms",
            TARGET_MS,
        ),
        Figure(
            f"spawn to first attract frame (median of {len(warm)})",
            statistics.median(attract(r) for r in warm),
            "ms",
            TARGET_MS,
        ),
        # systemd kills a program still running TimeoutStopSec (5 s) after asking it to stop.
        Figure(
            "STOPPING=1 to process gone (to 50 ms)",
            _milliseconds(cold.ended) - _milliseconds(cold.first("STOPPING=1".__eq__)),
            "ms",
            "<= 5000",
        ),
    ]
