"""Doctor: the state folder. It takes writes, how long a power-cut-safe write takes, and free space;
and the books' mirror beside it (:mod:`cabinet.storage.mirror`): its folder takes writes, and
the mirror in it is whole and this cabinet's.

The write is the cabinet's own kind: a SQLite commit in WAL mode with
``synchronous=FULL`` (:mod:`cabinet.storage.db`), in a scratch file beside the
real one, removed afterwards. A card that takes long over it is slow or wearing
out; the cabinet writes a coin at once, so a slow write is felt.
"""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import time
from pathlib import Path

from cabinet.doctor import FAIL, OK, WARN, Result
from cabinet.storage.mirror import FILE_NAME, RefusedMirror, books_mirror_dir, read_mirror
from cabinet.system.files import write_atomic
from cabinet.system.machine import machine_mark

COMMITS = 8
SLOW_MS = 50.0  # worst commit beyond this: a slow or failing card
LOW_MB, FULL_MB = 200, 20  # free space that warns, and that fails (replays and audits need room)
SCRATCH = "doctor-scratch.db"
MIRROR_SCRATCH = ".doctor-scratch"
# The unit lets the cabinet write only its own folders: a unit from before the mirror lacks it.
REINSTALL = (
    "systemd/install.sh makes /var/lib/arcadeforge-books (another folder needs ReadWritePaths=)"
)


def commit_times(folder: Path, commits: int = COMMITS) -> list[float]:
    """Milliseconds of each of ``commits`` one-row commits to a scratch database in ``folder``."""
    path = folder / SCRATCH
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")
        times = []
        for n in range(commits):
            start = time.perf_counter()
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("INSERT INTO t VALUES (?)", (n,))
            connection.execute("COMMIT")
            times.append(1000 * (time.perf_counter() - start))
        return times
    finally:
        connection.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def write_result(folder: Path) -> Result:
    try:
        times = commit_times(folder)
    except (OSError, sqlite3.Error) as exc:
        return Result(
            "state writes",
            FAIL,
            f"{folder} does not take writes ({exc}); scores and coins would be kept in memory only until it does",
        )
    found = f"{folder}: {len(times)} fsync'd commits, median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms"
    if max(times) > SLOW_MS:
        return Result("state writes", WARN, f"{found}; over {SLOW_MS:.0f} ms: a slow or worn card")
    return Result("state writes", OK, found)


def space_result(folder: Path) -> Result:
    free_mb = shutil.disk_usage(folder).free / 1e6
    found = f"{free_mb:,.0f} MB free on {folder}'s file system"
    if free_mb < FULL_MB:
        return Result("free space", FAIL, f"{found}; the cabinet needs at least {FULL_MB} MB")
    if free_mb < LOW_MB:
        return Result("free space", WARN, f"{found}; under {LOW_MB} MB")
    return Result("free space", OK, found)


def mirror_result(setting: str, state_folder: Path, mark: str | None = None) -> Result:
    """Whether the books' mirror can be written where ``storage.books_mirror`` puts it, and
    whether the one there would be trusted."""
    name = "books mirror"
    folder = books_mirror_dir(setting, state_folder)
    if folder is None:
        return Result(
            name,
            WARN,
            "off (storage.books_mirror): nothing outside the state folder keeps the books",
        )
    if folder.resolve().is_relative_to(state_folder.resolve()):
        return Result(
            name, WARN, f"{folder} is inside the state folder {state_folder}: lost with it"
        )
    try:
        if not folder.is_dir():
            folder.mkdir(mode=0o750)  # as the cabinet makes it: never a missing parent
        write_atomic(folder / MIRROR_SCRATCH, b"doctor")
        (folder / MIRROR_SCRATCH).unlink()
    except OSError as exc:
        why = exc.strerror or str(exc)
        return Result(
            name,
            WARN,
            f"{folder} takes no writes ({why}); the books would not survive the loss of the state folder; {REINSTALL}",
        )
    try:
        books, written = read_mirror(folder, mark or machine_mark())
    except FileNotFoundError:
        return Result(
            name, OK, f"{folder} takes writes; no mirror yet (the cabinet writes one as it runs)"
        )
    except RefusedMirror as refused:
        return Result(
            name,
            WARN,
            f"{folder / FILE_NAME} {refused}: the cabinet would not restore from it",
        )
    except OSError as exc:
        return Result(name, WARN, f"{folder / FILE_NAME} cannot be read ({exc.strerror or exc})")
    return Result(
        name,
        OK,
        f"{folder / FILE_NAME}: whole, this cabinet's, written {written} ({books.coins} coins, {len(books.scores)} high scores)",
    )


def check(context) -> list[Result]:
    return [
        write_result(context.state_folder),
        space_result(context.state_folder),
        mirror_result(context.settings.storage.books_mirror, context.state_folder),
    ]
