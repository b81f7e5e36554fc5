"""The control panels wired to the Pi's GPIO header, through gpiozero.

Every wired switch is a gpiozero :class:`~gpiozero.DigitalInputDevice` with
the pull-up on, closing to ground: a :class:`~gpiozero.Button` without its hold
machinery, which would cost a thread per switch waking ten times a second (and
a tenth of a second each to close) for events the cabinet counts in frames.
gpiozero calls back on its own threads; those callbacks only put
``(input name, pressed, timestamp)`` on a :class:`collections.deque`. Everything else
(debouncing, mapping to actions) happens in the main thread in :meth:`GpioPanel.changes`.

Debouncing takes the first edge at once and ignores the chatter for
``bounce_ms`` after it, so a press costs no latency. (gpiozero's own
``bounce_time`` is not used: on lgpio it waits for the level to be stable,
which delays every press by the bounce time, and the mock pins ignore it.)
"""

from __future__ import annotations

import collections
import contextlib
import gc
import logging
import time
import warnings

from cabinet.inputs.actions import Action
from cabinet.inputs.switches import SwitchChange
from cabinet.inputs.wiring import WiredInput, check_wiring, wiring
from cabinet.language.words import Words

log = logging.getLogger("cabinet.inputs")


@contextlib.contextmanager
def no_garbage_collection():
    """Keep the cyclic garbage collector out of gpiozero's pin reservations.

    gpiozero reserves and releases pins under one plain (non-reentrant) lock.
    A collection inside it that finalizes a device nobody closed (an abandoned
    hub) releases that device's pins under the same lock: a deadlock.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def usable_pin_factory(pin_factory=None):
    """``pin_factory``, or gpiozero's default one; raises whatever stops gpiozero from having one.

    Shared with :mod:`cabinet.outputs`: both open their pins on the same factory.
    """
    from gpiozero import Device  # imported here: a desktop without gpiozero still runs

    with warnings.catch_warnings():  # gpiozero warns once per factory it tries
        warnings.simplefilter("ignore")
        if pin_factory is None:
            Device.ensure_pin_factory()
            pin_factory = Device.pin_factory
    return pin_factory


class _Debounce:
    """Main-thread state of one pin: what was reported, and when."""

    __slots__ = ("accepted_at", "latest", "reported")

    def __init__(self):
        self.reported = False
        self.accepted_at = float("-inf")
        self.latest = False


class GpioPanel:
    """All wired switches; :meth:`changes` returns their debounced presses and releases.

    Never raises: with no usable pin factory it logs one line and has no inputs;
    an invalid, shared or unopenable pin disables only the inputs concerned.
    ``problems`` keeps those lines for the service menu and the input test.
    """

    def __init__(self, settings, pin_factory=None, clock=time.monotonic):
        self.bounce = settings.bounce_ms / 1000
        self.problems: list[Words] = []
        self.inputs: dict[str, WiredInput] = {}  # by key, only the ones working
        self.factory_name = None
        self._clock = clock
        # Not a Queue: append and popleft are atomic, and an empty deque costs no lock or
        # exception at each of the 60 polls a second.
        self._edges: collections.deque = collections.deque()
        self._buttons = []
        self._state: dict[str, _Debounce] = {}
        self._unsettled: set[str] = set()
        if not settings.enabled:
            return
        usable, self.problems = check_wiring(wiring(settings))
        for line in self.problems:
            log.error("%s", line)
        if not usable:
            return
        factory = self._factory(pin_factory)
        if factory is not None:
            with no_garbage_collection():
                self._open(usable, factory)

    def _factory(self, pin_factory):
        try:
            pin_factory = usable_pin_factory(pin_factory)
        except Exception as exc:  # not a Pi, no permission, no library: all the same here
            self._no_gpio(
                Words("no usable GPIO pin factory ({error})", error=f"{type(exc).__name__}: {exc}")
            )
            return None
        self.factory_name = type(pin_factory).__name__
        return pin_factory

    def _no_gpio(self, reason: Words) -> None:
        line = Words(
            "inputs.gpio: {reason}; carrying on with keyboard and joysticks", reason=reason
        )
        log.warning("%s", line)
        self.problems.append(line)

    def _open(self, usable: list[WiredInput], factory) -> None:
        from gpiozero import (
            DigitalInputDevice,
        )  # imported here: a desktop without gpiozero still runs

        failures: list[tuple[WiredInput, Exception]] = []
        for wired in usable:
            try:
                button = DigitalInputDevice(wired.pin, pull_up=True, pin_factory=factory)
            except Exception as exc:  # invalid on this board, busy, no permission
                failures.append((wired, exc))
                continue
            button.when_activated = self._callback(wired.key, True)
            button.when_deactivated = self._callback(wired.key, False)
            self._buttons.append(button)
            self.inputs[wired.key] = wired
            self._state[wired.key] = _Debounce()
            if button.is_active:
                line = Words(
                    "{key}: GPIO {pin} is closed at start-up; ignored until released",
                    key=wired.key,
                    pin=wired.pin,
                )
                log.warning("%s", line)
                self.problems.append(line)
        if failures and not self._buttons:
            first = failures[0][1]
            self._no_gpio(
                Words(
                    "no GPIO pin could be opened with {factory} ({error})",
                    factory=self.factory_name,
                    error=f"{type(first).__name__}: {first}",
                )
            )
            return
        for wired, failure in failures:
            line = Words(
                "{key}: GPIO {pin} cannot be used ({error}); disabled",
                key=wired.key,
                pin=wired.pin,
                error=f"{type(failure).__name__}: {failure}",
            )
            log.error("%s", line)
            self.problems.append(line)

    def _callback(self, key: str, pressed: bool):
        put, clock = self._edges.append, self._clock

        def edge():  # runs on a gpiozero thread: hand over, touch nothing else
            put((key, pressed, clock()))

        return edge

    def changes(self) -> list[SwitchChange]:
        """Presses and releases since the last call, debounced (main thread only)."""
        out: list[SwitchChange] = []
        edges = self._edges
        while edges:
            key, pressed, stamp = edges.popleft()
            state = self._state[key]
            state.latest = pressed
            if pressed != state.reported and stamp - state.accepted_at >= self.bounce:
                self._accept(key, state, pressed, stamp, out)
            elif pressed != state.reported:
                self._unsettled.add(key)
        if self._unsettled:
            self._settle(out)
        return out

    def _settle(self, out: list[SwitchChange]) -> None:
        """Chatter that ended away from the reported level is reported once it is over."""
        now = self._clock()
        for key in list(self._unsettled):
            state = self._state[key]
            if state.latest == state.reported:
                self._unsettled.discard(key)
            elif now - state.accepted_at >= self.bounce:
                self._accept(key, state, state.latest, now, out)

    def _accept(self, key, state, pressed, stamp, out) -> None:
        state.reported, state.accepted_at = pressed, stamp
        self._unsettled.discard(key)
        wired = self.inputs[key]
        out.append(SwitchChange(wired.switch, wired.player, wired.action, pressed))

    def closed_now(self) -> list[str]:
        """Keys of the opened switches that read closed right now (held, stuck, or wired normally closed)."""
        return [key for key, button in zip(self.inputs, self._buttons) if button.is_active]

    def describe(self, player: int, action: Action) -> list[str]:
        return [w.switch for w in self.inputs.values() if w.player == player and w.action == action]

    def close(self) -> None:
        with no_garbage_collection():
            for button in self._buttons:
                button.close()
        self._buttons.clear()
        self.inputs.clear()
