"""Bench section "ramp", the CPU part: how long a credit lasts, for the people who pay.

CPU levels 1, 3 and 5 stand in for a beginner, a regular and an expert: each plays
single games of both games on the shipped settings (the ramp on, as shipped) through
the same presses and at the same pace as on the screen (the BLOCKS table waits out
every clear as the screen does; ANTI-GRAVITY runs through
:class:`~cabinet.games.antigravity.simulate.Simulation`, turn timer and all, on every
difficulty). The figures are each level's mean and 90th percentile (nearest rank) game
length in seconds, and how ANTI-GRAVITY games ended: by the band of the widening
horizon, by another game over, or not at all. A game still running at
:data:`CAP_MINUTES` stops there and counts as lasting that long.

An ANTI-GRAVITY versus match of level 3 against level 3 on the shipped settings is
timed too, with how it ended: a target reached or a game over (CPUs never leave
their panel, so the idle rule never ends one).
"""

from __future__ import annotations

import math
import statistics

from cabinet import FPS
from cabinet.bench import Figure, section
from cabinet.bench.ramp_antigravity import ended_by
from cabinet.bench.ramp_blocks import _Table
from cabinet.games.antigravity.cpu import cpu_pilot as antigravity_cpu
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.simulate import Simulation
from cabinet.games.blocks.cpu import cpu_pilot as blocks_cpu
from cabinet.games.blocks.engine import BlocksGame
from cabinet.settings.schema import DIFFICULTIES, AntiGravitySettings, BlocksSettings
from cabinet.system.workers import Workers

LEVELS = (1, 3, 5)
GAMES = 6  # per game and level
CAP_MINUTES = 16  # just above the 15-minute target: a game at the cap fails it
WORKERS = 2
TARGETS = {("mean", 1): ">= 90", ("p90", 5): "<= 900"}
NORMAL_TARGETS = {("mean", 3): "<= 720"}  # a regular's game on the difficulty the cursor starts on
VERSUS_LEVEL = 3
VERSUS_MATCHES = 12
VERSUS_TARGET = "90..300"  # a match's mean seconds


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


def antigravity_game(args) -> tuple[str, int, int, str]:
    """One ANTI-GRAVITY single game of CPU ``level`` at ``difficulty``:
    (difficulty, level, frames, how it ended: "the band", "game over" or "cap")."""
    difficulty, level, seed, cap = args
    settings = AntiGravitySettings()
    game = AntiGravityGame(seed=seed, difficulty=difficulty, settings=settings, ramp=settings.ramp)
    sim = Simulation([game], [antigravity_cpu(1, level, seed)])
    while not sim.finished and sim.frame < cap:
        sim.step()
    return difficulty, level, sim.frame, ended_by(sim, game)


def versus_match(args) -> tuple[int, str]:
    """One ANTI-GRAVITY versus match of level 3 against level 3: (frames, "target", "game over"
    or "cap")."""
    seed, cap = args
    pilots = [antigravity_cpu(player, VERSUS_LEVEL, seed * 2 + player) for player in (1, 2)]
    sim = Simulation.versus(AntiGravitySettings(), seed, pilots)
    sim.run(cap)
    assert sim.match is not None  # Simulation.versus plays a match
    over = any(sim.game_for(player).game_over for player in (1, 2))
    return sim.frame, "cap" if not sim.match.over else "game over" if over else "target"


def play(job):
    kind, *args = job
    return kind, {"blocks": blocks_game, "antigravity": antigravity_game, "versus": versus_match}[
        kind
    ](args)


def nearest_rank(values: list[float], percent: int) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]


@section("ramp")
def run(quick: bool = False) -> list[Figure]:
    games, matches, cap = (
        (1, 1, 30 * FPS) if quick else (GAMES, VERSUS_MATCHES, CAP_MINUTES * 60 * FPS)
    )
    difficulties = ("normal",) if quick else DIFFICULTIES
    # the longest games first (ANTI-GRAVITY's, the top level's), so no worker waits alone at the end
    jobs: list[tuple[str | int, ...]] = [  # (what, its arguments...)
        ("antigravity", difficulty, level, seed, cap)
        for level in reversed(LEVELS)
        for difficulty in difficulties
        for seed in range(games)
    ]
    jobs += [("versus", seed, cap) for seed in range(matches)]
    jobs += [("blocks", level, seed, cap) for level in reversed(LEVELS) for seed in range(games)]
    with Workers(WORKERS) as pool:
        played = pool.map(play, jobs)
    figures = []
    for level in LEVELS:
        ended = [result for kind, result in played if kind == "blocks" and result[1] == level]
        figures += _length_figures(
            f"blocks CPU level {level}", [frames for _, _, frames, _ in ended], level
        )
        figures.append(
            Figure(
                f"blocks CPU level {level} games still on at the cap",
                sum(at_cap for *_, at_cap in ended),
                "games",
            )
        )
    for level in LEVELS:
        for difficulty in difficulties:
            ended = [
                result
                for kind, result in played
                if kind == "antigravity" and result[:2] == (difficulty, level)
            ]
            figures += _length_figures(
                f"anti-gravity CPU level {level} {difficulty}",
                [frames for _, _, frames, _ in ended],
                level,
                difficulty == "normal",
            )
            figures += [
                Figure(
                    f"anti-gravity CPU level {level} {difficulty} games ended by {how}",
                    sum(end == how for *_, end in ended),
                    "games",
                )
                for how in ("the band", "game over", "cap")
            ]
    versus = [result for kind, result in played if kind == "versus"]
    seconds = [frames / FPS for frames, _ in versus]
    figures += [
        Figure(
            f"anti-gravity versus CPU {VERSUS_LEVEL} vs {VERSUS_LEVEL} mean match",
            statistics.fmean(seconds),
            "s",
            VERSUS_TARGET,
        ),
        Figure(
            f"anti-gravity versus CPU {VERSUS_LEVEL} vs {VERSUS_LEVEL} 90th percentile match",
            nearest_rank(seconds, 90),
            "s",
        ),
    ]
    figures += [
        Figure(
            f"anti-gravity versus CPU {VERSUS_LEVEL} vs {VERSUS_LEVEL} matches ended by {how}",
            sum(end == how for _, end in versus),
            "matches",
        )
        for how in ("target", "game over", "cap")
    ]
    return figures


def _length_figures(name: str, frames: list[int], level: int, normal: bool = True) -> list[Figure]:
    """The mean and 90th percentile of games lasting ``frames``, against their targets
    (``normal``: played on NORMAL, the difficulty the cursor starts on; BLOCKS has no other)."""
    seconds = [count / FPS for count in frames]
    targets = NORMAL_TARGETS if normal else {}
    return [
        Figure(
            f"{name} mean single game",
            statistics.fmean(seconds),
            "s",
            TARGETS.get(("mean", level), targets.get(("mean", level), "")),
        ),
        Figure(
            f"{name} 90th percentile single game",
            nearest_rank(seconds, 90),
            "s",
            TARGETS.get(("p90", level), ""),
        ),
    ]
