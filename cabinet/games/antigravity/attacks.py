"""Versus attacks as one player's game reads them (RULES.md "Versus attacks").

A versus game with attacks on holds a :class:`StoneRules`: its handicap and how many
pending stones land at once. The numbers are checked here, once, so the engine and the
match refuse a bad one with the same words.
"""

from __future__ import annotations

from dataclasses import dataclass

PERCENT_RANGE = (50, 200)
STONE_MAX_RANGE = (1, 12)


@dataclass(frozen=True)
class StoneRules:
    """``attack_percent``: the mover's handicap (attack = attack x percent // 100);
    ``stone_max``: most pending stones that land after a turn without a chain step."""

    attack_percent: int = 100
    stone_max: int = 6

    def __post_init__(self):
        for key, (low, high) in (("attack_percent", PERCENT_RANGE), ("stone_max", STONE_MAX_RANGE)):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(
                    f"{key} must be a whole number from {low} to {high}, not {value!r}"
                )

    def attack(self, raw: int) -> int:
        """A turn's attack after the handicap."""
        return raw * self.attack_percent // 100
