"""Bench section "ramp", the CPU part: how long a credit lasts, for the people who pay.

CPU levels 1, 3 and 5 stand in for a beginner, a regular and an expert: each plays
single games of both games on the shipped settings (the ramp on, as shipped) through
the same presses and at the same pace as on the screen (the BLOCKS table waits out
every clear as the screen does; ANTI-GRAVITY runs through
:class:`~cabinet.games.antigravity.simulate.Simulation`, turn timer and all). The
figures are each level's mean and 90th percentile (nearest rank) game length in
seconds. A game still running at :data:`CAP_MINUTES` stops there and counts as
lasting that long; how many did is reported too.
"""

from __future__ import annotations

import math
import statistics

from cabinet import FPS
from cabinet.bench import Figure, section
from cabinet.bench.ramp_blocks import _Table
from cabinet.games.antigravity.cpu import cpu_pilot as antigravity_cpu
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.simulate import Simulation
from cabinet.games.blocks.cpu import cpu_pilot as blocks_cpu
from cabinet.games.blocks.engine import BlocksGame
from cabinet.settings.schema import AntiGravitySettings, BlocksSettings
from cabinet.system.workers import Workers

LEVELS = (1, 3, 5)
GAMES = 6                  # per game and level
CAP_MINUTES = 16           # just above the 15-minute target: a game at the cap fails it
WORKERS = 2
TARGETS = {("mean", 1): ">= 90", ("p90", 5): "<= 900"}


def blocks_game(args) -> tuple[str, int, int, bool]:
    """One BLOCKS single game of CPU ``level``: (game, level, frames, stopped at the cap)."""
    level, seed, cap = args
    table = _Table(BlocksGame.from_settings(BlocksSettings(), seed=seed))
    pilot = blocks_cpu(1, level, seed)
    pilot.bind(table)
    frame = 0
    while not table.game.game_over and not pilot.gave_up and frame < cap:
        for event in pilot.events(frame, []):
            table.obey(event)
        table.step()
        frame += 1
    return "blocks", level, frame, frame >= cap


def antigravity_game(args) -> tuple[str, int, int, bool]:
    """One ANTI-GRAVITY single game of CPU ``level`` at the operator's difficulty."""
    level, seed, cap = args
    settings = AntiGravitySettings()
    game = AntiGravityGame(seed=seed, difficulty=settings.difficulty, settings=settings, ramp=settings.ramp)
    sim = Simulation([game], [antigravity_cpu(1, level, seed)])
    while not sim.finished and sim.frame < cap:
        sim.step()
    return "antigravity", level, sim.frame, sim.frame >= cap


def play(job):
    kind, level, seed, cap = job
    return (blocks_game if kind == "blocks" else antigravity_game)((level, seed, cap))


def nearest_rank(values: list[float], percent: int) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]


@section("ramp")
def run(quick: bool = False) -> list[Figure]:
    games, cap = (1, 30 * FPS) if quick else (GAMES, CAP_MINUTES * 60 * FPS)
    # the longest games first (ANTI-GRAVITY's, the top level's), so no worker waits alone at the end
    jobs = [(kind, level, seed, cap) for kind in ("antigravity", "blocks") for level in reversed(LEVELS)
            for seed in range(games)]
    with Workers(WORKERS) as pool:
        played = pool.map(play, jobs)
    figures = []
    for kind, label in (("blocks", "blocks"), ("antigravity", "anti-gravity")):
        for level in LEVELS:
            seconds = [frames / FPS for game, lv, frames, _ in played if (game, lv) == (kind, level)]
            capped = sum(at_cap for game, lv, _, at_cap in played if (game, lv) == (kind, level))
            figures += [
                Figure(f"{label} CPU level {level} mean single game", statistics.fmean(seconds), "s",
                       TARGETS.get(("mean", level), "")),
                Figure(f"{label} CPU level {level} 90th percentile single game", nearest_rank(seconds, 90), "s",
                       TARGETS.get(("p90", level), "")),
                Figure(f"{label} CPU level {level} games still on at the cap", capped, "games"),
            ]
    return figures
