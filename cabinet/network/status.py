"""The fleet link's state as the service menu shows it (no paho import: the menu loads it always)."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.language import N_


@dataclass(frozen=True)
class LinkStatus:
    """What the service menu shows; ``state`` is one of the STATES keys."""

    state: str
    detail: str = ""
    last_sync: str | None = (
        None  # UTC stamp of the broker's last acknowledgement of a message of ours
    )
    queued: int = 0
    cabinets: int = 0
    clash: str = ""  # the mark of another machine online under this cabinet's id, if one was seen


STATES = {
    "starting": N_("STARTING"),
    "connecting": N_("CONNECTING"),
    "connected": N_("CONNECTED"),
    "unreachable": N_("BROKER UNREACHABLE"),
    "refused": N_("LOGIN REFUSED"),
    "denied": N_("MESSAGES REFUSED (ACL)"),
    "disconnected": N_("DISCONNECTED, RETRYING"),
    "setup": N_("SETTINGS PROBLEM"),
    "clash": N_("STOOD DOWN: ID IN USE"),
    "stopped": N_("STOPPED"),
}
