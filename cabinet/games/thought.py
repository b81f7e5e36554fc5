"""An AI decision spread over frames, for both games' pilots.

An AI that thinks in slices is a generator (:data:`Thinking`): each ``next()``
does one slice of the search, and the generator returns the decision. A pilot
wraps it in a :class:`Thought` and advances it a share per frame while it waits
anyway (the pause before a move), so that no single frame carries a whole
decision: a Pi is several times slower than a desktop. How the slices are
spread never changes the decision, only when it is ready.

On screen a pilot thinks within a :class:`Budget` the scene lends it (a games
module keeps no clock): then no frame thinks longer than the budget allows, and
a thought not done when its move is due makes the pilot wait, not the frame. The
headless simulations lend none: their thoughts end on the frame of the move, so
they stay the same whatever the machine.

A thought may also run elsewhere: the cabinet lends its scenes a worker process
(an :class:`Elsewhere`, see :mod:`cabinet.scenes.kit.thinker`) that thinks beside
the main loop, and a pilot begins each thought with :func:`begin`. For that an
AI pickles, and its pickled state (``__getstate__``) is exactly what a thought
may change (its plan, its random numbers), caches left out; ``thinking``'s
arguments pickle too, small (a snapshot of what the panel shows, not the game).
Such a thought changes the AI only when it returns its decision, so one dropped
halfway, here or elsewhere, leaves no trace.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, Protocol

Thinking = Generator[None, None, Any]


class Budget(Protocol):
    """The thinking time of one frame, kept by a layer that has a clock (the scene's)."""

    def spend(self, step: Callable[[], object]) -> bool:
        """Run ``step`` (one slice) if this frame's time allows it, and count its time.
        False, with ``step`` not run, once the frame's time is spent."""


class Elsewhere(Protocol):
    """A place to think other than this frame (a worker process), kept by a layer above games."""

    def thought(self, ai, situation: tuple, work: int, budget: Budget | None) -> Thought:
        """A decision of ``ai.thinking(*situation)`` in progress, with :class:`Thought`'s
        ``advance``, ``done`` and ``decision``; ``ai`` takes on the thought's changes when
        it is decided. Without a ``budget`` it is decided, as a :class:`Thought` is, by the
        end of its last frame."""


def begin(
    ai,
    situation: tuple,
    work: int,
    budget: Budget | None = None,
    elsewhere: Elsewhere | None = None,
) -> Thought:
    """A new decision of ``ai.thinking(*situation)``, about ``work`` slices: ``elsewhere``
    when the scene lends a place, else here (within ``budget``, when there is one)."""
    if elsewhere is not None:
        return elsewhere.thought(ai, situation, work, budget)
    return Thought(ai.thinking(*situation), work, budget)


def finish(thinking: Thinking):
    """Run ``thinking`` to its end at once; its decision."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


class Thought:
    """A decision in progress: ``thinking`` and about how many slices it takes (``work``).

    ``budget``: the :class:`Budget` each frame's slices must fit in; None thinks
    without a clock (what is left is done on the last frame).
    """

    def __init__(self, thinking: Thinking, work: int, budget: Budget | None = None):
        self._thinking = thinking
        self._left = max(1, work)
        self._budget = budget
        self.done = False
        self.decision = None

    def advance(self, frames_left: int) -> bool:
        """Do this frame's share, when ``frames_left`` frames (this one included) remain
        before the decision is needed: all of what is left on the last one (or, with a
        budget, on it and any frame after it, as much as the budget allows). True once decided."""
        if self.done:
            return True
        slices = None if frames_left <= 1 else -(-self._left // frames_left)
        try:
            while slices is None or slices > 0:
                if self._budget is None:
                    next(self._thinking)
                elif not self._budget.spend(self._slice):
                    break
                self._left = max(1, self._left - 1)
                if slices is not None:
                    slices -= 1
        except StopIteration as ended:
            self.done = True
            self.decision = ended.value
        return self.done

    def _slice(self) -> None:
        next(self._thinking)
