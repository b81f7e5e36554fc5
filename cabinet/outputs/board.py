"""Every wired output of the cabinet, opened through gpiozero: the board the main loop drives.

Never raises: without a usable pin factory it logs one line and drives
nothing; a pin that is off the header, taken by an input or another output, or
that cannot be opened disables only that output. ``problems`` keeps those
lines for the log, NOTICES and the OUTPUT TEST page.

Every output starts off. A lockout coil is energised only while
:meth:`OutputBoard.accept_coins` says so; on :meth:`close` (or when the program
dies and the pins are released) it drops, and the coin mech refuses coins.
"""

from __future__ import annotations

import logging
from typing import Protocol

from cabinet.inputs.gpio import no_garbage_collection, usable_pin_factory
from cabinet.language.words import Words
from cabinet.outputs.lamp import BLINK, OFF, ON, Lamp, open_lamp
from cabinet.outputs.meter import MeterPulser
from cabinet.outputs.wiring import OUTPUTS, WiredOutput, check_outputs

log = logging.getLogger("cabinet.outputs")

CHUTES = (1, 2)


class Switch(Protocol):
    """A gpiozero DigitalOutputDevice, as a lockout coil uses it."""

    value: int  # 1 while on; set True or False to switch it

    def off(self) -> None: ...

    def close(self) -> None: ...


class OutputBoard:
    """The lockouts, meters, Start lamps and marquee of ``settings`` (an OutputSettings).

    ``gpio`` is the inputs' GpioSettings, whose pins no output may take.
    While :attr:`manual` is set (the OUTPUT TEST page) the automatic calls
    (:meth:`accept_coins`, :meth:`show_lamp`, :meth:`show_marquee`) change nothing.
    """

    def __init__(self, settings, gpio, pin_factory=None):
        self.settings = settings
        self.gpio = gpio
        self.problems: list[Words] = []
        self.wired: dict[str, WiredOutput] = {}  # by name, only the ones working
        self.devices: dict[str, Lamp | MeterPulser | Switch] = {}  # by name
        self.manual = False
        self.accepting = False
        usable, self.problems = check_outputs(settings, gpio)
        for line in self.problems:
            log.error("%s", line)
        if not usable:
            return
        try:
            factory = usable_pin_factory(pin_factory)
        except Exception as exc:  # not a Pi, no permission, no library
            self._problem(
                Words(
                    "outputs: no usable GPIO pin factory ({error}); no output driven",
                    error=f"{type(exc).__name__}: {exc}",
                ),
                logging.WARNING,
            )
            return
        with no_garbage_collection():
            for wired in usable:
                self._open(wired, factory)

    def _problem(self, line: Words, level=logging.ERROR) -> None:
        log.log(level, "%s", line)
        self.problems.append(line)

    def _open(self, wired: WiredOutput, factory) -> None:
        from gpiozero import (
            DigitalOutputDevice,
        )  # imported here: a desktop without gpiozero still runs

        meter = self.settings.meter
        device: Lamp | MeterPulser | Switch
        try:
            if wired.pin is None:  # check_outputs passes only outputs on a header pin
                raise ValueError("no pin")  # disables this output, as a busy pin does
            if wired.name.startswith("start_lamp") or wired.name == "marquee":
                device = Lamp(open_lamp(wired.pin, wired.active_high, factory))
            else:
                device = DigitalOutputDevice(
                    wired.pin,
                    active_high=wired.active_high,
                    initial_value=False,
                    pin_factory=factory,
                )
                if wired.name.startswith("meter"):
                    device = MeterPulser(device, meter.on_ms / 1000, meter.off_ms / 1000)
        except Exception as exc:  # busy, no permission, not on this board
            self._problem(
                Words(
                    "{key}: GPIO {pin} cannot be used ({error}); this output disabled",
                    key=wired.key,
                    pin=wired.pin,
                    error=f"{type(exc).__name__}: {exc}",
                )
            )
            return
        self.wired[wired.name] = wired
        self.devices[wired.name] = device

    # ------------------------------------------------------------------ what the cabinet drives

    def accept_coins(self, accept: bool) -> None:
        """Energise the lockout coils (the mechs accept coins) or let them drop (refuse).

        Called every frame; the pins are written only when the answer changes.
        """
        if self.manual or accept == self.accepting:
            return
        self.accepting = accept
        for name in ("lockout1", "lockout2"):
            self._switch(name, accept)

    def meter_for(self, chute: int) -> int | None:
        """The meter that counts ``chute``'s coins, or None when that meter is not wired."""
        meter = 1 if self.settings.meter.counts == "total" else chute
        return meter if f"meter{meter}" in self.devices else None

    def _pulser(self, meter: int) -> MeterPulser | None:
        device = self.devices.get(f"meter{meter}")
        return device if isinstance(device, MeterPulser) else None

    def _lamp(self, name: str) -> Lamp | None:
        device = self.devices.get(name)
        return device if isinstance(device, Lamp) else None

    def owe_pulses(self, meter: int, count: int = 1) -> None:
        """``count`` coins' pulses for ``meter`` (already written to the database as owed)."""
        pulser = self._pulser(meter)
        if pulser is not None and count:
            pulser.owe(count)

    def given(self) -> dict[int, int]:
        """Meter -> coins' pulses given and not yet :meth:`marked`, for the meters that gave any."""
        done = {}
        for meter in CHUTES:
            pulser = self._pulser(meter)
            count = pulser.given() if pulser is not None else 0
            if count:
                done[meter] = count
        return done

    def marked(self, meter: int, count: int) -> None:
        """``count`` of ``meter``'s given pulses are marked done in the database."""
        pulser = self._pulser(meter)
        if pulser is None:
            raise KeyError(f"meter{meter} is not driven")
        pulser.marked(count)

    def show_lamp(self, player: int, state: str) -> None:
        """Player ``player``'s Start lamp :data:`~cabinet.outputs.lamp.OFF`, ``ON`` or ``BLINK``."""
        lamp = self._lamp(f"start_lamp{player}")
        if lamp is not None and not self.manual:
            lamp.show(state)

    def show_marquee(self, lit: bool) -> None:
        lamp = self._lamp("marquee")
        if lamp is not None and not self.manual:
            lamp.show(ON if lit else OFF)

    # ------------------------------------------------------------------ the OUTPUT TEST page

    def is_on(self, name: str) -> bool:
        """True while output ``name`` is switched on (a blinking lamp counts as on)."""
        device = self.devices.get(name)
        if isinstance(device, Lamp):
            return device.state != OFF
        if isinstance(device, MeterPulser):
            return bool(device.device.value)
        return bool(device is not None and device.value)

    def switch(self, name: str, on: bool) -> None:
        """Switch a lockout or a lamp by hand (only while :attr:`manual`)."""
        if self.manual:
            self._switch(name, on)

    def test_pulse(self, meter: int) -> None:
        """One pulse of ``meter`` that no coin owes."""
        pulser = self._pulser(meter)
        if pulser is not None:
            pulser.test_pulse()

    def _switch(self, name: str, on: bool) -> None:
        device = self.devices.get(name)
        if isinstance(device, Lamp):
            device.show(ON if on else OFF)
        elif device is not None and not isinstance(device, MeterPulser):
            device.value = on

    def by_hand(self, manual: bool) -> None:
        """Into (True) or out of hand control: every lockout and lamp off either way.

        Out of it, the cabinet's next frame sets what it wants again.
        """
        self.manual = manual
        self.accepting = False
        for name, device in self.devices.items():
            if not isinstance(device, MeterPulser):
                self._switch(name, False)

    def describe(self, name: str) -> str:
        """``GPIO 15`` (``GPIO 15 LOW`` for an active-low output); "" for an output not driven."""
        wired = self.wired.get(name)
        if wired is None:
            return ""
        return f"GPIO {wired.pin}" + ("" if wired.active_high else " LOW")

    def close(self) -> dict[int, int]:
        """Every output off and let go; the coins' pulses :meth:`given` and not marked by then."""
        with no_garbage_collection():
            for device in self.devices.values():
                if isinstance(device, MeterPulser):
                    device.close()
            done = self.given()
            for _name, device in self.devices.items():
                if not isinstance(device, MeterPulser):
                    if not isinstance(device, Lamp):
                        device.off()
                    device.close()
        self.devices.clear()
        self.wired.clear()
        return done


__all__ = ["BLINK", "OFF", "ON", "OUTPUTS", "OutputBoard"]
