"""Hands for the versus tests: a player who decides with the AI and presses real switches.

A :class:`Hands` picks its next move with :class:`BlocksAI` and works out the
presses that make it (:func:`route`), then gives them one at a time to a
``press`` function: injected events, keyboard keys or mock GPIO pins.
"""

from __future__ import annotations

import random

import pygame

from cabinet.games.blocks.ai import BlocksAI
from cabinet.games.blocks.cursor import route
from cabinet.inputs.actions import Action, InputEvent
from cabinet.inputs.keyboard import KEYS
from cabinet.settings.schema import GpioSettings

KEY_OF = {}
for _code, (_player, _action, _label) in KEYS.items():
    KEY_OF.setdefault((_player, _action), _code)


class Hands:
    """Plays ``player``'s side of a BLOCKS versus scene, one press every ``every`` frames."""

    def __init__(self, scene, player: int, seed: int = 0, every: int = 3, careless: bool = False):
        self.scene = scene
        self.player = player
        self.ai = BlocksAI(seed=seed, level="casual")
        self.random = random.Random(seed)
        self.careless = careless  # a random legal move each time: a player who soon loses
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
            self.plan = self._presses(seat)
            if not self.plan:
                return None
        return self.plan.pop(0)

    def _presses(self, seat) -> list[Action]:
        game = seat.game
        if self.careless:
            moves = [
                (slot, row, col)
                for slot in range(3)
                if game.tray[slot] is not None
                for row, col in game.legal_positions(slot)
            ]
            slot, row, col = self.random.choice(moves)
            return route(seat.cursor, game, slot, row, col)
        move = self.ai.choose(game)
        return route(seat.cursor, game, move.slot, move.row, move.col, move.turns)


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
