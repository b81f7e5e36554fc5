"""Hands for the versus tests: a player who decides with the AI and presses real switches.

A :class:`Hands` picks its next move with :class:`BlocksAI` and works out the
presses that make it (:func:`route`), then gives them one at a time to a
``press`` function: injected events, keyboard keys or mock GPIO pins.
"""

from __future__ import annotations

import pygame

from cabinet.games.blocks.ai import BlocksAI
from cabinet.games.blocks.cursor import route
from cabinet.inputs.actions import Action, InputEvent
from cabinet.inputs.keyboard import KEYS
from cabinet.settings_schema import GpioSettings

KEY_OF = {}
for _code, (_player, _action, _label) in KEYS.items():
    KEY_OF.setdefault((_player, _action), _code)


class Hands:
    """Plays ``player``'s side of a BLOCKS versus scene, one press every ``every`` frames."""

    def __init__(self, scene, player: int, seed: int = 0, every: int = 3, level: str = "casual"):
        self.scene = scene
        self.player = player
        self.ai = BlocksAI(seed=seed, level=level)
        self.every = every
        self.plan: list[Action] = []

    def next_action(self, frame: int) -> Action | None:
        scene = self.scene
        if frame % self.every or scene.countdown.running or scene.end_frames:
            return None
        seat = scene.seat_for(self.player)
        if seat.game.game_over or seat.busy:
            return None
        if not self.plan:
            move = self.ai.choose(seat.game)
            self.plan = route(seat.cursor, seat.game, move.slot, move.row, move.col, move.turns)
            if not self.plan:
                return None
        return self.plan.pop(0)


def injected(player: int, action: Action) -> list[InputEvent]:
    return [InputEvent(player, action, True)]


def key_events(player: int, action: Action, down: bool) -> pygame.event.Event:
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    return pygame.event.Event(kind, key=KEY_OF[(player, action)], unicode="", mod=0, scancode=0)


def gpio_pin(player: int, action: Action) -> int:
    """The default wiring's BCM pin of ``player``'s ``action``."""
    panel = getattr(GpioSettings(), f"p{player}")
    return getattr(panel, action.value)


def mock_pin(number: int):
    from gpiozero import Device
    return Device.pin_factory.pin(number)
