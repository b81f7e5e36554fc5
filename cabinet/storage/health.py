"""How the state file is doing, in the words the screens use.

:meth:`cabinet.storage.db.Database.status` gives a :class:`StorageStatus`;
scenes read two things from it: :attr:`StorageStatus.warning`, one line for
attract mode's service corner ("" when all is well), and
:meth:`StorageStatus.notices`, the sentences of the service menu's NOTICES page.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from cabinet.language import N_, tr

READ_ONLY = "read-only"
DISK_FULL = "full"
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
        return "locked by another program"
    if "i/o" in message or (isinstance(exc, sqlite3.DatabaseError) and type(exc) is sqlite3.DatabaseError):
        return "failing (disk i/o error)"
    return f"not openable ({exc})"


@dataclass(frozen=True)
class StorageStatus:
    """A snapshot of the state file's health.

    ``fault`` says why writes wait (None: they land on the file); ``known`` is
    False while the file exists but could not be read, so credits and tables are
    unknown and coins are refused; ``waiting`` writes wait in memory, ``kept`` of
    them also in the waiting file, safe from a power cut; ``held_coins`` dropped
    while the state was unknown and are counted once it is read; ``events`` are
    what happened to the files since power-on (moved aside, a log that lost writes).
    """

    path: Path
    fault: str | None = None
    known: bool = True
    waiting: int = 0
    kept: int = 0
    held_coins: int = 0
    since: str | None = None
    events: tuple[str, ...] = ()

    @property
    def healthy(self) -> bool:
        return self.fault is None and self.known and not self.events

    @property
    def warning(self) -> str:
        """One line for attract mode: the worst of what is wrong; "" when nothing is."""
        if not self.known:
            return tr("STORAGE UNREADABLE: COINS REFUSED  SEE NOTICES")
        if self.fault is not None:
            words = _FAULT_WORDS.get(self.fault, _OTHER_FAULT)
            what = tr(words)
            if self.waiting:
                return tr("{what}: {count} WRITES WAITING  SEE NOTICES", what=what, count=self.waiting)
            return tr("{what}  SEE NOTICES", what=what)
        if self.events:
            return tr("STORAGE PROBLEM FOUND  SEE NOTICES")
        return ""

    def notices(self) -> list[str]:
        """The NOTICES page's sentences about storage, worst first."""
        lines = []
        name = self.path.name
        if not self.known:
            lines.append(f"STORAGE: {self.path} exists but cannot be read ({self.fault}). Credits and "
                         f"high scores are unknown, so coins are refused (lockout) and no game starts "
                         f"until it can be read; the cabinet tries again every few seconds."
                         + (f" {self.held_coins} coin(s) dropped meanwhile will be counted then."
                            if self.held_coins else ""))
        elif self.fault is not None:
            lost = self.waiting - self.kept
            safety = (f"all kept in {name}-waiting, safe from a power cut" if not lost else
                      f"{self.kept} kept in {name}-waiting, {lost} lost if the power is cut now")
            lines.append(f"STORAGE: {self.path} is {self.fault} since {self.since or 'power-on'}: "
                         f"{self.waiting} write(s) waiting ({safety}). Play goes on; the cabinet writes them "
                         f"in order as soon as the disk takes them.")
        lines += [f"STORAGE: {event}" for event in self.events]
        return lines
