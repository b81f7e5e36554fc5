"""Bench section "antigravity": engine throughput, AI decision time and AI survival.

12 seeded games per difficulty, up to 500 turns: every one of 30 reached the cap at
every difficulty, so 12 judge the share at the cap (>= 90 %) and the mean on hard
(>= 200) just as well, in two fifths of the time.
"""

from __future__ import annotations

import random
import statistics
import time

from cabinet.bench import Figure, section
from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.settings.schema import DIFFICULTIES
from cabinet.system.workers import Workers

SURVIVAL_SEEDS = range(12)
TURN_CAP = 500
WORKERS = 2
# Targets from the issue: survival is judged at normal (share at the cap) and hard (mean turns).
SHARE_TARGETS = {"normal": ">= 90"}
TURN_TARGETS = {"hard": ">= 200"}


def survival_game(args) -> tuple[str, int, int, list[float], float]:
    """Play one AI game up to ``cap`` turns.

    Returns (difficulty, turns, score, wall seconds of each decision, CPU seconds of all
    decisions); the CPU time tells the AI's cost apart from a busy machine's waiting.
    """
    difficulty, seed, cap = args
    game = AntiGravityGame(seed=seed, difficulty=difficulty)
    ai = AntiGravityAI(seed=seed)
    times, cpu = [], 0.0
    while not game.game_over and game.turns < cap:
        start, start_cpu = time.perf_counter(), time.thread_time()
        column, side = ai.choose(game)
        times.append(time.perf_counter() - start)
        cpu += time.thread_time() - start_cpu
        game.push(side, column)
    return difficulty, game.turns, game.score, times, cpu


def pushes_per_second(pushes: int, seed: int = 1) -> float:
    """push() calls per second over random play, new games as old ones end (choice untimed)."""
    rng = random.Random(seed)
    game = AntiGravityGame(seed=rng.randrange(1 << 30))
    spent = 0.0
    for _ in range(pushes):
        if game.game_over:
            game = AntiGravityGame(seed=rng.randrange(1 << 30))
        side, column = rng.choice(("top", "bottom")), rng.randrange(game.width)
        start = time.perf_counter()
        game.push(side, column)
        spent += time.perf_counter() - start
    return pushes / spent


@section("antigravity")
def run(quick: bool = False) -> list[Figure]:
    difficulties: tuple[str, ...]
    if quick:
        seeds, cap, difficulties, pushes = range(2), 30, ("normal",), 2000
    else:
        seeds, cap, difficulties, pushes = SURVIVAL_SEEDS, TURN_CAP, DIFFICULTIES, 100_000
    figures = [
        Figure("engine: pushes resolved/s", pushes_per_second(pushes), "pushes/s", ">= 20000")
    ]

    jobs = [(difficulty, seed, cap) for difficulty in difficulties for seed in seeds]
    with Workers(WORKERS) as pool:
        games = pool.map(survival_game, jobs)
    times = sorted(t for _, _, _, game_times, _ in games for t in game_times)
    cpu = sum(game[4] for game in games)
    figures += [
        Figure("AI: mean decision time", 1000 * statistics.fmean(times), "ms"),
        Figure("AI: p95 decision time", 1000 * times[int(0.95 * (len(times) - 1))], "ms"),
        Figure("AI: mean decision CPU time", 1000 * cpu / len(times), "ms", "<= 5"),
    ]
    for difficulty in difficulties:
        turns = [game[1] for game in games if game[0] == difficulty]
        scores = [game[2] for game in games if game[0] == difficulty]
        figures += [
            Figure(
                f"AI {difficulty}: mean turns survived (cap {cap})",
                statistics.fmean(turns),
                "turns",
                TURN_TARGETS.get(difficulty, "") if cap == TURN_CAP else "",
            ),
            Figure(f"AI {difficulty}: mean score", statistics.fmean(scores), "points"),
            Figure(
                f"AI {difficulty}: games reaching the cap",
                100 * sum(t >= cap for t in turns) / len(turns),
                "%",
                SHARE_TARGETS.get(difficulty, "") if cap == TURN_CAP else "",
            ),
        ]
    return figures
