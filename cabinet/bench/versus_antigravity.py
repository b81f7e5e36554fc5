"""Bench section "versus", ANTI-GRAVITY's part: the CPU ladder, its thinking time, its chains.

Each level plays the level below it, and a newcomer (:mod:`cabinet.bench.newcomer`)
plays level 1, in seeded versus matches on the factory settings (attacks on),
through :class:`~cabinet.games.antigravity.simulate.Simulation`: both pilots press
the panel's switches at their level's pace, the turn timers tick and pushes wait
for the animations, as on the screen. The stronger level takes player 1's side in
half of the matches, so neither side's panel decides the figure.
"""

from __future__ import annotations

import statistics

from cabinet.bench import Figure, section
from cabinet.bench.ladder import NEWCOMER_TARGET, step_figures
from cabinet.bench.newcomer import antigravity_newcomer
from cabinet.bench.timed_pilot import TimedPilot
from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.cpu import CPU_LEVELS, cpu_pilot
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.simulate import Simulation
from cabinet.games.cpu import LEVELS
from cabinet.settings.schema import AntiGravitySettings
from cabinet.system.workers import Workers

MATCHES = 40  # per pair of levels, as the issue asks
CHAIN_GAMES = 15  # reported with the standard error of their mean (30 gave 4.8 against >= 4)
CHAIN_TURNS = 500
MATCH_FRAMES = 60 * 60 * 20  # twenty minutes: a match that lasts longer counts as not won
WORKERS = 2


def play_match(args) -> tuple[int, bool, dict[int, tuple[float, int]]]:
    """One match of ``level`` against ``level - 1``: (level, stronger won, {level: (cpu s, presses)}).

    Level 0 is the newcomer, here the stronger side against level 1.
    """
    level, seed, frames = args
    stronger_player = 1 + seed % 2
    levels = {stronger_player: level, 3 - stronger_player: max(1, level - 1)}

    def pilot(player):
        if levels[player] == 0:
            return antigravity_newcomer(player, seed=seed * 2 + player)
        return cpu_pilot(player, levels[player], seed=seed * 2 + player)

    pilots = [TimedPilot(pilot(player)) for player in (1, 2)]
    sim = Simulation.versus(AntiGravitySettings(), seed, pilots)
    sim.run(frames)
    assert sim.match is not None  # Simulation.versus plays a match
    thinking = {levels[pilot.player]: (pilot.seconds, pilot.presses) for pilot in pilots}
    return level, sim.match.winner == stronger_player, thinking


def longest_chain(args) -> int:
    """The longest chain of one single game of the top level, at normal, up to ``turns``."""
    seed, turns = args
    top = CPU_LEVELS[max(LEVELS)]
    ai = AntiGravityAI(seed=seed, lookahead=top.lookahead, slip_percent=top.slip_percent)
    game = AntiGravityGame(seed=seed, difficulty="normal")
    longest = 0
    while not game.game_over and game.turns < turns:
        column, side = ai.choose(game)
        longest = max(longest, len(game.push(side, column).steps))
    return longest


@section("versus")
def run(quick: bool = False) -> list[Figure]:
    if quick:  # a glimpse of each match: the figures show the bench works, not the ladder
        matches, frames, games, turns = 1, 900, 1, 40
    else:
        matches, frames, games, turns = MATCHES, MATCH_FRAMES, CHAIN_GAMES, CHAIN_TURNS
    jobs = [(level, seed, frames) for level in (0, *LEVELS[1:]) for seed in range(matches)]
    with Workers(WORKERS) as pool:
        results = pool.map(play_match, jobs)
        chains = pool.map(longest_chain, [(seed, turns) for seed in range(games)])

    figures = []
    for level in (0, *LEVELS[1:]):
        won = [stronger_won for played, stronger_won, _ in results if played == level]
        if level == 0:
            figures += step_figures("anti-gravity newcomer beats CPU level 1", won, NEWCOMER_TARGET)
        else:
            figures += step_figures(f"anti-gravity CPU level {level} beats level {level - 1}", won)
    for level in LEVELS:
        spent = [thinking[level] for _, _, thinking in results if level in thinking]
        seconds, presses = sum(s for s, _ in spent), sum(p for _, p in spent)
        figures.append(
            Figure(
                f"anti-gravity CPU level {level} decision ms per input step",
                1000 * seconds / max(1, presses),
                "ms",
                "<= 5",
            )
        )
    figures += [
        Figure(
            "anti-gravity top level mean longest chain", statistics.fmean(chains), "steps", ">= 4"
        ),
        Figure(
            f"anti-gravity top level longest chain: standard error of the mean of {games}",
            statistics.stdev(chains) / len(chains) ** 0.5 if len(chains) > 1 else 0.0,
            "steps",
        ),
    ]
    return figures
