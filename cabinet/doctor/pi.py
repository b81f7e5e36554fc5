"""Doctor: the Raspberry Pi's health. Under-voltage and throttling (``vcgencmd get_throttled``), temperature.

A weak power supply makes a Pi 4 slow down and corrupt SD cards; heat makes it
throttle. ``get_throttled`` holds bits for now and for since boot (see the
Raspberry Pi documentation of ``vcgencmd``).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from cabinet.doctor import FAIL, OK, SKIP, WARN, Result

NOW = {0: "under-voltage", 1: "ARM clock capped", 2: "throttled", 3: "soft temperature limit"}
SINCE_BOOT = {16: "under-voltage", 17: "ARM clock capped", 18: "throttled", 19: "soft temperature limit"}
WARM_C, HOT_C = 70.0, 80.0      # a Pi 4 starts to throttle at 80 C
THERMAL = Path("/sys/class/thermal/thermal_zone0/temp")
SUPPLY = "use a 5.1 V 3 A supply (the official one) and a short, thick cable"


def vcgencmd(*args: str) -> str | None:
    """The output of ``vcgencmd ARGS``, or None when it is missing or refuses."""
    command = shutil.which("vcgencmd")
    if command is None:
        return None
    try:
        done = subprocess.run([command, *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def throttled_result(output: str | None) -> Result:
    """The verdict on ``throttled=0x...``."""
    if output is None or "=" not in output:
        return Result("power", SKIP, "vcgencmd get_throttled gave no answer (install libraspberrypi-bin, "
                                     "and run as a member of the video group)")
    try:
        bits = int(output.split("=", 1)[1], 16)
    except ValueError:
        return Result("power", SKIP, f"vcgencmd said {output!r}, which is not a throttled=0x... value")
    now = [name for bit, name in NOW.items() if bits >> bit & 1]
    before = [name for bit, name in SINCE_BOOT.items() if bits >> bit & 1]
    if bits >> 0 & 1 or bits >> 16 & 1:
        when = "now" if bits & 1 else "since boot"
        return Result("power", FAIL, f"under-voltage {when} ({output}): {SUPPLY}")
    if now:
        return Result("power", WARN, f"{', '.join(now)} now ({output}): cool the Pi (a fan or heatsink)")
    if before:
        return Result("power", WARN, f"{', '.join(before)} since boot ({output}): cool the Pi")
    return Result("power", OK, f"no under-voltage or throttling since boot ({output})")


def temperature_result(celsius: float | None) -> Result:
    if celsius is None:
        return Result("temperature", SKIP, f"neither vcgencmd measure_temp nor {THERMAL} answered")
    found = f"{celsius:.1f} C"
    if celsius >= HOT_C:
        return Result("temperature", FAIL, f"{found}: the Pi throttles at {HOT_C:.0f} C; give it a fan or heatsink")
    if celsius >= WARM_C:
        return Result("temperature", WARN, f"{found}: close to throttling ({HOT_C:.0f} C); check the cooling")
    return Result("temperature", OK, found)


def temperature() -> float | None:
    """Degrees Celsius of the SoC, from vcgencmd (``temp=48.3'C``) or the kernel's thermal zone."""
    said = vcgencmd("measure_temp")
    if said and said.startswith("temp="):
        try:
            return float(said[5:].split("'")[0])
        except ValueError:
            pass
    try:
        return int(THERMAL.read_text().strip()) / 1000
    except (OSError, ValueError):
        return None


def check(context) -> list[Result]:
    if not context.is_pi:
        why = "not a Raspberry Pi (no Raspberry Pi model in the device tree): only a Pi can say"
        return [Result("power", SKIP, why), Result("temperature", SKIP, why)]
    return [throttled_result(vcgencmd("get_throttled")), temperature_result(temperature())]
