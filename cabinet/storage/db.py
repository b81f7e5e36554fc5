"""The one SQLite file that holds the cabinet's state, made safe against power cuts.

The whole story, from power-on through a day's trouble, and which module does what: the
note beside this one, ``HEALING.md``.

* WAL journal with ``synchronous=FULL`` and one transaction per write: a power
  cut loses at most the write in progress, never a committed one.
* On open, a file SQLite cannot read or that fails ``PRAGMA integrity_check``, a
  0-byte file, or a folder where the file should be, is moved aside (renamed with
  a timestamp, with its ``-wal``, ``-shm`` and ``-waiting``) and a fresh database
  is created, stamped with when and why its counts restarted. A ``-wal`` that has
  lost writes is named (:mod:`cabinet.storage.wal`). Each is logged and shown on
  NOTICES; none is fatal, and nothing is ever deleted.
* A read-only or full disk never stops play. A write that fails is applied to an
  in-memory copy of the database (so the game sees its coins and scores), kept
  in a queue and, while there is room, in ``cabinet.db-waiting``
  (:mod:`cabinet.storage.waiting`, space set aside while the disk had it, so a
  power cut on a full disk keeps them). :meth:`Database.retry` reopens the file
  (a connection SQLite opened read-only stays so) and writes the queue, in
  order, once the disk takes it.
* A file that exists but cannot be read is never taken for an empty one: the
  state is unknown, coins are refused (:attr:`Database.accepting_coins`) and a
  coin dropped anyway waits, uncomputed, until the file can be read.

What the file holds changes only through this class, and every change bumps
:attr:`Database.changes` (a write, a fall back to memory, a retry, a reopen):
a reader may keep what it read while that number stays (the credit line does).

Writes are lists of ``(sql, params)`` statements. Each list is one transaction,
and statements must not read the clock or anything but the database, so that a
queued list replayed later on the file gives exactly what it gave in memory.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from cabinet.language import N_
from cabinet.language.words import Words
from cabinet.storage.going_back import carried_back, readable_from
from cabinet.storage.health import StorageStatus, fault_shown, fault_words
from cabinet.storage.migrations import (
    MIGRATIONS,
    READABLE_FROM,
    READABLE_FROM_STAMP,
    SCHEMA_VERSION,
)
from cabinet.storage.read_only import read_into
from cabinet.storage.salvage import rebuild_from_wal
from cabinet.storage.waiting import STAMP as WAITING_STAMP
from cabinet.storage.waiting import WaitingFile, already_applied
from cabinet.storage.wal import wal_problems
from cabinet.system.paths import state_dir

log = logging.getLogger("cabinet.storage")

Statement = tuple[str, Sequence]

# Words in SQLite's messages for a disk that will not take writes (right now).
_DISK_FAULTS = (
    "readonly",
    "read-only",
    "disk is full",
    "unable to open",
    "disk i/o error",
    "locked",
    "busy",
)
# Files that belong to the database and move aside with it.
_COMPANIONS = ("", "-wal", "-shm", "-waiting")


class UnusableDatabase(Exception):
    """The file opened but cannot be used: it is damaged or from a newer firmware."""


class NewerDatabase(UnusableDatabase):
    """The file is from a newer release whose schema this firmware cannot use as it is."""


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

    ``connect`` makes every connection to the file, reading or writing (tests pass a
    wrapper that fails on demand); the in-memory copy always uses :func:`sqlite3.connect`.
    """

    RETRY_SECONDS = (
        5.0  # least time between the retries writes make (each replays every waiting write)
    )

    def __init__(self, path: Path, connect: Callable[..., sqlite3.Connection] = sqlite3.connect):
        self.path = Path(path)
        self._retry_after = 0.0
        self._connect = connect
        self._file: sqlite3.Connection | None = None
        self._memory: sqlite3.Connection | None = None
        self._pending: list[list[Statement]] = []
        self._kept_flags: list[bool] = []  # per pending write: also in the waiting file
        self._held: list[
            tuple[str, Callable[[], list[Statement]]]
        ] = []  # waiting for a known state
        self.waiting = WaitingFile(Path(f"{self.path}-waiting"))
        self.moved_aside: list[Path] = []  # files renamed because they were damaged
        self.events: list[Words] = []  # what happened to the files since power-on, for NOTICES
        self.fault: str | None = None  # why writes wait ("read-only", "full", ...); None: they land
        self.known = True  # False: the file exists but could not be read
        self._fault_since: str | None = None
        self._checked: tuple[int, int] | None = (
            None  # (device, inode) of the file last checked sound
        )
        # What a fresh database's bookkeeping says about its start (stored in English, shown translated).
        self._fresh_why = N_("NEW DATABASE")
        self._carried: tuple[int, Sequence[Statement]] | None = (
            None  # rows of a newer release's file
        )
        self._damaged = False  # the file is damaged and could not be moved aside
        self._stuck_logged = False
        self._last_reason: Words | None = None
        # Bumped by everything that may change what a read returns; readers compare it, never its value.
        self.changes = 0
        self._remaking = (
            ""  # the file vanished under us: "whole" (or "fresh") state in memory for a new one
        )
        self._own_logs: set[tuple[int, int]] = (
            set()
        )  # (device, inode) of the open file's -wal and -shm

    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        connect: Callable[..., sqlite3.Connection] = sqlite3.connect,
    ) -> Database:
        db = cls(Path(path) if path else default_path(), connect)
        if db.waiting.claim():
            # Not while another program runs on these files: a live log is not a lost one.
            db._clear_the_way()
            db._look_at_wal()
        if db._open_file():
            refused = db._refuses_writes() or db._write_what_waited()
            if refused is not None:
                db._fall_back(refused)
        else:
            db._use_memory()
        return db

    # ------------------------------------------------------------------ state

    @property
    def degraded(self) -> bool:
        """True while writes wait in memory for the disk."""
        return self._memory is not None

    @property
    def writable(self) -> bool:
        """True when writes land on the file (the *storage writable* state)."""
        return self._memory is None

    @property
    def accepting_coins(self) -> bool:
        """False while the file exists but cannot be read: the credits in the machine are
        unknown, so the coin lockout should refuse coins (the *accepting coins* state)."""
        return self.known

    @property
    def _on_file(self) -> sqlite3.Connection:
        """The open file, where the state says it is open (writes land, or a retry reached it)."""
        assert self._file is not None
        return self._file

    @property
    def _in_memory(self) -> sqlite3.Connection:
        """The in-memory copy, where the state says there is one (writes wait in it)."""
        assert self._memory is not None
        return self._memory

    @property
    def pending(self) -> int:
        """Number of writes waiting for the disk."""
        return len(self._pending)

    def status(self) -> StorageStatus:
        """What the screens say about storage (:mod:`cabinet.storage.health`)."""
        return StorageStatus(
            self.path,
            self.fault,
            self.known,
            len(self._pending),
            sum(self._kept_flags),
            len(self._held),
            self._fault_since,
            tuple(self.events),
        )

    def read(self, sql: str, params: Sequence = ()) -> list[tuple]:
        """Rows of a query, from the file or, while writes are pending, from memory."""
        if self._memory is None:
            try:
                return self._on_file.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                if not is_disk_fault(exc):
                    raise
                self._fall_back(exc)
        return self._in_memory.execute(sql, params).fetchall()

    def read_value(self, sql: str, params: Sequence = (), default=None):
        rows = self.read(sql, params)
        return rows[0][0] if rows and rows[0][0] is not None else default

    def write(self, statements: Iterable[Statement]) -> list[int | None]:
        """Run ``statements`` as one transaction; the ``lastrowid`` of each.

        When the disk refuses, the transaction is kept in memory and retried
        later; the caller sees the same result either way.
        """
        batch: list[Statement] = [(sql, tuple(params)) for sql, params in statements]
        self.changes += 1
        if self._memory is None:
            try:
                return _transaction(self._on_file, batch)
            except sqlite3.DatabaseError as exc:
                if not is_disk_fault(exc):
                    raise
                self._fall_back(exc)
                return self._wait(batch)
        rowids = self._wait(batch)
        if time.monotonic() >= self._retry_after:
            self.retry()
        return rowids

    def write_when_known(self, what: str, build: Callable[[], list[Statement]]) -> bool:
        """Write the statements ``build()`` makes from the state as it is; True when written.

        While the state is unknown (:attr:`known`) ``build`` waits, uncalled, and runs
        once the file can be read (False now). ``what`` names it in the log ("a coin in chute 1").
        A coin is written this way: its credit depends on the coins and credits before it.
        """
        if self.known:
            self.write(build())
            return True
        self._held.append((what, build))
        log.warning("storage: %s waits until %s can be read", what, self.path)
        return False

    def _wait(self, batch: list[Statement]) -> list[int | None]:
        """Apply ``batch`` to memory and queue it for the file (and the waiting file, when it has room)."""
        self.changes += 1
        kept = self.waiting.keep(batch) if self.known else None
        rowids = _transaction(self._in_memory, kept or batch)[: len(batch)]
        self._pending.append(kept or batch)
        self._kept_flags.append(kept is not None)
        return rowids

    def retry(self) -> bool:
        """Write what waits in memory to the file; True when nothing is left waiting.

        The app calls this every few seconds (:meth:`cabinet.storage.store.Store.tick`);
        writes also try, at most every ``RETRY_SECONDS``.
        """
        if self._memory is None:
            return True
        self.changes += 1  # reopened, rebased or caught up: reads may answer from another copy
        self._retry_after = time.monotonic() + self.RETRY_SECONDS
        try:
            if self._file is None:
                damaged_before = len(self.moved_aside)
                if self.waiting.owned:
                    self._clear_the_way(quiet=True)
                if not self._open_file(quiet=True):
                    if not self.known:
                        self._copy_file_into_memory(rebase=True)
                    return False
                if self._remaking and not self.waiting.owned:
                    self.waiting.claim()  # the new file's, beside the new database
                if len(self.moved_aside) > damaged_before or self._remaking:
                    # A fresh file: memory holds the whole state, not only what waits.
                    if not self.known:  # nothing was read: the counts restart here
                        _transaction(self._memory, counts_since_statements(self._fresh_why))
                        self._known_again()
                    _transaction(self._on_file, _copy_statements(self._in_memory))
                    return self._caught_up()
                if not self.known:
                    self._copy_file_into_memory(rebase=True)
            # With nothing waiting the transaction below is empty, and a read-only file takes that:
            # then a write taken back proves the file takes writes again.
            refused = None if self._pending else (self._refuses_writes() or self._write_test())
            if refused is not None:
                raise refused
            _transaction(
                self._on_file, [statement for batch in self._pending for statement in batch]
            )
        except sqlite3.DatabaseError as exc:
            if not is_disk_fault(exc):
                raise
            self._let_go_of_file(exc)
            return False
        return self._caught_up()

    def _caught_up(self) -> bool:
        count = len(self._pending)
        log.warning("storage: %s writable again; saved %d waiting write(s)", self.path, count)
        if self.fault is not None:
            self.events.append(
                Words(
                    "{name} was {fault} from {since} to {now}; the {count} write(s) that waited are all saved.",
                    name=self.path.name,
                    fault=fault_shown(self.fault),
                    since=self._fault_since,
                    now=_local_time(),
                    count=count,
                )
            )
        if self._remaking:
            log.warning(
                "storage: made %s again from what the cabinet held; coins are accepted again",
                self.path,
            )
            self.events.append(
                Words(
                    "{name} was made again at {time} from what the running cabinet held: nothing it knew was lost.",
                    name=self.path.name,
                    time=_local_time(),
                )
                if self._remaking == "whole"
                else Words(
                    "{name} was made again at {time}, but what the running cabinet held could "
                    "not be read back: the counts and tables restarted from zero.",
                    name=self.path.name,
                    time=_local_time(),
                )
            )
            self._remaking = ""
        self._pending.clear()
        self._kept_flags.clear()
        self._in_memory.close()
        self._memory = None
        self.fault = self._fault_since = None
        if self.waiting.count:
            self.waiting.clear()
        if not self.waiting.ready:
            self.waiting.prepare()
        return True

    def _let_go_of_file(self, exc: BaseException) -> None:
        """The file refused: close it, so the next retry opens it afresh (SQLite keeps a
        connection it opened read-only read-only, whatever the disk does later)."""
        self._note_fault(exc)
        if type(exc) is sqlite3.DatabaseError:
            self._checked = None  # damaged while running: check it again on the next try
        if self._file is not None:
            try:
                self._file.close()
            except sqlite3.Error:
                pass
            self._file = None

    def checkpoint(self) -> None:
        """Copy the log's pages into the file (SQLite's passive checkpoint), so that a lost or
        damaged ``-wal`` can only take what came since. Skipped while writes wait."""
        if self._memory is not None:
            return
        try:
            self._on_file.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.DatabaseError as exc:
            if not is_disk_fault(exc):
                raise
            log.debug("storage: checkpoint of %s failed (%s)", self.path, exc)

    def watch(self) -> None:
        """Look at the file under the running cabinet, cheaply (the store calls this every 2 s).

        Only while writes land on the file: is the file at :attr:`path` still the one opened
        (its device and inode)? A deleted state folder or a restore script changes them while
        SQLite goes on writing into the old one: then everything the open connection still
        reads (a deleted file lives on while it is open) is kept in memory, so the coin lockout
        closes, and the file is made again from it at once. And does the disk take a real
        write (the waiting file's write test)? An SD card gone read-only lets an open SQLite
        connection begin a transaction and fails only its commit: found here, writes wait in
        memory and the lockout closes before the next coin.
        """
        if self._memory is not None or self._file is None:
            return
        identity = _identity(self.path)
        if self._checked is not None and identity != self._checked:
            try:
                self._vanished(identity)
            except sqlite3.Error:  # never the cabinet's end: writes wait in memory and are retried
                log.exception(
                    "storage: %s changed under the running cabinet and could not be made again",
                    self.path,
                )
            return
        refused = self._write_test()
        if refused is not None:
            self._fall_back(refused)

    def _write_test(self) -> sqlite3.OperationalError | None:
        """The error of a disk that refuses the waiting file's write test, else None."""
        refused = self.waiting.write_test()
        return (
            None
            if refused is None
            else sqlite3.OperationalError(f"write test failed: {refused.strerror or refused}")
        )

    def _vanished(self, identity: tuple[int, int] | None) -> None:
        """The file was deleted or replaced under the running cabinet: keep everything the
        open connection reads (a deleted file lives on while it is open) in memory, and
        make the file again from it; a file put in its place is kept, moved aside."""
        memory, whole = self._held_state()
        how = Words("was deleted")
        if identity is not None:
            target = aside_path(self.path, "replaced")
            logs = [Path(f"{self.path}{suffix}") for suffix in ("-wal", "-shm")]
            ours = [log_file for log_file in logs if _identity(log_file) in self._own_logs]
            # The open file's own log goes aside on its own, never glued to the file kept (nor the new one).
            if not (
                _rename_with_companions(self.path, target, skip=ours)
                and _rename_all(ours, aside_path(self.path, "deleted"))
            ):
                memory.close()  # never written over: looked at again next time
                return
            how = Words("was replaced by another file (kept as {target})", target=target.name)
        self._on_file.close()  # SQLite sees the file moved: no checkpoint, nothing deleted
        self._file, self._memory, self._checked = None, memory, None
        self.waiting.release()  # its lock is on the old file
        self._remaking = "whole" if whole else "fresh"
        why = N_("FILES LOST WHILE RUNNING, MADE AGAIN")
        _transaction(
            memory, [set_stamp("audits.since_why", why)] if whole else counts_since_statements(why)
        )
        log.error(
            "storage: %s %s under the running cabinet; coins are refused until it is made again from what the cabinet holds",
            self.path,
            how,
        )
        self.events.append(
            Words(
                "{name} {how} while the cabinet ran, at {time}; coins were refused until it was made again.",
                name=self.path.name,
                how=how,
                time=_local_time(),
            )
        )
        self.retry()

    def _held_state(self) -> tuple[sqlite3.Connection, bool]:
        """What the open connection still reads, in memory, and whether it is whole; else (another
        program opened the path meanwhile and took the log it read through) a fresh state."""
        memory = _fresh_memory()
        try:
            self._on_file.backup(memory)
            if (
                memory.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
                and memory.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            ):
                return memory, True
            problem = "not a whole database"
        except sqlite3.Error as exc:
            problem = str(exc)
        memory.close()
        log.error(
            "storage: what the cabinet held of %s cannot be read back (%s); the counts and tables restart from zero",
            self.path,
            problem,
        )
        memory = _fresh_memory()
        _migrate(memory, 0)
        return memory, False

    def integrity(self) -> str:
        """``PRAGMA integrity_check`` of the file ("ok" when sound)."""
        rows = self.read("PRAGMA integrity_check")
        return "; ".join(str(row[0]) for row in rows)

    def close(self) -> None:
        """Write what waits; log, one line each, whatever still cannot be written."""
        self.retry()
        self._log_unsaved()
        for conn in (self._file, self._memory):
            if conn is not None:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
        self._file = self._memory = None
        self.waiting.release()

    def _log_unsaved(self) -> None:
        for what, _build in self._held:
            log.error(
                "storage: at exit, %s was never counted: %s could not be read", what, self.path
            )
        if (
            self._remaking
        ):  # the whole state is in memory only: its counters, enough to put the books back
            counters = dict(
                self._in_memory.execute("SELECT name, value FROM counters ORDER BY name")
            )
            log.error(
                "storage: at exit, %s vanished and could not be made again; the counters the cabinet "
                "held, to put back by hand: %s",
                self.path,
                json.dumps(counters),
            )
        if not self._pending:
            return
        kept = sum(self._kept_flags)
        log.error(
            "storage: at exit, %d write(s) could not be saved to %s (%s); %d of them are kept in "
            "%s and are written at the next start; the other %d are listed below",
            len(self._pending),
            self.path,
            self.fault,
            kept,
            self.waiting.path.name,
            len(self._pending) - kept,
        )
        for batch, safe in zip(self._pending, self._kept_flags, strict=True):
            if not safe:
                log.error("storage: not saved: %s", _describe(batch))

    # ------------------------------------------------------------------ opening

    def _clear_the_way(self, quiet: bool = False) -> None:
        """Move aside what SQLite would quietly misuse: a folder where the file should be,
        and an empty (0-byte) file, which SQLite takes for a new database and whose
        ``-wal`` it then throws away."""
        try:
            if self.path.is_dir() and not self.path.is_symlink():
                self._fresh_why = N_("CABINET.DB WAS A FOLDER")
                self._move_aside(Words("is a folder, not a database"), "folder")
            elif self.path.is_file() and self.path.stat().st_size == 0:
                wal = Path(f"{self.path}-wal")
                beside = wal.exists()
                reason = (
                    Words("is empty (0 bytes) beside a {size}-byte -wal", size=wal.stat().st_size)
                    if beside
                    else Words("is empty (0 bytes)")
                )
                self._fresh_why = N_("DATABASE WAS EMPTY (0 BYTES)")
                if self._move_aside(reason, "empty") and beside:
                    self._rebuild_from_wal()
        except OSError as exc:
            if not quiet:
                log.warning("storage: cannot look at %s (%s)", self.path, exc)

    def _look_at_wal(self) -> None:
        """Name what a damaged, cut or missing ``-wal`` lost, and keep a copy of it."""
        if not self.path.is_file():
            return
        problems = wal_problems(self.path)
        if not problems:
            return
        wal = Path(f"{self.path}-wal")
        message, kept = N_("at power-on {problem}."), {}
        if wal.is_file() and wal.stat().st_size:
            target = aside_path(wal, "damaged")
            try:
                shutil.copyfile(wal, target)
                message, kept = (
                    N_("at power-on {problem}; a copy is kept as {copy}."),
                    {"copy": target.name},
                )
            except OSError as exc:
                message = N_("at power-on {problem}; no copy could be kept ({why}).")
                kept = {"why": exc.strerror or str(exc)}
        self._fresh_why = N_("WRITE-AHEAD LOG LOST")  # if what is left is an empty database
        for problem in problems:
            event = Words(message, problem=problem, **kept)
            log.error("storage: %s", event)
            self.events.append(event)

    def _open_file(self, quiet: bool = False) -> bool:
        """Open (or create) the file; move a damaged one aside. False if the disk refuses."""
        try:
            self._file = self._checked_connection()
            return True
        except sqlite3.OperationalError as exc:
            if not is_disk_fault(exc):
                raise
            self._note_fault(exc)
            if not quiet:
                log.warning(
                    "storage: cannot open %s (%s); keeping state in memory and retrying",
                    self.path,
                    exc,
                )
            return False
        except _SetAside:
            pass
        try:
            self._file = self._checked_connection()
            return True
        except (sqlite3.DatabaseError, _SetAside) as exc:
            self._note_fault(exc)
            log.warning(
                "storage: cannot create %s (%s); keeping state in memory and retrying",
                self.path,
                exc,
            )
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
            identity = _identity(self.path)
            if (
                identity is None or identity != self._checked
            ):  # a file already found sound is not read twice
                check = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
                if check != ["ok"]:
                    raise UnusableDatabase(
                        "integrity check failed: " + "; ".join(map(str, check[:3]))
                    )
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION and readable_from(conn, version) > SCHEMA_VERSION:
                self._carried = (version, carried_back(conn))
                raise NewerDatabase(
                    f"schema version {version} is newer than this firmware's {SCHEMA_VERSION}"
                )
            _migrate(conn, version)
            if version == 0:
                _transaction(conn, counts_since_statements(self._fresh_why))
                self._carry_back(conn)
            self._checked = identity
            self._own_logs = {
                log_id
                for suffix in ("-wal", "-shm")
                if (log_id := _identity(Path(f"{self.path}{suffix}"))) is not None
            }
        except (sqlite3.DatabaseError, UnusableDatabase) as exc:
            if isinstance(exc, sqlite3.OperationalError) and is_disk_fault(exc):
                conn.close()
                raise
            # Move the files while this connection still holds them: closing it first
            # would let SQLite tidy the -wal away, and with it what a repair might use.
            self._fresh_why = N_("DAMAGED DATABASE MOVED ASIDE")
            newer = isinstance(exc, NewerDatabase)
            moved = self._move_aside(exc, label="newer" if newer else "corrupt", carried=newer)
            if moved and Path(f"{self.moved_aside[-1]}-wal").exists():
                self._rebuild_from_wal()
            conn.close()
            if not moved:
                raise sqlite3.OperationalError(
                    "unable to open database file: cannot move the damaged one aside"
                ) from exc
            raise _SetAside(str(exc)) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _rebuild_from_wal(self) -> None:
        """After a move aside: the file again, from the moved files, if they make a whole one."""
        aside = self.moved_aside[-1]
        if not rebuild_from_wal(aside, Path(f"{aside}-wal"), self.path):
            return
        log.warning(
            "storage: rebuilt %s from %s-wal; it passes the integrity check", self.path, aside.name
        )
        assert self._last_reason is not None  # the move aside gave it
        self.events[-1] = self._moved_words(self._last_reason, aside, rebuilt=True)

    def _refuses_writes(self) -> sqlite3.DatabaseError | None:
        """Try a write and take it back: the error of a file opened read-only, else None."""
        try:
            self._on_file.execute("BEGIN IMMEDIATE")
            try:
                version = self._on_file.execute("PRAGMA user_version").fetchone()[0]
                self._on_file.execute(f"PRAGMA user_version = {int(version)}")
            finally:
                self._on_file.execute("ROLLBACK")
        except sqlite3.DatabaseError as exc:
            if not is_disk_fault(exc):
                raise
            return exc
        return None

    def _carry_back(self, conn: sqlite3.Connection) -> None:
        """Fill a fresh file with what a newer release's file held (:mod:`cabinet.storage.going_back`)."""
        if self._carried is not None:
            _transaction(conn, self._carried[1])
            self._carried = None

    def _move_aside(
        self, reason: Words | BaseException, label: str = "corrupt", carried: bool = False
    ) -> bool:
        target = aside_path(self.path, label)
        try:
            _rename_with_companions(self.path, target, quiet=False)
        except OSError as exc:
            self._damaged = True
            if not self._stuck_logged:  # retried every few seconds: say it once
                log.error(
                    "storage: %s %s and cannot be moved aside (%s); keeping state in memory",
                    self.path,
                    _reason(reason),
                    exc,
                )
                self.events.append(
                    Words(
                        "{name} {reason} and cannot be moved aside ({why}); the state is kept in memory only.",
                        name=self.path.name,
                        reason=_reason(reason),
                        why=exc.strerror or str(exc),
                    )
                )
                self._stuck_logged = True
            return False
        self._damaged = False
        self.moved_aside.append(target)
        if self.waiting.owned:  # the lock went with the old file: take the new one's
            self.waiting.release()
            self.waiting.claim()
        self._last_reason = _reason(reason)
        if carried and self._carried is not None:
            log.warning(
                "storage: %s %s; moved it to %s and carried back every table this release knows",
                self.path,
                self._last_reason,
                target.name,
            )
            self.events.append(
                Words(
                    "{name} is from a newer release (schema {version}): moved it to {target} at "
                    "{time} and carried back every count, score and replay this release knows; "
                    "nothing was lost.",
                    name=self.path.name,
                    version=self._carried[0],
                    target=target.name,
                    time=_local_time(),
                )
            )
            return True
        log.error(
            "storage: %s %s; moved it to %s and started a fresh database",
            self.path,
            self._last_reason,
            target.name,
        )
        self.events.append(self._moved_words(self._last_reason, target))
        return True

    def _moved_words(self, reason: Words, target: Path, rebuilt: bool = False) -> Words:
        """The NOTICES sentence for a move aside."""
        if rebuilt:
            return Words(
                "{name} {reason}: moved it (with its -wal and -shm) to {target} at {time} and rebuilt "
                "{name} whole from that -wal (integrity check passed): nothing was lost.",
                name=self.path.name,
                reason=reason,
                target=target.name,
                time=_local_time(),
            )
        return Words(
            "{name} {reason}: moved it (with its -wal and -shm) to {target} at {time}; the counts and "
            "tables restarted from zero.",
            name=self.path.name,
            reason=reason,
            target=target.name,
            time=_local_time(),
        )

    def _note_fault(self, exc: BaseException) -> None:
        fault = fault_words(self.path, exc)
        if self.fault != fault:
            self.fault = fault
            self._fault_since = self._fault_since or _local_time()

    def _fall_back(self, exc: BaseException) -> None:
        """Start answering from memory: a copy of the file as it is now."""
        log.warning(
            "storage: cannot write %s (%s); keeping changes in memory and retrying", self.path, exc
        )
        self._note_fault(exc)
        self._retry_after = time.monotonic() + self.RETRY_SECONDS
        self._use_memory()

    def _use_memory(self) -> None:
        self.changes += 1
        if self.fault is None:
            self._note_fault(sqlite3.OperationalError("unable to open database file"))
        self._memory = _fresh_memory()
        if self._file is None and (self._damaged or not self.path.is_file()):
            # Nothing to read (or only garbage): a fresh state, and its bookkeeping says why.
            _migrate(self._memory, 0)
            _transaction(self._memory, counts_since_statements(self._fresh_why))
            return
        if not self._copy_file_into_memory(rebase=False):
            _migrate(self._memory, 0)
            self.known = False
            log.error(
                "storage: %s exists but cannot be read; credits and scores are unknown, so coins "
                "are refused and no game starts until it can be read",
                self.path,
            )

    def _copy_file_into_memory(self, rebase: bool) -> bool:
        """Fill memory from the file (open, or read-only, or a copy of it); False if it cannot be read.

        With ``rebase`` (the state was unknown) what waited is applied again on top,
        and the writes held for a known state are made now.
        """
        memory = _fresh_memory()
        if not self._backup_file_into(memory):
            memory.close()
            return False
        version = memory.execute("PRAGMA user_version").fetchone()[0]
        _migrate(memory, min(version, SCHEMA_VERSION))
        for batch in self._pending:  # written while the state was unknown: changes, not values
            _transaction(memory, batch)
        self._in_memory.close()
        self._memory = memory
        self.changes += 1
        if rebase and not self.known:
            log.warning("storage: %s can be read again", self.path)
        self._adopt_waiting_records()
        self._known_again()
        return True

    def _known_again(self) -> None:
        """The state is known (read, or fresh after a move aside): make the writes held for it."""
        if self.known:
            return
        self.known = True
        self.changes += 1
        held, self._held = self._held, []
        for what, build in held:
            self._wait(build())
            log.warning("storage: %s is counted now", what)

    def _backup_file_into(self, memory: sqlite3.Connection) -> bool:
        """Copy the file into ``memory``: from the open connection, else by the first way that reads it."""
        if self._file is None:
            return read_into(self.path, memory, self._connect)
        try:
            self._file.backup(memory)
            return True
        except sqlite3.Error as exc:
            log.warning("storage: cannot read %s (%s)", self.path, exc)
            return False

    def _adopt_waiting_records(self) -> None:
        """Writes a full disk kept in the waiting file before a power cut: queue those memory lacks."""
        records = self.waiting.read()
        done = already_applied(_stamp(self._in_memory, WAITING_STAMP), self.waiting.generation)
        todo = [batch for index, batch in records if index > done]
        for batch in todo:
            _transaction(self._in_memory, batch)
        self._pending[:0] = todo  # older than anything written since
        self._kept_flags[:0] = [True] * len(todo)
        if todo:
            log.warning(
                "storage: %d write(s) kept in %s since before the stop still wait for the disk",
                len(todo),
                self.waiting.path.name,
            )

    def _write_what_waited(self) -> sqlite3.DatabaseError | None:
        """At power-on, on a writable file: write what the waiting file kept, then clear it.
        The error if the disk refuses (still full: the records then wait in memory too)."""
        records = self.waiting.read()
        done = already_applied(_stamp(self._on_file, WAITING_STAMP), self.waiting.generation)
        todo = [batch for index, batch in records if index > done]
        if todo:
            try:
                _transaction(self._on_file, [statement for batch in todo for statement in batch])
            except sqlite3.DatabaseError as exc:
                if not is_disk_fault(exc):
                    raise
                return exc
            log.warning(
                "storage: wrote %d write(s) kept in %s while the disk was full",
                len(todo),
                self.waiting.path.name,
            )
            self.events.append(
                Words(
                    "at power-on, {count} write(s) kept in {waiting} while the disk was full were written to {name}.",
                    count=len(todo),
                    waiting=self.waiting.path.name,
                    name=self.path.name,
                )
            )
        if records:
            self.waiting.clear()
        self.waiting.prepare()
        return None


def _fresh_memory() -> sqlite3.Connection:
    return sqlite3.connect(":memory:", isolation_level=None)


def _stamp(conn: sqlite3.Connection, name: str) -> str | None:
    row = conn.execute("SELECT value FROM stamps WHERE name = ?", (name,)).fetchone()
    return row[0] if row else None


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _rename_with_companions(
    path: Path, target: Path, quiet: bool = True, skip: Sequence[Path] = ()
) -> bool:
    """Rename ``path`` and its ``-wal``, ``-shm`` and ``-waiting`` (but those in ``skip``) to
    ``target`` plus each suffix. True when done; ``quiet`` logs an error and returns False, else it raises.
    """
    moves = [(Path(f"{path}{suffix}"), Path(f"{target}{suffix}")) for suffix in _COMPANIONS]
    return _rename_each([(source, to) for source, to in moves if source not in skip], quiet)


def _rename_all(companions: Sequence[Path], target: Path) -> bool:
    """Rename each ``<name>-wal``/``-shm`` of ``companions`` to ``target`` plus its suffix."""
    return _rename_each(
        [
            (source, Path(f"{target}{source.name[source.name.rindex('-') :]}"))
            for source in companions
        ]
    )


def _rename_each(moves: list[tuple[Path, Path]], quiet: bool = True) -> bool:
    try:
        for source, target in moves:
            if source.exists():
                source.rename(target)
    except OSError as exc:
        if not quiet:
            raise
        log.error("storage: cannot move %s aside (%s)", moves[0][0], exc)
        return False
    return True


def _reason(reason: Words | BaseException) -> Words:
    """A damage's words after the file's name: "is a folder ...", "was damaged (...)"."""
    return (
        reason if isinstance(reason, Words) else Words("was damaged ({error})", error=str(reason))
    )


def _local_time() -> str:
    return time.strftime("%Y-%m-%d %H:%M")


def _describe(batch: list[Statement]) -> str:
    """A transaction as one log line of JSON (blobs by their size), enough to put it back by hand."""

    def shown(value):
        return (
            f"<{len(value)} bytes>" if isinstance(value, (bytes, bytearray, memoryview)) else value
        )

    return json.dumps([[sql, [shown(p) for p in params]] for sql, params in batch])


def _transaction(conn: sqlite3.Connection, batch: Sequence[Statement]) -> list[int | None]:
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
    tables = [
        row[0]
        for row in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence' ORDER BY name"
        )
    ]
    statements: list[Statement] = []
    for table in tables + ["sqlite_sequence"]:
        # Emptied first: the fresh file holds its own stamps, and sqlite_sequence is
        # filled by the inserts above; each is set as it was.
        statements.append((f'DELETE FROM "{table}"', ()))
        for row in source.execute(f'SELECT * FROM "{table}"'):
            marks = ", ".join("?" * len(row))
            statements.append((f'INSERT INTO "{table}" VALUES ({marks})', row))
    return statements


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring the schema up to date, one migration per transaction."""
    for target in range(version + 1, SCHEMA_VERSION + 1):
        script = MIGRATIONS[target - 1]
        statements: list[Statement] = [(sql, ()) for sql in script.split(";") if sql.strip()]
        statements.append(set_stamp(READABLE_FROM_STAMP, str(READABLE_FROM.get(target, target))))
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
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_counter(name: str, amount: int) -> Statement:
    """Add ``amount`` to a counter (created at 0)."""
    return (
        "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value",
        (name, amount),
    )


def set_counter(name: str, value: int) -> Statement:
    return (
        "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (name, value),
    )


def set_stamp(name: str, value: str) -> Statement:
    """Record a date-time (or other text) under ``name``."""
    return (
        "INSERT INTO stamps (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (name, value),
    )


# Why counts began when an operator emptied the books on purpose (never filled again from elsewhere).
BOOKKEEPING_RESET = N_("BOOKKEEPING RESET")
FACTORY_RESET = N_("FACTORY RESET")


def counts_since_statements(why: str) -> list[Statement]:
    """Stamp when the bookkeeping's counts began, and why ("NEW DATABASE", "BOOKKEEPING RESET",
    "DAMAGED DATABASE MOVED ASIDE", ...): the bookkeeping page's COUNTS SINCE."""
    return [set_stamp("audits.since", now_stamp()), set_stamp("audits.since_why", why)]
