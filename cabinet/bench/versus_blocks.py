"""Bench section "versus", BLOCKS part: CPU levels against each other, CPU thinking time, engine speed.

The CPU ladder: each level plays the level below it, and a newcomer
(:mod:`cabinet.bench.newcomer`) plays level 1, in seeded matches.
"""

from __future__ import annotations

import random
import statistics
import time

from cabinet.bench import Figure, section
from cabinet.bench.ladder import NEWCOMER_TARGET, step_figures
from cabinet.bench.newcomer import blocks_newcomer
from cabinet.bench.timed_pilot import TimedPilot
from cabinet.games.blocks.cpu import CPU_LEVELS, cpu_pilot
from cabinet.games.blocks.simulate import VersusSimulation
from cabinet.games.blocks.versus import BlocksVersus
from cabinet.system.workers import Workers

MATCHES = 40  # seeded matches per pair of levels (the issue asks for at least 40)
MAX_FRAMES = 60 * 60 * 30  # half an hour of play: a match still undecided is not a win
WORKERS = 2


def level_match(args) -> tuple[int, bool, dict[int, tuple[float, int]], int, int]:
    """One match of ``level`` against ``level - 1``; the stronger side alternates with the seed.

    Returns (level, whether the stronger level won, {level: (thinking seconds, presses)},
    frames, placements). Level 0 is the newcomer, here the stronger side against level 1.
    """
    level, seed, max_frames = args
    strong_player = 1 + seed % 2
    levels = {strong_player: level, 3 - strong_player: max(1, level - 1)}

    def pilot(player):
        if levels[player] == 0:
            return blocks_newcomer(player, seed=seed * 10 + player)
        return cpu_pilot(player, levels[player], seed=seed * 10 + player)

    pilots = {player: TimedPilot(pilot(player)) for player in (1, 2)}
    simulation = VersusSimulation(BlocksVersus(seed=seed), pilots.values())
    winner = simulation.run(max_frames)
    thinking = {levels[player]: (pilot.seconds, pilot.presses) for player, pilot in pilots.items()}
    return level, winner == strong_player, thinking, simulation.frame, simulation.placements


def random_matches(placements: int, seed: int = 3) -> list[tuple[int, list[tuple]]]:
    """Seeded random matches, as (match seed, moves) with a move (player, slot, row, col), or
    (player,) for a move timer running out, until ``placements`` placements in all."""
    rng, scripts, made = random.Random(seed), [], 0
    while made < placements:
        match_seed = rng.randrange(1 << 30)
        match = BlocksVersus(seed=match_seed)
        moves: list[tuple[int, ...]] = []
        while match.winner is None and made < placements:
            player = rng.choice((1, 2))
            game = match.game(player)
            slot = rng.choice([s for s in range(3) if game.tray[s] is not None])
            positions = game.legal_positions(slot)
            if not positions:
                match.land(player)
                moves.append((player,))
                continue
            row, col = rng.choice(positions)
            match.place(player, slot, row, col)
            moves.append((player, slot, row, col))
            made += 1
        scripts.append((match_seed, moves))
    return scripts


def placements_per_second(placements: int) -> float:
    """Placements (with their landings and timer landings) the engine resolves per CPU second,
    replaying recorded random matches: choosing the moves is not timed."""
    scripts = random_matches(placements)
    start = time.thread_time()
    for match_seed, moves in scripts:
        match = BlocksVersus(seed=match_seed)
        place, land = match.place, match.land
        for move in moves:
            if len(move) == 1:
                land(move[0])
            else:
                place(*move)
    return placements / (time.thread_time() - start)


@section("versus")
def run(quick: bool = False) -> list[Figure]:
    matches, max_frames = (2, 60 * 60 * 2) if quick else (MATCHES, MAX_FRAMES)
    levels = [0, *sorted(CPU_LEVELS)[1:]]
    jobs = [(level, seed, max_frames) for level in levels for seed in range(matches)]
    with Workers(WORKERS) as pool:
        results = pool.map(level_match, jobs)
    figures = []
    for level in levels:
        wins = [won for lvl, won, *_ in results if lvl == level]
        if level == 0:
            figures += step_figures("blocks newcomer beats CPU level 1", wins, NEWCOMER_TARGET)
        else:
            figures += step_figures(f"blocks CPU level {level} beats level {level - 1}", wins)
    seconds = dict.fromkeys(CPU_LEVELS, 0.0)
    presses = dict.fromkeys(CPU_LEVELS, 0)
    for _, _, thinking, _, _ in results:
        for level, (spent, pressed) in thinking.items():
            if level == 0:
                continue  # the newcomer is no CPU level
            seconds[level] += spent
            presses[level] += pressed
    per_level = {level: 1000 * seconds[level] / max(1, presses[level]) for level in CPU_LEVELS}
    figures.append(
        Figure(
            "blocks CPU decision ms per input step",
            statistics.fmean(per_level.values()),
            "ms",
            "<= 5",
        )
    )
    figures += [
        Figure(f"blocks CPU level {level} decision ms per input step", ms, "ms", "<= 5")
        for level, ms in per_level.items()
    ]
    frames = [result[3] for result in results if result[0]]
    figures += [
        Figure("blocks CPU match length, mean", statistics.fmean(frames) / 60, "s"),
        Figure(
            "blocks versus placements per second",
            placements_per_second(2000 if quick else 100_000),
            "1/s",
            ">= 100000",
        ),
    ]
    return figures
