"""The fleet's MQTT topic tree (the README's "Connecting cabinets" shows it too).

Everything a cabinet publishes lives under its own branch, so a broker ACL with
``%u`` (the user name, which is the cabinet id) can let it write there only::

    arcadeforge/<site>/<cabinet>/status          retained  online or not (the will says offline)
    arcadeforge/<site>/<cabinet>/audits          retained  audit counters, republished every minute
    arcadeforge/<site>/<cabinet>/scores/<table>  retained  one high-score table, e.g. .../scores/blocks
    arcadeforge/<site>/<cabinet>/events          QoS 1     each outbox event: a score entry, a game ended
    arcadeforge/<site>/<cabinet>/settings        retained  what it did with the last settings from the office

The office's own tree, ``arcadeforge-office/...``, which no cabinet may write, carries the
signed settings to the cabinets (:mod:`cabinet.update.office_settings`).

``<table>`` is the table id (``antigravity/single/hard``); characters MQTT
reserves in a contest list's name are percent-encoded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

from cabinet.settings.schema import TOPIC_NAME

ROOT = "arcadeforge"
KINDS = ("status", "audits", "events", "scores", "settings")
EVERYTHING = f"{ROOT}/#"
EVERY_TABLE = f"{ROOT}/+/+/scores/#"


def branch(site: str, cabinet: str) -> str:
    return f"{ROOT}/{site}/{cabinet}"


def topic(site: str, cabinet: str, kind: str, table: str | None = None) -> str:
    """The topic of one of a cabinet's messages; ``table`` only for ``scores``."""
    base = f"{branch(site, cabinet)}/{kind}"
    if kind != "scores":
        return base
    if table is None:
        raise ValueError("a scores topic needs its table")
    return f"{base}/{quote(table, safe='/')}"


@dataclass(frozen=True)
class Address:
    """Where a message was published: whose branch, which kind, which table."""

    site: str
    cabinet: str
    kind: str
    table: str | None = None


def parse(name: str) -> Address | None:
    """The address of a topic in the tree, or None for any other topic."""
    parts = name.split("/")
    if len(parts) < 4 or parts[0] != ROOT or parts[3] not in KINDS:
        return None
    site, cabinet, kind = parts[1], parts[2], parts[3]
    if not (re.fullmatch(TOPIC_NAME, site) and re.fullmatch(TOPIC_NAME, cabinet)):
        return None
    if kind == "scores":
        return (
            Address(site, cabinet, kind, unquote("/".join(parts[4:]))) if len(parts) > 4 else None
        )
    return Address(site, cabinet, kind) if len(parts) == 4 else None
