"""Settings from the office: the signed message that carries a fragment to a cabinet or a group.

The office signs with the release key (:mod:`cabinet.update.signing`), and a cabinet checks with
the public key it already holds for releases. What is signed is the body's exact bytes, after
a line naming what they are, so no signature made for a release manifest can pass for one::

    arcadeforge-office/settings/group/<group>              retained  for every cabinet of a group
    arcadeforge-office/settings/cabinet/<site>/<cabinet>   retained  for one cabinet

    {"v": 1, "body": "<base64 of the body's JSON>", "signature": "<base64>"}
    body: {"target": "group/<group>" or "cabinet/<site>/<cabinet>", "issued": "<UTC, microseconds>",
           "signer": "<who>", "fragment": "<YAML text>"}

The target is signed, so a fragment cannot be moved to another group's topic; ``issued`` only
grows per target, so an old one published again (a replay) is refused. The office tree is
apart from the cabinets' (``arcadeforge/<site>/<cabinet>/...``), so the broker's ACL lets
the office write it and no cabinet.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from cabinet.settings.schema import TOPIC_NAME
from cabinet.update.signing import sign, verifies

ROOT = "arcadeforge-office/settings"
VERSION = 1
DOMAIN = b"arcadeforge settings from the office v1\n"
MAX_BYTES = 60 * 1024  # under the broker's packet limit and the fleet's 64 KiB
MAX_SIGNER = 40
_ISSUED = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")
_SIGNER = re.compile(r"[A-Za-z0-9 ._@-]{1,40}")


class Refused(ValueError):
    """A message a cabinet will not use; ``str()`` is the one line that says why."""


@dataclass(frozen=True)
class Signed:
    """A fragment whose signature checked out, for ``target``."""

    target: str
    issued: str
    signer: str
    fragment: str


def group_target(group: str) -> str:
    return f"group/{group}"


def cabinet_target(site: str, cabinet: str) -> str:
    return f"cabinet/{site}/{cabinet}"


def topic_of(target: str) -> str:
    return f"{ROOT}/{target}"


def own_targets(site: str, cabinet: str, group: str) -> list[str]:
    """What a cabinet listens to: its group's fragments (``network.group``, else its site, as
    for releases) and its own."""
    return [group_target(group or site), cabinet_target(site, cabinet)]


def target_problem(target: str) -> str | None:
    """Why ``target`` names no group or cabinet, or None."""
    parts = target.split("/")
    shape = (parts[0] == "group" and len(parts) == 2) or (parts[0] == "cabinet" and len(parts) == 3)
    if not shape or not all(re.fullmatch(TOPIC_NAME, part) for part in parts[1:]):
        return f"{target!r} is not group/<name> or cabinet/<site>/<id> (letters, digits, . _ -)"
    return None


def issue_stamp(now: datetime | None = None) -> str:
    return (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def seal(key, target: str, fragment: str, signer: str, issued: str | None = None) -> bytes:
    """The message to publish on ``topic_of(target)``: ``fragment`` signed with the private ``key``."""
    problem = target_problem(target) or (
        None
        if _SIGNER.fullmatch(signer)
        else "the signer must be 1-40 of A-Z a-z 0-9 . _ @ - and space"
    )
    if problem:
        raise ValueError(problem)
    body = json.dumps(
        {
            "target": target,
            "issued": issued or issue_stamp(),
            "signer": signer,
            "fragment": fragment,
        },
        sort_keys=True,
    ).encode()
    payload = json.dumps(
        {
            "v": VERSION,
            "body": base64.b64encode(body).decode("ascii"),
            "signature": base64.b64encode(sign(key, DOMAIN + body)).decode("ascii"),
        }
    ).encode()
    if len(payload) > MAX_BYTES:
        raise ValueError(
            f"the signed fragment is {len(payload)} bytes, over the {MAX_BYTES} a cabinet takes"
        )
    return payload


def open_sealed(payload: bytes, public_key, topic: str) -> Signed:
    """The signed fragment in ``payload``, received on ``topic``; raises :class:`Refused` (one line,
    never the fragment's text) for anything else."""
    if len(payload) > MAX_BYTES:
        raise Refused(f"{len(payload)} bytes, over the {MAX_BYTES} allowed")
    try:
        outer = json.loads(payload)
        body = base64.b64decode(outer["body"], validate=True)
        signature = base64.b64decode(outer["signature"], validate=True)
        version = outer.get("v")
    except (ValueError, TypeError, KeyError, AttributeError, binascii.Error):
        raise Refused("not a signed settings message (no body and signature)") from None
    if version != VERSION:
        raise Refused(f"not a version {VERSION} settings message")
    if not verifies(public_key, DOMAIN + body, signature):
        raise Refused(
            "the signature does not match this cabinet's release key: not from the office, or changed on the way"
        )
    try:
        inner = json.loads(body)
        signed = Signed(*(inner[name] for name in ("target", "issued", "signer", "fragment")))
    except (ValueError, TypeError, KeyError):
        raise Refused(
            "signed, but not a settings body (target, issued, signer, fragment)"
        ) from None
    if not all(
        isinstance(value, str)
        for value in (signed.target, signed.issued, signed.signer, signed.fragment)
    ):
        raise Refused("signed, but its fields are not text")
    if not _ISSUED.fullmatch(signed.issued) or not _SIGNER.fullmatch(signed.signer):
        raise Refused("signed, but its issue time or signer is malformed")
    if topic != topic_of(signed.target):
        raise Refused(
            f"signed for {signed.target}, but published on {topic}: moved to another target"
        )
    return signed
