"""Doctor: GPIO. The chips can be opened, and every wired switch opens and reads open right now.

The switches are opened exactly as the cabinet opens them
(:class:`cabinet.inputs.gpio.GpioPanel`, the settings' wiring). A switch that
reads closed while nobody touches the panel is held, stuck, or wired
normally closed: the cabinet ignores it until it is released.
"""

from __future__ import annotations

import getpass
import logging
import os
from pathlib import Path

from cabinet.doctor import FAIL, OK, SKIP, WARN, Result
from cabinet.inputs.wiring import check_wiring, wiring

DEV = Path("/dev")


def chips_result(context, dev: Path = DEV) -> Result:
    """Whether this user can open the machine's GPIO chips."""
    chips = sorted(dev.glob("gpiochip*"))
    if not chips:
        if context.is_pi:
            return Result(
                "gpio chips",
                FAIL,
                f"no {dev}/gpiochip* on a Raspberry Pi: the kernel's GPIO driver is missing; update Raspberry Pi OS and reboot",
            )
        return Result(
            "gpio chips", SKIP, f"no {dev}/gpiochip* (not a Raspberry Pi): no GPIO header here"
        )
    closed = [chip for chip in chips if not os.access(chip, os.R_OK | os.W_OK)]
    if len(closed) == len(chips):
        return Result(
            "gpio chips",
            FAIL,
            f"user {getpass.getuser()} may not open {closed[0]}; add it to the gpio group (systemd/install.sh does)",
        )
    return Result(
        "gpio chips",
        OK,
        f"{len(chips) - len(closed)} of {len(chips)} chips can be opened ({', '.join(chip.name for chip in chips)})",
    )


def switches_result(context, chips: Result) -> Result:
    """How many wired switches open and read; which read closed."""
    settings = context.settings.inputs.gpio
    if not settings.enabled:
        return Result("gpio switches", SKIP, "inputs.gpio.enabled is off")
    wired = [w for w in check_wiring(wiring(settings))[0] if w.pin is not None]
    if not wired:
        return Result("gpio switches", SKIP, "no switch is wired in inputs.gpio")
    if context.cabinet_active:
        return Result(
            "gpio switches",
            SKIP,
            "the cabinet is running and holds the pins; sudo systemctl stop arcadeforge, then run doctor again",
        )
    if context.pin_factory is None:
        if os.environ.get("GPIOZERO_PIN_FACTORY", "").lower() == "mock":
            return Result("gpio switches", SKIP, "GPIOZERO_PIN_FACTORY=mock: no real pins to read")
        if chips.verdict != OK:
            return Result("gpio switches", SKIP, f"no GPIO chip to open ({chips.verdict} above)")
    from cabinet.inputs.gpio import GpioPanel

    quiet = logging.getLogger("cabinet.inputs")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its problems make this one line, not log lines
    try:
        panel = GpioPanel(settings, pin_factory=context.pin_factory)
    finally:
        quiet.setLevel(level)
    try:
        live, closed = len(panel.inputs), panel.closed_now()
        if not live:
            reason = panel.problems[-1] if panel.problems else "no pin opened"
            return Result("gpio switches", FAIL, f"0 of {len(wired)} wired switches open: {reason}")
        found = f"{live} of {len(wired)} wired switches live on {panel.factory_name}"
        if closed:
            return Result(
                "gpio switches",
                WARN,
                f"{found}; reading closed now (held, stuck or wired normally closed): {', '.join(closed)}",
            )
        if live < len(wired):
            lost = [w.key for w in wired if w.key not in panel.inputs]
            return Result("gpio switches", WARN, f"{found}; cannot be opened: {', '.join(lost)}")
        return Result("gpio switches", OK, f"{found}, all open (released)")
    finally:
        panel.close()


def check(context) -> list[Result]:
    chips = chips_result(context)
    return [chips, switches_result(context, chips)]
