"""The one SQLite file that holds the cabinet's state, made safe against power cuts.

* WAL journal with ``synchronous=FULL`` and one transaction per write: a power
  cut loses at most the write in progress, never a committed one.
* On open, a file SQLite cannot read or that fails ``PRAGMA integrity_check`` is
  moved aside (renamed with a timestamp, with its ``-wal`` and ``-shm``) and a
  fresh database is created. The event is logged; it is never fatal.
* A read-only or full disk never stops play. A write that fails is applied to an
  in-memory copy of the database (so the game sees its coins and scores), kept
  in a queue, logged once, and written to the file by the next write or by
  :meth:`Database.retry` once the disk takes it again.

Writes are lists of ``(sql, params)`` statements. Each list is one transaction,
and statements must not read the clock or anything but the database, so that a
queued list replayed later on the file gives exactly what it gave in memory.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Sequence

from cabinet.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from cabinet.system.paths import state_dir

log = logging.getLogger("cabinet.storage")

Statement = tuple[str, Sequence]

# Words in SQLite's messages for a disk that will not take writes (right now).
_DISK_FAULTS = ("readonly", "read-only", "disk is full", "unable to open",
                "disk i/o error", "locked", "busy")


class UnusableDatabase(Exception):
    """The file opened but cannot be used: it is damaged or from a newer firmware."""


class _SetAside(Exception):
    """The file was damaged and has been moved aside."""


def is_disk_fault(exc: BaseException) -> bool:
    """True for a disk that refuses writes (full, read-only, gone), not for a bug in SQL."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    if type(exc) is sqlite3.DatabaseError:  # corruption found while running
        return True
    message = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and any(w in message for w in _DISK_FAULTS)


def default_path() -> Path:
    """``state_dir()/cabinet.db``; when the folder cannot be made, where it should be."""
    try:
        return state_dir() / "cabinet.db"
    except OSError as exc:
        log.warning("storage: cannot create the state folder (%s)", exc)
        explicit = os.environ.get("STATE_DIRECTORY")
        if explicit:
            return Path(explicit.split(":")[0]) / "cabinet.db"
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        return Path(base) / "arcadeforge" / "cabinet.db"


class Database:
    """The state file, with its fallbacks. Use :meth:`open`; it never raises for disk trouble.

    ``connect`` makes connections to the file (tests pass a wrapper that fails on
    demand); the in-memory copy always uses :func:`sqlite3.connect`.
    """

    RETRY_SECONDS = 5.0  # least time between the retries writes make (each replays every waiting write)

    def __init__(self, path: Path, connect: Callable[..., sqlite3.Connection] = sqlite3.connect):
        self.path = Path(path)
        self._retry_after = 0.0
        self._connect = connect
        self._file: sqlite3.Connection | None = None
        self._memory: sqlite3.Connection | None = None
        self._pending: list[list[Statement]] = []
        self.moved_aside: list[Path] = []  # files renamed because they were damaged
        self._stuck_logged = False

    @classmethod
    def open(cls, path: str | Path | None = None,
             connect: Callable[..., sqlite3.Connection] = sqlite3.connect) -> "Database":
        db = cls(Path(path) if path else default_path(), connect)
        if not db._open_file():
            db._use_memory()
        return db

    # ------------------------------------------------------------------ state

    @property
    def degraded(self) -> bool:
        """True while writes wait in memory for the disk."""
        return self._memory is not None

    @property
    def pending(self) -> int:
        """Number of writes waiting for the disk."""
        return len(self._pending)

    def read(self, sql: str, params: Sequence = ()) -> list[tuple]:
        """Rows of a query, from the file or, while writes are pending, from memory."""
        if self._memory is None:
            try:
                return self._file.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                if not is_disk_fault(exc):
                    raise
                self._fall_back(exc)
        return self._memory.execute(sql, params).fetchall()

    def read_value(self, sql: str, params: Sequence = (), default=None):
        rows = self.read(sql, params)
        return rows[0][0] if rows and rows[0][0] is not None else default

    def write(self, statements: Iterable[Statement]) -> list[int | None]:
        """Run ``statements`` as one transaction; the ``lastrowid`` of each.

        When the disk refuses, the transaction is kept in memory and retried
        later; the caller sees the same result either way.
        """
        batch = [(sql, tuple(params)) for sql, params in statements]
        if self._memory is None:
            try:
                return _transaction(self._file, batch)
            except sqlite3.DatabaseError as exc:
                if not is_disk_fault(exc):
                    raise
                self._fall_back(exc)
                rowids = _transaction(self._memory, batch)
                self._pending.append(batch)
                return rowids
        rowids = _transaction(self._memory, batch)
        self._pending.append(batch)
        if time.monotonic() >= self._retry_after:
            self.retry()
        return rowids

    def retry(self) -> bool:
        """Write what waits in memory to the file; True when nothing is left waiting.

        The app calls this every few seconds (:meth:`cabinet.storage.Store.tick`);
        writes also try, at most every ``RETRY_SECONDS``.
        """
        if self._memory is None:
            return True
        self._retry_after = time.monotonic() + self.RETRY_SECONDS
        try:
            if self._file is None:
                damaged_before = len(self.moved_aside)
                if not self._open_file(quiet=True):
                    return False
                if len(self.moved_aside) > damaged_before:
                    # A fresh file: memory holds the whole state, not only what waits.
                    _transaction(self._file, _copy_statements(self._memory))
                    return self._caught_up()
            _transaction(self._file, [statement for batch in self._pending for statement in batch])
        except sqlite3.DatabaseError as exc:
            if not is_disk_fault(exc):
                raise
            if type(exc) is sqlite3.DatabaseError:  # damaged while running: set aside on the next try
                self._file.close()
                self._file = None
            return False
        return self._caught_up()

    def _caught_up(self) -> bool:
        log.warning("storage: %s writable again; saved %d waiting write(s)", self.path, len(self._pending))
        self._pending.clear()
        self._memory.close()
        self._memory = None
        return True

    def integrity(self) -> str:
        """``PRAGMA integrity_check`` of the file ("ok" when sound)."""
        rows = self.read("PRAGMA integrity_check")
        return "; ".join(str(row[0]) for row in rows)

    def close(self) -> None:
        self.retry()
        for conn in (self._file, self._memory):
            if conn is not None:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
        self._file = self._memory = None

    # ------------------------------------------------------------------ opening

    def _open_file(self, quiet: bool = False) -> bool:
        """Open (or create) the file; move a damaged one aside. False if the disk refuses."""
        try:
            self._file = self._checked_connection()
            return True
        except sqlite3.OperationalError as exc:
            if not is_disk_fault(exc):
                raise
            if not quiet:
                log.warning("storage: cannot open %s (%s); keeping state in memory and retrying",
                            self.path, exc)
            return False
        except _SetAside:
            pass
        try:
            self._file = self._checked_connection()
            return True
        except (sqlite3.DatabaseError, _SetAside) as exc:
            log.warning("storage: cannot create %s (%s); keeping state in memory and retrying", self.path, exc)
            return False

    def _checked_connection(self) -> sqlite3.Connection:
        """A connection to a sound file of the current schema; raises _SetAside if it was damaged."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise sqlite3.OperationalError(f"unable to open database file ({exc})") from None
        conn = self._connect(str(self.path), timeout=5.0, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL").fetchall()
            conn.execute("PRAGMA synchronous=FULL")
            check = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
            if check != ["ok"]:
                raise UnusableDatabase("integrity check failed: " + "; ".join(map(str, check[:3])))
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise UnusableDatabase(f"schema version {version} is newer than this firmware's {SCHEMA_VERSION}")
            _migrate(conn, version)
        except (sqlite3.DatabaseError, UnusableDatabase) as exc:
            if isinstance(exc, sqlite3.OperationalError) and is_disk_fault(exc):
                conn.close()
                raise
            # Move the files while this connection still holds them: closing it first
            # would let SQLite tidy the -wal away, and with it what a repair might use.
            moved = self._move_aside(exc)
            conn.close()
            if not moved:
                raise sqlite3.OperationalError("unable to open database file: cannot move the damaged one aside")
            raise _SetAside(str(exc)) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _move_aside(self, reason: BaseException) -> bool:
        target = aside_path(self.path, "corrupt")
        try:
            for suffix in ("", "-wal", "-shm"):
                source = Path(f"{self.path}{suffix}")
                if source.exists():
                    source.rename(f"{target}{suffix}")
        except OSError as exc:
            if not self._stuck_logged:  # retried every few seconds: say it once
                log.error("storage: %s is damaged (%s) and cannot be moved aside (%s); "
                          "keeping state in memory", self.path, reason, exc)
                self._stuck_logged = True
            return False
        self.moved_aside.append(target)
        log.error("storage: %s was damaged (%s); moved it to %s and started a fresh database",
                  self.path, reason, target.name)
        return True

    def _fall_back(self, exc: BaseException) -> None:
        """Start answering from memory: a copy of the file as it is now."""
        log.warning("storage: cannot write %s (%s); keeping changes in memory and retrying",
                    self.path, exc)
        self._retry_after = time.monotonic() + self.RETRY_SECONDS
        self._use_memory()

    def _use_memory(self) -> None:
        memory = sqlite3.connect(":memory:", isolation_level=None)
        source = self._file or self._read_only_copy()
        try:
            if source is not None:
                source.backup(memory)
        except sqlite3.Error as exc:
            log.warning("storage: cannot read %s either (%s); starting from an empty state", self.path, exc)
            memory.close()
            memory = sqlite3.connect(":memory:", isolation_level=None)
        finally:
            if source is not None and source is not self._file:
                source.close()
        version = memory.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            memory.close()
            memory = sqlite3.connect(":memory:", isolation_level=None)
            version = 0
        _migrate(memory, version)
        self._memory = memory

    def _read_only_copy(self) -> sqlite3.Connection | None:
        if not self.path.exists():
            return None
        try:
            return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        except sqlite3.Error:
            return None


def _transaction(conn: sqlite3.Connection, batch: list[Statement]) -> list[int | None]:
    rowids = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for sql, params in batch:
            rowids.append(conn.execute(sql, params).lastrowid)
        conn.execute("COMMIT")
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite already rolled back (a full disk does that)
        raise
    return rowids


def _copy_statements(source: sqlite3.Connection) -> list[Statement]:
    """Statements that fill a fresh database (same schema) with every row of ``source``."""
    tables = [row[0] for row in source.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence' ORDER BY name")]
    statements = []
    for table in tables + ["sqlite_sequence"]:
        if table == "sqlite_sequence":  # filled by the inserts above; set it as it was
            statements.append(("DELETE FROM sqlite_sequence", ()))
        for row in source.execute(f'SELECT * FROM "{table}"'):
            marks = ", ".join("?" * len(row))
            statements.append((f'INSERT INTO "{table}" VALUES ({marks})', row))
    return statements


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring the schema up to date, one migration per transaction."""
    for target in range(version + 1, SCHEMA_VERSION + 1):
        script = MIGRATIONS[target - 1]
        statements = [(sql, ()) for sql in script.split(";") if sql.strip()]
        statements.append((f"PRAGMA user_version = {target}", ()))
        _transaction(conn, statements)


# Statements shared by the tables' writers.

def aside_path(path: Path, label: str) -> Path:
    """A free name beside ``path`` for keeping a damaged file: ``<name>.<label>-<local date-time>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    serial = 1
    while target.exists():
        serial += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{serial}")
    return target


def now_stamp() -> str:
    """The current UTC time as stored: "YYYY-MM-DDTHH:MM:SSZ"."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_counter(name: str, amount: int) -> Statement:
    """Add ``amount`` to a counter (created at 0)."""
    return ("INSERT INTO counters (name, value) VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET value = value + excluded.value", (name, amount))


def set_counter(name: str, value: int) -> Statement:
    return ("INSERT INTO counters (name, value) VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET value = excluded.value", (name, value))


def set_stamp(name: str, value: str) -> Statement:
    """Record a date-time (or other text) under ``name``."""
    return ("INSERT INTO stamps (name, value) VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET value = excluded.value", (name, value))
