"""Who makes the music's next chunk: the caller at once, or a thread beside the main loop.

The music asks for its next chunk as soon as it has handed the last one to the mixer,
and takes it when the mixer wants it, 0.2 s later. :class:`MakeNow` makes it during the
ask (tests, where order is everything); :class:`MakeAside` makes it in a thread, so a
frame pays only for handing a finished chunk over. Mixing is numpy work on arrays of
thousands of samples, which lets go of the GIL, so on a Pi's spare cores it costs the
frame next to nothing.

Either way a job's exception is raised again by :meth:`take`, on the caller's thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

Job = Callable[[], Any]


class ChunkMaker(Protocol):
    """One job at a time: asked, made, taken."""

    @property
    def asked(self) -> bool:
        """A job was asked for and its answer is not taken yet."""

    def ask(self, job: Job) -> None:
        """Make ``job()``'s answer; any answer not taken yet is forgotten."""

    def take(self) -> Any:
        """The answer once made (then forgotten here), else None; a job's exception is raised."""

    def drop(self) -> None:
        """Forget the job asked and its answer (the track changed)."""

    def close(self) -> None:
        """No more jobs."""


class MakeNow:
    """Makes each answer during :meth:`ask`."""

    def __init__(self) -> None:
        self._answer: tuple[Any, BaseException | None] | None = None

    @property
    def asked(self) -> bool:
        return self._answer is not None

    def ask(self, job: Job) -> None:
        self._answer = _answer_of(job)

    def take(self) -> Any:
        answer, self._answer = self._answer, None
        return _given(answer)

    def drop(self) -> None:
        self._answer = None

    def close(self) -> None:
        self._answer = None


class MakeAside:
    """Makes each answer in one daemon thread, started at the first :meth:`ask`."""

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._job: Job | None = None
        self._ticket = 0  # which ask the answer in hand belongs to; bumped by ask and drop
        self._answer: tuple[Any, BaseException | None] | None = None
        self._asked = False
        self._closed = False
        self._thread: threading.Thread | None = None

    @property
    def asked(self) -> bool:
        return self._asked

    @property
    def done(self) -> bool:
        """The answer asked for is made and waiting to be taken."""
        with self._wake:
            return self._answer is not None

    def ask(self, job: Job) -> None:
        with self._wake:
            if self._closed:
                raise RuntimeError("the music's chunk maker is closed")
            self._ticket += 1
            self._job, self._answer, self._asked = job, None, True
            self._wake.notify()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="music chunks", daemon=True)
            self._thread.start()

    def take(self) -> Any:
        with self._wake:
            answer, self._answer = self._answer, None
        if answer is not None:
            self._asked = False
        return _given(answer)

    def drop(self) -> None:
        with self._wake:
            self._ticket += 1
            self._job, self._answer, self._asked = None, None, False

    def close(self) -> None:
        with self._wake:
            self._closed, self._job = True, None
            self._wake.notify()
        if self._thread is not None:
            self._thread.join(timeout=1.0)  # at most one chunk's mixing; a daemon either way

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._job is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                job, ticket, self._job = self._job, self._ticket, None
            assert job is not None  # woken with a job or closed
            answer = _answer_of(job)
            with self._wake:
                if ticket == self._ticket:  # not dropped or asked again meanwhile
                    self._answer = answer


def _answer_of(job: Job) -> tuple[Any, BaseException | None]:
    try:
        return job(), None
    except Exception as exc:  # raised again by take(), where the music's own guard is
        return None, exc


def _given(answer: tuple[Any, BaseException | None] | None) -> Any:
    if answer is None:
        return None
    made, error = answer
    if error is not None:
        raise error
    return made
