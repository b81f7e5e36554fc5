"""What a replay recorded about how it was played: its settings section and its match.

A replay keeps the game's settings as ``dataclasses.asdict`` made them, and a
versus replay its rounds and CPU sides. These rebuild them, so a replay plays
on its own rules, not today's (:mod:`cabinet.scenes.flow.playback`).
"""

from __future__ import annotations

import dataclasses
import typing

from cabinet.games.match import Match
from cabinet.settings.schema import CONTAINER_ITEMS


def section_from_dict(cls, data: dict):
    """Rebuild a settings dataclass from its ``dataclasses.asdict`` form; unknown keys are ignored.

    A key the replay lacks keeps its factory value, so replays survive new settings.
    """
    hints = typing.get_type_hints(cls)
    values = {}
    for fld in dataclasses.fields(cls):
        if fld.name not in data:
            continue
        value = data[fld.name]
        container = CONTAINER_ITEMS.get((cls, fld.name))
        if container is not None:
            item_cls, fixed_keys = container
            if fixed_keys is not None:
                value = {key: section_from_dict(item_cls, item) for key, item in value.items()}
            else:
                value = [section_from_dict(item_cls, item) for item in value]
        elif dataclasses.is_dataclass(hints[fld.name]):
            value = section_from_dict(hints[fld.name], value)
        values[fld.name] = value
    return cls(**values)


def recorded_match(replay) -> Match | None:
    """The versus match a replay recorded (its rounds and CPU sides), or None for a one-player game."""
    if replay.mode != "versus":
        return None
    options = replay.settings
    # Replays made before matches had rounds hold one game.
    rounds = options.get("versus", {}).get("rounds_to_win", 1)
    cpu = {int(player): level for player, level in options.get("cpu", {}).items()}
    return Match(replay.game, rounds, replay.seed, cpu)
