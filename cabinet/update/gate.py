"""The health gate: a new release is kept only if the cabinet stays healthy on it for a while.

After the switch the cabinet is restarted on the new release, which must tell systemd READY
within ``start_timeout`` and then run through the health ``window`` (a whole attract loop, at
least three minutes) with no restart, and its ``doctor`` must report no failure but one the
machine already had on the old release (an under-voltage since boot is the power supply's, not
the release's, and must not hold every update back). Anything else
switches back to the release that ran before, restarts it and records why: a release that
cannot even start is never left in systemd's restart loop past the window.

Every step is written to the updater's journal file before it is taken, so an updater killed
half-way finds on its next start what it was doing and finishes the gate (see :func:`resume`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Protocol

from cabinet.system.files import write_atomic
from cabinet.update.releases import Releases

DEFAULT_WINDOW = 180.0
DEFAULT_START_TIMEOUT = 90.0
POLL = 1.0


@dataclass(frozen=True)
class ServiceState:
    """What systemd says of the cabinet's unit (``systemctl show``)."""

    active: str  # ActiveState: activating, active, failed, ...
    restarts: int  # NRestarts: how often Restart= has brought it back
    pid: int  # MainPID: 0 while no process runs
    status: int  # ExecMainStatus: the last exit code or signal


class Service(Protocol):
    def restart(self) -> None: ...
    def state(self) -> ServiceState: ...


@dataclass
class Verdict:
    """How an update ended: ``kept`` or ``rolled back``, from which release to which, and why."""

    outcome: str
    version: str
    previous: str | None
    reason: str = ""


class Journal:
    """The updater's one file of what it is doing (JSON, replaced atomically)."""

    def __init__(self, path: Path):
        self.path = path

    def read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def write(self, **entry) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(entry, sort_keys=True) + "\n")


@dataclass
class Gate:
    """Switches to a release and keeps it only if it proves healthy; see the module's text."""

    releases: Releases
    service: Service
    journal: Journal
    doctor: Callable[[], tuple[bool, str]]  # (no failure, the first failing line)
    clock: Callable[[], float]
    sleep: Callable[[float], None]
    window: float = DEFAULT_WINDOW
    start_timeout: float = DEFAULT_START_TIMEOUT

    def update(self, version: str) -> Verdict:
        previous = self.releases.current()
        if previous == version:
            return Verdict("kept", version, previous, "already running")
        machine_fault = _check_name(self.doctor())
        self.journal.write(
            step="switching", version=version, previous=previous, machine_fault=machine_fault
        )
        self.releases.switch(version)
        return self._prove(version, previous, machine_fault)

    def resume(self) -> Verdict | None:
        """Finish a gate an earlier updater left half-way, if there is one."""
        entry = self.journal.read()
        version, previous = entry.get("version", ""), entry.get("previous")
        if entry.get("step") == "rolling back":
            return self._roll_back(
                Verdict("rolled back", version, previous, entry.get("reason", ""))
            )
        if entry.get("step") != "switching":
            return None
        if self.releases.current() != version:  # stopped before the rename: nothing switched
            verdict = Verdict(
                "rolled back", version, previous, "the updater stopped before the switch"
            )
            self.journal.write(step="done", **asdict(verdict))
            return verdict
        return self._prove(version, previous, entry.get("machine_fault", ""))

    def _prove(self, version: str, previous: str | None, machine_fault: str) -> Verdict:
        self.service.restart()
        reason = self._unhealthy(machine_fault)
        if reason is not None:
            verdict = Verdict("rolled back", version, previous, reason)
            self.journal.write(step="rolling back", **asdict(verdict))
            return self._roll_back(verdict)
        verdict = Verdict("kept", version, previous)
        self.releases.prune()
        self.journal.write(step="done", **asdict(verdict))
        return verdict

    def _roll_back(self, verdict: Verdict) -> Verdict:
        if verdict.previous is not None:
            self.releases.switch(verdict.previous)
            self.service.restart()
        self.journal.write(step="done", **asdict(verdict))
        return verdict

    def _unhealthy(self, machine_fault: str) -> str | None:
        """Why the release just started is not healthy, or None once it has passed."""
        start = self.clock()
        restarted = self.service.state()
        ready = restarted
        while ready.active != "active":
            if ready.active == "failed":
                return f"the cabinet failed to start (exit status {ready.status})"
            if ready.restarts != restarted.restarts:
                return f"the cabinet exited before it was ready (exit status {ready.status})"
            if self.clock() - start > self.start_timeout:
                return f"the cabinet never told systemd READY within {self.start_timeout:.0f} s"
            self.sleep(POLL)
            ready = self.service.state()
        since = self.clock()
        while self.clock() - since < self.window:
            self.sleep(POLL)
            now = self.service.state()
            if now.restarts != ready.restarts or now.pid != ready.pid or now.active != "active":
                return f"the cabinet stopped within the health window (exit status {now.status})"
        said = self.doctor()
        return (
            None if said[0] or _check_name(said) == machine_fault else f"doctor failed: {said[1]}"
        )


def _check_name(said: tuple[bool, str]) -> str:
    """The check a failing doctor line names ("power" of "fail  power: under-voltage ..."); '' if none failed."""
    healthy, line = said
    return "" if healthy else line.split(":", 1)[0].split()[-1]
