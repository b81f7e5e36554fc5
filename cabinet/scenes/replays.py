"""Watching a recorded game: the same game scene, driven by a :class:`ReplayPilot`.

A replay carries the seed and the game's settings; the scene is built from
those (not from today's settings), so the recorded presses land on exactly the
same game. Replays play as demos: they never touch the high-score tables.
"""

from __future__ import annotations

import dataclasses
import logging

from cabinet.scenes.pilots import ReplayPilot
from cabinet.settings_schema import BlocksSettings

log = logging.getLogger(__name__)


def replay_scene(ctx, replay):
    """The scene that plays ``replay`` back; ValueError for a game it cannot show."""
    if replay.game == "blocks":
        from cabinet.games.blocks.scene import BlocksScene
        known = {f.name for f in dataclasses.fields(BlocksSettings)}
        rules = BlocksSettings(**{k: v for k, v in replay.settings.items() if k in known})
        return BlocksScene(ctx, ReplayPilot(replay), replay.seed, demo=True, rules=rules)
    if replay.game == "antigravity":
        from cabinet.games.antigravity.scene import AntiGravityScene, rules_from_options
        options = replay.settings
        return AntiGravityScene(ctx, options.get("mode", replay.mode), difficulty=options.get("difficulty"),
                                contest=options.get("contest"), pilots=[ReplayPilot(replay)],
                                seed=replay.seed, demo=True, rules=rules_from_options(options))
    raise ValueError(f"replay {replay.id}: unknown game {replay.game!r}")


def best_replays(ctx, game: str, count: int = 3) -> list:
    """The best stored replays of ``game``; empty (logged) when the store cannot give them."""
    try:
        return ctx.store.replays.best(game, count)
    except Exception:
        log.exception("could not read the best %s replays", game)
        return []
