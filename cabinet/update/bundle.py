"""Release bundles: one uncompressed tar of a signed manifest and the wheels it names.

Building (in the office)::

    arcadeforge-0.2.0-py3.11-aarch64.tar
        manifest.json   version, Python, machine, package, schema, SHA-256 of each wheel
        manifest.sig    Ed25519 signature of manifest.json's bytes
        wheels/*.whl    the cabinet's wheel and every dependency, pinned

Opening (on a cabinet) trusts nothing before the signature: members are read as plain files
with fixed names only (no links, folders, devices or ``..``), the signature is checked before
the manifest is parsed, then the Python and machine, then every wheel against its hash while
it is copied out. Any failure raises :class:`BundleRefused` with one line naming why, and
leaves nothing behind.
"""

from __future__ import annotations

import io
import shutil
import tarfile
from dataclasses import dataclass
from pathlib import Path

from cabinet.update.manifest import WHEEL_PATH, FileEntry, Manifest, ManifestError, hash_stream
from cabinet.update.signing import sign, verifies

MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
MAX_WHEEL_BYTES = 256 << 20


class BundleRefused(Exception):
    """A bundle that must not be installed; ``str()`` is one line naming why."""


@dataclass(frozen=True)
class Target:
    """The cabinet a bundle must fit."""

    python: str  # "3.11"
    arch: str  # "aarch64"


def bundle_name(manifest: Manifest) -> str:
    return f"arcadeforge-{manifest.version}-py{manifest.python}-{manifest.arch}.tar"


def build(
    wheelhouse: Path,
    out_dir: Path,
    key,
    *,
    version: str,
    python: str,
    arch: str,
    package: str,
    schema: int,
) -> Path:
    """Write a signed bundle of every wheel in ``wheelhouse`` into ``out_dir``; return its path."""
    wheels = sorted(wheelhouse.glob("*.whl"))
    if not wheels:
        raise BundleRefused(f"{wheelhouse}: no wheels to bundle")
    files = {}
    for wheel in wheels:
        name = f"wheels/{wheel.name}"
        if not WHEEL_PATH.fullmatch(name):
            raise BundleRefused(f"{wheel}: a wheel name the cabinet would refuse")
        with wheel.open("rb") as handle:
            files[name] = hash_stream(handle)
    manifest = Manifest(version, python, arch, package, schema, files)
    body = manifest.to_bytes()
    Manifest.from_bytes(body)  # the builder refuses what a cabinet would
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / bundle_name(manifest)
    partial = target.with_name(target.name + ".partial")
    with tarfile.open(partial, "w", format=tarfile.PAX_FORMAT) as tar:
        _add_bytes(tar, MANIFEST, body)
        _add_bytes(tar, SIGNATURE, sign(key, body))
        for wheel in wheels:
            tar.add(wheel, arcname=f"wheels/{wheel.name}", recursive=False, filter=_plain)
    partial.replace(target)
    return target


def open_bundle(path: Path, public_key, target: Target, into: Path) -> Manifest:
    """Verify the bundle at ``path`` and copy its wheels into ``into``/wheels; return its manifest.

    ``into`` must not exist yet; on any refusal it is removed again."""
    into.mkdir(parents=True)
    try:
        return _open(path, public_key, target, into)
    except BaseException:
        shutil.rmtree(into, ignore_errors=True)
        raise


def _open(path: Path, public_key, target: Target, into: Path) -> Manifest:
    try:
        tar = tarfile.open(path, "r:")
    except (OSError, tarfile.TarError) as exc:
        raise BundleRefused(f"{path.name}: not a readable bundle ({_why(exc)})") from None
    with tar:
        members = _members(tar, path.name)
        body = _small(tar, members, MANIFEST, path.name)
        signature = _small(tar, members, SIGNATURE, path.name)
        if not verifies(public_key, body, signature):
            raise BundleRefused(
                f"{path.name}: the signature does not match this cabinet's release key"
            )
        try:
            manifest = Manifest.from_bytes(body)
        except ManifestError as exc:
            raise BundleRefused(f"{path.name}: {exc}") from None
        if manifest.python != target.python:
            raise BundleRefused(
                f"{path.name}: built for Python {manifest.python}, this cabinet runs {target.python}"
            )
        if manifest.arch != target.arch:
            raise BundleRefused(
                f"{path.name}: built for {manifest.arch}, this cabinet is {target.arch}"
            )
        extra = sorted(set(members) - set(manifest.files) - {MANIFEST, SIGNATURE})
        if extra:
            raise BundleRefused(f"{path.name}: {extra[0]} is not in the manifest")
        (into / "wheels").mkdir()
        for name, expected in manifest.files.items():
            if name not in members:
                raise BundleRefused(f"{path.name}: {name} is in the manifest but not in the bundle")
            _copy_checked(tar, members[name], into / name, expected, path.name)
    return manifest


def _members(tar: tarfile.TarFile, bundle: str) -> dict[str, tarfile.TarInfo]:
    members: dict[str, tarfile.TarInfo] = {}
    for member in tar:
        name = member.name
        if not member.isreg():
            raise BundleRefused(f"{bundle}: {name!r:.80} is not a plain file")
        if name not in (MANIFEST, SIGNATURE) and not WHEEL_PATH.fullmatch(name):
            raise BundleRefused(f"{bundle}: {name!r:.80} is not a file a bundle may hold")
        if name in members:
            raise BundleRefused(f"{bundle}: {name} is in the bundle twice")
        members[name] = member
    return members


def _small(tar: tarfile.TarFile, members: dict, name: str, bundle: str) -> bytes:
    member = members.get(name)
    if member is None:
        raise BundleRefused(f"{bundle}: no {name}")
    if member.size > 1 << 20:
        raise BundleRefused(f"{bundle}: {name} is too large")
    handle = tar.extractfile(member)
    assert handle is not None  # a regular file always has contents
    return handle.read()


def _copy_checked(
    tar: tarfile.TarFile, member: tarfile.TarInfo, target: Path, expected: FileEntry, bundle: str
) -> None:
    name = member.name
    if member.size != expected.size or member.size > MAX_WHEEL_BYTES:
        raise BundleRefused(
            f"{bundle}: {name} is {member.size} bytes, the manifest says {expected.size}"
        )
    source = tar.extractfile(member)
    assert source is not None
    with target.open("xb") as sink:
        got = hash_stream(source, sink, limit=MAX_WHEEL_BYTES)
    if got != expected:
        raise BundleRefused(f"{bundle}: {name} does not match the manifest's SHA-256")


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:

    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    tar.addfile(_plain(info), io.BytesIO(data))


def _plain(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """No owner, group or time from the builder's machine: the same wheels make the same tar."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    info.mode = 0o644
    return info


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or exc.__class__.__name__
