"""Bench section "blocks": engine throughput, AI decision time and AI survival.

Survival is the mean of 20 seeded games per gravity setting, capped at 1000 placements,
reported with its standard error and the share of games at the cap: the games are long
(the mean of 50 was above 1,100 against a target of 460), and a cap at twice the target
still tells a pass from a fail while the longest games no longer cost the bench minutes.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from cabinet.bench import Figure, section
from cabinet.games.blocks.ai import BlocksAI
from cabinet.games.blocks.engine import BlocksGame
from cabinet.system.workers import Workers

SURVIVAL_SEEDS = range(20)
SURVIVAL_CAP = 1000


def survival_game(args) -> tuple[int, list[float]]:
    """Play one AI game; returns (placements, CPU seconds of each choose() call).

    CPU time, not wall time: the AI's cost, whatever else runs on the machine."""
    seed, gravity, cap = args
    game = BlocksGame(seed=seed, gravity=gravity, rotation=False, piece_set="classic")
    ai = BlocksAI(seed=seed)
    times = []
    while not game.game_over and game.placements < cap:
        start = time.thread_time()
        move = ai.choose(game)
        times.append(time.thread_time() - start)
        game.place(move.slot, move.row, move.col)
    return game.placements, times


def mid_game_positions(count: int, seed: int = 0) -> list[BlocksGame]:
    """Games a few random placements in, so boards are neither empty nor full."""
    rng = random.Random(seed)
    games: list[BlocksGame] = []
    while len(games) < count:
        game = BlocksGame(seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(4, 16)):
            moves = [(s, rc) for s in range(3) if game.tray[s] for rc in game.legal_positions(s)]
            if not moves or game.game_over:
                break
            slot, (row, col) = rng.choice(moves)
            game.place(slot, row, col)
        if not game.game_over:
            games.append(game)
    return games


def placements_checked_per_second(games: list[BlocksGame], repeat: int) -> float:
    """Candidate placements the engine tests for legality, per second (legal_positions)."""
    calls = [(game, slot) for game in games for slot in range(3) if game.tray[slot]]
    checked = sum(len(piece.placements) for g, s in calls if (piece := g.tray[s])) * repeat
    start = time.perf_counter()
    for _ in range(repeat):
        for game, slot in calls:
            game.legal_positions(slot)
    return checked / (time.perf_counter() - start)


def moves_applied_per_second(games: int, seed: int = 1) -> float:
    """place() calls per second over random legal play (choosing moves is not timed)."""
    rng = random.Random(seed)
    applied, spent = 0, 0.0
    for _ in range(games):
        game = BlocksGame(seed=rng.randrange(1 << 30))
        while not game.game_over:
            moves = [(s, rc) for s in range(3) if game.tray[s] for rc in game.legal_positions(s)]
            slot, (row, col) = rng.choice(moves)
            start = time.perf_counter()
            game.place(slot, row, col)
            spent += time.perf_counter() - start
            applied += 1
    return applied / spent


@section("blocks")
def run(quick: bool = False) -> list[Figure]:
    seeds, cap = (range(2), 50) if quick else (SURVIVAL_SEEDS, SURVIVAL_CAP)
    figures = [
        Figure(
            "engine: candidate placements checked/s",
            placements_checked_per_second(
                mid_game_positions(20 if quick else 200), repeat=2 if quick else 20
            ),
            "1/s",
            ">= 500000",
        ),
        Figure("engine: moves applied/s", moves_applied_per_second(3 if quick else 300), "1/s"),
    ]
    jobs = [(seed, gravity, cap) for gravity in (False, True) for seed in seeds]
    with Workers(2) as pool:
        results = pool.map(survival_game, jobs)
    survival = {
        gravity: [placements for (_, on, _), (placements, _) in zip(jobs, results) if on is gravity]
        for gravity in (False, True)
    }
    times = sorted(t for _, game_times in results for t in game_times)
    goal = "" if quick else ">= 460"  # a 50-placement cap cannot reach the goal; quick only runs it
    figures += [
        Figure("AI decision, mean CPU per placement", 1000 * statistics.mean(times), "ms", "<= 15"),
        Figure(
            "AI decision, p95 CPU per placement", 1000 * times[int(0.95 * (len(times) - 1))], "ms"
        ),
    ]
    for gravity, label in ((False, "off"), (True, "on")):
        games = survival[gravity]
        figures += [
            Figure(
                f"AI survival, gravity {label} (mean, seeds 0-{len(seeds) - 1}, cap {cap})",
                statistics.fmean(games),
                "placements",
                goal,
            ),
            Figure(
                f"AI survival, gravity {label}: standard error of the mean",
                standard_error(games),
                "placements",
            ),
            Figure(
                f"AI survival, gravity {label}: games reaching the cap",
                100 * sum(n >= cap for n in games) / len(games),
                "%",
            ),
        ]
    return figures


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two)."""
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
