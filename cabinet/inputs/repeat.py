"""Auto-repeat for held directions, counted in frames.

A direction held for ``delay_frames`` gives a repeated press, then one every
``rate_frames`` while it stays held. Buttons never repeat. Each game has its
own feel (the BLOCKS cursor, the ANTI-GRAVITY dispenser, menus).
"""

from __future__ import annotations

import logging

from cabinet.inputs.actions import Action, InputEvent

log = logging.getLogger("cabinet.inputs")


class AutoRepeat:
    """Watches the hub's presses and releases and produces the repeats due each frame."""

    def __init__(self, profiles: dict, profile: str = "menu"):
        self.profiles = profiles  # name -> RepeatSettings
        self.profile = profile
        # (player, direction) held -> frame of next repeat
        self._due: dict[tuple[int, Action], int] = {}
        self._unknown_logged: set[str] = set()

    def set_profile(self, name: str) -> None:
        if name not in self.profiles:
            if name not in self._unknown_logged:
                self._unknown_logged.add(name)
                log.error(
                    "inputs: unknown repeat profile %r (known: %s); keeping %r",
                    name,
                    ", ".join(self.profiles),
                    self.profile,
                )
            return
        self.profile = name

    def track(self, event: InputEvent) -> None:
        if not event.action.is_direction:
            return
        key = (event.player, event.action)
        if event.pressed:
            self._due[key] = event.frame + self.profiles[self.profile].delay_frames
        else:
            self._due.pop(key, None)

    def due(self, frame: int) -> list[InputEvent]:
        """Repeats for this frame. After a stall, one repeat and the rhythm restarts: no burst."""
        repeats = []
        rate = self.profiles[self.profile].rate_frames
        for (player, action), when in self._due.items():
            if frame >= when:
                repeats.append(InputEvent(player, action, True, frame, repeat=True))
                self._due[(player, action)] = frame + rate
        return repeats
