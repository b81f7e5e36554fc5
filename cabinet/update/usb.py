"""Bundles on a USB stick: found on the mounted sticks, copied off before anything reads them.

A stick mounted under ``/media/<user>/<label>`` or ``/run/media/<user>/<label>`` (udisks,
usbmount, an fstab line: whatever mounts it) is looked at by its top folder only, for
``arcadeforge-*.tar``; nothing on it is run or opened in place. The newest such bundle is
copied, size-capped, into the updater's own folder, and only that copy is verified and
installed: a stick pulled out half-way leaves a partial file, thrown away.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from cabinet.update.announce import MAX_BUNDLE_BYTES
from cabinet.update.fetch import copy_capped

MOUNT_ROOTS = ("/media/", "/run/media/")
PATTERN = "arcadeforge-*.tar"


def mount_points(
    mounts_file: Path = Path("/proc/self/mounts"), roots: tuple[str, ...] = MOUNT_ROOTS
) -> list[Path]:
    """Every mounted file system under ``roots``, from the kernel's own list."""
    try:
        lines = mounts_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 2:
            point = fields[1].replace("\\040", " ")
            if point.startswith(roots):
                found.append(Path(point))
    return sorted(found)


def bundles_on(points: list[Path]) -> list[Path]:
    """Bundles in the top folder of each mount, newest first; links and odd files are passed over."""
    found = []
    for point in points:
        try:
            candidates = list(point.glob(PATTERN))
        except OSError:
            continue
        found += [path for path in candidates if path.is_file() and not path.is_symlink()]
    return sorted(found, key=lambda path: path.stat().st_mtime_ns, reverse=True)


def copy_off(bundle: Path, folder: Path) -> Path:
    """A copy of ``bundle`` in ``folder`` (made through a partial file); raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / bundle.name
    partial = folder / (bundle.name + ".partial")
    with bundle.open("rb") as source, partial.open("wb") as sink:
        if not copy_capped(source, sink, MAX_BUNDLE_BYTES):
            raise OSError(f"{bundle.name} is larger than any bundle")
    partial.replace(target)
    return target


def clear(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
