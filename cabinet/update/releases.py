"""The releases folder: each release installed beside the others, the running one named by a link.

::

    /opt/arcadeforge/
        releases/0.2.0/         venv/, wheels/, manifest.json, and .complete once usable
        releases/0.3.0/
        current -> releases/0.3.0     what the unit runs (current/venv/bin/python -m cabinet)
        previous -> releases/0.2.0    where a failed update goes back to

A release is built in its final folder (a venv cannot move) and counts only once its
``.complete`` file is on disk, written last; a folder without it is what a power cut left and is
removed before the next install. Switching is one ``rename`` of a new link over ``current``, so
a power cut leaves the old release running or the new one, never neither. Once an update is
kept (:mod:`cabinet.update.gate`) the cabinet keeps the current release, the previous one and
at most one more.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from cabinet.update.bundle import BundleRefused, Target, open_bundle
from cabinet.update.manifest import VERSION, Manifest

COMPLETE = ".complete"
KEEP_OTHERS = 1  # besides current and previous
SPACE_FACTOR = 4  # wheels unpack to about 2.5 times their size; leave room
SPACE_MARGIN = 64 << 20


class UpdateError(Exception):
    """An install or switch that did not happen; ``str()`` is one line naming why."""


@dataclass
class Releases:
    """The releases under ``root``; ``python`` makes their venvs (the system's python3)."""

    root: Path
    python: str = "python3"

    @property
    def folder(self) -> Path:
        return self.root / "releases"

    def current(self) -> str | None:
        return self._named_by("current")

    def previous(self) -> str | None:
        return self._named_by("previous")

    def installed(self) -> list[str]:
        """Complete releases, oldest install first."""
        if not self.folder.is_dir():
            return []
        found = [path for path in self.folder.iterdir() if (path / COMPLETE).is_file()]
        return [
            path.name
            for path in sorted(found, key=lambda path: (path / COMPLETE).stat().st_mtime_ns)
        ]

    def install(self, bundle: Path, public_key, target: Target) -> Manifest:
        """Verify ``bundle`` and install it beside the others; the running release is untouched."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self._clear_unfinished()
        self._check_space(bundle)
        staging = self.folder / ".opening"
        manifest = open_bundle(bundle, public_key, target, staging)
        home = self.folder / manifest.version
        if (home / COMPLETE).is_file():
            shutil.rmtree(staging)
            return manifest
        staging.rename(home)  # no unfinished folder by this name: _clear_unfinished took it
        self._build_venv(home, manifest)
        _write_synced(home / COMPLETE, manifest.to_bytes())
        _sync_folder(self.folder)
        return manifest

    def switch(self, version: str) -> None:
        """Make ``version`` current and the one running now previous, each by one rename."""
        if not VERSION.fullmatch(version) or not (self.folder / version / COMPLETE).is_file():
            raise UpdateError(f"release {version!r:.40} is not installed")
        running = self.current()
        if running == version:
            return
        if running is not None:
            self._point("previous", running)
        self._point("current", version)

    def prune(self) -> list[str]:
        """Remove releases beyond current, previous and the newest other; return what went."""
        kept = {self.current(), self.previous()}
        others = [version for version in self.installed() if version not in kept]
        gone = others[: max(0, len(others) - KEEP_OTHERS)]
        for version in gone:
            shutil.rmtree(self.folder / version)
        return gone

    def _named_by(self, link: str) -> str | None:
        try:
            target = os.readlink(self.root / link)
        except OSError:
            return None
        name = Path(target).name
        return name if (self.folder / name / COMPLETE).is_file() else None

    def _point(self, link: str, version: str) -> None:
        temp = self.root / f".{link}.new"
        try:
            temp.unlink()
        except FileNotFoundError:
            pass
        os.symlink(Path("releases") / version, temp)
        os.replace(temp, self.root / link)
        _sync_folder(self.root)

    def _clear_unfinished(self) -> None:
        for path in self.folder.iterdir():
            if path.is_dir() and not (path / COMPLETE).is_file():
                shutil.rmtree(path)

    def _check_space(self, bundle: Path) -> None:
        try:
            size = bundle.stat().st_size
        except OSError as exc:
            raise BundleRefused(f"{bundle}: cannot read it ({exc.strerror})") from None
        need = size * SPACE_FACTOR + SPACE_MARGIN
        free = shutil.disk_usage(self.folder).free
        if free < need:
            raise UpdateError(
                f"{self.folder}: {free >> 20} MB free, the release needs about {need >> 20} MB"
            )

    def _build_venv(self, home: Path, manifest: Manifest) -> None:
        """A venv seeing the system's numpy, PyYAML and lgpio, with the bundle's wheels only.

        The updater's own pip installs into it (``--python``): the release needs no pip of its
        own, and making one per release would cost seconds and megabytes on an SD card."""
        venv = home / "venv"
        steps = {
            "making its venv": [
                self.python,
                "-m",
                "venv",
                "--system-site-packages",
                "--without-pip",
                str(venv),
            ],
            "installing its wheels": [
                sys.executable,
                "-m",
                "pip",
                "--python",
                str(venv / "bin" / "python"),
                "install",
                "--quiet",
                "--no-index",
                "--disable-pip-version-check",
                "--find-links",
                str(home / "wheels"),
                f"{manifest.package}=={manifest.version}",
            ],
        }
        for step, command in steps.items():
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no message"])[-1]
                raise UpdateError(f"release {manifest.version}: {step} failed: {last[:160]}")


def _write_synced(path: Path, data: bytes) -> None:
    with path.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
