"""A release on a USB stick: found on the mounts, copied off, verified, offered on the VERSION
page, installed only once the operator chose INSTALL FROM USB, switched at a safe moment."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from cabinet.update import offer, usb
from cabinet.update.moment import SAFE
from cabinet.update.releases import COMPLETE, Releases
from cabinet.update.watch import Watcher
from support.fleet_update import TARGET, Office, flip_a_wheel_byte
from support.systemd import fake_gate


def test_the_kernels_mount_list_gives_the_sticks_under_media(tmp_path):
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "/dev/mmcblk0p2 / ext4 ro 0 0\n/dev/sda1 /media/arcade/STICK vfat rw 0 0\n"
        "/dev/sdb1 /run/media/pi/MY\\040STICK exfat rw 0 0\ntmpfs /run tmpfs rw 0 0\n"
    )
    assert usb.mount_points(mounts) == [Path("/media/arcade/STICK"), Path("/run/media/pi/MY STICK")]


def cabinet_with_stick(tmp_path, moment):
    office = Office(tmp_path / "office")
    stick = tmp_path / "media" / "STICK"
    stick.mkdir(parents=True)
    releases = Releases(tmp_path / "opt", python=sys.executable)
    (releases.folder / "1.0").mkdir(parents=True)
    (releases.folder / "1.0" / COMPLETE).write_text("{}")
    releases.switch("1.0")
    gate, _unit, _clock = fake_gate(releases, tmp_path / "update" / "update.json")
    (tmp_path / "run").mkdir()
    watcher = Watcher(
        releases,
        office.public,
        TARGET,
        tmp_path / "update",
        gate,
        lambda: None,
        moment,
        lambda: [stick],
        tmp_path / "run",
    )
    watcher.start()
    return office, stick, releases, watcher


def test_a_stick_release_is_offered_and_installed_only_when_the_operator_asks(tmp_path):
    moment = ["busy service"]
    office, stick, releases, watcher = cabinet_with_stick(tmp_path, lambda: moment[0])
    shutil.copy(office.bundle("2.0"), stick)
    watcher.tick(10.0)
    assert offer.read_offer(tmp_path / "update") == (None, "2.0"), (
        "INSTALL FROM USB, not installed yet"
    )
    assert releases.installed() == ["1.0"]
    assert sorted(path.name for path in stick.iterdir()) == [
        f"arcadeforge-2.0-py{TARGET.python}-{TARGET.arch}.tar"
    ]
    assert offer.request_usb_install(
        "2.0", tmp_path / "run"
    )  # the operator's A on INSTALL FROM USB
    watcher.tick(11.0)
    assert offer.read_offer(tmp_path / "update") == ("2.0", None), (
        "installed, UPDATE READY until the menu is left"
    )
    assert releases.current() == "1.0" and not (tmp_path / "run" / offer.USB_REQUEST).exists()
    moment[0] = SAFE
    watcher.tick(12.0)
    assert (
        releases.current() == "2.0" and offer.read_result(tmp_path / "update")["outcome"] == "kept"
    )


def test_a_tampered_stick_bundle_is_never_offered(tmp_path):
    office, stick, releases, watcher = cabinet_with_stick(tmp_path, lambda: SAFE)
    flip_a_wheel_byte(Path(shutil.copy(office.bundle("2.0"), stick)))
    watcher.tick(10.0)
    assert offer.read_offer(tmp_path / "update") == (None, None)
    result = offer.read_result(tmp_path / "update")
    assert result["outcome"] == "refused" and result["reason"].startswith("USB stick: ")
    assert releases.installed() == ["1.0"] and releases.current() == "1.0"


def test_an_answer_for_a_stick_that_was_pulled_out_installs_nothing_later(tmp_path):
    office, stick, releases, watcher = cabinet_with_stick(tmp_path, lambda: SAFE)
    assert offer.request_usb_install("2.0", tmp_path / "run")  # asked, then the stick went
    watcher.tick(10.0)
    shutil.copy(office.bundle("2.0"), stick)
    watcher.tick(20.0)
    assert offer.read_offer(tmp_path / "update") == (None, "2.0") and releases.current() == "1.0"
