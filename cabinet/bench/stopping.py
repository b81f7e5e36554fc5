"""Ending the bench promptly on SIGTERM or Ctrl-C, leaving no process of its own behind.

SDL turns SIGINT and SIGTERM into a quit event nobody reads in the bench (it
installs its handlers when pygame starts, if none is set), so a ``timeout`` or
a Ctrl-C used to go unheard while worker pools kept running. Inside
:func:`stoppable` both signals raise :class:`Stopped` in the main thread, which
unwinds every ``with`` block (:class:`~cabinet.system.workers.Workers` ends its
workers on exit); whatever child is still alive afterwards (a cabinet, a soak
or a broker started by a section) is ended too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

SIGNALS = (signal.SIGTERM, signal.SIGINT)
GRACE_SECONDS = 2.0  # a child's time to end on SIGTERM before SIGKILL


class Stopped(BaseException):
    """The bench was asked to stop (a BaseException, so no ``except Exception`` in a section holds it)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _stop(signum, _frame):
    raise Stopped(signum)


def _resource_tracker() -> int | None:
    """multiprocessing's resource tracker, which ends by itself once the bench has gone."""
    from multiprocessing import resource_tracker

    return getattr(resource_tracker._resource_tracker, "_pid", None)


def children(pid: int | None = None, proc: Path = Path("/proc")) -> list[int]:
    """The live child processes of ``pid`` (default: this process)."""
    pid = os.getpid() if pid is None else pid
    found = []
    for entry in proc.glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended while we looked
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.parent.name))
    return found


def end_children(grace: float = GRACE_SECONDS) -> list[int]:
    """SIGTERM every child, SIGKILL those still there after ``grace`` seconds, reap them all.

    The resource tracker is left alone: it ignores SIGTERM, unlinks what the
    pools leave, and ends when the bench's end closes its pipe.
    """
    ended = [pid for pid in children() if pid != _resource_tracker()]
    for pid in ended:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while set(ended) & set(children()) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in set(ended) & set(children()):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for pid in ended:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
    return ended


@contextlib.contextmanager
def stoppable():
    """SIGTERM and SIGINT raise :class:`Stopped` inside the block; children are ended when it stops."""
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"  # SDL's hint: leave the signals to us
    previous = {signum: signal.signal(signum, _stop) for signum in SIGNALS}
    try:
        yield
    except Stopped:
        for signum in SIGNALS:  # a second Ctrl-C while cleaning up is not a traceback
            signal.signal(signum, signal.SIG_IGN)
        end_children()
        raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
