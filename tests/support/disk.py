"""Real disks for storage tests: a small tmpfs of its own, seen by the cabinet through a
bind mount that can be made read-only, and filled to the last byte.

Tests run as root, where ``chmod`` stops no write; a read-only mount stops root too.
Mounting needs CAP_SYS_ADMIN: where it is missing the tests that need it are skipped
with that reason (the same cases also run through an injected opener elsewhere).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

MiB = 1024 * 1024


def fill_disk(filler: Path) -> int:
    """Take every free byte of ``filler``'s disk, as another program filling it would; the bytes taken."""
    taken = 0
    chunk = bytes(64 * 1024)
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (64 * 1024, 4096, 512, 1):
            while True:
                try:
                    taken += os.write(fd, chunk[:size])
                except OSError as exc:
                    if exc.errno != errno.ENOSPC:
                        raise
                    break
    finally:
        os.close(fd)
    return taken


def _mount(*args: str) -> None:
    subprocess.run(["mount", *args], check=True, capture_output=True, text=True)


class RealDisk:
    """``source``: the tmpfs itself (tests set the scene through it); ``folder``: the cabinet's
    state folder, a bind mount of it that :meth:`read_only` turns read-only."""

    def __init__(self, root: Path, size: int):
        self.source = root / "disk"
        self.folder = root / "state-folder"
        self.source.mkdir()
        self.folder.mkdir()
        _mount("-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(self.source))
        try:
            _mount("--bind", str(self.source), str(self.folder))
        except subprocess.CalledProcessError:
            subprocess.run(["umount", str(self.source)], check=False)
            raise
        self.filler = self.source / "filler"

    @property
    def path(self) -> Path:
        return self.folder / "cabinet.db"

    def read_only(self) -> None:
        _mount("-o", "remount,bind,ro", str(self.folder))

    def writable(self) -> None:
        _mount("-o", "remount,bind,rw", str(self.folder))

    def fill(self) -> int:
        return fill_disk(self.filler)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def close(self) -> None:
        for mount in (self.folder, self.source):
            _unmount(mount)


def _unmount(mount: Path) -> None:
    """Unmount ``mount``, lazily if something still holds it."""
    subprocess.run(["umount", str(mount)], check=False, capture_output=True)
    if os.path.ismount(mount):
        subprocess.run(["umount", "-l", str(mount)], check=False, capture_output=True)


def _mounted(make, needs: str, cannot: str):
    """``make()``'s mount, or the test skipped saying why this process may not make it."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip(needs)
    try:
        return make()
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        pytest.skip(f"{cannot}: {getattr(exc, 'stderr', exc)}")


@pytest.fixture
def real_disk(tmp_path):
    """A 16 MiB tmpfs for the state folder; skipped where this process may not mount."""
    disk = _mounted(
        lambda: RealDisk(tmp_path, 16 * MiB),
        "needs root on Linux to mount a tmpfs (a read-only mount stops root's writes)",
        "cannot mount a tmpfs here",
    )
    yield disk
    disk.close()


class FailingCard:
    """A loop-mounted ext4 image with ``errors=remount-ro``: :meth:`fail` makes ext4 meet an error
    (its own ``trigger_fs_error``), and the file system turns read-only under open files, as an
    SD card's does in the field. ``folder`` is the cabinet's state folder on it."""

    def __init__(self, root: Path, size: int):
        self.image = root / "card.img"
        self.folder = root / "card"
        self.folder.mkdir()
        with open(self.image, "wb") as handle:
            handle.truncate(size)
        subprocess.run(
            ["mkfs.ext4", "-q", "-F", str(self.image)], check=True, capture_output=True, text=True
        )
        _mount("-o", "loop,errors=remount-ro", str(self.image), str(self.folder))
        device = subprocess.run(
            ["findmnt", "-n", "-o", "SOURCE", str(self.folder)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        self.trigger = Path("/sys/fs/ext4") / Path(device).name / "trigger_fs_error"

    @property
    def path(self) -> Path:
        return self.folder / "cabinet.db"

    def fail(self) -> None:
        self.trigger.write_text("test: the card failed\n")

    def close(self) -> None:
        _unmount(self.folder)


@pytest.fixture
def failing_card(tmp_path):
    """A 16 MiB ext4 card that turns read-only on demand; skipped where this process may not mount one."""
    card = _mounted(
        lambda: FailingCard(tmp_path, 16 * MiB),
        "needs root on Linux to loop-mount an ext4 image",
        "cannot loop-mount an ext4 image here",
    )
    if not card.trigger.exists():
        card.close()
        pytest.skip(f"this kernel has no {card.trigger} to make ext4 meet an error")
    yield card
    card.close()
