"""Reading a state file that cannot be opened for writing, without changing it.

A read-only folder stops SQLite's ordinary open of a WAL database: it wants to
create the ``-shm``. :func:`read_into` tries, in turn, the ways that still read
it, so the cabinet shows the last state instead of an empty one:

1. ``mode=ro``: works while the ``-wal`` and ``-shm`` are there (after a kill);
2. ``immutable=1`` when there is no log to apply (after a clean stop);
3. otherwise a copy of the file and its ``-wal`` in a temporary folder, where
   SQLite may apply the log to the copy.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("cabinet.storage")


def read_into(
    path: Path,
    memory: sqlite3.Connection,
    connect: Callable[..., sqlite3.Connection] = sqlite3.connect,
) -> bool:
    """Copy the database at ``path`` into ``memory``; False when no way reads it.

    ``connect`` opens the file (the same opener the cabinet writes with).
    """
    uri = "file:" + quote(str(path))
    ways = [lambda: connect(f"{uri}?mode=ro", uri=True)]
    wal = Path(f"{path}-wal")
    if not wal.exists() or not wal.stat().st_size:
        ways.append(lambda: connect(f"{uri}?immutable=1", uri=True))
    else:
        ways.append(lambda: _copy_elsewhere(path, connect))
    for way in ways:
        conn = None
        try:
            conn = way()
            conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
            conn.backup(memory)
            return True
        except (sqlite3.Error, OSError) as exc:
            log.debug("storage: one way of reading %s failed (%s)", path, exc)
        finally:
            if conn is not None:
                conn.close()
    return False


def _copy_elsewhere(path: Path, connect) -> sqlite3.Connection:
    """The file and its -wal, copied to a temporary folder and read there into memory."""
    folder = Path(tempfile.mkdtemp(prefix="cabinet-db-"))
    try:
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{path}{suffix}", folder / f"cabinet.db{suffix}")
        copy = connect(str(folder / "cabinet.db"), isolation_level=None)
        memory = sqlite3.connect(":memory:", isolation_level=None)
        try:
            copy.backup(memory)
        finally:
            copy.close()
        return memory
    finally:
        shutil.rmtree(folder, ignore_errors=True)
