"""Release announcements: the office's retained message telling a group or one cabinet what to run.

::

    arcadeforge-office/release/group/<group>              every cabinet whose group it is
    arcadeforge-office/release/cabinet/<site>/<cabinet>   one cabinet (a staged rollout's first)

The payload is ``{"announcement": {...}, "signature": "<base64>"}``: the version, where to
fetch the bundle on the operator's own network (http or https), its SHA-256 and size, the
signature of its manifest, and the topic it was meant for, all signed with the office's release
key. A cabinet acts on an announcement only once it verifies with its public key and names the
topic it came on, so a message replayed onto another group's topic, or published by anyone
without the key (the broker's ACL lets only the office's user write here anyway), fetches
nothing. A cabinet's own announcement, while there is one, outranks its group's.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import tarfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from cabinet.update.bundle import MANIFEST, SIGNATURE, BundleRefused
from cabinet.update.manifest import VERSION, Manifest, ManifestError, hash_stream
from cabinet.update.signing import sign, verifies

ROOT = "arcadeforge-office/release"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")  # a topic level: the settings' TOPIC_NAME
SHA256 = re.compile(r"[0-9a-f]{64}")
MAX_BYTES = 4096
MAX_URL = 1000
MAX_BUNDLE_BYTES = 1 << 30  # a bundle is some tens of MB; past this nobody meant it


class BadAnnouncement(ValueError):
    """An announcement a cabinet ignores; ``str()`` is one line naming why."""


def group_topic(group: str) -> str:
    return f"{ROOT}/group/{group}"


def cabinet_topic(site: str, cabinet: str) -> str:
    return f"{ROOT}/cabinet/{site}/{cabinet}"


@dataclass(frozen=True)
class Announcement:
    """What the office wants a group or a cabinet to run (every field is signed)."""

    topic: str
    version: str
    url: str
    sha256: str
    size: int
    manifest_sig: str  # base64 of the bundle's manifest.sig
    published: str  # UTC stamp: a later announcement on the same topic replaces an earlier one

    def key(self) -> tuple[str, str]:
        """What tells two announcements apart: the same bundle announced again is no new work."""
        return self.version, self.sha256


def for_bundle(bundle: Path, topic: str, url: str) -> Announcement:
    """The announcement of ``bundle`` (a file built by ``release build``) on ``topic``.

    Raises BundleRefused when it is no readable bundle, BadAnnouncement for a bad ``url``."""
    try:
        with tarfile.open(bundle, "r:") as tar:
            manifest = Manifest.from_bytes(_member(tar, MANIFEST))
            signature = _member(tar, SIGNATURE)
        with bundle.open("rb") as handle:
            whole = hash_stream(handle)
    except (OSError, tarfile.TarError, KeyError, ManifestError) as exc:
        raise BundleRefused(f"{bundle}: not a readable bundle ({exc.__class__.__name__})") from None
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    announcement = Announcement(
        topic,
        manifest.version,
        url,
        whole.sha256,
        whole.size,
        base64.b64encode(signature).decode("ascii"),
        stamp,
    )
    _check(announcement)
    return announcement


def _member(tar: tarfile.TarFile, name: str) -> bytes:
    handle = tar.extractfile(tar.getmember(name))
    if handle is None:
        raise KeyError(name)
    return handle.read(1 << 20)


def encode(announcement: Announcement, key) -> bytes:
    """The signed payload of ``announcement``, signed with the office's private ``key``."""
    body = _canonical(asdict(announcement))
    payload = {
        "announcement": asdict(announcement),
        "signature": base64.b64encode(sign(key, body)).decode("ascii"),
    }
    return json.dumps(payload, sort_keys=True, separators=(",", ":")).encode("utf-8")


def decode(topic: str, payload: bytes, public_key) -> Announcement:
    """The announcement received on ``topic``; raises :class:`BadAnnouncement` and nothing else."""
    if len(payload) > MAX_BYTES:
        raise BadAnnouncement(f"{topic}: {len(payload)} bytes, over the {MAX_BYTES} allowed")
    try:
        outer = json.loads(payload.decode("utf-8"))
        fields = outer["announcement"]
        signature = base64.b64decode(outer["signature"], validate=True)
        announcement = Announcement(
            **{name: fields[name] for name in Announcement.__dataclass_fields__}
        )
    except (ValueError, KeyError, TypeError, binascii.Error, AttributeError):
        raise BadAnnouncement(f"{topic}: not a release announcement") from None
    if not verifies(public_key, _canonical(asdict(announcement)), signature):
        raise BadAnnouncement(
            f"{topic}: the announcement's signature does not match this cabinet's release key"
        )
    if announcement.topic != topic:
        raise BadAnnouncement(f"{topic}: the announcement was signed for {announcement.topic[:80]}")
    _check(announcement)
    return announcement


def _check(announcement: Announcement) -> None:
    a = announcement
    if not isinstance(a.version, str) or not VERSION.fullmatch(a.version):
        raise BadAnnouncement(f"{a.topic}: version is missing or malformed")
    if (
        not isinstance(a.url, str)
        or len(a.url) > MAX_URL
        or urlsplit(a.url).scheme not in ("http", "https")
    ):
        raise BadAnnouncement(f"{a.topic}: the bundle's address must be an http:// or https:// URL")
    if not urlsplit(a.url).hostname:
        raise BadAnnouncement(f"{a.topic}: the bundle's address names no host")
    if not isinstance(a.sha256, str) or not SHA256.fullmatch(a.sha256):
        raise BadAnnouncement(f"{a.topic}: sha256 is not 64 hex digits")
    if (
        not isinstance(a.size, int)
        or isinstance(a.size, bool)
        or not 0 < a.size <= MAX_BUNDLE_BYTES
    ):
        raise BadAnnouncement(f"{a.topic}: size is not a bundle's")
    if not isinstance(a.manifest_sig, str) or not isinstance(a.published, str):
        raise BadAnnouncement(f"{a.topic}: manifest_sig or published is missing")


def _canonical(fields: dict) -> bytes:
    return json.dumps(fields, sort_keys=True, separators=(",", ":")).encode("utf-8")
