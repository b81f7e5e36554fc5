"""``python -m cabinet doctor``: the cabinet's power-on self test, for the operator on the machine.

Each check family is a small module with a ``check(context) -> list[Result]``
function. Every check prints one line, ``ok``, ``warn``, ``fail`` or ``skip``
(with why it could not be checked here), and the command exits with the worst:
0 for ok or skipped, 1 for a warning, 3 for a failure (2 is bad usage, as for
every command). A failure means the cabinet cannot work as it should here (no
screen on a Pi, a state folder that takes no writes, under-voltage); what only
makes it worse (dropped frames, no sound, a clock not yet set) is a warning.
A check that raises is reported as a failure of that check,
never as a crash of the doctor.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cabinet.doctor.board import Board

OK, WARN, FAIL, SKIP = "ok", "warn", "fail", "skip"
EXIT_CODES = {OK: 0, SKIP: 0, WARN: 1, FAIL: 3}

# The families, in the order they run and print. The screen and sound come before the frame
# check, which draws headless (SDL's dummy drivers) and would hide the real devices from them.
FAMILIES = [
    "cabinet.doctor.screen",
    "cabinet.doctor.sound",
    "cabinet.doctor.gpio",
    "cabinet.doctor.storage",
    "cabinet.doctor.clock",
    "cabinet.doctor.pi",
    "cabinet.doctor.frames",
]


@dataclass(frozen=True)
class Result:
    """One line of the report: what was checked, the verdict, and what was found."""

    name: str
    verdict: str
    detail: str

    def line(self) -> str:
        return f"{self.verdict:<4}  {self.name}: {self.detail}"


@dataclass
class Context:
    """What every check may need: the settings, where the state lives, and the machine."""

    settings: object
    state_folder: Path
    frames: int = 120  # frames drawn per scene by the frame check
    proc: Path = Path("/proc")
    device_tree: Path = Path("/proc/device-tree")
    cabinet_active: bool = False
    pin_factory: object = None  # tests: a gpiozero MockFactory instead of the real pins

    @property
    def is_pi(self) -> bool:
        """True on a Raspberry Pi (its device tree names the model)."""
        return self.board.is_pi

    @property
    def board(self) -> Board:
        """The board named by the device tree's model string."""
        from cabinet.doctor.board import Board  # the package's face loads no module of its own

        return Board(pi_model(self.device_tree))


def pi_model(device_tree: Path = Path("/proc/device-tree")) -> str:
    """The board's model from the device tree (``Raspberry Pi 4 Model B Rev 1.4``), or ''."""
    try:
        return (device_tree / "model").read_bytes().rstrip(b"\0").decode(errors="replace")
    except OSError:
        return ""


def service_active(unit: str = "arcadeforge.service") -> bool:
    """True when systemd runs the cabinet now (it then holds the screen and the GPIO pins)."""
    systemctl = shutil.which("systemctl")
    if systemctl is None or not Path("/run/systemd/system").is_dir():
        return False  # no systemd running here (a chroot, a container, a desktop without it)
    try:
        return subprocess.run([systemctl, "is-active", "--quiet", unit], timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def worst(results: list[Result]) -> int:
    """The exit code of the worst verdict (0 when there are no results)."""
    return max((EXIT_CODES[r.verdict] for r in results), default=0)


def run_family(module: str, context: Context) -> list[Result]:
    """The results of one family; a family that raises is one failed line naming the error."""
    name = module.rsplit(".", 1)[1]
    try:
        return importlib.import_module(module).check(context)
    except Exception as exc:  # a doctor reports, it does not crash: that is the point of it
        return [Result(name, FAIL, f"the check itself failed ({type(exc).__name__}: {exc})")]


def run(
    config: str | None = None, frames: int = 120, only: list[str] | None = None, out=print
) -> int:
    """Run every family (or ``only`` those), print one line per check, return the exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from cabinet.settings.last_good import load_for_cabinet
    from cabinet.system.paths import state_dir

    loaded = load_for_cabinet(config, keep=False)
    try:
        folder = state_dir()
    except OSError as exc:
        out(Result("state folder", FAIL, f"cannot be created ({exc})").line())
        return EXIT_CODES[FAIL]
    settings_line = (
        loaded.summary()
        if loaded.problems
        else f"{loaded.source or 'factory settings'}: no problems"
    )
    results = [Result("settings", WARN if loaded.problems else OK, settings_line)]
    out(results[0].line())
    context = Context(
        settings=loaded.settings,
        state_folder=folder,
        frames=frames,
        cabinet_active=service_active(),
    )
    for module in FAMILIES:
        if only and module.rsplit(".", 1)[1] not in only:
            continue
        for result in run_family(module, context):
            out(result.line())
            results.append(result)
    counts = {v: sum(r.verdict == v for r in results) for v in (OK, WARN, FAIL, SKIP)}
    out(
        f"doctor: {counts[OK]} ok, {counts[WARN]} warn, {counts[FAIL]} fail, {counts[SKIP]} skipped"
    )
    return worst(results)
