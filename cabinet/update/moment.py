"""The update lock: whether the cabinet may be restarted now without hurting anyone.

The cabinet writes one word to ``/run/arcadeforge/moment`` whenever it changes: ``safe`` in
attract mode with no credit or paid coin waiting and no service menu open, or asleep; else
``busy`` and why (``busy game``, ``busy credits``, ``busy service``). The updater switches a
release only while it reads ``safe``; a cabinet that is not running is safe too (nobody plays
a cabinet whose program is down, and its credits are on disk).
"""

from __future__ import annotations

import os
from pathlib import Path

MOMENT_FILE = Path("/run/arcadeforge/moment")
SAFE = "safe"


def moment_for(
    *, attract: bool, asleep: bool, credits: int, coins_waiting: int, service_open: bool
) -> str:
    """The word the cabinet writes for what it is doing now."""
    if service_open:
        return "busy service"
    if asleep:
        return SAFE
    if not attract:
        return "busy game"
    if credits or coins_waiting:
        return "busy credits"
    return SAFE


class MomentWriter:
    """Writes the moment when it changes (a rename: the updater never reads half a word)."""

    def __init__(self, path: Path = MOMENT_FILE):
        self.path = path
        self.written: str | None = None

    @classmethod
    def for_service(cls) -> MomentWriter | None:
        """The writer into systemd's runtime folder for the unit ($RUNTIME_DIRECTORY); None when
        the cabinet runs outside the unit (a desktop, a test), where no updater reads it."""
        folder = runtime_folder()
        return cls(folder / MOMENT_FILE.name) if folder else None

    def show(self, moment: str) -> None:
        if moment == self.written:
            return
        temp = self.path.with_name(f".{self.path.name}.new")
        try:
            temp.write_text(moment + "\n", encoding="ascii")
            os.replace(temp, self.path)
        except OSError:
            return  # no runtime folder (a desktop run): nothing to tell
        self.written = moment


def runtime_folder() -> Path | None:
    """The cabinet's runtime folder under systemd ($RUNTIME_DIRECTORY's first), else None."""
    folder = os.environ.get("RUNTIME_DIRECTORY")
    return Path(folder.split(":")[0]) if folder else None


def read_moment(path: Path = MOMENT_FILE, cabinet_running: bool = True) -> str:
    """What the cabinet last said; ``busy unknown`` when it runs but said nothing readable."""
    if not cabinet_running:
        return SAFE
    try:
        return path.read_text(encoding="ascii").strip() or "busy unknown"
    except (OSError, UnicodeDecodeError):
        return "busy unknown"
