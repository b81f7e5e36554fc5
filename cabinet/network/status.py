"""The fleet link's state as the service menu shows it (no paho import: the menu loads it always)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LinkStatus:
    """What the service menu shows; ``state`` is one of the STATES keys."""

    state: str
    detail: str = ""
    last_sync: str | None = None
    queued: int = 0
    cabinets: int = 0


STATES = {
    "starting": "STARTING",
    "connecting": "CONNECTING",
    "connected": "CONNECTED",
    "unreachable": "BROKER UNREACHABLE",
    "refused": "LOGIN REFUSED",
    "denied": "MESSAGES REFUSED (ACL)",
    "disconnected": "DISCONNECTED, RETRYING",
    "setup": "SETTINGS PROBLEM",
    "stopped": "STOPPED",
}
