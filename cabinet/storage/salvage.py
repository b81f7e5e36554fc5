"""Rebuilding a state file cut to nothing from the ``-wal`` it left.

A database cut to 0 bytes (a card that lost its last writes, a careless copy)
often still has its write-ahead log beside it, and while the database is
small and young the log holds a copy of every page. SQLite will not look at a
log beside a file with no header, so :func:`rebuild_from_wal` gives the file
back a first page that says "WAL mode", lets SQLite apply the log in a private
folder, and keeps the result only if ``PRAGMA integrity_check`` passes: a
rebuilt file is whole, or it is not used.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import struct
import tempfile
from pathlib import Path

log = logging.getLogger("cabinet.storage")


def _first_page(page_size: int) -> bytes:
    """A database header saying "WAL mode" with ``page_size``; the log supplies the real page."""
    page = bytearray(page_size)
    page[0:16] = b"SQLite format 3\0"
    page[16:18] = struct.pack(">H", page_size if page_size < 65536 else 1)
    page[18] = page[19] = 2  # read and write versions 2: WAL
    page[21:24] = bytes((64, 32, 32))  # payload fractions SQLite requires
    return bytes(page)


def rebuild_from_wal(main: Path, wal: Path, target: Path) -> bool:
    """Write at ``target`` the database that ``main`` (damaged or empty) and its ``wal`` make
    together; True if it is whole. ``main`` and ``wal`` are only read."""
    try:
        head = wal.read_bytes()[:32]
        if len(head) < 32:
            return False
        page_size = struct.unpack(">I", head[8:12])[0]
        if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
            return False
        with tempfile.TemporaryDirectory(prefix="cabinet-salvage-") as folder:
            work = Path(folder) / "cabinet.db"
            data = main.read_bytes() if main.exists() else b""
            if data[:16] == b"SQLite format 3\0" and len(data) >= page_size:
                data = data[:18] + b"\2\2" + data[20:]  # its own first page, set to WAL mode
            else:
                data = _first_page(page_size) + data[page_size:]
            work.write_bytes(data)
            shutil.copyfile(wal, f"{work}-wal")
            source = sqlite3.connect(str(work), isolation_level=None)
            try:
                if source.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                    return False
                if not source.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    return False  # nothing but the stub page: the log held no tables
                destination = sqlite3.connect(str(target), isolation_level=None)
                try:
                    source.backup(destination)
                finally:
                    destination.close()
            finally:
                source.close()
        return True
    except (OSError, sqlite3.Error) as exc:
        log.warning("storage: cannot rebuild %s from %s (%s)", main.name, wal.name, exc)
        target.unlink(missing_ok=True)
        return False
