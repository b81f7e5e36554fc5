"""Worker processes (cabinet.system.workers): results in order, errors raised, every worker ended however the block ends."""

import os
import signal
import subprocess
import sys
import time

import pytest

from cabinet.bench.stopping import Stopped, children
from cabinet.system import workers
from cabinet.system.workers import WorkerDied, Workers
from support import ROOT
from support.signals import ctrl_c_as_usual


def live(pids: list[int]) -> list[int]:
    return [pid for pid in pids if pid in children()]


def test_results_come_back_in_the_order_of_the_jobs():
    with Workers(2) as pool:
        assert pool.map(abs, [-3, -1, -2, 5, -4]) == [3, 1, 2, 5, 4]
        assert pool.map(abs, []) == []


def test_a_jobs_exception_is_raised_in_the_bench_and_the_workers_still_serve():
    with Workers(2) as pool:
        with pytest.raises(ValueError, match="invalid literal"):
            pool.map(int, ["1", "x"])
        assert pool.map(int, ["7"]) == [7]


def kill_own_worker(_):
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_worker_killed_during_a_job_is_an_error_not_a_wait():
    with Workers(1) as pool:
        pids = pool.pids
        with pytest.raises(WorkerDied):
            pool.map(kill_own_worker, [None])
    assert live(pids) == []


def test_workers_killed_while_idle_leave_nothing_behind():
    # multiprocessing.Pool never got out of this block: an idle worker holds its task queue's
    # lock, so after the kill its new workers and terminate() wait on that lock for ever
    with Workers(2) as pool:
        pids = pool.pids
        assert pool.map(abs, [-1, -2]) == [1, 2]
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
    assert live(pids) == []


def deaf_to_sigterm_then_stop_the_bench(_):
    signal.signal(
        signal.SIGTERM, signal.SIG_IGN
    )  # as SDL does when started without its no-signal hint
    os.kill(os.getppid(), signal.SIGUSR1)
    time.sleep(600)


def test_a_stop_during_jobs_ends_even_workers_deaf_to_sigterm():
    def stop(signum, _frame):
        raise Stopped(signum)

    previous = signal.signal(signal.SIGUSR1, stop)
    try:
        with pytest.raises(Stopped), Workers(2) as pool:
            pids = pool.pids
            pool.map(deaf_to_sigterm_then_stop_the_bench, [None])
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert live(pids) == []


def test_a_stop_while_the_workers_start_ends_those_already_started(monkeypatch):
    spawn, started = workers.get_context("spawn"), []

    class StoppedAtTheSecondWorker:
        def Pipe(self):
            if started:
                raise Stopped(signal.SIGTERM)
            return spawn.Pipe()

        def Process(self, **kwargs):
            started.append(spawn.Process(**kwargs))
            return started[-1]

    monkeypatch.setattr(workers, "get_context", lambda _method: StoppedAtTheSecondWorker())
    with pytest.raises(Stopped):
        Workers(2)
    assert started[0].pid is not None
    assert live([started[0].pid]) == []


CTRL_C_ONCE_THE_FIRST_WORKER_STARTS = """
import os, signal, threading
from cabinet.system.workers import Worker, start_all

class CtrlCOnceStarted(Worker):
    def start(self):
        super().start()
        os.killpg(0, signal.SIGINT)

threading.Thread(target=threading.Event().wait, daemon=True).start()   # as numpy's thread in the bench
workers = [CtrlCOnceStarted(), Worker()]
try:
    start_all(workers)
except KeyboardInterrupt:
    print("raised;", sum(worker.alive() for worker in workers), "alive")
"""


def test_a_ctrl_c_while_workers_start_is_raised_once_they_have_and_ends_them_quietly():
    # a fresh program: multiprocessing starts its resource tracker with the first worker
    result = subprocess.run(
        [sys.executable, "-c", CTRL_C_ONCE_THE_FIRST_WORKER_STARTS],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        start_new_session=True,
        preexec_fn=ctrl_c_as_usual,
    )
    assert result.stdout == "raised; 0 alive\n", result.stderr
    assert result.stderr == ""


def test_a_worker_whose_owner_leaves_with_an_answer_unread_ends_quietly():
    # the owner's socket then resets the connection rather than ending it: no traceback on stderr
    worker = workers.Worker()
    workers.start_all([worker])
    try:
        worker.send(abs, -1)
        assert worker.connection.poll(60), "answered"
        worker.connection.close()
        worker.process.join(60)
        assert worker.process.exitcode == 0
    finally:
        worker.stop()
