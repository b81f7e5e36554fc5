"""The operator's sleep hours, "HH:MM-HH:MM": parsed, checked, and asked "is it now?".

Shared by the settings schema (a bad value is reported with its key and line)
and by the screen care that acts on it. A window may run past midnight
("22:30-07:00"); the start is included, the end is not.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

_WINDOW = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")
DAY = 24 * 60


@dataclass(frozen=True)
class SleepHours:
    """From ``start`` to ``end``, both in minutes after midnight."""

    start: int
    end: int

    @classmethod
    def parse(cls, text: str) -> SleepHours | None:
        """``"02:00-10:00"`` as SleepHours; None for an empty text (never sleep). ValueError if bad."""
        if not text or not text.strip():
            return None
        match = _WINDOW.match(text)
        if not match:
            raise ValueError(
                f'must be hours of the day as "HH:MM-HH:MM", e.g. "02:00-10:00"; got {text!r}'
            )
        h1, m1, h2, m2 = (int(part) for part in match.groups())
        if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
            raise ValueError(
                f"has a time that is not on a 24-hour clock (00:00 to 23:59): {text!r}"
            )
        if (h1, m1) == (h2, m2):
            raise ValueError(f"starts and ends at the same time, so it would never end: {text!r}")
        return cls(h1 * 60 + m1, h2 * 60 + m2)

    def contains(self, minute: int) -> bool:
        """True when ``minute`` (after midnight) is inside the hours."""
        if self.start < self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end

    def __str__(self) -> str:
        return f"{clock(self.start)}-{clock(self.end)}"


def clock(minute: int) -> str:
    """Minutes after midnight as HH:MM."""
    minute %= DAY
    return f"{minute // 60:02d}:{minute % 60:02d}"


def sleep_hours_problem(text) -> str | None:
    """Why ``text`` is not a valid ``display.sleep``, or None."""
    try:
        SleepHours.parse(text)
    except ValueError as exc:
        return str(exc)
    return None


def command_problem(text) -> str | None:
    """Why ``text`` is not a command line the cabinet can run (unbalanced quotes), or None."""
    try:
        shlex.split(text or "")
    except ValueError as exc:
        return f"is not a command line ({exc}): {text!r}"
    return None
