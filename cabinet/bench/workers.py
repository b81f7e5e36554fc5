"""Worker processes for the bench's parallel sections, ended however the bench stops.

Each worker is a fresh (spawned) process with a pipe of its own: the bench
sends it one job at a time and reads the result back. Nothing is shared
between the workers, and no helper thread runs beside the bench, so ending them
never waits on anything they hold: they are sent SIGTERM, and SIGKILL after
:data:`GRACE_SECONDS`. (``multiprocessing.Pool`` could not promise that: its
idle worker holds the task queue's lock, so a worker ended or killed while
idle left every later reader, and ``terminate()``, waiting on that lock for
ever; and its worker-handler thread started new workers behind a stop.)
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Iterable
from multiprocessing import get_context
from multiprocessing.connection import wait

GRACE_SECONDS = 2.0     # a worker's time to end on SIGTERM before SIGKILL


class WorkerDied(RuntimeError):
    """A worker process ended in the middle of a job (killed, or out of memory)."""


def _serve(connection) -> None:
    """A worker's life: run each ``(func, job)`` it is sent, send back ``(ok, result or error)``."""
    while True:
        try:
            func, job = connection.recv()
        except EOFError:            # the bench closed its end: nothing more to do
            return
        try:
            reply = (True, func(job))
        except Exception as error:      # handed to the bench, which raises it
            reply = (False, error)
        connection.send(reply)


class Workers:
    """``processes`` worker processes, started with SIGINT ignored (only the bench answers Ctrl-C).

    Use it as a context manager; :meth:`close` (its exit) ends every worker.
    """

    def __init__(self, processes: int):
        self._workers = []          # (process, the bench's end of its pipe)
        context = get_context("spawn")
        # A Ctrl-C reaches the whole process group; a worker interrupted while Python starts
        # dies noisily. So workers start with SIGINT ignored, which a new program keeps. SIGINT
        # is blocked meanwhile: a Ctrl-C waits (Linux never drops a blocked signal) and is
        # raised once the handler is back, so the workers started so far are ended.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            for _ in range(processes):
                ours, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs,), daemon=True)
                self._workers.append((process, ours))
                process.start()
                theirs.close()
        except BaseException:       # a stop, say, while the workers start: none is left behind
            self.close()
            raise
        finally:
            signal.signal(signal.SIGINT, handler)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def pids(self) -> list[int]:
        return [process.pid for process, _ in self._workers if process.pid is not None]

    def map(self, func: Callable, jobs: Iterable) -> list:
        """``[func(job) for job in jobs]``, the jobs shared out over the workers as each gets free.

        ``func`` must be importable by name (a module's function). A job's exception is
        raised here once the jobs already started have ended; :class:`WorkerDied` when a
        worker ends in the middle of a job (the workers are then ended too).
        """
        pending = list(enumerate(jobs))[::-1]
        results = [None] * len(pending)
        busy = {}       # the bench's end of a busy worker's pipe -> (index of its job, process)
        idle = list(self._workers)
        error = None
        while (pending and error is None) or busy:
            while idle and pending and error is None:
                process, connection = idle.pop()
                index, job = pending.pop()
                connection.send((func, job))
                busy[connection] = (index, process)
            sentinels = {process.sentinel: process for _, process in busy.values()}
            for ready in wait([*busy, *sentinels]):
                if ready in sentinels:
                    dead = sentinels[ready]
                else:
                    index, dead = busy.pop(ready)
                    try:
                        ok, value = ready.recv()
                    except EOFError:
                        pass
                    else:
                        if ok:
                            results[index] = value
                        elif error is None:
                            error = value
                        idle.append((dead, ready))
                        continue
                self.close()
                raise WorkerDied(f"bench worker {dead.pid} ended during a job")
        if error is not None:
            raise error
        return results

    def close(self, grace: float = GRACE_SECONDS) -> None:
        """End every worker: SIGTERM, then SIGKILL for any still there after ``grace`` seconds."""
        for process, connection in self._workers:
            connection.close()
            if process.pid is not None:
                with contextlib.suppress(OSError):
                    process.terminate()
        deadline = time.monotonic() + grace
        for process, _ in self._workers:
            if process.pid is None:
                continue
            process.join(max(0.0, deadline - time.monotonic()))
            if process.exitcode is None:
                with contextlib.suppress(OSError):
                    process.kill()
                process.join()
