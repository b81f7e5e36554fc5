"""Rehearse a signed update end to end on this machine, with a stand-in for systemd.

Builds real releases of this tree (its wheel with the version bumped, and every dependency as
wheels for this machine, as ``release build`` fetches them): one to start from, a good update,
and one that fails at start. Each is bundled and signed, then installed beside the others and
switched by the cabinet's own code (``cabinet.update``), and judged by the health gate against
a stand-in for systemd: it runs the current release's cabinet headless with a notify socket,
hears READY=1 and starts it again when it exits, as ``Restart=always`` would. No unit runs here
(nor in the arm64 stand-in, a chroot), so the unit's sandbox and watchdog are not part of it.

    python tests/tools/rehearse_update.py [--window 20] [--wheelhouse DIR] [--work DIR]

Prints the figures #40 asks for: the bundle's size, download-to-switch (copy, verify, venv,
switch), the time to keep a good release, and the rollback time after a failing one. It is a
script, not a test (a minute or more), and runs as it is in the arm64 stand-in.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

# This tree's cabinet, not one a venv has installed: its wheel is what the rehearsal builds.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cabinet.update import cli
from cabinet.update.bundle import Target, build
from cabinet.update.gate import Gate, Journal, ServiceState
from cabinet.update.releases import Releases
from cabinet.update.signing import load_private, load_public, make_key_pair

OWN = "arcadeforge_verse"
FAIL_AT_START = b'raise SystemExit("rehearsal: this release fails at start")\n'


class ProcessService:
    """What the gate asks of systemd, for a cabinet run as a child process of this one."""

    def __init__(self, root: Path, state: Path, log: Path):
        self.root, self.cwd, self.log = root, state, log
        self.folder = tempfile.mkdtemp(prefix="afu", dir="/tmp")  # socket paths must fit 108 bytes
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.listener.bind(os.path.join(self.folder, "notify"))
        self.listener.setblocking(False)
        self.process: subprocess.Popen | None = None
        self.ready, self.restarts, self.status = False, 0, 0

    def restart(self) -> None:
        self.stop()
        self._start()

    def state(self) -> ServiceState:
        self._hear()
        assert self.process is not None
        code = self.process.poll()
        if code is not None:  # it exited: Restart=always starts it again
            self.status = abs(code)
            self.restarts += 1
            self._start()
            return ServiceState("activating", self.restarts, 0, self.status)
        return ServiceState(
            "active" if self.ready else "activating", self.restarts, self.process.pid, self.status
        )

    def wait_active(self, timeout: float = 300.0) -> float:
        """Seconds until the cabinet running now says READY."""
        start = time.monotonic()
        while self.state().active != "active":
            if time.monotonic() - start > timeout:
                raise SystemExit(f"rehearsal: no READY within {timeout:.0f} s; see {self.log}")
            time.sleep(0.05)
        return time.monotonic() - start

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def close(self) -> None:
        self.stop()
        self.listener.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _start(self) -> None:
        self._hear()  # what the last process said is not this one's READY
        self.ready = False
        # A unit starts with a clean environment: no PYTHONPATH to run another tree's cabinet.
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        env["NOTIFY_SOCKET"] = os.path.join(self.folder, "notify")
        python = self.root / "current" / "venv" / "bin" / "python"
        with self.log.open("a") as out:
            out.write(f"--- start on {os.readlink(self.root / 'current')}\n")
            out.flush()
            self.process = subprocess.Popen(
                [str(python), "-m", "cabinet", "--headless"],
                env=env,
                cwd=self.cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def _hear(self) -> None:
        while True:
            try:
                message = self.listener.recv(4096)
            except BlockingIOError:
                return
            if b"READY=1" in message.split(b"\n"):
                self.ready = True


def bumped_wheel(source: Path, folder: Path, version: str, fails: bool = False) -> Path:
    """``source`` (this tree's wheel) as version ``version``; with ``fails``, one that exits at start."""
    old = source.name.split("-")[1]
    target = folder / source.name.replace(f"-{old}-", f"-{version}-", 1)
    old_info, new_info = f"{OWN}-{old}.dist-info/", f"{OWN}-{version}.dist-info/"
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(source) as wheel:
        for name in wheel.namelist():
            data, name = wheel.read(name), name.replace(old_info, new_info, 1)
            if name == new_info + "METADATA":
                data = re.sub(rb"(?m)^Version: .*$", f"Version: {version}".encode(), data, count=1)
            if fails and name == "cabinet/__main__.py":
                head, future, rest = data.partition(b"from __future__ import annotations\n")
                data = head + future + FAIL_AT_START + rest if future else FAIL_AT_START + data
            if name != new_info + "RECORD":
                files[name] = data
    record = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in files.items()]
    files[new_info + "RECORD"] = ("\n".join([*record, f"{new_info}RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
    return target


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--window", type=float, default=20.0, help="health window in seconds (a cabinet's is 180)"
    )
    parser.add_argument(
        "--wheelhouse", type=Path, help="this tree's wheel and its dependencies, already fetched"
    )
    parser.add_argument(
        "--work", type=Path, help="keep everything here (default: a temporary folder)"
    )
    parser.add_argument(
        "--python", default=shutil.which("python3") or "python3", help="makes the releases' venvs"
    )
    args = parser.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="rehearsal-"))
    work.mkdir(parents=True, exist_ok=True)
    python = f"{sys.version_info[0]}.{sys.version_info[1]}"
    arch = platform.machine()
    say = lambda text: print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)  # noqa: E731

    house = args.wheelhouse
    if house is None:
        say(f"fetching this tree's wheel and its dependencies for Python {python} {arch}")
        start = time.monotonic()
        house = cli._fetch_wheelhouse(work / "house", python, arch)
        say(f"wheelhouse: {time.monotonic() - start:.1f} s")
    own = next(house.glob(f"{OWN}-*.whl"))
    base = own.name.split("-")[1]
    make_key_pair(work / "release-key.pem", work / "release-key.pub")
    key, public = load_private(work / "release-key.pem"), load_public(work / "release-key.pub")

    bundles: dict[str, Path] = {}
    for n, fails in ((1, False), (2, False), (3, True)):
        version = f"{base}.post{n}"
        folder = work / f"house-{version}"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        for wheel in house.glob("*.whl"):
            if wheel != own:
                os.link(wheel, folder / wheel.name)
        bumped_wheel(own, folder, version, fails)
        built = build(
            folder,
            work / "bundles",
            key,
            version=version,
            python=python,
            arch=arch,
            package=cli.PACKAGE,
            schema=1,
        )
        bundles[version] = built
        wheels = len(list(folder.glob("*.whl")))
        say(
            f"bundle {version}{' (fails at start)' if fails else ''}: {built.stat().st_size / 1e6:.1f} MB, {wheels} wheels"
        )
    first, good, broken = bundles

    root, state, downloads = work / "opt", work / "state", work / "downloads"
    for folder in (state, downloads):
        folder.mkdir(exist_ok=True)
    os.environ.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        GPIOZERO_PIN_FACTORY="mock",
        STATE_DIRECTORY=str(state),
    )
    os.environ.update(PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONDONTWRITEBYTECODE="1")
    releases = Releases(root, python=args.python)
    target = Target(python, arch)

    def download_and_install(version: str) -> float:
        start = time.monotonic()
        copy = downloads / bundles[version].name
        shutil.copyfile(bundles[version], copy)  # the download, from this machine's own disk
        releases.install(copy, public, target)
        copy.unlink()
        return time.monotonic() - start

    say(f"installing {first}: {download_and_install(first):.1f} s (verify, venv, wheels)")
    releases.switch(first)
    service = ProcessService(root, state, work / "cabinet.log")
    switched: dict[str, float] = {}
    real_switch = releases.switch

    def timed_switch(version: str) -> None:
        real_switch(version)
        switched[version] = time.monotonic()

    releases.switch = timed_switch  # type: ignore[method-assign]
    gate = Gate(
        releases,
        service,
        Journal(work / "update.json"),
        doctor=lambda: cli._doctor(releases),
        clock=time.monotonic,
        sleep=time.sleep,
        window=args.window,
    )
    try:
        service.restart()
        say(f"{first} running: READY after {service.wait_active():.1f} s")

        start = time.monotonic()
        installed = download_and_install(good)
        verdict = gate.update(good)
        kept_at = time.monotonic()
        say(
            f"download-to-switch of {good}: {switched[good] - start:.1f} s (of it copy, verify, venv, wheels {installed:.1f} s)"
        )
        kept_after = kept_at - switched[good]
        say(
            f"update to {good}: {verdict.outcome}, {kept_after:.1f} s after the switch (window {args.window:.0f} s)"
        )

        download_and_install(broken)
        verdict = gate.update(broken)
        back = service.wait_active()
        say(
            f"update to {broken}: {verdict.outcome} to {verdict.previous}: {verdict.reason}; "
            f"{good} READY again {time.monotonic() - switched[broken]:.1f} s after the switch "
            f"({back:.1f} s of it its start)"
        )
    finally:
        service.close()
    say(
        f"releases: {', '.join(releases.installed())}; current {releases.current()}, previous {releases.previous()}"
    )
    say(f"journal: {(work / 'update.json').read_text().strip()}")
    ok = releases.current() == good and verdict.outcome == "rolled back"
    say("rehearsal: " + ("ok" if ok else "NOT ok"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
