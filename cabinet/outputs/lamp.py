"""A lamp: off, lit, or blinking on gpiozero's background thread.

A Start lamp on a pin that can do PWM (every pin under lgpio, which does it in
software) breathes with :meth:`gpiozero.PWMLED.pulse`; on a pin that cannot
(the plain mock pins of the tests) it blinks with :meth:`gpiozero.LED.blink`.
Either way the blinking runs on gpiozero's thread, and :meth:`Lamp.show`
touches the device only when the wanted state changes, so calling it every
frame costs nothing.
"""

from __future__ import annotations

OFF, ON, BLINK = "off", "on", "blink"
BLINK_SECONDS = 0.25  # on, then off: two flashes a second, as Start lamps flash
PULSE_SECONDS = 0.4  # a PWM lamp fades in, then out, in this long each


def open_lamp(pin: int, active_high: bool, factory):
    """A PWMLED where the pin does PWM, else an LED (gpiozero devices, lit off)."""
    # imported here: a desktop without gpiozero still runs
    from gpiozero import LED, PWMLED
    from gpiozero.exc import PinPWMUnsupported

    try:
        return PWMLED(pin, active_high=active_high, pin_factory=factory)
    except PinPWMUnsupported:
        return LED(pin, active_high=active_high, pin_factory=factory)


class Lamp:
    """One lamp and the state it was last asked for (:data:`OFF`, :data:`ON` or :data:`BLINK`)."""

    def __init__(self, device):
        self.device = device
        self.state = OFF
        # A probe that stays: open_lamp gives a PWMLED (it pulses) or, on a pin without PWM, an LED.
        self.pwm = hasattr(device, "pulse")

    def show(self, state: str) -> None:
        """Switch to ``state`` unless the lamp is already in it."""
        if state == self.state:
            return
        self.state = state
        if state == ON:
            self.device.on()
        elif state == OFF:
            self.device.off()
        elif self.pwm:
            self.device.pulse(fade_in_time=PULSE_SECONDS, fade_out_time=PULSE_SECONDS)
        else:
            self.device.blink(on_time=BLINK_SECONDS, off_time=BLINK_SECONDS)

    def close(self) -> None:
        self.device.off()
        self.device.close()
