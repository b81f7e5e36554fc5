"""Where the cabinet keeps its state: $STATE_DIRECTORY under systemd, else the XDG data dir."""

from __future__ import annotations

import os
from pathlib import Path

# The installed service's state folder: StateDirectory=arcadeforge in systemd/arcadeforge.service.
SERVICE_STATE_DIR = Path("/var/lib/arcadeforge")


def state_dir(create: bool = True) -> Path:
    """The writable state folder (scores, audits, replays), created when missing (unless not ``create``)."""
    explicit = os.environ.get("STATE_DIRECTORY")
    if explicit:
        # systemd may pass several colon-separated folders; the first is ours.
        path = Path(explicit.split(":")[0])
    else:
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        path = Path(base) / "arcadeforge"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
