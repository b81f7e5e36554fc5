"""A short mark of the machine the cabinet runs on, the same at every start and not on a copy of its card.

Two cabinets whose SD cards were cloned from one have the same settings, the same
fleet id and the same ``/etc/machine-id``; their boards differ. So the mark comes
from the board first: a Raspberry Pi's serial number (the device tree's
``serial-number``, else ``Serial`` in ``/proc/cpuinfo``), else the hardware
address of its first network adapter that is a device (not a virtual one), then
``/etc/machine-id``, then the host name. Only a hash of it leaves the
machine (:func:`machine_mark`), so the fleet learns no serial number.
"""

from __future__ import annotations

import hashlib
import socket
from functools import cache
from pathlib import Path

SOURCES = (
    Path("/sys/firmware/devicetree/base/serial-number"),
    Path("/proc/cpuinfo"),
    Path("/sys/class/net"),
    Path("/etc/machine-id"),
)
MARK_LENGTH = 8


def _read(path: Path) -> str:
    """What identifies the machine in ``path``; "" when it has nothing (or cannot be read)."""
    if path.name == "net":
        return _adapter_address(path)
    try:
        text = path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""
    if path.name == "cpuinfo":
        serials = [line.split(":", 1)[1] for line in text.splitlines() if line.startswith("Serial")]
        text = serials[0] if serials else ""
    text = text.strip("\0 \n")
    return "" if set(text) <= {"0"} else text  # a board without a serial reads zeros


def _adapter_address(folder: Path) -> str:
    """The hardware address of the first network adapter in ``folder`` that is a device."""
    try:
        adapters = sorted(entry for entry in folder.iterdir() if (entry / "device").exists())
    except OSError:
        return ""
    for adapter in adapters:
        try:
            address = (adapter / "address").read_text(encoding="ascii").strip()
        except OSError:
            continue
        if address.strip("0:"):
            return address
    return ""


@cache
def machine_mark() -> str:
    """Eight hex digits that name this machine (read once: the board does not change under us)."""
    return mark_of(SOURCES)


def mark_of(sources: tuple[Path, ...]) -> str:
    """Eight hex digits from the first of ``sources`` that has an identity, else the host name."""
    identity = next(filter(None, map(_read, sources)), "") or socket.gethostname()
    return hashlib.sha256(f"arcadeforge:{identity}".encode()).hexdigest()[:MARK_LENGTH]


def machine_cabinet_id() -> str:
    """The fleet id of a cabinet whose settings name none: bound to this machine, so a copy of
    the card on another board gets its own."""
    return f"cabinet-{machine_mark()}"


def state_mark(path) -> str:
    """Four hex digits that name the state file at ``path`` on this machine: two programs on one
    machine (a second copy started by hand, a test rig) keep two files, and so differ."""
    return hashlib.sha256(f"arcadeforge:{Path(path).resolve()}".encode()).hexdigest()[:4]
