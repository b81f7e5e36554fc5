"""``cabinet.db-waiting``: room set aside, while the disk has it, for writes a full disk refuses.

When the disk fills, SQLite cannot grow its log and every write waits in
memory, where a power cut would take it. This file is made full size (zeros)
while the disk still has room, so that writing into it later needs no new
space: each waiting transaction is appended to it and fsynced before the game
goes on, and the next start writes whatever it finds there into the database.

Layout: a 16-byte header (``AFWAIT01`` and a 64-bit generation), then records
of a 4-byte length, a 4-byte CRC-32 (of the generation and the payload) and a
JSON payload ``{"index": n, "batch": [[sql, params], ...]}``. Clearing the file
only raises the generation, so records left from before no longer check out;
a reader stops at the first record that does not.

Each waiting transaction also stamps ``storage.waiting`` with
``"<generation>:<index>"`` (see :func:`applied_stamp`), so the database itself
says which records it already holds: a record is written once, even if the
power is cut between the database's commit and the file's clearing.

One process owns the file: the cabinet takes an exclusive ``flock`` on it for as
long as it runs (:meth:`WaitingFile.claim`). Another program opening the state
meanwhile (``python -m cabinet scores``) neither reads, writes nor clears it,
so it can never write the cabinet's waiting writes a second time.
"""

from __future__ import annotations

import base64
import errno
import fcntl
import json
import logging
import os
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

log = logging.getLogger("cabinet.storage")

MAGIC = b"AFWAIT01"
_HEADER = struct.Struct(">8sQ")
_RECORD = struct.Struct(">II")
STAMP = "storage.waiting"  # in the stamps table: the last record the database holds
SIZE = 4 * 1024 * 1024  # thousands of coins, or dozens of games with their replays


def _encode(value):
    return (
        {"$b": base64.b64encode(value).decode()}
        if isinstance(value, (bytes, bytearray, memoryview))
        else value
    )


def _decode(value):
    return base64.b64decode(value["$b"]) if isinstance(value, dict) else value


def applied_stamp(generation: int, index: int):
    """The statement, added to each waiting transaction, that records it as written."""
    return (
        "INSERT INTO stamps (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (STAMP, f"{generation}:{index}"),
    )


def already_applied(stamp: str | None, generation: int) -> int:
    """How many records of ``generation`` a database stamped ``stamp`` already holds."""
    gen, _, index = (stamp or "").partition(":")
    return int(index) if gen == str(generation) and index.isdigit() else 0


class WaitingFile:
    """The file beside the database. Every method returns False or [] rather than raise."""

    def __init__(self, path: Path, size: int = SIZE):
        self.path = Path(path)
        self.size = size
        self.generation = 0
        self.count = 0  # records in the current generation
        self._end = _HEADER.size
        self.ready = False  # full size and read: appends go into space already held
        self.owned = False  # this process holds the lock: only then is the file used
        self._lock: int | None = None

    def claim(self) -> bool:
        """Take the file for this process (True), unless another process holds it (False)."""
        if self.owned:
            return True
        try:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                fd = os.open(self.path, os.O_RDONLY)  # a read-only disk: a lock needs no writing
        except FileNotFoundError:
            self.owned = True  # none on a disk that cannot make one: none to share
            return True
        except OSError as exc:
            log.warning("storage: cannot open %s (%s)", self.path.name, exc.strerror or exc)
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            log.info(
                "storage: %s belongs to another running program; leaving it alone", self.path.name
            )
            return False
        self._lock, self.owned = fd, True
        return True

    def release(self) -> None:
        """Let go of the file (at close, or when it moved aside with the database)."""
        if self._lock is not None:
            os.close(self._lock)
        self._lock, self.owned, self.ready = None, False, False

    def read(self) -> list[tuple[int, list]]:
        """The records the file holds, in order (``[(index, batch)]``); notes whether it takes more.

        Reads only as far as the records go, not the room after them.
        """
        self.ready = False
        if not self.owned:
            return []
        try:
            try:
                handle: BinaryIO = open(self.path, "r+b")
                writable = True
            except OSError:
                handle = open(self.path, "rb")  # a read-only disk: read what it kept
                writable = False
            with handle:
                head = handle.read(_HEADER.size)
                if len(head) < _HEADER.size or head[:8] != MAGIC:
                    if head.strip(b"\0"):
                        log.warning(
                            "storage: %s has no valid header; what it held is ignored",
                            self.path.name,
                        )
                    return []
                self.generation = _HEADER.unpack(head)[1]
                records = self._parse(handle)
                self.ready = writable and os.fstat(handle.fileno()).st_size >= self.size
        except FileNotFoundError:
            return []
        except OSError as exc:
            log.warning("storage: cannot read %s (%s)", self.path.name, exc.strerror or exc)
            return []
        return records

    def prepare(self) -> bool:
        """Make the file full size while the disk has room; True when it is ready for writes."""
        if self.ready or not self.owned:
            return self.ready
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                if os.fstat(fd).st_size < _HEADER.size or os.pread(fd, 8, 0) != MAGIC:
                    os.pwrite(fd, _HEADER.pack(MAGIC, self.generation), 0)
                    self.count, self._end = 0, _HEADER.size
                _allocate(fd, self.size)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            log.warning(
                "storage: cannot set aside room in %s (%s); writes a full disk refuses will wait in memory only",
                self.path.name,
                exc.strerror or exc,
            )
            return False
        self.ready = True
        return True

    def _parse(self, handle) -> list[tuple[int, list]]:
        """The records from the handle's position on, up to the first that does not check out."""
        records = []
        offset = _HEADER.size
        tag = struct.pack(">Q", self.generation)
        while True:
            head = handle.read(_RECORD.size)
            if len(head) < _RECORD.size:
                break
            length, crc = _RECORD.unpack(head)
            if not length or offset + _RECORD.size + length > self.size:
                break
            payload = handle.read(length)
            if len(payload) < length or zlib.crc32(tag + payload) != crc:
                break
            try:
                record = json.loads(payload)
                batch = [
                    (sql, tuple(_decode(p) for p in params)) for sql, params in record["batch"]
                ]
                records.append((int(record["index"]), batch))
            except (ValueError, KeyError, TypeError):
                break
            offset += _RECORD.size + length
        self.count = len(records)
        self._end = offset
        return records

    def keep(self, batch: Sequence) -> list | None:
        """Keep ``batch`` safe from a power cut: the batch as kept (with its :func:`applied_stamp`,
        to be run as it is), or None when the file is not ready or has no room left."""
        if not self.ready:
            return None
        index = self.count + 1
        kept = list(batch) + [applied_stamp(self.generation, index)]
        payload = json.dumps(
            {"index": index, "batch": [[sql, [_encode(p) for p in params]] for sql, params in kept]}
        ).encode()
        record = (
            _RECORD.pack(len(payload), zlib.crc32(struct.pack(">Q", self.generation) + payload))
            + payload
        )
        if self._end + len(record) > self.size:
            self.ready = (
                False  # full: later writes are not kept either, so what is kept stays in order
            )
            return None
        try:
            fd = os.open(self.path, os.O_WRONLY)
            try:
                os.pwrite(fd, record, self._end)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            log.warning("storage: cannot write to %s (%s)", self.path.name, exc.strerror or exc)
            self.ready = False
            return None
        self._end += len(record)
        self.count = index
        return kept

    def write_test(self) -> OSError | None:
        """Write the file's first bytes again as they are: a real write that changes nothing. The
        error of a disk that refuses it; None when it took it, or when there is no file of this
        process's to write (not owned, or never made). No fsync: a file system gone read-only
        refuses the open at once, and an fsync would cost the main loop an SD card's commit."""
        if not self.owned:
            return None
        try:
            fd = os.open(self.path, os.O_RDWR)
        except FileNotFoundError:
            return None
        except OSError as exc:
            return exc
        try:
            head = os.pread(fd, _HEADER.size, 0)
            if head:
                os.pwrite(fd, head, 0)
        except OSError as exc:
            return exc
        finally:
            os.close(fd)
        return None

    def clear(self) -> bool:
        """Everything is in the database: start a new generation (old records stop checking out)."""
        if not self.owned:
            return False
        try:
            fd = os.open(self.path, os.O_WRONLY)
            try:
                os.pwrite(fd, _HEADER.pack(MAGIC, self.generation + 1), 0)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            log.warning("storage: cannot clear %s (%s)", self.path.name, exc.strerror or exc)
            return False
        self.generation += 1
        self.count = 0
        self._end = _HEADER.size
        return True


def _allocate(fd: int, size: int) -> None:
    """Give the file ``size`` bytes of real disk space (zeros where it had none)."""
    try:
        os.posix_fallocate(fd, 0, size)
        return
    except OSError as exc:
        if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
            raise
    end = os.fstat(fd).st_size
    chunk = bytes(64 * 1024)
    while end < size:
        end += os.pwrite(fd, chunk[: size - end], end)
