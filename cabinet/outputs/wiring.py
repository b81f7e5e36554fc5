"""Which output is on which GPIO pin, and which of them clash with an input or each other.

Pure (no gpiozero, no pygame), like :mod:`cabinet.inputs.wiring`: the settings
loader runs these checks, so ``check-config`` and a starting cabinet report an
output pin used twice in the same words, before any pin is opened. An output
that clashes is the one disabled: the inputs keep their pins (a coin chute or a
Start button matters more than its lamp), and of two outputs on one pin neither
is driven.
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.inputs.wiring import clash_line, named, on_header, wiring
from cabinet.language import N_
from cabinet.language.words import Words

# The outputs in the order of the settings file, the OUTPUT TEST page and the wiring notes.
OUTPUTS = {
    "lockout1": N_("COIN LOCKOUT 1"),
    "lockout2": N_("COIN LOCKOUT 2"),
    "meter1": N_("COIN METER 1"),
    "meter2": N_("COIN METER 2"),
    "start_lamp1": N_("START LAMP 1P"),
    "start_lamp2": N_("START LAMP 2P"),
    "marquee": N_("MARQUEE"),
}

# The map suggested for a cabinet with neither a sound HAT on I2S (GPIO 18-21) nor a serial
# console on the UART (GPIO 14/15): the six header lines the default input map leaves free.
# Coils (lockout, meters) sit on lines that stay low from power-on until the program drives
# them (GPIO 14 is the UART's TX, high whenever the UART is on: only the marquee may go there).
# 18 and 19 are the PWM lines, for the Start lamps. One lockout driver serves both coils.
SUGGESTED_PINS = {
    "lockout1": 15,
    "lockout2": None,
    "meter1": 20,
    "meter2": 21,
    "start_lamp1": 18,
    "start_lamp2": 19,
    "marquee": 14,
}


# Lines the Pi holds high from power-on until a program drives them, and why: the BCM2711's
# default pulls (GPIO 0-8 up, 9-27 down: its datasheet's "Alternative Function Assignments"),
# the Pi's own 1.8 kOhm pull-ups on I2C1, the HAT EEPROM lines the firmware reads at boot, and
# the UART's TX. Every other header line is low until then.
BOOT_HIGH = {
    0: "the HAT EEPROM's ID_SD line, pulled high and read by the Pi's firmware at boot",
    1: "the HAT EEPROM's ID_SC line, pulled high and read by the Pi's firmware at boot",
    2: "I2C1's SDA, held high by a 1.8 kOhm resistor on the Pi itself",
    3: "I2C1's SCL, held high by a 1.8 kOhm resistor on the Pi itself",
    **dict.fromkeys(
        range(4, 9), "pulled high from power-on (the BCM2711's default pull for GPIO 0-8)"
    ),
    14: "the UART's TX, high from boot whenever the UART is on (enable_uart=1, a serial console)",
}
# What a coil does when it is on while nothing drives it.
COILS = {
    "lockout1": "the lockout's coil lets coins in that nobody counts",
    "lockout2": "the lockout's coil lets coins in that nobody counts",
    "meter1": "the coin meter's coil may count a coin nobody paid",
    "meter2": "the coin meter's coil may count a coin nobody paid",
}


@dataclass(frozen=True)
class WiredOutput:
    """One output of the settings: its YAML key, its name, its pin and its polarity."""

    name: str  # "lockout1"
    pin: int | None
    active_high: bool = True

    @property
    def key(self) -> str:
        return f"outputs.{self.name}.pin"

    @property
    def label(self) -> str:
        return OUTPUTS[self.name]


def output_wiring(outputs) -> list[WiredOutput]:
    """Every output of ``outputs`` (an OutputSettings), wired or not, in a fixed order."""
    return [
        WiredOutput(name, getattr(outputs, name).pin, getattr(outputs, name).active_high)
        for name in OUTPUTS
    ]


def output_clashes(outputs, gpio) -> list[tuple[int, list[WiredOutput], list[str]]]:
    """``(pin, outputs, input keys)`` for each header pin taken by an output and anything else.

    ``gpio`` is the inputs' GpioSettings; a disabled GPIO panel takes no pins.
    """
    inputs: dict[int, list[str]] = {}
    if gpio.enabled:
        for wired in wiring(gpio):
            if on_header(wired.pin):
                inputs.setdefault(wired.pin, []).append(wired.key)
    by_pin: dict[int, list[WiredOutput]] = {}
    for output in output_wiring(outputs):
        if on_header(output.pin):
            by_pin.setdefault(output.pin, []).append(output)
    return [
        (pin, users, inputs.get(pin, []))
        for pin, users in by_pin.items()
        if len(users) > 1 or pin in inputs
    ]


def clash_lines(
    pin: int, users: list[WiredOutput], input_keys: list[str]
) -> list[tuple[WiredOutput, Words]]:
    """The problem of one shared pin, said once: ``(output blamed, message)`` pairs.

    An input's pin: each output on it is told apart (``GPIO 4 is also given to
    inputs.gpio.p1.left; this output disabled``). Outputs alone: one line names them all.
    """
    if input_keys:
        return [
            (
                wired,
                Words(
                    "GPIO {pin} is also given to {keys}; this output disabled",
                    pin=pin,
                    keys=named(input_keys),
                ),
            )
            for wired in users
        ]
    return [(users[-1], clash_line([w.key for w in users], pin))]


def check_outputs(outputs, gpio) -> tuple[list[WiredOutput], list[Words]]:
    """The usable outputs, and one line per problem: a pin off the header, or a pin taken."""
    problems = [
        Words(
            "{key}: {pin} is not a GPIO number of the 40-pin header (0-27); this output disabled",
            key=w.key,
            pin=repr(w.pin),
        )
        for w in output_wiring(outputs)
        if w.pin is not None and not on_header(w.pin)
    ]
    disabled = set()
    for pin, users, input_keys in output_clashes(outputs, gpio):
        disabled |= {w.name for w in users}
        problems += [
            message if not input_keys else Words("{key}: {problem}", key=wired.key, problem=message)
            for wired, message in clash_lines(pin, users, input_keys)
        ]
    usable = [w for w in output_wiring(outputs) if on_header(w.pin) and w.name not in disabled]
    return usable, problems


def boot_warnings(outputs) -> list[tuple[WiredOutput, str]]:
    """``(output, why)`` for each coin lockout or meter that is on while the Pi boots, before the
    program drives its pin: a line held high for an ``active_high`` output, any other line for
    an active-low one. English only: ``check-config`` prints it, and the wiring is the fix."""
    warnings = []
    for wired in output_wiring(outputs):
        if wired.name not in COILS or not on_header(wired.pin):
            continue
        high = BOOT_HIGH.get(wired.pin)
        if wired.active_high and high:
            why = f"GPIO {wired.pin} is {high}"
        elif not wired.active_high and not high:
            why = f"GPIO {wired.pin} is low from power-on and this output is active low"
        else:
            continue
        warnings.append((wired, f"{why}; until the program starts, {COILS[wired.name]}"))
    return warnings
