"""The CPU players' thinking in a worker process, beside the main loop (an :class:`~cabinet.games.thought.Elsewhere`).

Under a Pi's speed even one slice of the BLOCKS search is longer than a frame
can spare, and a per-frame budget cannot make a frame cheaper than one slice.
So the app keeps one :class:`Thinker`: a worker process
(:class:`~cabinet.system.workers.Worker`) started at boot and ended at exit,
lent to scenes as ``ctx.thinker``. A pilot's thought is sent there whole (the
AI's state and a small snapshot of what its panel shows), decided at once, and
the decision comes back with the AI's new state, which the pilot's AI takes on
(:class:`WorkerThought`): the same decision the thought would have reached
here, only ready at another time. A frame only polls the pipe.

The worker answers in the order it was asked, so each answer belongs to the
oldest question still out. A thought dropped before its answer came (the board
changed, the scene ended) keeps its question; its flag in memory shared with
the worker is raised, so the worker stops it at its next slice (or before its
first) and answers None, and that answer is read and thrown away.

With a budget (on screen) a late answer makes the pilot wait, never the frame.
Without one (no clock) a thought waits for its answer and counts its slices
out over the frames as the in-process one would, so the game is the same.

A worker that dies, or leaves its oldest question unanswered for
:data:`ANSWER_SECONDS` (stopped by a signal, stuck in a swap storm), or stops
answering while questions pile up, is logged and
replaced (no sooner than :data:`RESTART_SECONDS` after the last start); its
thoughts, and those begun while it is down, are thought here within the budget,
so play never stops for it. Scenes built without a thinker (tests, the headless
simulations) think here exactly as before.
"""

from __future__ import annotations

import logging
import os
import time
from collections import deque
from collections.abc import Callable
from multiprocessing import get_context
from multiprocessing.connection import wait
from typing import Any

from cabinet.games.thought import Budget, Thinking, Thought
from cabinet.system import workers
from cabinet.system.workers import Worker, start_all

log = logging.getLogger(__name__)

RESTART_SECONDS = 5.0  # the least time between two starts of the worker
# The oldest question's longest wait before the worker is taken for stuck: a hundred times the
# answer the bench asks for (100 ms), and a new worker's start-up (numpy loading) on a busy Pi.
ANSWER_SECONDS = 10.0
WARMING_SECONDS = 60.0
MOST_IN_HAND = 8  # questions out beyond this: the worker is stuck (a pilot asks one at a time)
KEPT_TIMES = 1000  # the answer times kept, for the bench
FLAGS = 64  # "dropped" flags shared with the worker, by question number (> MOST_IN_HAND)


def _warm(_job) -> int:
    """A new worker's first job: load the AIs (numpy is slow to import under a Pi's speed)."""
    import cabinet.games.antigravity.ai
    import cabinet.games.blocks.ai  # noqa: F401

    return os.getpid()


def _decide(job) -> tuple | None:
    """In the worker: ``ai``'s decision on ``situation``, the AI's state after it, and the slices
    it took; None once question ``number`` is dropped (its flag is up)."""
    ai, situation, number = job
    thinking, slices = ai.thinking(*situation), 0
    while True:
        if workers.shared[number % FLAGS]:
            return None
        try:
            next(thinking)
        except StopIteration as done:
            return done.value, ai.__getstate__(), slices
        slices += 1


class _Question:
    """One job sent to the worker ``asked`` (the thinker's clock) and, once read, its answer
    ``(ok, value)``; ``lost`` if the worker died with it."""

    def __init__(self, number: int, asked: float):
        self.number = number
        self.asked = asked
        self.answer: tuple | None = None
        self.lost = False


class Thinker:
    """The app's worker process for AI thoughts: :meth:`start` at boot, :meth:`stop` at exit.

    ``clock``: seconds (:func:`time.monotonic`), for the restart's pace and the
    start-up figure. ``ready_seconds`` is how long a new worker took to answer
    its first job (None until it has); ``answered`` counts the thoughts it
    answered, ``stopped`` those it stopped when they were dropped, ``restarts``
    the workers replaced, ``here`` the thoughts thought here because the worker
    was down. ``answer_seconds`` keeps the time from question to answer of the
    last :data:`KEPT_TIMES` thoughts, queueing included.

    ``patient``: a thought whose answer is not in on its last frame waits for it
    even within a budget. The bench's is, since it runs frames far faster than
    60 Hz: a CPU there then plays at its level's pace, as on a cabinet whose
    worker keeps up, and the wait is no CPU time of the frame's.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, patient: bool = False):
        self.clock = clock
        self.patient = patient
        self.worker: Worker | None = None
        self._out: deque[_Question] = deque()  # asked, not answered, oldest first
        self._last_answer = 0.0  # when the last answer came (the oldest's wait starts)
        self._started: float | None = None  # when the worker was last started
        self._warming: _Question | None = None
        self._asked = 0  # questions numbered so far
        self._dropped: Any = (
            None  # the flags shared with the worker (a RawArray of bytes, once started)
        )
        self.ready_seconds: float | None = None
        self.answered = 0
        self.stopped = 0
        self.answer_seconds: deque[float] = deque(maxlen=KEPT_TIMES)
        self.restarts = 0
        self.here = 0

    # ------------------------------------------------------------------ the process

    def start(self) -> None:
        """Spawn the worker and have it load the AIs; returns at once. Nothing if it runs already."""
        if self.worker is not None:
            return
        context = get_context("spawn")
        self._dropped = context.RawArray("b", FLAGS)
        self.worker = Worker(context, self._dropped)
        start_all([self.worker])  # with SIGINT ignored: a Ctrl-C is the cabinet's to answer
        self._started = self.clock()
        self._warming = self._ask(_warm, lambda _number: None)

    def stop(self) -> None:
        """End the worker (SIGTERM, then SIGKILL); what it had in hand is dropped. Safe twice."""
        if self.worker is not None:
            self.worker.stop()
            self.worker = None
        self._started = None  # stopped: not to be restarted
        self._lose_all()

    @property
    def pid(self) -> int | None:
        return None if self.worker is None else self.worker.pid

    def thought(self, ai, situation: tuple, work: int, budget: Budget | None):
        """A decision of ``ai.thinking(*situation)``: in the worker (a :class:`WorkerThought`),
        or here within ``budget`` (a :class:`~cabinet.games.thought.Thought`) while it is down."""
        if self._up():
            question = self._ask(_decide, lambda number: (ai, situation, number))
            if question is not None:
                return WorkerThought(self, question, ai, situation, work, budget)
        self.here += 1
        return Thought(ai.thinking(*situation), work, budget)

    def collect(self) -> None:
        """Read every answer waiting in the pipe, without waiting for one."""
        worker = self.worker
        try:
            while worker is not None and self._out and worker.connection.poll():
                self._answered(worker.connection.recv())
        except (EOFError, OSError):
            self._died()
        if self.worker is not None and self._out:
            self._give_up_if_overdue(self._out[0])

    def _give_up_if_overdue(self, oldest: _Question) -> None:
        """Replace a worker whose oldest question waited too long since it was asked, or since
        the answer before it came (answers come in order: it may have waited behind that one)."""
        waited = self.clock() - max(oldest.asked, self._last_answer)
        if waited > (WARMING_SECONDS if oldest is self._warming else ANSWER_SECONDS):
            log.warning("AI worker %s: no answer for %.0f s; it is replaced", self.pid, waited)
            self._died(grace=0.0)  # stuck (stopped, say): SIGTERM would wait unanswered

    def wait_for(self, question: _Question) -> None:
        """Read answers until ``question``'s is in, or the worker has died with it."""
        while question.answer is None and not question.lost:
            worker = self.worker
            assert worker is not None  # a question not yet lost has its worker
            wait(
                [worker.connection, worker.sentinel], 1.0
            )  # a second at most: a stuck worker is given up
            self.collect()
            if question.answer is None and not question.lost and not worker.alive():
                self._died()

    def wait_ready(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a started worker's first answer (the bench, the doctor);
        whether it came."""
        deadline = time.monotonic() + seconds
        while self._warming is not None and self.worker is not None and time.monotonic() < deadline:
            worker = self.worker
            wait([worker.connection, worker.sentinel], max(0.0, deadline - time.monotonic()))
            self.collect()
            if self._warming is not None and not worker.alive():
                self._died()
        return self.ready_seconds is not None

    # ------------------------------------------------------------------ helpers

    def _up(self) -> bool:
        """Whether thoughts go to the worker: it is there and not stuck, or was restarted just now."""
        self.collect()
        if self.worker is not None and len(self._out) >= MOST_IN_HAND:
            log.warning(
                "AI worker %s: %d questions unanswered; it is replaced", self.pid, len(self._out)
            )
            self._died()
        if self.worker is None and self._started is not None:
            if self.clock() - self._started >= RESTART_SECONDS:
                self.restarts += 1
                self.start()
        return self.worker is not None

    def drop(self, question: _Question) -> None:
        """A thought gave up on ``question``: the worker is to stop it (see the module)."""
        if question.answer is None and not question.lost and self.worker is not None:
            self._dropped[question.number % FLAGS] = 1

    def _ask(self, func, job_of) -> _Question | None:
        """Send ``func(job_of(number))``, ``number`` the new question's."""
        self._asked += 1
        question = _Question(self._asked, self.clock())
        self._dropped[question.number % FLAGS] = 0
        assert self.worker is not None  # asked only of a started worker
        try:
            self.worker.send(func, job_of(question.number))
        except OSError:  # it ended since the last look (a broken pipe)
            self._died()
            return None
        self._out.append(question)
        return question

    def _answered(self, answer) -> None:
        question = self._out.popleft()
        question.answer = answer
        self._last_answer = self.clock()
        if question is not self._warming:
            if answer == (True, None):
                self.stopped += 1  # dropped, and stopped by the worker
            else:
                self.answered += 1
                self.answer_seconds.append(self.clock() - question.asked)
        else:
            self._warming = None
            assert self._started is not None  # the warming question came with the start
            self.ready_seconds = self.clock() - self._started
            log.info("AI worker %s ready in %.0f ms", self.pid, self.ready_seconds * 1000)

    def _died(self, grace: float = workers.GRACE_SECONDS) -> None:
        """The worker ended (or is stuck): logged, ended for sure, its questions lost."""
        worker, self.worker = self.worker, None
        if worker is None:
            return
        worker.stop(grace)
        log.warning(
            "AI worker %s ended (exit code %s) with %d thought(s) in hand; "
            "the CPU players think in the main loop until it is restarted",
            worker.pid,
            worker.process.exitcode,
            len(self._out),
        )
        self._lose_all()

    def _lose_all(self) -> None:
        for question in self._out:
            question.lost = True
        self._out.clear()
        self._warming = None


class WorkerThought:
    """A thought decided in the :class:`Thinker`'s worker, with :class:`~cabinet.games.thought.Thought`'s
    ``advance``, ``done`` and ``decision``. If the worker dies with it, it is thought
    here from its start (the AI had not changed), within ``budget``.

    With a budget the answer is taken on the first frame it is in. Without one
    (no clock) it is waited for, then its slices are counted out over the frames
    as the thought here would have spent them, so the AI changes on the very frame
    it would have here: a scene without a clock plays the same game either way.
    """

    def __init__(
        self,
        thinker: Thinker,
        question: _Question,
        ai,
        situation: tuple,
        work: int,
        budget: Budget | None,
    ):
        self._thinker = thinker
        self._question = question
        self._ai = ai
        self._situation = situation
        self._work = work
        self._budget = budget
        self._here: Thought | None = None
        self.done = False
        self.decision = None

    def __del__(self):
        # dropped by its pilot (the board changed, the scene ended): the worker may stop
        self._thinker.drop(self._question)

    def advance(self, frames_left: int) -> bool:
        """This frame's share (see :meth:`Thought.advance`); True once decided."""
        if self.done:
            return True
        if self._here is None:
            question = self._question
            if self._budget is None or (self._thinker.patient and frames_left <= 1):
                self._thinker.wait_for(question)
            else:
                self._thinker.collect()
            if question.lost:
                self._thinker.here += 1
                self._here = Thought(self._ai.thinking(*self._situation), self._work, self._budget)
            elif question.answer is None:
                return False
            else:
                ok, value = question.answer
                if not ok:
                    raise value  # as the thought would have raised here
                decision, state, slices = value
                if self._budget is not None:
                    vars(self._ai).update(state)
                    self.decision, self.done = decision, True
                    return True
                self._here = Thought(_counted_out(self._ai, decision, state, slices), self._work)
        self.done = self._here.advance(frames_left)
        self.decision = self._here.decision
        return self.done


def _counted_out(ai, decision, state, slices: int) -> Thinking:
    """A worker's answer as the thought here would have given it: ``slices`` slices, then
    the AI's new state and the decision."""
    for _ in range(slices):
        yield
    vars(ai).update(state)
    return decision
