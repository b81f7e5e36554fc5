"""Doctor: the clock. A Pi has no battery clock: until the network sets it, the date is wrong.

Scores, audits and the sleep hours go by the date. systemd-timesyncd
leaves ``/run/systemd/timesync/synchronized`` once it has set the clock; a
date older than this program's own files is wrong whatever says otherwise.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from cabinet.doctor import OK, SKIP, WARN, Result

SYNCED = Path("/run/systemd/timesync/synchronized")
PROGRAM = Path(__file__).resolve().parent.parent


def newest_program_file(folder: Path = PROGRAM) -> float:
    """The latest modification time of the program's own source files."""
    return max((p.stat().st_mtime for p in folder.rglob("*.py")), default=0.0)


def check(
    context, now: float | None = None, synced: Path = SYNCED, floor: float | None = None
) -> list[Result]:
    now = time.time() if now is None else now
    floor = newest_program_file() if floor is None else floor
    shown = datetime.fromtimestamp(now).astimezone().strftime("%Y-%m-%d %H:%M %Z")
    if now < floor:
        made = datetime.fromtimestamp(floor).astimezone().strftime("%Y-%m-%d")
        return [
            Result(
                "clock",
                WARN,
                f"{shown} is before this program was installed ({made}): the clock is "
                "not set; connect the network (NTP) or set it: sudo date -s ...",
            )
        ]
    if synced.exists():
        return [Result("clock", OK, f"{shown}, set by the network (systemd-timesyncd)")]
    if not Path("/run/systemd/system").is_dir():
        return [
            Result(
                "clock",
                SKIP,
                f"{shown}, plausible; no systemd here to say whether the network set it",
            )
        ]
    return [
        Result(
            "clock",
            WARN,
            f"{shown}, not set by the network yet (no NTP): dates of scores and audits may be off; timedatectl says more",
        )
    ]
