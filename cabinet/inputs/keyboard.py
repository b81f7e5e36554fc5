"""The keyboard: the original game's layout (RULES.md), a second set for player 2, cabinet keys.

A key is looked up by the character it types first, then by its key code, so
``@`` and ``:`` work on a keyboard that has them as keys (JIS) and as shifted
keys (US: Shift+2, Shift+;), while ``'`` and ``/`` are the unshifted stand-ins.
The release goes to whatever the press of the same key meant.
"""

from __future__ import annotations

import pygame

from cabinet.inputs.actions import CABINET, Action
from cabinet.inputs.switches import SwitchChange

P1, P2 = 1, 2

# key code -> (player, action, label shown in the input test)
KEYS: dict[int, tuple[int, Action, str]] = {
    pygame.K_a: (P1, Action.LEFT, "A"),
    pygame.K_LEFT: (P1, Action.LEFT, "\u2190"),
    pygame.K_d: (P1, Action.RIGHT, "D"),
    pygame.K_RIGHT: (P1, Action.RIGHT, "\u2192"),
    pygame.K_w: (P1, Action.UP, "W"),
    pygame.K_UP: (P1, Action.UP, "\u2191"),
    pygame.K_s: (P1, Action.DOWN, "S"),
    pygame.K_DOWN: (P1, Action.DOWN, "\u2193"),
    pygame.K_z: (P1, Action.A, "Z"),
    pygame.K_x: (P1, Action.B, "X"),
    pygame.K_c: (P1, Action.C, "C"),
    pygame.K_1: (P1, Action.START, "1"),
    pygame.K_RETURN: (P1, Action.START, "Enter"),
    pygame.K_SPACE: (P1, Action.START, "Space"),
    pygame.K_SEMICOLON: (P2, Action.LEFT, ";"),
    pygame.K_KP1: (P2, Action.LEFT, "num 1"),
    pygame.K_RIGHTBRACKET: (P2, Action.RIGHT, "]"),
    pygame.K_KP3: (P2, Action.RIGHT, "num 3"),
    pygame.K_AT: (P2, Action.UP, "@"),
    pygame.K_QUOTE: (P2, Action.UP, "'"),
    pygame.K_KP5: (P2, Action.UP, "num 5"),
    pygame.K_COLON: (P2, Action.DOWN, ":"),
    pygame.K_SLASH: (P2, Action.DOWN, "/"),
    pygame.K_KP2: (P2, Action.DOWN, "num 2"),
    # Player 2's buttons sit left to right under the right hand, like Z X C for player 1.
    pygame.K_m: (P2, Action.A, "M"),
    pygame.K_KP0: (P2, Action.A, "num 0"),
    pygame.K_COMMA: (P2, Action.B, ","),
    pygame.K_KP_PERIOD: (P2, Action.B, "num ."),
    pygame.K_PERIOD: (P2, Action.C, "."),
    pygame.K_KP_ENTER: (P2, Action.C, "num Enter"),
    pygame.K_2: (P2, Action.START, "2"),
    pygame.K_5: (CABINET, Action.COIN1, "5"),
    pygame.K_6: (CABINET, Action.COIN2, "6"),
    pygame.K_F2: (CABINET, Action.SERVICE, "F2"),
    pygame.K_F1: (CABINET, Action.TEST, "F1"),
    pygame.K_F9: (CABINET, Action.PAUSE, "F9"),
}

# Characters that win over the key that typed them (Shift+2 is "@" on a US keyboard).
CHARACTERS: dict[str, int] = {"@": pygame.K_AT, ":": pygame.K_COLON}


class KeyboardInput:
    """Turns KEYDOWN / KEYUP events into switch changes."""

    def __init__(self):
        self._held: dict[int, int] = {}  # key code pressed -> the KEYS entry it meant

    def handle(self, event) -> SwitchChange | None:
        if event.type == pygame.KEYDOWN:
            meaning = CHARACTERS.get(getattr(event, "unicode", ""), event.key)
            if meaning not in KEYS:
                return None
            self._held[event.key] = meaning
            return self._change(meaning, True)
        if event.type == pygame.KEYUP:
            meaning = self._held.pop(event.key, None)
            return None if meaning is None else self._change(meaning, False)
        return None

    @staticmethod
    def _change(meaning: int, pressed: bool) -> SwitchChange:
        player, action, label = KEYS[meaning]
        return SwitchChange(
            f"key {label}", player, action, pressed, wired=False
        )  # any keyboard plugged in

    def release_all(self) -> list[SwitchChange]:
        """Releases for every key held, e.g. when the window loses focus."""
        changes = [self._change(meaning, False) for meaning in self._held.values()]
        self._held.clear()
        return changes

    @staticmethod
    def describe(player: int, action: Action) -> list[str]:
        return [f"key {label}" for p, a, label in KEYS.values() if p == player and a == action]
