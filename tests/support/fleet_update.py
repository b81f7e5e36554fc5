"""The office and simulated cabinets for the delivery tests and the rollout bench.

A simulated cabinet is everything of a real one but the game and systemd: its state file and
fleet link (publishing its status), its releases folder (1.0 running, marked complete without
a venv, as the gate tests do), and the real updater (:class:`Watcher`) on a thread, fed by a
real :class:`Listener` on the broker; only its unit is :mod:`support.systemd`'s fake, whose
clock runs the health window at once.
"""

from __future__ import annotations

import os
import sys
import tarfile
import threading
import time
import zipfile
from pathlib import Path

from cabinet.network.link import NetworkLink
from cabinet.storage.store import Store
from cabinet.update import announce, channel
from cabinet.update.bundle import build
from cabinet.update.cli import _target
from cabinet.update.moment import SAFE
from cabinet.update.releases import COMPLETE, Releases
from cabinet.update.signing import load_private, load_public, make_key_pair
from cabinet.update.watch import Watcher
from support.systemd import fake_gate, healthy
from support.wheels import make_wheel

TARGET = _target()


class Office:
    """The office's key pair and bundles of a one-module package, built into ``folder/served``."""

    def __init__(self, folder: Path):
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        make_key_pair(folder / "release-key.pem", folder / "release-key.pub")
        self.private = load_private(folder / "release-key.pem")
        self.public = load_public(folder / "release-key.pub")
        self.served = folder / "served"

    def bundle(self, version: str, ballast: int = 0) -> Path:
        """A signed bundle of ``demo_cab`` ``version``; ``ballast`` bytes of random data make it big."""
        house = self.folder / f"house-{version}"
        house.mkdir(exist_ok=True)
        wheel = make_wheel(house, "demo_cab", version)
        if ballast:
            with zipfile.ZipFile(wheel, "a", zipfile.ZIP_STORED) as archive:
                archive.writestr("demo_cab/ballast.bin", os.urandom(ballast))
        return build(
            house,
            self.served,
            self.private,
            version=version,
            python=TARGET.python,
            arch=TARGET.arch,
            package="demo_cab",
            schema=1,
        )

    def publish(self, settings, topic: str, bundle: Path, url: str) -> announce.Announcement:
        made = announce.for_bundle(bundle, topic, url)
        channel.publish(
            settings,
            f"office-{time.monotonic_ns()}",
            [(topic, announce.encode(made, self.private))],
        )
        return made


def flip_a_wheel_byte(bundle: Path) -> None:
    """Change one byte of the bundle's first wheel in place, as a bad copy or an attacker would."""
    with tarfile.open(bundle) as tar:
        wheel = next(member for member in tar if member.name.startswith("wheels/"))
    data = bytearray(bundle.read_bytes())
    data[wheel.offset_data + 10] ^= 1
    bundle.write_bytes(bytes(data))


class SimCabinet:
    """One cabinet, updating itself on a thread of its own (see the module's text)."""

    def __init__(
        self, folder: Path, settings, office: Office, behaviour=healthy, moment=lambda: SAFE
    ):
        self.folder = folder
        self.settings = settings
        self.releases = Releases(folder / "opt", python=sys.executable)
        (self.releases.folder / "1.0").mkdir(parents=True)
        (self.releases.folder / "1.0" / COMPLETE).write_text("{}")
        self.releases.switch("1.0")
        self.state = folder / "update"
        gate, self.unit, self.clock = fake_gate(
            self.releases, self.state / "update.json", behaviour
        )
        self.unit.restart()
        self.listener = channel.Listener(
            settings, settings.group or settings.site, office.public, f"{settings.cabinet}-updater"
        ).start()
        runtime = folder / "run"
        runtime.mkdir()
        self.watcher = Watcher(
            self.releases,
            office.public,
            TARGET,
            self.state,
            gate,
            self.listener.heard,
            moment,
            runtime=runtime,
        )
        self.store = Store.open(folder / "cabinet.db")
        self.link = NetworkLink(settings, self.store.db.path, ["blocks"])
        self.link.update_folder = self.state
        self.link.release = lambda: self.releases.current() or "1.0"
        self.link.start()
        self._stop = threading.Event()
        self.errors: list[BaseException] = []
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> SimCabinet:
        self.watcher.start()
        self.thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.watcher.tick(time.monotonic())
            except BaseException as exc:  # a test asserts there were none
                self.errors.append(exc)
                return
            self._stop.wait(0.05)

    def close(self) -> None:
        self._stop.set()
        self.thread.join(60)
        self.listener.stop()
        self.link.close(timeout=10)
        self.store.close()
