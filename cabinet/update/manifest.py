"""A release bundle's manifest: what it is for, and the SHA-256 of every file it carries.

The manifest is the one signed thing in a bundle (:mod:`cabinet.update.signing`); each file
is trusted only through its hash here. Its text is canonical JSON (sorted keys, no spaces),
so the builder and the cabinet hash the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import IO, BinaryIO

FORMAT = 1
MAX_BYTES = 1 << 20  # a manifest of a few dozen wheels is a few kB
VERSION = re.compile(r"[0-9][0-9A-Za-z.+-]{0,39}")
WHEEL_PATH = re.compile(r"wheels/[A-Za-z0-9_.+-]{1,200}\.whl")
PYTHON = re.compile(r"3\.[0-9]{1,2}")
ARCHES = ("aarch64", "armv7l", "x86_64")


class ManifestError(ValueError):
    """A manifest that cannot be trusted or used; the message is one line naming why."""


@dataclass(frozen=True)
class FileEntry:
    sha256: str
    size: int


@dataclass(frozen=True)
class Manifest:
    """What a bundle holds and which cabinet it fits: the release ``version``, the Python and
    machine it was built for, the ``package`` to install from its wheels, and the database
    ``schema`` version that release writes."""

    version: str
    python: str
    arch: str
    package: str
    schema: int
    files: dict[str, FileEntry] = field(default_factory=dict)

    def to_bytes(self) -> bytes:
        body = {
            "format": FORMAT,
            "version": self.version,
            "python": self.python,
            "arch": self.arch,
            "package": self.package,
            "schema": self.schema,
            "files": {
                name: {"sha256": entry.sha256, "size": entry.size}
                for name, entry in self.files.items()
            },
        }
        return json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes) -> Manifest:
        if len(data) > MAX_BYTES:
            raise ManifestError(f"manifest.json is {len(data)} bytes, over the {MAX_BYTES} allowed")
        try:
            body = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ManifestError(f"manifest.json is not JSON ({exc.__class__.__name__})") from None
        if not isinstance(body, dict) or body.get("format") != FORMAT:
            raise ManifestError(f"manifest.json is not a format {FORMAT} manifest")
        version = _text(body, "version", VERSION)
        python = _text(body, "python", PYTHON)
        arch = body.get("arch")
        if arch not in ARCHES:
            raise ManifestError(f"manifest.json: arch is not one of {', '.join(ARCHES)}")
        package = _text(body, "package", re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}"))
        schema = body.get("schema")
        if not isinstance(schema, int) or isinstance(schema, bool) or not 0 <= schema < 10_000:
            raise ManifestError("manifest.json: schema is not a whole number")
        files = body.get("files")
        if not isinstance(files, dict) or not files:
            raise ManifestError("manifest.json: files is missing or empty")
        entries = {name: _entry(name, value) for name, value in files.items()}
        return cls(version, python, arch, package, schema, entries)


def _text(body: dict, key: str, pattern: re.Pattern) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ManifestError(f"manifest.json: {key} is missing or malformed")
    return value


def _entry(name: object, value: object) -> FileEntry:
    if (
        not isinstance(name, str)
        or not WHEEL_PATH.fullmatch(name)
        or PurePosixPath(name).name.startswith(".")
    ):
        raise ManifestError(f"manifest.json names a file outside wheels/: {name!r:.80}")
    if not isinstance(value, dict):
        raise ManifestError(f"manifest.json: {name} has no hash")
    digest, size = value.get("sha256"), value.get("size")
    if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise ManifestError(f"manifest.json: {name} has no SHA-256")
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise ManifestError(f"manifest.json: {name} has no size")
    return FileEntry(digest, size)


def hash_stream(
    source: IO[bytes], sink: BinaryIO | None = None, limit: int | None = None
) -> FileEntry:
    """SHA-256 and size of ``source``, copied to ``sink`` on the way; past ``limit`` bytes it stops."""
    digest, size = hashlib.sha256(), 0
    while chunk := source.read(1 << 16):
        size += len(chunk)
        if limit is not None and size > limit:
            break
        digest.update(chunk)
        if sink is not None:
            sink.write(chunk)
    return FileEntry(digest.hexdigest(), size)
