"""Files written so that a power cut leaves the old one or the new one, never a mix.

Shared by the settings (the service menu's save, the last good copy) and the
storage layer (the factory reset's copy of the settings file).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

NOT_REGULAR = "is not a regular file (a pipe or a device)"
COPY_MODE = 0o640  # the widest a copy of a settings file may be: rw-r-----


def refuse_odd_file(path: Path) -> None:
    """OSError, saying why, when ``path`` is there but no file to read and replace: a folder, or a
    pipe or device (reading a pipe would wait for ever)."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    if path.exists() and not path.is_file():
        raise OSError(errno.EINVAL, NOT_REGULAR, str(path))


def write_atomic(
    path: str | os.PathLike, text: str | bytes, like: str | os.PathLike | None = None
) -> None:
    """Replace ``path`` by ``text`` (or bytes): temp file in the same folder, fsync, rename, fsync the folder.

    A symbolic link is followed: the file it points to is replaced, and the link stays.
    The file keeps its permissions (and, written by root, its owner: the service's user must
    still be able to save it); a new one takes those of the file ``like`` (a copy of a private
    file stays private), else rw-r--r--. A copy (``like`` given) is never readable by more than
    its owner and group (:data:`COPY_MODE`), whatever the original allows or an older copy had:
    settings may hold the broker password."""
    path = Path(os.path.realpath(path))
    folder = path.parent
    prefix = f".{path.name}.tmp-"
    for stale in folder.glob(prefix + "*"):  # left by a power cut during an earlier save
        try:
            stale.unlink()
        except OSError:
            pass
    model = _stat_of(path) or (_stat_of(like) if like is not None else None)
    temp = folder / f"{prefix}{os.getpid()}"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        mode = model.st_mode & 0o777 if model else 0o644
        os.fchmod(fd, mode & COPY_MODE if like is not None else mode)
        if model and os.geteuid() == 0 and (model.st_uid, model.st_gid) != (0, 0):
            os.fchown(fd, model.st_uid, model.st_gid)
        binary = isinstance(text, bytes)
        with os.fdopen(fd, "wb" if binary else "w", encoding=None if binary else "utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            temp.unlink()
        except OSError:
            pass
        raise
    folder_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(folder_fd)
    finally:
        os.close(folder_fd)


def _stat_of(path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None
