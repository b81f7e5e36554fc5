"""Takings per day: coins, credits and plays of each of the last 30 days, as the cabinet's clock dates them.

Each day's figures are audit counters (``audit.takings.<YYYY-MM-DD>.coins``,
``.credits``, ``.plays``), added in the same transaction as the coin or the game
start they count (see :mod:`cabinet.storage.credits`), so a power cut loses none;
the bookkeeping reset clears them with every other counter. A coin's day is
the *local* date when it dropped; days older than :data:`DAYS` are deleted by
the first write of a later day.

A Raspberry Pi has no battery clock. Until the network sets it, its clock reads
1970 (or, with ``fake-hwclock``, the time it was last shut down). A clock before
:data:`EARLIEST_YEAR` is not set: what happens then is counted under
:data:`UNDATED`, shown apart, never under a wrong day. A clock that is set but
wrong (an offline Pi restored by fake-hwclock) cannot be told from a right one;
the service page shows the cabinet's date and time so that the operator sees it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date, timedelta

from cabinet.storage.db import Database, Statement, add_counter

PREFIX = "audit.takings."
DAYS = 30
UNDATED = "undated"
EARLIEST_YEAR = 2026  # this firmware was written in 2026: a clock before that is not set
KINDS = ("coins", "credits", "plays")


def local_day(now: Callable[[], float] = time.time) -> str:
    """Today's local date, "YYYY-MM-DD", or :data:`UNDATED` when the clock is not set."""
    moment = time.localtime(now())
    if moment.tm_year < EARLIEST_YEAR:
        return UNDATED
    return time.strftime("%Y-%m-%d", moment)


def statements(day: str, coins: int = 0, credits: int = 0, plays: int = 0) -> list[Statement]:
    """Count ``coins``, ``credits`` and ``plays`` on ``day``; a dated day also forgets the days
    more than :data:`DAYS` before it."""
    counts = {"coins": coins, "credits": credits, "plays": plays}
    result = [
        add_counter(f"{PREFIX}{day}.{kind}", amount) for kind, amount in counts.items() if amount
    ]
    if result and day != UNDATED:
        oldest = (date.fromisoformat(day) - timedelta(days=DAYS - 1)).isoformat()
        # Dated names sort by date, and "undated" after every digit, so this keeps it.
        result.append(
            ("DELETE FROM counters WHERE name >= ? AND name < ?", (PREFIX, f"{PREFIX}{oldest}"))
        )
    return result


def read(db, today: str | None = None) -> list[dict]:
    """Every day with takings, newest first, ``{"day", "coins", "credits", "plays"}``; the undated
    figures, if any, last. With ``today`` (a date), days more than :data:`DAYS` before it are left out."""
    days: dict[str, dict] = {}
    for name, value in db.read(
        "SELECT name, value FROM counters WHERE name >= ? AND name < ?", (PREFIX, PREFIX + "\uffff")
    ):
        day, _, kind = name[len(PREFIX) :].rpartition(".")
        if kind in KINDS and day:
            days.setdefault(day, {"day": day, **dict.fromkeys(KINDS, 0)})[kind] = value
    oldest = None
    if today and today != UNDATED:
        oldest = (date.fromisoformat(today) - timedelta(days=DAYS - 1)).isoformat()
    dated = sorted(
        (row for day, row in days.items() if day != UNDATED and (oldest is None or day >= oldest)),
        key=lambda row: row["day"],
        reverse=True,
    )
    return dated + ([days[UNDATED]] if UNDATED in days else [])


class Takings:
    """The takings of one database, dated by ``today`` (a function giving "YYYY-MM-DD" or UNDATED)."""

    def __init__(self, db: Database, today: Callable[[], str] = local_day):
        self.db = db
        self.today = today

    def statements(self, coins: int = 0, credits: int = 0, plays: int = 0) -> list[Statement]:
        return statements(self.today(), coins, credits, plays)

    def days(self) -> list[dict]:
        """The last :data:`DAYS` days with takings, newest first, then the undated ones."""
        return read(self.db, self.today())
