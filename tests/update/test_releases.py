"""Releases install beside each other from a bundle alone, and one rename switches between them."""

import subprocess
import sys
import tarfile

import pytest

from cabinet.update import releases as releases_module
from cabinet.update.bundle import BundleRefused, Target, build
from cabinet.update.releases import COMPLETE, Releases, UpdateError
from cabinet.update.signing import load_private, load_public, make_key_pair
from support.wheels import make_wheel

TARGET = Target(python="3.11", arch="aarch64")


@pytest.fixture
def office(tmp_path):
    """Makes signed bundles of a one-module package, as the office would."""
    make_key_pair(tmp_path / "release.pem", tmp_path / "release.pub")
    private = load_private(tmp_path / "release.pem")

    def bundle(version: str, package: str = "demo_cab"):
        house = tmp_path / f"house-{version}"
        house.mkdir()
        make_wheel(house, "demo_cab", version)
        return build(
            house,
            tmp_path / "bundles",
            private,
            version=version,
            python="3.11",
            arch="aarch64",
            package=package,
            schema=1,
        )

    bundle.public = load_public(tmp_path / "release.pub")
    return bundle


@pytest.fixture
def cabinet(tmp_path):
    return Releases(tmp_path / "opt", python=sys.executable)


def running(cabinet) -> str:
    python = cabinet.root / "current" / "venv" / "bin" / "python"
    return subprocess.run(
        [str(python), "-c", "import demo_cab; print(demo_cab.VERSION)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_an_installed_release_runs_from_current_after_the_switch(cabinet, office):
    manifest = cabinet.install(office("1.0"), office.public, TARGET)
    assert manifest.version == "1.0" and cabinet.current() is None
    cabinet.switch("1.0")
    assert running(cabinet) == "1.0"
    cabinet.install(office("1.1"), office.public, TARGET)
    assert running(cabinet) == "1.0", "installing beside must not touch the running release"
    cabinet.switch("1.1")
    assert (running(cabinet), cabinet.previous()) == ("1.1", "1.0")
    cabinet.switch(cabinet.previous())
    assert (running(cabinet), cabinet.previous()) == ("1.0", "1.1")


def test_the_cabinet_keeps_current_previous_and_one_more(cabinet, office):
    for version in ("1.0", "1.1", "1.2", "1.3"):
        cabinet.install(office(version), office.public, TARGET)
        cabinet.switch(version)
    assert cabinet.prune() == ["1.0"]
    assert (cabinet.current(), cabinet.previous()) == ("1.3", "1.2")
    assert sorted(cabinet.installed()) == ["1.1", "1.2", "1.3"]
    assert not (cabinet.folder / "1.0").exists()


def test_a_release_left_unfinished_by_a_power_cut_is_never_switched_to_and_is_cleared(
    cabinet, office
):
    cabinet.install(office("1.0"), office.public, TARGET)
    (cabinet.folder / "1.0" / COMPLETE).unlink()  # the cut came before the last write
    with pytest.raises(UpdateError, match="not installed"):
        cabinet.switch("1.0")
    cabinet.install(office("1.1"), office.public, TARGET)
    assert cabinet.installed() == ["1.1"]


def test_a_refused_bundle_changes_nothing(cabinet, office, tmp_path):
    cabinet.install(office("1.0"), office.public, TARGET)
    cabinet.switch("1.0")
    bad = office("1.1")
    with tarfile.open(bad) as tar:
        wheel = tar.getmember("wheels/demo_cab-1.1-py3-none-any.whl")
    data = bytearray(bad.read_bytes())
    data[wheel.offset_data + 10] ^= 1  # one bit of the wheel, as a bad download
    bad.write_bytes(bytes(data))
    with pytest.raises(BundleRefused):
        cabinet.install(bad, office.public, TARGET)
    assert (cabinet.installed(), running(cabinet)) == (["1.0"], "1.0")
    assert sorted(path.name for path in cabinet.folder.iterdir()) == ["1.0"]


def test_too_little_disk_space_is_said_before_anything_is_written(cabinet, office, monkeypatch):
    bundle = office("1.0")
    monkeypatch.setattr(releases_module, "SPACE_MARGIN", 1 << 60)
    with pytest.raises(UpdateError, match="MB free, the release needs about"):
        cabinet.install(bundle, office.public, TARGET)
    assert cabinet.installed() == []


def test_a_bundle_pip_cannot_install_fails_in_one_line_and_is_not_kept(cabinet, office):
    bundle = office("1.0", package="not_in_any_wheel")
    with pytest.raises(UpdateError) as caught:
        cabinet.install(bundle, office.public, TARGET)
    said = str(caught.value)
    assert (
        "release 1.0: installing its wheels failed: ERROR: No matching distribution" in said
        and "\n" not in said
    )
    assert cabinet.installed() == []
    assert cabinet.install(office("1.1"), office.public, TARGET).version == "1.1"
    assert cabinet.installed() == ["1.1"]
