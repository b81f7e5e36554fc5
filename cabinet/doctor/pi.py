"""Doctor: the Raspberry Pi's health. The board, its supply, under-voltage and throttling, temperature.

A weak power supply makes a Pi slow down and corrupt SD cards; heat makes it
throttle. ``vcgencmd get_throttled`` holds bits for now and for since boot (see
the Raspberry Pi documentation of ``vcgencmd``, in raspi-utils on Trixie and
libraspberrypi-bin on Bookworm). Where it is missing, the firmware's
under-voltage alarm (hwmon ``rpi_volt``) still says whether the supply sags now.
A Pi 5's firmware also says what current the supply offers (the device tree's
``chosen/power/max_current``) and its PMIC measures the 5 V input
(``vcgencmd pmic_read_adc EXT5V_V``).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from cabinet.doctor import FAIL, OK, SKIP, WARN, Result
from cabinet.doctor.board import SUPPLIES, Board

NOW = {0: "under-voltage", 1: "ARM clock capped", 2: "throttled", 3: "soft temperature limit"}
SINCE_BOOT = {
    16: "under-voltage",
    17: "ARM clock capped",
    18: "throttled",
    19: "soft temperature limit",
}
WARM_C, HOT_C = 70.0, 80.0  # a Pi 4 or 5 starts to throttle at 80 C
THERMAL = Path("/sys/class/thermal/thermal_zone0/temp")
HWMON = Path("/sys/class/hwmon")
FULL_SUPPLY_MA = 5000  # a Pi 5's 5 A supply, as its firmware reports it
LOW_INPUT_V = 4.8  # the Pi 5's 5 V input sagging towards under-voltage (about 4.63 V)
NOT_A_PI = Board("")
NO_VCGENCMD = "install raspi-utils (Trixie) or libraspberrypi-bin (Bookworm), and run as a member of the video group"


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


def throttled_result(output: str | None, board: Board = NOT_A_PI) -> Result:
    """The verdict on ``throttled=0x...``, with the supply ``board`` wants as the advice."""
    if output is None or "=" not in output:
        return Result("power", SKIP, f"vcgencmd get_throttled gave no answer ({NO_VCGENCMD})")
    try:
        bits = int(output.split("=", 1)[1], 16)
    except ValueError:
        return Result(
            "power", SKIP, f"vcgencmd said {output!r}, which is not a throttled=0x... value"
        )
    now = [name for bit, name in NOW.items() if bits >> bit & 1]
    before = [name for bit, name in SINCE_BOOT.items() if bits >> bit & 1]
    if bits >> 0 & 1 or bits >> 16 & 1:
        when = "now" if bits & 1 else "since boot"
        return Result(
            "power",
            FAIL,
            f"under-voltage {when} ({output}): use {board.supply}, and a short, thick cable",
        )
    if now:
        return Result(
            "power", WARN, f"{', '.join(now)} now ({output}): cool the Pi (a fan or heatsink)"
        )
    if before:
        return Result("power", WARN, f"{', '.join(before)} since boot ({output}): cool the Pi")
    return Result("power", OK, f"no under-voltage or throttling since boot ({output})")


def board_result(board: Board) -> Result:
    """The board's line: Pi 5 and Pi 4 are supported, an older Pi is below the minimum."""
    if not board.is_pi:
        return Result(
            "board",
            SKIP,
            "not a Raspberry Pi (no Raspberry Pi model in the device tree): the Pi's own checks are skipped",
        )
    if board.series in SUPPLIES:
        return Result("board", OK, f"{board.model}; wants {board.supply}")
    return Result(
        "board",
        WARN,
        f"{board.model}: below the supported minimum, a Raspberry Pi 4; frames and the CPU players may not keep up",
    )


def alarm_result(alarm: str | None, board: Board) -> Result:
    """The verdict on the firmware's under-voltage alarm (``in0_lcrit_alarm``), where vcgencmd is missing."""
    if alarm is None:
        return Result(
            "power", SKIP, f"no vcgencmd and no rpi_volt alarm in {HWMON} ({NO_VCGENCMD})"
        )
    if alarm.strip() == "1":
        return Result(
            "power",
            FAIL,
            f"under-voltage now (hwmon rpi_volt): use {board.supply}, and a short, thick cable",
        )
    return Result(
        "power",
        OK,
        f"no under-voltage now (hwmon rpi_volt; without vcgencmd nothing is known of earlier: {NO_VCGENCMD})",
    )


def supply_result(max_current_ma: int | None, input_volts: float | None) -> Result:
    """A Pi 5's supply: the current its firmware found the supply offers, and the PMIC's 5 V input."""
    if max_current_ma is None:
        return Result(
            "supply",
            SKIP,
            "the firmware reports no supply current (chosen/power/max_current in the device tree): update the Pi 5's bootloader",
        )
    volts = f", 5 V input at {input_volts:.2f} V" if input_volts is not None else ""
    found = f"the supply offers {max_current_ma / 1000:.1f} A{volts}"
    if max_current_ma < FULL_SUPPLY_MA:
        return Result(
            "supply",
            WARN,
            f"{found}: a Pi 5 wants 5 V 5 A (the official 27 W supply); with less "
            "it limits its USB ports to 600 mA, too little for some USB sound cards "
            "and encoders",
        )
    if input_volts is not None and input_volts < LOW_INPUT_V:
        return Result(
            "supply",
            WARN,
            f"{found}: below {LOW_INPUT_V} V, close to under-voltage; use a shorter, thicker cable or the official 27 W supply",
        )
    return Result("supply", OK, found)


def max_current(device_tree: Path) -> int | None:
    """The supply's current in mA as a Pi 5's firmware found it (a big-endian cell), or None."""
    try:
        cell = (device_tree / "chosen" / "power" / "max_current").read_bytes()
    except OSError:
        return None
    return int.from_bytes(cell[:4], "big") if len(cell) >= 4 else None


def input_volts(said: str | None) -> float | None:
    """The volts in ``EXT5V_V volt(24)=5.12400000V`` (``vcgencmd pmic_read_adc EXT5V_V``), or None."""
    if not said or "=" not in said:
        return None
    try:
        return float(said.rsplit("=", 1)[1].strip().rstrip("V"))
    except ValueError:
        return None


def under_voltage_alarm(hwmon: Path | None = None) -> str | None:
    """The firmware's under-voltage alarm ('0' or '1') from its ``rpi_volt`` hwmon sensor, or None."""
    for sensor in sorted((hwmon or HWMON).glob("hwmon*")):
        try:
            if (sensor / "name").read_text().strip() == "rpi_volt":
                return (sensor / "in0_lcrit_alarm").read_text()
        except OSError:
            continue
    return None


def temperature_result(celsius: float | None) -> Result:
    if celsius is None:
        return Result("temperature", SKIP, f"neither vcgencmd measure_temp nor {THERMAL} answered")
    found = f"{celsius:.1f} C"
    if celsius >= HOT_C:
        return Result(
            "temperature",
            FAIL,
            f"{found}: the Pi throttles at {HOT_C:.0f} C; give it a fan or heatsink",
        )
    if celsius >= WARM_C:
        return Result(
            "temperature", WARN, f"{found}: close to throttling ({HOT_C:.0f} C); check the cooling"
        )
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
    board = context.board
    if not board.is_pi:
        why = "not a Raspberry Pi (no Raspberry Pi model in the device tree): only a Pi can say"
        return [board_result(board), Result("power", SKIP, why), Result("temperature", SKIP, why)]
    results = [board_result(board), power_result(board)]
    if board.is_pi5:
        results.append(
            supply_result(
                max_current(context.device_tree), input_volts(vcgencmd("pmic_read_adc", "EXT5V_V"))
            )
        )
    return results + [temperature_result(temperature())]


def power_result(board: Board) -> Result:
    """Under-voltage and throttling from vcgencmd, else from the firmware's alarm."""
    if shutil.which("vcgencmd") is None:
        return alarm_result(under_voltage_alarm(), board)
    return throttled_result(vcgencmd("get_throttled"), board)
