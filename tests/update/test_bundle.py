"""A bundle opens only when its signature, target and every wheel are right; else one line says why."""

import io
import tarfile
from pathlib import Path

import pytest

from cabinet.update.bundle import BundleRefused, Target, build, open_bundle
from cabinet.update.signing import load_private, load_public, make_key_pair
from support.wheels import make_wheel

TARGET = Target(python="3.11", arch="aarch64")


@pytest.fixture
def keys(tmp_path):
    make_key_pair(tmp_path / "release.pem", tmp_path / "release.pub")
    return load_private(tmp_path / "release.pem"), load_public(tmp_path / "release.pub")


@pytest.fixture
def bundle(tmp_path, keys):
    house = tmp_path / "house"
    house.mkdir()
    make_wheel(house, "demo_pkg", "1.0")
    make_wheel(house, "demo_dep", "2.0")
    return build(
        house,
        tmp_path / "out",
        keys[0],
        version="1.0",
        python="3.11",
        arch="aarch64",
        package="demo_pkg",
        schema=3,
    )


def members(path: Path) -> dict[str, bytes]:
    with tarfile.open(path) as tar:
        return {member.name: tar.extractfile(member).read() for member in tar}


def rewrite(path: Path, contents: dict[str, bytes], odd: tarfile.TarInfo | None = None) -> None:
    with tarfile.open(path, "w") as tar:
        for name, data in contents.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        if odd is not None:
            tar.addfile(odd)


def test_a_good_bundle_opens_with_its_wheels(tmp_path, bundle, keys):
    manifest = open_bundle(bundle, keys[1], TARGET, tmp_path / "opened")
    assert (manifest.version, manifest.package, manifest.schema) == ("1.0", "demo_pkg", 3)
    wheels = sorted(path.name for path in (tmp_path / "opened" / "wheels").iterdir())
    assert wheels == ["demo_dep-2.0-py3-none-any.whl", "demo_pkg-1.0-py3-none-any.whl"]
    assert bundle.name == "arcadeforge-1.0-py3.11-aarch64.tar"


def test_a_bundle_signed_by_another_key_is_refused(tmp_path, bundle, keys):
    make_key_pair(tmp_path / "other.pem", tmp_path / "other.pub")
    with pytest.raises(BundleRefused, match="signature does not match"):
        open_bundle(bundle, load_public(tmp_path / "other.pub"), TARGET, tmp_path / "opened")
    assert not (tmp_path / "opened").exists()


def tampered(bundle: Path, name: str, change) -> None:
    contents = members(bundle)
    contents[name] = change(contents[name])
    rewrite(bundle, contents)


@pytest.mark.parametrize(
    ("part", "change", "why"),
    [
        (
            "manifest.json",
            lambda data: data.replace(b'"schema":3', b'"schema":4'),
            "signature does not match",
        ),
        ("manifest.sig", lambda data: bytes([data[0] ^ 1]) + data[1:], "signature does not match"),
        (
            "wheels/demo_dep-2.0-py3-none-any.whl",
            lambda data: data[:-1] + bytes([data[-1] ^ 1]),
            "SHA-256",
        ),
        (
            "wheels/demo_dep-2.0-py3-none-any.whl",
            lambda data: data + b"x",
            "bytes, the manifest says",
        ),
    ],
)
def test_a_tampered_part_is_refused_and_leaves_nothing(tmp_path, bundle, keys, part, change, why):
    tampered(bundle, part, change)
    with pytest.raises(BundleRefused, match=why):
        open_bundle(bundle, keys[1], TARGET, tmp_path / "opened")
    assert not (tmp_path / "opened").exists()


def test_a_wheel_missing_or_added_is_refused(tmp_path, bundle, keys):
    contents = members(bundle)
    del contents["wheels/demo_dep-2.0-py3-none-any.whl"]
    rewrite(bundle, contents)
    with pytest.raises(BundleRefused, match="in the manifest but not in the bundle"):
        open_bundle(bundle, keys[1], TARGET, tmp_path / "a")
    contents = members(bundle) | {
        "wheels/demo_dep-2.0-py3-none-any.whl": b"",
        "wheels/evil-1-py3-none-any.whl": b"x",
    }
    rewrite(bundle, contents)
    with pytest.raises(BundleRefused, match=r"evil-1-py3-none-any\.whl is not in the manifest"):
        open_bundle(bundle, keys[1], TARGET, tmp_path / "b")


@pytest.mark.parametrize("odd", ["link", "escape", "folder"])
def test_links_folders_and_paths_outside_are_refused(tmp_path, bundle, keys, odd):
    info = tarfile.TarInfo(
        {"link": "wheels/x-1-py3-none-any.whl", "escape": "../../etc/passwd", "folder": "wheels"}[
            odd
        ]
    )
    if odd == "link":
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/shadow"
    elif odd == "folder":
        info.type = tarfile.DIRTYPE
    rewrite(bundle, members(bundle), odd=info)
    with pytest.raises(BundleRefused, match=r"is not a plain file|is not a file a bundle may hold"):
        open_bundle(bundle, keys[1], TARGET, tmp_path / "opened")
    assert not (tmp_path / "opened").exists()


@pytest.mark.parametrize(
    ("target", "why"),
    [
        (Target("3.13", "aarch64"), "built for Python 3.11, this cabinet runs 3.13"),
        (Target("3.11", "x86_64"), "built for aarch64, this cabinet is x86_64"),
    ],
)
def test_a_bundle_for_another_python_or_machine_is_refused(tmp_path, bundle, keys, target, why):
    with pytest.raises(BundleRefused, match=why):
        open_bundle(bundle, keys[1], target, tmp_path / "opened")


def test_a_file_that_is_no_bundle_is_refused_in_one_line(tmp_path, keys):
    junk = tmp_path / "junk.tar"
    junk.write_bytes(b"\x00not a tar" * 10)
    with pytest.raises(BundleRefused) as caught:
        open_bundle(junk, keys[1], TARGET, tmp_path / "opened")
    assert "\n" not in str(caught.value) and "junk.tar" in str(caught.value)


def test_the_private_key_is_never_overwritten_and_only_its_owner_reads_it(tmp_path, keys):
    assert (tmp_path / "release.pem").stat().st_mode & 0o077 == 0
    with pytest.raises(FileExistsError):
        make_key_pair(tmp_path / "release.pem", tmp_path / "again.pub")
