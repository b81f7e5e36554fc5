"""SIGKILL of the real updater process (``release watch``) while it downloads, verifies or
unpacks a release: the cabinet keeps one complete release running, and the next start carries
on (the download resumes) to the same end as an updater never killed: the release installed,
then switched and kept once the cabinet says the moment is safe (systemctl is a fake here)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from cabinet.update import announce, offer
from cabinet.update.releases import COMPLETE, Releases
from support.bundle_server import BundleServer
from support.fleet_update import Office
from support.network import settings_for, wait_for

BALLAST = 48 << 20  # a big wheel: verifying and unpacking it last long enough to be caught
FAKE_SYSTEMCTL = """#!/bin/sh
# systemd as the updater asks it: the cabinet's unit is up (its moment file says it is busy).
[ "$1" = show ] && printf 'ActiveState=active\\nNRestarts=0\\nMainPID=4242\\nExecMainStatus=0\\n'
[ "$1" = show ] && [ "$3" = --property=ExecStart ] && echo "$RELEASES/current/venv/bin/python -m cabinet"
[ "$1" = restart ] && echo "$2 $3" >> "$RELEASES/restarts"
exit 0
"""


def watcher(tmp_path, broker, office) -> subprocess.Popen:
    config = tmp_path / "cabinet.yaml"
    config.write_text(
        f"network: {{enabled: true, host: 127.0.0.1, port: {broker.port}, tls: false, site: bar, cabinet: c1}}\n"
    )
    command = [
        sys.executable,
        "-m",
        "cabinet",
        "release",
        "watch",
        "--root",
        str(tmp_path / "opt"),
        "--key",
        str(office.folder / "release-key.pub"),
        "--config",
        str(config),
        "--state",
        str(tmp_path / "update"),
        "--runtime",
        str(tmp_path / "run"),
        "--window",
        "0",
    ]
    env = dict(
        os.environ, PATH=f"{tmp_path / 'bin'}:{os.environ['PATH']}", RELEASES=str(tmp_path / "opt")
    )
    log = (tmp_path / "watch.log").open("ab")
    return subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)


def caught(predicate, process, what: str) -> None:
    """Spin (no sleep: a step may last a tenth of a second) until ``predicate``, then SIGKILL."""
    deadline = time.monotonic() + 120
    while not predicate():
        assert process.poll() is None and time.monotonic() < deadline, (
            f"never saw the updater {what}"
        )
    process.send_signal(signal.SIGKILL)
    process.wait(10)


@pytest.mark.parametrize("step", ["download", "verify", "unpack"])
def test_an_updater_killed_mid_step_leaves_one_complete_release_and_carries_on(
    tmp_path, broker, step
):
    office = Office(tmp_path / "office")
    bundle = office.bundle("2.0", ballast=BALLAST)
    releases = Releases(tmp_path / "opt")
    (releases.folder / "1.0").mkdir(parents=True)
    (releases.folder / "1.0" / COMPLETE).write_text("{}")
    releases.switch("1.0")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "systemctl").write_text(FAKE_SYSTEMCTL)
    (tmp_path / "bin" / "systemctl").chmod(0o755)
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "moment").write_text(
        "busy game\n"
    )  # it installs, then waits: no switch here
    partial = tmp_path / "update" / "downloads"
    opening = releases.folder / ".opening"
    building = releases.folder / "2.0"
    with BundleServer(
        office.served, bytes_per_second=(8 << 20) if step == "download" else None
    ) as server:
        office.publish(
            settings_for(broker, "office"),
            announce.group_topic("bar"),
            bundle,
            server.url(bundle.name),
        )
        first = watcher(tmp_path, broker, office)
        try:
            if step == "download":
                caught(
                    lambda: any(p.stat().st_size > 1 << 20 for p in partial.glob("*.partial")),
                    first,
                    "downloading",
                )
            elif step == "verify":
                caught(opening.exists, first, "verifying")
            else:
                caught(
                    lambda: building.is_dir() and not (building / COMPLETE).exists(),
                    first,
                    "unpacking",
                )
        finally:
            first.kill()
        assert (releases.current(), releases.installed()) == ("1.0", ["1.0"]), (
            "only the old release is whole"
        )
        again = watcher(tmp_path, broker, office)
        try:
            wait_for(
                lambda: offer.read_offer(tmp_path / "update")[0] == "2.0",
                what="the release installed and offered",
            )
            assert releases.current() == "1.0" and sorted(releases.installed()) == ["1.0", "2.0"]
            assert sorted(path.name for path in releases.folder.iterdir()) == ["1.0", "2.0"]
            assert not partial.exists()
            (tmp_path / "run" / "moment").write_text("safe\n")  # the game over, attract mode empty
            wait_for(
                lambda: offer.read_result(tmp_path / "update") is not None,
                what="the switch's result",
            )
        finally:
            again.terminate()
            again.wait(10)
        if step == "download":
            assert server.requests[-1].startswith("bytes="), (
                "the download went on from where it stopped"
            )
    assert offer.read_result(tmp_path / "update")["outcome"] == "kept"
    assert (releases.current(), releases.previous()) == ("2.0", "1.0")
    assert (releases.root / "restarts").read_text() == "--no-block arcadeforge.service\n", (
        "one restart, on 2.0"
    )
