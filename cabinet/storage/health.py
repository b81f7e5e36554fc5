"""How the state file is doing, in the words the screens use.

:meth:`cabinet.storage.db.Database.status` gives a :class:`StorageStatus`;
scenes read two things from it: :attr:`StorageStatus.warning`, one line for
attract mode's service corner (None when all is well), and
:meth:`StorageStatus.notices`, the sentences of the service menu's NOTICES page. Both
are :class:`~cabinet.language.words.Words`: storage says what happened in English
messages and fields, and the screen shows them in the operator's language.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from cabinet.language import N_
from cabinet.language.words import Words

# Why writes wait (StorageStatus.fault): English messages, so the NOTICES sentence can translate them.
READ_ONLY = N_("read-only")
DISK_FULL = N_("full")
LOCKED = N_("locked by another program")
FAILING = N_("failing (disk i/o error)")
NOT_OPENABLE = N_("not openable ({error})")
_FAULTS = (READ_ONLY, DISK_FULL, LOCKED, FAILING)
# Attract mode's short line for a fault.
_FAULT_WORDS = {READ_ONLY: N_("STORAGE READ-ONLY"), DISK_FULL: N_("DISK FULL")}
_OTHER_FAULT = N_("STORAGE FAULT")


def fault_words(path: Path, exc: BaseException | str) -> str:
    """Why ``path`` refuses writes, as a few words: "read-only", "full", "locked", ...

    The folder's own flags settle it where SQLite's message is vague (a read-only
    folder without a ``-shm`` gives "unable to open database file").
    """
    message = str(exc).lower()
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        disk = os.statvfs(folder)
        if disk.f_flag & os.ST_RDONLY:
            return READ_ONLY
        if disk.f_bavail == 0:
            return DISK_FULL
    except OSError:
        pass
    if "readonly" in message or "read-only" in message:
        return READ_ONLY
    if "full" in message:
        return DISK_FULL
    if "locked" in message or "busy" in message:
        return LOCKED
    if "i/o" in message or (
        isinstance(exc, sqlite3.DatabaseError) and type(exc) is sqlite3.DatabaseError
    ):
        return FAILING
    return NOT_OPENABLE.format(error=exc)


def fault_shown(fault: str) -> Words | str:
    """A fault of :func:`fault_words` in the operator's words (SQLite's own message as it is)."""
    if fault in _FAULTS:
        return Words(fault)
    opening, _, closing = NOT_OPENABLE.partition("{error}")
    if fault.startswith(opening) and fault.endswith(closing):
        return Words(NOT_OPENABLE, error=fault[len(opening) : len(fault) - len(closing)])
    return fault


@dataclass(frozen=True)
class StorageStatus:
    """A snapshot of the state file's health.

    ``fault`` says why writes wait (None: they land on the file); ``known`` is
    False while the file exists but could not be read, so credits and tables are
    unknown and coins are refused; ``waiting`` writes wait in memory, ``kept`` of
    them also in the waiting file, safe from a power cut; ``held_coins`` dropped
    while the state was unknown and are counted once it is read; ``events`` are
    what happened to the files since power-on (moved aside, a log that lost writes, the books
    restored from their mirror); ``notes`` are lesser troubles, for NOTICES only (a books
    mirror that cannot be written).
    """

    path: Path
    fault: str | None = None
    known: bool = True
    waiting: int = 0
    kept: int = 0
    held_coins: int = 0
    since: str | None = None
    events: tuple[Words, ...] = ()
    notes: tuple[Words, ...] = ()

    @property
    def healthy(self) -> bool:
        return self.fault is None and self.known and not self.events

    @property
    def warning(self) -> Words | None:
        """One line for attract mode: the worst of what is wrong; None when nothing is."""
        if not self.known:
            return Words("STORAGE UNREADABLE: COINS REFUSED  SEE NOTICES")
        if self.fault is not None:
            words = _FAULT_WORDS.get(self.fault, _OTHER_FAULT)
            what = Words(words)
            if self.waiting:
                return Words(
                    "{what}: {count} WRITES WAITING  SEE NOTICES", what=what, count=self.waiting
                )
            return Words("{what}  SEE NOTICES", what=what)
        if self.events:
            return Words("STORAGE PROBLEM FOUND  SEE NOTICES")
        return None

    def notices(self) -> list[Words]:
        """The NOTICES page's sentences about storage, worst first."""
        lines = []
        name = self.path.name
        if not self.known:
            why = fault_shown(self.fault) if self.fault else ""
            if self.held_coins:
                lines.append(
                    Words(
                        "STORAGE: {path} exists but cannot be read ({why}). Credits and high scores are "
                        "unknown, so coins are refused (lockout) and no game starts until it can be read; "
                        "the cabinet tries again every few seconds. {coins} coin(s) dropped meanwhile "
                        "will be counted then.",
                        path=self.path,
                        why=why,
                        coins=self.held_coins,
                    )
                )
            else:
                lines.append(
                    Words(
                        "STORAGE: {path} exists but cannot be read ({why}). Credits and high scores are "
                        "unknown, so coins are refused (lockout) and no game starts until it can be read; "
                        "the cabinet tries again every few seconds.",
                        path=self.path,
                        why=why,
                    )
                )
        elif self.fault is not None:
            lost = self.waiting - self.kept
            safety = (
                Words("all kept in {name}-waiting, safe from a power cut", name=name)
                if not lost
                else Words(
                    "{kept} kept in {name}-waiting, {lost} lost if the power is cut now",
                    kept=self.kept,
                    name=name,
                    lost=lost,
                )
            )
            lines.append(
                Words(
                    "STORAGE: {path} is {fault} since {since}: {count} write(s) waiting ({safety}). "
                    "Play goes on; the cabinet writes them in order as soon as the disk takes them.",
                    path=self.path,
                    fault=fault_shown(self.fault),
                    since=self.since or Words("power-on"),
                    count=self.waiting,
                    safety=safety,
                )
            )
        lines += [Words("STORAGE: {event}", event=event) for event in self.events + self.notes]
        return lines
