"""Worker processes, each with a pipe of its own, ended however their owner stops.

Each worker is a fresh (spawned) process: its owner sends it one
``(function, job)`` at a time and reads the result back. Nothing is shared
between workers (beyond memory an owner hands one), and no helper thread runs beside the owner, so ending them
never waits on anything they hold: they are sent SIGTERM, and SIGKILL after
:data:`GRACE_SECONDS`. (``multiprocessing.Pool`` could not promise that: its
idle worker holds the task queue's lock, so a worker ended or killed while
idle left every later reader, and ``terminate()``, waiting on that lock for
ever; and its worker-handler thread started new workers behind a stop.)

The bench shares its sections' jobs out over :class:`Workers`; the cabinet
thinks for its CPU players in one :class:`Worker` (:mod:`cabinet.scenes.kit.thinker`).
A worker whose owner dies ends by itself: its pipe reads end-of-file.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Iterable
from multiprocessing import get_context, resource_tracker
from multiprocessing.connection import Connection, wait
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

GRACE_SECONDS = 2.0  # a worker's time to end on SIGTERM before SIGKILL

# In a worker: the shared memory its owner handed it at start (``Worker(shared=...)``), for
# its jobs to read while they run (the AI worker's "dropped" flags); None if none.
shared: Any = None


class WorkerDied(RuntimeError):
    """A worker process ended in the middle of a job (killed, or out of memory)."""


def _serve(connection, memory=None) -> None:
    """A worker's life: run each ``(func, job)`` it is sent, send back ``(ok, result or error)``."""
    global shared
    shared = memory
    signal.signal(
        signal.SIGINT, signal.SIG_IGN
    )  # drops a Ctrl-C held since the start (see start_all)
    while True:
        try:
            func, job = connection.recv()
        except (EOFError, OSError):  # the owner closed its end (or died): nothing more to do
            return  # (a reset, not an end-of-file, if it left answers unread)
        try:
            reply = (True, func(job))
        except Exception as error:  # handed to the owner, which raises it
            reply = (False, error)
        try:
            connection.send(reply)
        except OSError:  # the owner went away meanwhile (a broken pipe, a reset)
            return


class Worker:
    """One worker process and the owner's end of its pipe; :meth:`start` spawns it.

    The process starts with SIGINT blocked, then ignores it (only its owner answers Ctrl-C).
    ``shared``: shared memory made with ``context`` (``context.RawArray``), which the
    worker's jobs read as :data:`shared` while they run.
    """

    def __init__(self, context: SpawnContext | None = None, shared: object = None):
        self._context = context or get_context("spawn")
        self._shared = shared
        self._process: SpawnProcess | None = None
        self._connection: Connection | None = None  # the owner's end of the pipe

    def start(self) -> None:
        ours, theirs = self._context.Pipe()
        self._process = self._context.Process(
            target=_serve, args=(theirs, self._shared), daemon=True
        )
        self._connection = ours
        self._process.start()
        theirs.close()

    @property
    def process(self) -> SpawnProcess:
        """The worker's process, once :meth:`start` made it."""
        if self._process is None:
            raise RuntimeError("the worker has not been started")
        return self._process

    @property
    def connection(self) -> Connection:
        """The owner's end of the pipe, once :meth:`start` made it."""
        if self._connection is None:
            raise RuntimeError("the worker has not been started")
        return self._connection

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def sentinel(self) -> int:
        """Ready (for :func:`multiprocessing.connection.wait`) once the process has ended."""
        return self.process.sentinel

    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def send(self, func: Callable[[Any], object], job: object) -> None:
        """Hand ``func(job)`` to the worker (``func`` importable by name: a module's function).
        BrokenPipeError (an OSError) if it has ended."""
        self.connection.send((func, job))

    def terminate(self) -> None:
        """Close the owner's end and send SIGTERM (:meth:`join_or_kill` waits for the end)."""
        if self._connection is not None:
            self._connection.close()
        if self.pid is not None:
            with contextlib.suppress(OSError):
                self.process.terminate()

    def join_or_kill(self, deadline: float) -> None:
        """Wait for the end until ``deadline`` (:func:`time.monotonic`), then SIGKILL and reap."""
        if self.pid is None:
            return
        self.process.join(max(0.0, deadline - time.monotonic()))
        if self.process.exitcode is None:
            with contextlib.suppress(OSError):
                self.process.kill()
            self.process.join()

    def stop(self, grace: float = GRACE_SECONDS) -> None:
        """End the worker: SIGTERM, then SIGKILL if it is still there after ``grace`` seconds."""
        stop_all([self], grace)


def start_all(workers: list[Worker]) -> None:
    """Start ``workers``; on any failure (a stop, say) those started are ended, then it is raised.

    A Ctrl-C meanwhile is held, and raised once they have all started.
    """
    # A Ctrl-C reaches the whole process group; a worker interrupted while Python starts
    # dies noisily. So workers start with SIGINT blocked in this thread (a new program
    # keeps the mask) until they ignore it. The owner's Ctrl-C is held meanwhile, not
    # ignored: another thread (numpy's) takes a signal this one blocks, and would drop it.
    # The resource tracker starts first: multiprocessing unblocks SIGINT once it has started it.
    resource_tracker.ensure_running()
    held = []

    def hold(signum, _frame):
        held.append(signum)

    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, hold)
    try:
        try:
            for worker in workers:
                worker.start()
        finally:
            signal.signal(signal.SIGINT, handler)
            signal.pthread_sigmask(
                signal.SIG_SETMASK, blocked
            )  # one no other thread took is raised here
        if held:
            signal.raise_signal(signal.SIGINT)  # to the owner's handler, now back
    except BaseException:
        stop_all(workers)
        raise


def stop_all(workers: list[Worker], grace: float = GRACE_SECONDS) -> None:
    """End every one of ``workers`` at once: SIGTERM to all, SIGKILL to those left after ``grace`` s."""
    for worker in workers:
        worker.terminate()
    deadline = time.monotonic() + grace
    for worker in workers:
        worker.join_or_kill(deadline)


class Workers:
    """``processes`` :class:`Worker` processes sharing out jobs (:meth:`map`), for the bench.

    Use it as a context manager; :meth:`close` (its exit) ends every worker.
    """

    def __init__(self, processes: int):
        context = get_context("spawn")
        self._workers = [Worker(context) for _ in range(processes)]
        start_all(self._workers)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def pids(self) -> list[int]:
        return [worker.pid for worker in self._workers if worker.pid is not None]

    def map(self, func: Callable[[Job], Result], jobs: Iterable[Job]) -> list[Result]:
        """``[func(job) for job in jobs]``, the jobs shared out over the workers as each gets free.

        ``func`` must be importable by name (a module's function). A job's exception is
        raised here once the jobs already started have ended; :class:`WorkerDied` when a
        worker ends in the middle of a job (the workers are then ended too).
        """
        pending = list(enumerate(jobs))[::-1]
        count = len(pending)
        results: dict[int, Result] = {}  # by the index of the job
        busy: dict[Connection, tuple[int, Worker]] = {}  # a busy worker's pipe -> (job, worker)
        idle = list(self._workers)
        error: BaseException | None = None
        while (pending and error is None) or busy:
            while idle and pending and error is None:
                worker = idle.pop()
                index, job = pending.pop()
                worker.send(func, job)
                busy[worker.connection] = (index, worker)
            sentinels = {worker.sentinel: worker for _, worker in busy.values()}
            for ready in wait([*busy, *sentinels]):
                if isinstance(ready, int):  # a sentinel: that worker's process ended
                    dead = sentinels[ready]
                else:
                    assert isinstance(ready, Connection), ready  # wait() hands back what it got
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
                        idle.append(dead)
                        continue
                self.close()
                raise WorkerDied(f"bench worker {dead.pid} ended during a job")
        if error is not None:
            raise error
        return [results[index] for index in range(count)]

    def close(self, grace: float = GRACE_SECONDS) -> None:
        """End every worker: SIGTERM, then SIGKILL for any still there after ``grace`` seconds."""
        stop_all(self._workers, grace)
