"""Keeping Python's full garbage collections out of the frames, for a process that runs for months.

The cyclic collector runs when allocations say so, on whatever frame is running
then. Its young generations cost a fraction of a millisecond, but a full
(generation 2) collection walks every container the cabinet holds, about
46,000 after start-up (modules, fonts, the warmed text and sprite caches):
21 ms here and 42 ms under the arm64 stand-in, once every few minutes, for
the handful of cycles it finds. Those were the bench's one-off long frames.

So once start-up has warmed the caches, :meth:`Collector.settle` collects once,
freezes what is left (:func:`gc.freeze`: start-up's objects live as long as the
process, and full collections stop walking them) and keeps the collector from
starting full collections itself; the young generations run as before. Full
collections, now of what was made since start-up only, run at safe moments:
:meth:`Collector.cut` notes one (the picture cuts to another screen: an attract
page change, a game's start or end) and the next :meth:`Collector.tick` collects.
A screen that stays (a long game, a service page left open) still gets one every
:data:`LONGEST_SECONDS`, so garbage cycles never pile up. Objects nothing refers
to are freed at once, frozen or not, as always; only cycles wait.

Each full collection also hands the C heap's free pages back to the system
(:mod:`cabinet.system.memory`): the screen just left freed its pictures and words,
and given back at the cut they no longer wait for the minute's trim. Waiting, they
showed as a megabyte or two more resident on some screens than on others, by when
the last trim fell, which hid any real growth in the soak's figures.
"""

from __future__ import annotations

import gc
import time

LONGEST_SECONDS = 300.0  # the longest time without a full collection, cut or not
NEVER = 2**31 - 1  # a generation-2 threshold the count of generation-1 collections never passes


class Collector:
    """Full garbage collections at safe moments instead of on any frame.

    ``collections`` counts the full collections it ran; ``last_seconds`` is the
    CPU time the last one took with its hand-back of freed pages (the bench reports
    it beside the frames' CPU times).
    """

    def __init__(self):
        self.settled = False
        self.collections = 0
        self.last_seconds = 0.0
        self._cut = False
        self._due: float | None = None  # when the longest wait is over (set by the first tick)
        self._thresholds = gc.get_threshold()

    def settle(self) -> None:
        """After start-up: collect its garbage, give its freed pages back (the most there will
        ever be: 20 ms under the arm64 stand-in, which the first cut paid), freeze the rest,
        and take full collections over."""
        from cabinet.system.memory import (
            release_freed_memory,
        )  # ctypes: loaded after start-up's work

        gc.collect()
        release_freed_memory()
        gc.freeze()
        self._thresholds = gc.get_threshold()
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, NEVER)
        self.settled = True

    def cut(self) -> None:
        """The picture cut to another screen: the next :meth:`tick` collects."""
        self._cut = True

    def tick(self, now: float) -> bool:
        """Between frames, ``now`` in seconds on any steady clock (the app's :func:`time.monotonic`,
        the soak's simulated time): a full collection if a cut came or the longest wait is over;
        True if one ran."""
        if self._due is None:
            self._due = now + LONGEST_SECONDS
        if not self.settled or not (self._cut or now >= self._due):
            return False
        from cabinet.system.memory import release_freed_memory

        started = time.process_time()
        gc.collect()
        release_freed_memory()
        self.last_seconds = time.process_time() - started
        self.collections += 1
        self._cut = False
        self._due = now + LONGEST_SECONDS
        return True

    def release(self) -> None:
        """Give the collector back as it was (the app's close; the bench runs on in the same process)."""
        if self.settled:
            gc.set_threshold(*self._thresholds)
            gc.unfreeze()
            self.settled = False
