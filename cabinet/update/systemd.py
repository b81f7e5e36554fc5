"""The cabinet's unit as the updater sees it, through ``systemctl``."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cabinet.update.gate import ServiceState

UNIT = "arcadeforge.service"
PROPERTIES = ("ActiveState", "NRestarts", "MainPID", "ExecMainStatus")


class SystemdService:
    """Restart the cabinet without waiting for it (the gate times READY itself) and read its state."""

    def __init__(self, unit: str = UNIT, run=subprocess.run):
        self.unit = unit
        self._run = run

    def restart(self) -> None:
        self._run(
            ["systemctl", "restart", "--no-block", self.unit], check=True, capture_output=True
        )

    def exec_start(self) -> str:
        """The unit's ExecStart as systemd holds it ('' when systemd does not know the unit)."""
        done = self._run(
            ["systemctl", "show", self.unit, "--property=ExecStart", "--value"],
            check=False,
            capture_output=True,
            text=True,
        )
        return done.stdout.strip() if done.returncode == 0 else ""

    def state(self) -> ServiceState:
        done = self._run(
            ["systemctl", "show", self.unit, *(f"--property={name}" for name in PROPERTIES)],
            check=True,
            capture_output=True,
            text=True,
        )
        return parse_show(done.stdout)


def unit_problem(service: SystemdService, root: Path) -> str | None:
    """Why switching releases under ``root`` would change nothing the cabinet's unit runs, or None."""
    runs = service.exec_start()
    if str(root / "current") in runs:
        return None
    return (
        f"the cabinet's unit runs {runs or 'nothing'}, not {root / 'current'}; switching releases "
        "would change nothing it runs (reinstall with systemd/install.sh)"
    )


def parse_show(text: str) -> ServiceState:
    """``systemctl show``'s ``Name=value`` lines as a :class:`ServiceState`; a missing number is 0."""
    values = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)

    def number(name: str) -> int:
        try:
            return int(values.get(name, "0"))
        except ValueError:
            return 0

    return ServiceState(
        values.get("ActiveState", "unknown"),
        number("NRestarts"),
        number("MainPID"),
        number("ExecMainStatus"),
    )
