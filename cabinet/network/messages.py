"""The fleet's messages: what a cabinet publishes, and the checks every received one passes.

A received message is trusted with nothing: anything over 64 KiB, not JSON,
nested deeper than :data:`MAX_DEPTH`, of the wrong shape, or naming a site or
cabinet other than the branch it came on raises :class:`BadMessage` (its text
is the one log line the receiver writes). :func:`parse` is total: it returns a
message or raises :class:`BadMessage`, whatever the bytes, so nothing else can
escape onto paho's thread. The figures of an audit snapshot are rebuilt from
the keys a receiver reads, each checked, so what is printed or summed is
always a count.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from cabinet.network import topics
from cabinet.network.merge import Entry, TableSnapshot
from cabinet.storage.scores import INITIALS_CHARACTERS, check_table, most_score
from cabinet.storage.takings import DAYS, UNDATED
from cabinet.system.money import MoneyFormat
from cabinet.update.manifest import VERSION as VERSION_NAME

VERSION = 1
MAX_BYTES = 64 * 1024
MAX_ENTRIES = 50
MAX_DEPTH = 8  # the deepest a cabinet sends is 4 (audits -> modes -> a mode -> its figures)
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")
_EVENT_ID = re.compile(r"[0-9a-f]{32}")
_DAY = re.compile(rf"\d{{4}}-\d\d-\d\d|{UNDATED}")
MAX_DAYS = 2 * DAYS  # room for a firmware that keeps more days
_TYPED = frozenset(INITIALS_CHARACTERS)


class BadMessage(ValueError):
    """A received message that is dropped; ``str()`` says why."""


@dataclass(frozen=True)
class Status:
    site: str
    cabinet: str
    online: bool
    at: str
    release: str | None = None  # the version it runs (None from firmware before releases)
    group: str | None = None  # the release group it follows
    update: dict | None = None  # its last update: outcome, version, previous, reason, at


@dataclass(frozen=True)
class AuditSnapshot:
    site: str
    cabinet: str
    version: int
    made: str
    audits: dict


@dataclass(frozen=True)
class Event:
    site: str
    cabinet: str
    event_id: str
    kind: str
    at: str
    data: dict


@dataclass(frozen=True)
class SettingsResult:
    """What a cabinet did with the last settings from the office (:mod:`cabinet.update.office_settings`):
    ``state`` applied, refused or waiting (for a safe moment); ``lines`` the problem lines or why
    it waits, ``changed`` each setting changed; ``target``, ``issued`` and ``signer`` as signed
    ("" when the message could not be read as signed)."""

    site: str
    cabinet: str
    state: str
    at: str
    target: str
    issued: str
    signer: str
    lines: tuple[str, ...]
    changed: tuple[str, ...]


SETTINGS_STATES = ("applied", "refused", "waiting")
MAX_LINES = 100
MAX_LINE = 300


# --------------------------------------------------------------------------- sending


def encode(site: str, cabinet: str, **fields) -> bytes:
    return json.dumps(
        {"v": VERSION, "site": site, "cabinet": cabinet, **fields},
        separators=(",", ":"),
        sort_keys=True,
    ).encode()


def table_payload(snapshot: TableSnapshot) -> bytes:
    return encode(
        snapshot.site,
        snapshot.cabinet,
        table=snapshot.table,
        version=snapshot.version,
        made=snapshot.made,
        entries=[
            {"id": e.entry_id, "initials": e.initials, "score": e.score, "when": e.when}
            for e in snapshot.entries
        ],
    )


# --------------------------------------------------------------------------- receiving


def parse(topic: str, payload: bytes):
    """The message on ``topic`` as a Status, AuditSnapshot, TableSnapshot or Event; raises
    :class:`BadMessage` and nothing else."""
    try:
        return _parse(topic, payload)
    except BadMessage:
        raise
    except Exception as exc:  # a check forgotten here must still cost one message, never the thread
        raise BadMessage(f"cannot be read ({exc.__class__.__name__})") from None


def _parse(topic: str, payload: bytes):
    if len(payload) > MAX_BYTES:
        raise BadMessage(f"{len(payload)} bytes, over the {MAX_BYTES} allowed")
    address = topics.parse(topic)
    if address is None:
        raise BadMessage("not a topic of the fleet's tree")
    try:
        body = json.loads(payload.decode("utf-8"))
    except RecursionError:
        raise BadMessage(f"nested deeper than the {MAX_DEPTH} levels allowed") from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, a number of more than 4,300 digits
        raise BadMessage(f"not JSON ({exc.__class__.__name__})") from None
    if _depth(body) > MAX_DEPTH:
        raise BadMessage(f"nested deeper than the {MAX_DEPTH} levels allowed")
    if not isinstance(body, dict) or body.get("v") != VERSION:
        raise BadMessage(f"not a version {VERSION} message")
    if body.get("site") != address.site or body.get("cabinet") != address.cabinet:
        raise BadMessage(
            f"claims to be {_short(body.get('site'))}/{_short(body.get('cabinet'))}, not the cabinet whose topic it is on"
        )
    reader = _READERS[address.kind]
    return reader(address, body)


def _status(address, body) -> Status:
    release, group = body.get("release"), body.get("group")
    if release is not None and (
        not isinstance(release, str) or not VERSION_NAME.fullmatch(release)
    ):
        raise BadMessage(f"release must be a version, got {_short(release)}")
    if group is not None and (
        not isinstance(group, str) or not re.fullmatch(topics.TOPIC_NAME, group)
    ):
        raise BadMessage(f"group must be a topic name, got {_short(group)}")
    update = _update(body["update"]) if body.get("update") is not None else None
    return Status(
        address.site,
        address.cabinet,
        _bool(body, "online"),
        _stamp(body, "at"),
        release,
        group,
        update,
    )


UPDATE_OUTCOMES = ("kept", "rolled back", "refused", "failed")


def _update(update) -> dict:
    """A status's last update, each field checked (a reason is one printable line, at most 200)."""
    if not isinstance(update, dict) or update.get("outcome") not in UPDATE_OUTCOMES:
        raise BadMessage("update must be an object with an outcome")
    checked = {"outcome": update["outcome"]}
    for key in ("version", "previous"):
        value = update.get(key)
        if value is not None and (not isinstance(value, str) or not VERSION_NAME.fullmatch(value)):
            raise BadMessage(f"update.{key} must be a version, got {_short(value)}")
        checked[key] = value
    reason = update.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200 or not reason.isprintable():
        raise BadMessage("update.reason must be one printable line of at most 200 characters")
    checked["reason"] = reason
    checked["at"] = _stamp(update, "at") if update.get("at") else None
    return checked


def _audits(address, body) -> AuditSnapshot:
    audits = body.get("audits")
    if not isinstance(audits, dict):
        raise BadMessage("audits must be an object")
    return AuditSnapshot(
        address.site, address.cabinet, _int(body, "version"), _stamp(body, "made"), _figures(audits)
    )


COUNTS = (
    "credits",
    "credits_from_coins",
    "service_credits",
    "credits_spent",
    "credits_over_max",
    "total_plays",
    "total_continues",
    "uptime_seconds",
)
SECONDS = ("total_play_seconds", "average_play_seconds")
STAMPS = ("counts_reset", "scores_reset", "counts_since")
_WHY = re.compile(
    r"[A-Z][A-Z ]{0,59}"
)  # why the counts began: "NEW DATABASE", "BOOKKEEPING RESET"...


def _figures(audits: dict) -> dict:
    """The bookkeeping figures a receiver uses, each checked (a missing one stays missing)."""
    figures: dict = {}
    coins = audits.get("coins", {})
    if not isinstance(coins, dict) or not set(coins) <= {"1", "2"}:
        raise BadMessage("audits.coins must be an object of chutes 1 and 2")
    figures["coins"] = {
        chute: _int(coins, chute, f"audits.coins.{chute}") for chute in sorted(coins)
    }
    meters = audits.get("meter_pulses", {})
    if not isinstance(meters, dict) or not set(meters) <= {"1", "2"}:
        raise BadMessage("audits.meter_pulses must be an object of meters 1 and 2")
    figures["meter_pulses"] = {
        meter: _int(meters, meter, f"audits.meter_pulses.{meter}") for meter in sorted(meters)
    }
    if "money" in audits:  # absent from firmware before money per chute
        money = audits["money"]
        if not isinstance(money, dict) or not set(money) <= {"1", "2"}:
            raise BadMessage("audits.money must be an object of chutes 1 and 2")
        figures["money"] = {
            chute: _int(money, chute, f"audits.money.{chute}") for chute in sorted(money)
        }
    if "money_format" in audits:  # absent where the cabinet counts money as counted
        figures["money_format"] = _money_format(audits["money_format"])
    for key in COUNTS:
        if key in audits:
            figures[key] = _int(audits, key, f"audits.{key}")
    for key in SECONDS:
        if key in audits:
            figures[key] = _seconds(audits, key, f"audits.{key}")
    for key in STAMPS:
        if audits.get(key) is not None:
            figures[key] = _stamp(audits, key)
    why = audits.get("counts_since_why")
    if why is not None:
        if not isinstance(why, str) or not _WHY.fullmatch(why):
            raise BadMessage(f"audits.counts_since_why must be capital words, got {_short(why)}")
        figures["counts_since_why"] = why
    continues = audits.get("continues", {})
    if not isinstance(continues, dict):
        raise BadMessage("audits.continues must be an object")
    figures["continues"] = {
        _mode(mode, "audits.continues"): _int(continues, mode, f"audits.continues.{mode}")
        for mode in continues
    }
    modes = audits.get("modes", {})
    if not isinstance(modes, dict):
        raise BadMessage("audits.modes must be an object")
    figures["modes"] = {}
    for mode, row in modes.items():
        if not isinstance(row, dict):
            raise BadMessage(f"audits.modes has a bad entry {_short(mode)}")
        _mode(mode, "audits.modes")
        where = f"audits.modes.{mode}"
        figures["modes"][mode] = {
            "plays": _int(row, "plays", f"{where}.plays"),
            "ended": _int(row, "ended", f"{where}.ended"),
            "play_seconds": _seconds(row, "play_seconds", f"{where}.play_seconds"),
        }
    if "takings" in audits:  # absent from firmware before the takings per day
        figures["takings"] = _takings(audits["takings"])
    if "period" in audits:  # absent from firmware before the period counters
        figures["period"] = _period(audits["period"])
    return figures


def _money_format(text) -> str:
    """How the cabinet writes its money (``credits.money_format``), checked as its settings check it."""
    if not isinstance(text, str) or not text.isprintable() or len(text) > 16:
        raise BadMessage(
            f"audits.money_format must be a short printable format, got {_short(text)}"
        )
    try:
        MoneyFormat.parse(text)
    except ValueError as problem:
        raise BadMessage(f"audits.money_format {problem}") from None
    return text


PERIOD_COUNTS = (
    "credits_from_coins",
    "service_credits",
    "credits_spent",
    "credits_over_max",
    "plays",
    "continues",
)


def _period(period) -> dict:
    """The figures since the cabinet's last period reset (see :mod:`cabinet.storage.audits`)."""
    if not isinstance(period, dict):
        raise BadMessage("audits.period must be an object")
    figures: dict = {"since": _stamp(period, "since") if period.get("since") is not None else None}
    for key in ("coins", "money", "meter_pulses"):
        each = period.get(key, {})
        if not isinstance(each, dict) or not set(each) <= {"1", "2"}:
            raise BadMessage(f"audits.period.{key} must be an object of 1 and 2")
        figures[key] = {
            number: _int(each, number, f"audits.period.{key}.{number}") for number in sorted(each)
        }
    for key in PERIOD_COUNTS:
        figures[key] = _int(period, key, f"audits.period.{key}")
    return figures


def _mode(mode: str, where: str) -> str:
    """A game and mode's name ("blocks/single") as a key of ``where``."""
    if not 1 <= len(mode) <= 80 or not mode.isprintable():
        raise BadMessage(f"{where} has a bad entry {_short(mode)}")
    return mode


def _takings(days) -> list[dict]:
    """The takings per day of an audit snapshot, newest first, each day checked."""
    if not isinstance(days, list) or len(days) > MAX_DAYS:
        raise BadMessage(f"audits.takings must be a list of at most {MAX_DAYS} days")
    parsed = []
    for row in days:
        day = row.get("day") if isinstance(row, dict) else None
        if not isinstance(day, str) or not _DAY.fullmatch(day):
            raise BadMessage(f"audits.takings has a bad day {_short(day)}")
        parsed.append(
            {
                "day": day,
                **{
                    kind: _int(row, kind, f"audits.takings.{day}.{kind}")
                    for kind in ("coins", "credits", "plays")
                },
            }
        )
    return parsed


def _scores(address, body) -> TableSnapshot:
    table = body.get("table")
    try:
        check_table(table)
    except ValueError:
        raise BadMessage(f"unknown table {_short(table)}") from None
    if table != address.table:
        raise BadMessage(f"table {_short(table)} on the topic of {_short(address.table)}")
    entries = body.get("entries")
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise BadMessage(f"entries must be a list of at most {MAX_ENTRIES}")
    parsed = []
    for item in entries:
        if not isinstance(item, dict):
            raise BadMessage("an entry is not an object")
        initials = item.get("initials")
        if (
            not isinstance(initials, str)
            or not 1 <= len(initials) <= 3
            or not set(initials) <= _TYPED
        ):
            raise BadMessage(
                f"bad initials {_short(initials)}: a cabinet types {INITIALS_CHARACTERS.strip()}"
            )
        score = _int(item, "score")
        if score > most_score(table):
            raise BadMessage(
                f"score {score} is more than table {_short(table)} holds ({most_score(table)})"
            )
        parsed.append(Entry(_int(item, "id"), initials, score, _stamp(item, "when")))
    if len({entry.entry_id for entry in parsed}) != len(parsed):
        raise BadMessage("an entry id is given twice")
    return TableSnapshot(
        address.site,
        address.cabinet,
        table,
        _int(body, "version"),
        _stamp(body, "made"),
        tuple(parsed),
    )


def _event(address, body) -> Event:
    event_id, kind, data = body.get("id"), body.get("kind"), body.get("data")
    if not isinstance(event_id, str) or not _EVENT_ID.fullmatch(event_id):
        raise BadMessage("bad event id")
    if kind not in ("score", "game") or not isinstance(data, dict):
        raise BadMessage(f"bad event kind {_short(kind)}")
    return Event(address.site, address.cabinet, event_id, kind, _stamp(body, "at"), data)


def _settings(address, body) -> SettingsResult:
    state = body.get("state")
    if state not in SETTINGS_STATES:
        raise BadMessage(
            f"settings state must be one of {', '.join(SETTINGS_STATES)}, got {_short(state)}"
        )
    texts = {key: body.get(key, "") for key in ("target", "issued", "signer")}
    if not all(
        isinstance(value, str) and len(value) <= 80 and value.isprintable()
        for value in texts.values()
    ):
        raise BadMessage("settings target, issued and signer must be short printable text")
    lines = {key: body.get(key, []) for key in ("lines", "changed")}
    for key, value in lines.items():
        if not isinstance(value, list) or len(value) > MAX_LINES:
            raise BadMessage(f"settings {key} must be a list of at most {MAX_LINES} lines")
        if not all(isinstance(line, str) and len(line) <= MAX_LINE for line in value):
            raise BadMessage(f"settings {key} must be lines of at most {MAX_LINE} characters")
    return SettingsResult(
        address.site,
        address.cabinet,
        state,
        _stamp(body, "at"),
        **texts,
        lines=tuple(lines["lines"]),
        changed=tuple(lines["changed"]),
    )


_READERS = {
    "status": _status,
    "audits": _audits,
    "scores": _scores,
    "events": _event,
    "settings": _settings,
}


def _int(body: dict, key: str, name: str | None = None) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise BadMessage(f"{name or key} must be a whole number, got {_short(value)}")
    return value


def _seconds(body: dict, key: str, name: str) -> float:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 2**53:
        raise BadMessage(
            f"{name} must be a number of seconds, got {_short(value)}"
        )  # NaN fails too
    return float(value)


def _bool(body: dict, key: str) -> bool:
    value = body.get(key)
    if not isinstance(value, bool):
        raise BadMessage(f"{key} must be true or false")
    return value


def _stamp(body: dict, key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not _STAMP.fullmatch(value):
        raise BadMessage(f"{key} must be a UTC time stamp, got {_short(value)}")
    return value


def _depth(value) -> int:
    """How deeply ``value`` nests lists and objects, counted without recursion."""
    deepest, waiting = 0, [(value, 1)]
    while waiting:
        item, level = waiting.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:  # deeper is refused anyway: no need to walk it all
                waiting += [
                    (child, level + 1)
                    for child in (item.values() if isinstance(item, dict) else item)
                ]
    return deepest


def _short(value) -> str:
    """A received value as a log may show it: short, printable (a container by its kind only:
    its repr could be as long as the message)."""
    if isinstance(value, (list, dict)):
        return f"a {'list' if isinstance(value, list) else 'JSON object'}"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."
