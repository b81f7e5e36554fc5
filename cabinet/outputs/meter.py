"""A coin meter: pulses owed, pulsed one after another on a thread of its own.

The main loop never waits for a meter. It hands over what is owed with
:meth:`MeterPulser.owe` and collects, once a frame, how many pulses have been
given since with :meth:`MeterPulser.take_pulsed`, which it then marks done in
the database. The thread only switches the pin and counts: it never touches
SQLite or pygame. A pulse counts as given after its off time, when the next
one could start. :meth:`close` lets the pulse under way finish (at most
``on_ms + off_ms``), so a clean stop neither cuts nor repeats a count; only a
kill or a power cut between a pulse's start and its mark in the database
repeats that one pulse after the restart.
"""

from __future__ import annotations

import threading
import time


class MeterPulser:
    """Drives ``device`` (a gpiozero DigitalOutputDevice) with one pulse per count owed.

    ``on_s`` and ``off_s`` are the pulse's energised and rest times in seconds.
    """

    def __init__(self, device, on_s: float, off_s: float):
        self.device = device
        self.on_s, self.off_s = on_s, off_s
        self._owed = 0          # coins' pulses, marked done in the database once given
        self._tests = 0         # the OUTPUT TEST's pulses, which nobody owes
        self._pulsed = 0        # coins' pulses given since the last take_pulsed
        self._closing = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"meter {device.pin}", daemon=True)
        self._thread.start()

    @property
    def owed(self) -> int:
        """Coins' pulses not given yet (including the one under way)."""
        with self._wake:
            return self._owed

    def owe(self, count: int = 1) -> None:
        """``count`` more pulses, each one coin."""
        with self._wake:
            self._owed += count
            self._wake.notify()

    def test_pulse(self) -> None:
        """One pulse for the OUTPUT TEST page: given after what is owed, never counted as a coin."""
        with self._wake:
            self._tests += 1
            self._wake.notify()

    def take_pulsed(self) -> int:
        """Coins' pulses given since the last call (main thread, once a frame)."""
        with self._wake:
            pulsed, self._pulsed = self._pulsed, 0
            return pulsed

    def _run(self) -> None:
        while True:
            with self._wake:
                while not (self._owed or self._tests or self._closing):
                    self._wake.wait()
                if self._closing:
                    return
                coin = self._owed > 0
            self._pulse()
            with self._wake:
                if coin:
                    self._owed -= 1
                    self._pulsed += 1
                else:
                    self._tests -= 1

    def _pulse(self) -> None:
        self.device.on()
        time.sleep(self.on_s)
        self.device.off()
        time.sleep(self.off_s)

    def close(self) -> None:
        """Stop after the pulse under way, the pin off; :meth:`take_pulsed` still tells what was given."""
        with self._wake:
            self._closing = True
            self._wake.notify_all()
        self._thread.join(timeout=2.0)
        self.device.off()
        self.device.close()
