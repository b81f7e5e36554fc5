"""Temporary keyboard translation until the inputs branch's InputHub is merged."""

from __future__ import annotations

import pygame

from cabinet.inputs.actions import CABINET, Action, InputEvent

_KEYS = {
    pygame.K_LEFT: (1, Action.LEFT), pygame.K_a: (1, Action.LEFT),
    pygame.K_RIGHT: (1, Action.RIGHT), pygame.K_d: (1, Action.RIGHT),
    pygame.K_UP: (1, Action.UP), pygame.K_w: (1, Action.UP),
    pygame.K_DOWN: (1, Action.DOWN), pygame.K_s: (1, Action.DOWN),
    pygame.K_z: (1, Action.A), pygame.K_x: (1, Action.B), pygame.K_c: (1, Action.C),
    pygame.K_1: (1, Action.START), pygame.K_RETURN: (1, Action.START), pygame.K_SPACE: (1, Action.START),
    pygame.K_2: (2, Action.START), pygame.K_5: (CABINET, Action.COIN1), pygame.K_6: (CABINET, Action.COIN2),
    pygame.K_F9: (CABINET, Action.PAUSE),
}


class KeyboardStandIn:
    def __init__(self):
        self._queue: list[InputEvent] = []

    def handle_pygame_event(self, event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in _KEYS:
            player, action = _KEYS[event.key]
            self._queue.append(InputEvent(player, action, event.type == pygame.KEYDOWN))

    def poll(self, frame: int) -> list[InputEvent]:
        events = [InputEvent(e.player, e.action, e.pressed, frame) for e in self._queue]
        self._queue.clear()
        return events

    def set_repeat_profile(self, name: str) -> None:
        pass

    def close(self) -> None:
        pass
