"""An AI decision spread over frames, for both games' pilots.

An AI that thinks in slices is a generator (:data:`Thinking`): each ``next()``
does one slice of the search, and the generator returns the decision. A pilot
wraps it in a :class:`Thought` and advances it a share per frame while it waits
anyway (the pause before a move), so that no single frame carries a whole
decision: a Pi is several times slower than a desktop. How the slices are
spread never changes the decision, only when it is ready.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

Thinking = Generator[None, None, Any]


def finish(thinking: Thinking):
    """Run ``thinking`` to its end at once; its decision."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


class Thought:
    """A decision in progress: ``thinking`` and about how many slices it takes (``work``)."""

    def __init__(self, thinking: Thinking, work: int):
        self._thinking = thinking
        self._left = max(1, work)
        self.done = False
        self.decision = None

    def advance(self, frames_left: int) -> bool:
        """Do this frame's share, when ``frames_left`` frames (this one included) remain
        before the decision is needed: all of what is left on the last one. True once decided."""
        if self.done:
            return True
        slices = None if frames_left <= 1 else -(-self._left // frames_left)
        try:
            while slices is None or slices > 0:
                next(self._thinking)
                self._left = max(1, self._left - 1)
                if slices is not None:
                    slices -= 1
        except StopIteration as ended:
            self.done = True
            self.decision = ended.value
        return self.done
