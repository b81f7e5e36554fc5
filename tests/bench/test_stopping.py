"""`python -m cabinet bench` ends promptly on SIGTERM or Ctrl-C and leaves no process behind.

Real runs of the bench in their own session: stopped mid-section, nothing of that session
may survive (pool workers, multiprocessing's helpers, anything a section started).
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cabinet.bench.stopping import children
from support import ROOT
from support.signals import ctrl_c_as_usual

BOUND = 60  # seconds from the signal to the exit: generous, for a loaded machine


def start_bench(*sections: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "cabinet", "bench", *sections],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=ctrl_c_as_usual,
    )


def session(sid: int) -> list[int]:
    """Every live process of session ``sid`` (not zombies: this container's init may not reap them)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry.parent.name))
    return found


def wait_until(condition, timeout: float = 180.0):
    """The first true value of ``condition()``, polled; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("the bench never got there")


def stop_and_wait(bench: subprocess.Popen, send) -> tuple[int, str]:
    send()
    try:
        _, err = bench.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(bench.pid, signal.SIGKILL)
        bench.communicate()
        raise AssertionError(f"the bench was still running {BOUND} s after the signal") from None
    return bench.returncode, err


def test_sigterm_in_a_worker_pool_ends_the_bench_and_every_worker():
    bench = start_bench("versus")  # the BLOCKS part starts its pool at once
    wait_until(lambda: len(children(bench.pid)) >= 2)
    code, err = stop_and_wait(bench, lambda: bench.send_signal(signal.SIGTERM))
    assert code == 128 + signal.SIGTERM
    assert "bench: stopped by SIGTERM; 0 of 1 section(s) finished" in err
    wait_until(
        lambda: session(bench.pid) == [], BOUND
    )  # the resource tracker ends when it sees the bench go


def test_ctrl_c_reaches_the_whole_group_and_ends_it_without_tracebacks():
    bench = start_bench("versus")
    wait_until(lambda: len(children(bench.pid)) >= 2)
    code, err = stop_and_wait(bench, lambda: os.killpg(bench.pid, signal.SIGINT))
    assert code == 128 + signal.SIGINT
    assert "Traceback" not in err and "Fatal Python error" not in err, err
    wait_until(lambda: session(bench.pid) == [], BOUND)


def test_sigterm_is_heard_once_pygame_runs():
    # SDL turns SIGTERM into a quit event unless the bench keeps the signal for itself.
    bench = start_bench("scenes")
    wait_until(lambda: "libSDL2" in Path(f"/proc/{bench.pid}/maps").read_text())
    time.sleep(1.0)
    code, err = stop_and_wait(bench, lambda: bench.send_signal(signal.SIGTERM))
    assert code == 128 + signal.SIGTERM, err
    wait_until(lambda: session(bench.pid) == [], BOUND)
