"""Stuck-switch guard: a switch held too long is ignored until it is released.

A jammed coin door switch or a wedged Start button must not hold the cabinet
out of attract mode or lock a menu. After ``limit_frames`` of being held, the
switch is logged once and a release is sent on its behalf; its own release,
when it comes, is swallowed, and from then on it works again.
"""

from __future__ import annotations

import logging

from cabinet.inputs.switches import SwitchChange

log = logging.getLogger("cabinet.inputs")


class StuckGuard:
    def __init__(self, limit_frames: int):
        self.limit_frames = limit_frames
        self._held: dict[str, tuple[SwitchChange, int]] = {}  # switch -> (its press, frame)
        self.jammed: set[str] = set()

    def admit(self, change: SwitchChange, frame: int) -> bool:
        """Whether ``change`` goes on to the hub (False while its switch is jammed)."""
        if change.switch in self.jammed:
            if not change.pressed:
                self.jammed.discard(change.switch)
            return False
        if change.pressed:
            self._held.setdefault(change.switch, (change, frame))
        else:
            self._held.pop(change.switch, None)
        return True

    def expired(self, frame: int) -> list[SwitchChange]:
        """Releases, on their behalf, of the switches that have just become jammed."""
        releases = []
        for switch, (press, since) in list(self._held.items()):
            if frame - since >= self.limit_frames:
                del self._held[switch]
                self.jammed.add(switch)
                seconds = (frame - since) / 60
                log.warning(
                    "inputs: %s (%s) held for %.0f s; ignored until released",
                    switch,
                    _meaning(press),
                    seconds,
                )
                releases.append(SwitchChange(switch, press.player, press.action, False))
        return releases


def _meaning(change: SwitchChange) -> str:
    who = f"player {change.player}" if change.player else "cabinet"
    return f"{who} {change.action.name}"
