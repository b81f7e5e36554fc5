"""What the updater and the running cabinet tell each other, as small files.

The updater (root, outside the cabinet's sandbox) writes into its state folder, which the
cabinet may read::

    /var/lib/arcadeforge-update/offer.json    {"ready": {"version", "source"}, "usb": {"version"}}
    /var/lib/arcadeforge-update/result.json   the last update's outcome, version, reason, time

``ready``: a verified release is installed and waits for a safe moment (the service menu
shows UPDATE READY); ``usb``: a verified bundle copied off a stick waits for the operator's
INSTALL FROM USB. The cabinet answers that in its own runtime folder, beside the moment
(:mod:`cabinet.update.moment`): ``/run/arcadeforge/install-usb`` holds the version chosen.
Every reader takes a missing or damaged file as "nothing to say".
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from cabinet.system.files import write_atomic
from cabinet.update.manifest import VERSION
from cabinet.update.moment import MOMENT_FILE

STATE_FOLDER = Path("/var/lib/arcadeforge-update")
OFFER = "offer.json"
RESULT = "result.json"
USB_REQUEST = "install-usb"
OUTCOMES = ("kept", "rolled back", "refused", "failed")
MAX_REASON = 200


def state_folder() -> Path:
    """The updater's state folder ($UPDATE_STATE_DIRECTORY lets a test or a desktop move it)."""
    return Path(os.environ.get("UPDATE_STATE_DIRECTORY") or STATE_FOLDER)


def now_stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def running_version() -> str:
    """The version of the release this program runs: its installed package's, else the tree's."""
    from importlib import metadata  # only the status asks, once per change

    try:
        return metadata.version("arcadeforge-verse")
    except metadata.PackageNotFoundError:
        from cabinet import __version__  # a tree run without installing

        return __version__


def write_offer(folder: Path, ready: dict | None = None, usb: dict | None = None) -> None:
    _write(folder / OFFER, {"ready": ready, "usb": usb})


def read_offer(folder: Path | None = None) -> tuple[str | None, str | None]:
    """(version ready for its moment, version on a USB stick waiting for the operator)."""
    data = _read((folder or state_folder()) / OFFER)
    return _version(data.get("ready")), _version(data.get("usb"))


def write_result(
    folder: Path,
    outcome: str,
    version: str | None,
    reason: str = "",
    previous: str | None = None,
    sha256: str | None = None,
) -> dict:
    """Record how the last update ended (``version`` None: a stick's bundle refused unread)."""
    result = {
        "outcome": outcome,
        "version": version,
        "previous": previous,
        "reason": one_line(reason),
        "at": now_stamp(),
        "sha256": sha256,
    }
    _write(folder / RESULT, result)
    return result


def read_result(folder: Path | None = None) -> dict | None:
    """The last update's result as written, checked field by field; None when there is none."""
    data = _read((folder or state_folder()) / RESULT)
    if data.get("outcome") not in OUTCOMES:
        return None
    previous, sha256, reason = data.get("previous"), data.get("sha256"), data.get("reason")
    return {
        "outcome": data["outcome"],
        "version": _version(data),
        "sha256": sha256 if isinstance(sha256, str) and len(sha256) == 64 else None,
        "previous": previous if isinstance(previous, str) and VERSION.fullmatch(previous) else None,
        "reason": one_line(reason) if isinstance(reason, str) else "",
        "at": data.get("at") if isinstance(data.get("at"), str) else "",
    }


def result_changed_at(folder: Path | None = None) -> int:
    """When the result file last changed (ns; 0 when there is none): a cheap test for news."""
    try:
        return ((folder or state_folder()) / RESULT).stat().st_mtime_ns
    except OSError:
        return 0


def request_usb_install(version: str, runtime: Path | None) -> bool:
    """The cabinet's answer to a USB offer; False outside the unit (nobody would read it)."""
    if runtime is None:
        return False
    try:
        write_atomic(runtime / USB_REQUEST, version + "\n")
    except OSError:
        return False
    return True


def usb_requested(runtime: Path = MOMENT_FILE.parent) -> str | None:
    try:
        text = (runtime / USB_REQUEST).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if VERSION.fullmatch(text) else None


def clear_usb_request(runtime: Path = MOMENT_FILE.parent) -> None:
    try:
        (runtime / USB_REQUEST).unlink()
    except OSError:
        pass


def one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= MAX_REASON else line[: MAX_REASON - 3] + "..."


def _version(entry) -> str | None:
    version = entry.get("version") if isinstance(entry, dict) else None
    return version if isinstance(version, str) and VERSION.fullmatch(version) else None


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, sort_keys=True) + "\n")


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.stat().st_size <= 16384 else {}
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
