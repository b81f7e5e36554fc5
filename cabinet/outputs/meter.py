"""A coin meter: pulses owed, given one after another on a thread of its own.

The main loop never waits for a meter. It hands over what is owed with
:meth:`MeterPulser.owe`; once a frame it asks how many pulses have been given
(:meth:`MeterPulser.given`), marks them done in the database, and then says so
with :meth:`MeterPulser.marked`. The thread only switches the pin and counts:
it never touches SQLite or pygame.

A coin's pulse counts as given after its off time, and the next coin's pulse
waits until that one is marked done. So at any moment at most one pulse is
given but not yet marked: a kill or a power cut can repeat that one pulse
after the restart, never more, and never lose one. :meth:`close` lets the
pulse under way finish (at most ``on_ms + off_ms``), so a clean stop neither
cuts a count short nor repeats it.
"""

from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger("cabinet.outputs")


class MeterPulser:
    """Drives ``device`` (a gpiozero DigitalOutputDevice) with one pulse per count owed.

    ``on_s`` and ``off_s`` are the pulse's energised and rest times in seconds.
    """

    def __init__(self, device, on_s: float, off_s: float):
        self.device = device
        self.on_s, self.off_s = on_s, off_s
        self._owed = 0  # coins' pulses not yet marked done (including one given)
        self._given = 0  # given, waiting for the main thread's mark (0 or 1)
        self._tests = 0  # the OUTPUT TEST's pulses, which nobody owes
        self._closing = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"meter {device.pin}", daemon=True)
        self._thread.start()

    @property
    def owed(self) -> int:
        """Coins' pulses not marked done yet."""
        with self._wake:
            return self._owed

    def owe(self, count: int = 1) -> None:
        """``count`` more pulses, each one coin (already written to the database as owed)."""
        with self._wake:
            self._owed += count
            self._wake.notify_all()

    def test_pulse(self) -> None:
        """One pulse for the OUTPUT TEST page: given after the coin pulse under way, never counted."""
        with self._wake:
            self._tests += 1
            self._wake.notify_all()

    def given(self) -> int:
        """Coins' pulses given and not yet :meth:`marked` (main thread, once a frame)."""
        with self._wake:
            return self._given

    def marked(self, count: int) -> None:
        """``count`` given pulses are marked done in the database: the next may start."""
        with self._wake:
            self._given -= count
            self._owed -= count
            self._wake.notify_all()

    def _next(self) -> str | None:
        """Wait for work: "coin", "test", or None when closing (under the lock)."""
        while True:
            if self._closing:
                return None
            if self._owed > self._given and not self._given:
                return "coin"
            if self._tests:
                return "test"
            self._wake.wait()

    def _run(self) -> None:
        while True:
            with self._wake:
                kind = self._next()
            if kind is None:
                return
            try:
                self.device.on()
                time.sleep(self.on_s)
                self.device.off()
                time.sleep(self.off_s)
            except Exception:  # the pin went away: what is owed stays owed in the database
                log.exception("coin meter on GPIO %s stopped pulsing", self.device.pin)
                return
            with self._wake:
                if kind == "coin":
                    self._given += 1
                else:
                    self._tests -= 1

    def close(self) -> None:
        """Stop after the pulse under way, the pin off; :meth:`given` still tells what was given."""
        with self._wake:
            self._closing = True
            self._wake.notify_all()
        self._thread.join(timeout=2.0)
        self.device.off()
        self.device.close()
