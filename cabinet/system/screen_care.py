"""Screen and power care: the operator's sleep hours, the idle dim, the monitor's power.

Inside ``display.sleep`` (hours of the day) the cabinet goes to sleep as soon
as it is back in attract mode: the screen is blanked, nothing is drawn or
updated, and ``display.sleep_command`` runs (e.g. to put the monitor in
standby). A coin (which is still credited), START or SERVICE wakes it, runs
``display.wake_command`` and starts attract mode afresh; woken inside the sleep
hours, it goes back to sleep after a few idle minutes of attract. With
``display.dim_after_minutes`` the attract picture dims after that long
untouched, and lights up again at the first press.

The main loop asks :meth:`ScreenCare.update` once a step and shows what
:attr:`state` says; this class draws nothing and never touches pygame.
"""

from __future__ import annotations

import datetime
import logging
import shlex
import subprocess
from collections.abc import Callable
from typing import Protocol

from cabinet import FPS
from cabinet.inputs.actions import CABINET, Action
from cabinet.system.sleep_hours import SleepHours

log = logging.getLogger(__name__)

AWAKE, DIMMED, ASLEEP = "awake", "dimmed", "asleep"
REAWAKE_IDLE_MINUTES = 5  # woken inside the sleep hours: back to sleep after this much idle attract
CHECK_FRAMES = FPS  # the clock is read once a second
WAKING = {Action.COIN1, Action.COIN2, Action.SERVICE, Action.START}


class Started(Protocol):
    """A command started without waiting (a Popen, or a test's stand-in)."""

    def poll(self) -> int | None: ...


class ScreenCare:
    """Decides, step by step, whether the screen is awake, dimmed or asleep.

    ``clock()`` gives the local time (a datetime); ``spawn(argv)`` starts a
    command and returns a Popen-like object (tests replace both).
    """

    def __init__(
        self,
        settings,
        clock: Callable[[], datetime.datetime] = datetime.datetime.now,
        spawn: Callable[[list[str]], Started] | None = None,
    ):
        self.clock = clock
        self.spawn = spawn or _spawn
        self.state = AWAKE
        self.idle_frames = 0  # steps of attract mode without a press
        self.woken_in_hours = False  # a coin or START woke it inside the sleep hours
        self._in_hours = False
        self._frames = 0
        self._running: list[tuple[str, Started]] = []
        self.configure(settings)

    def configure(self, settings) -> None:
        """New display settings (the service menu saved); a bad window was already reported."""
        try:
            self.hours = SleepHours.parse(settings.sleep)
        except ValueError:
            self.hours = None
        self.dim_frames = settings.dim_after_minutes * 60 * FPS
        self.sleep_command = settings.sleep_command
        self.wake_command = settings.wake_command
        self._frames = 0  # read the clock at the next step
        if self.state == DIMMED and not self.dim_frames:
            self.state = AWAKE

    @property
    def asleep(self) -> bool:
        return self.state == ASLEEP

    @property
    def dimmed(self) -> bool:
        return self.state == DIMMED

    # ------------------------------------------------------------------ each step
    def update(self, in_attract: bool, events) -> list:
        """One 60 Hz step: returns the events the cabinet should still act on.

        Asleep, only coins pass (to be credited); a coin, START or SERVICE wakes
        the screen, and the press that woke it does nothing else.
        """
        pressed = [event for event in events if event.pressed]
        if self.asleep:
            waking = [event for event in pressed if event.action in WAKING]
            if waking:
                self.wake(f"{waking[0].action.value} pressed")
            elif self._frames % CHECK_FRAMES == 0 and not self._now_in_hours():
                self.wake("the sleep hours are over")
            self._frames += 1
            return [
                event
                for event in events
                if event.player == CABINET and event.action in (Action.COIN1, Action.COIN2)
            ]
        if pressed or not in_attract:
            self.idle_frames = 0
            if self.dimmed and pressed:
                self.state = AWAKE
        else:
            self.idle_frames += 1
        if self._frames % CHECK_FRAMES == 0:
            self._check_clock(in_attract)
            self._reap()
        self._frames += 1
        if self.state == AWAKE and self.dim_frames and self.idle_frames >= self.dim_frames:
            self.state = DIMMED
        return events

    def _now_in_hours(self) -> bool:
        now = self.clock()
        return self.hours is not None and self.hours.contains(now.hour * 60 + now.minute)

    def _check_clock(self, in_attract: bool) -> None:
        in_hours = self._now_in_hours()
        if not in_hours:
            self.woken_in_hours = False
        self._in_hours = in_hours
        if not in_hours or not in_attract:
            return
        if self.woken_in_hours and self.idle_frames < REAWAKE_IDLE_MINUTES * 60 * FPS:
            return
        self.sleep()

    # ------------------------------------------------------------------ changes
    def sleep(self) -> None:
        log.info("display: asleep (sleep hours %s); a coin, START or SERVICE wakes it", self.hours)
        self.state = ASLEEP
        self._run("display.sleep_command", self.sleep_command)

    def wake(self, why: str) -> None:
        log.info("display: awake (%s)", why)
        self.state = AWAKE
        self.idle_frames = 0
        self._frames = 1  # the clock is next read a second from now
        self.woken_in_hours = self._in_hours
        self._run("display.wake_command", self.wake_command)

    def _run(self, key: str, command: str) -> None:
        """Start ``command`` without waiting for it; its failure is logged, never fatal."""
        if not command.strip():
            return
        try:
            self._running.append((key, self.spawn(shlex.split(command))))
        except (OSError, ValueError) as exc:
            log.error("%s %r cannot run: %s", key, command, exc)

    def _reap(self) -> None:
        """Log commands that have ended badly; forget the ones that are done."""
        still = []
        for key, process in self._running:
            code = process.poll()
            if code is None:
                still.append((key, process))
            elif code != 0:
                log.error("%s exited with status %s", key, code)
        self._running = still


def _spawn(argv: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
