"""Bench section "ramp", ANTI-GRAVITY's part: how long the AI's single game lasts.

The AI that attract mode shows plays single games on the factory (shipped) settings, on
every difficulty with the ramp as shipped and at normal with it off, through
:class:`~cabinet.games.antigravity.simulate.Simulation` at attract pace: the turn
timer ticks and shrinks with the ramp, so a pilot too slow for it gets forced
pushes, exactly as on the screen. A game still running at the cap counts as
lasting to the cap. How the games ended is reported too: by the band of the widening
horizon, by another game over, or at the cap.
"""

from __future__ import annotations

import dataclasses
import math
import statistics

from cabinet import FPS
from cabinet.bench import Figure, section
from cabinet.games.antigravity.demo import demo_pilots
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.simulate import Simulation
from cabinet.settings.schema import DIFFICULTIES, AntiGravitySettings
from cabinet.system.workers import Workers

GAMES = 8  # with the ramp as shipped, per difficulty: the target's 8 games
RAMP_OFF_GAMES = 4  # the reference without it: 8 of 8 ran to the cap, so 4 show it
PUSH_CAP = 1500
WORKERS = 2


def attract_game(args) -> tuple[bool, str, int, int, str]:
    """One single game of the attract AI up to ``cap`` pushes: (ramp on, difficulty, pushes,
    frames, how it ended: "the band", "game over" or "cap")."""
    ramp_on, difficulty, seed, cap = args
    settings = AntiGravitySettings()
    ramp = settings.ramp if ramp_on else dataclasses.replace(settings.ramp, enabled=False)
    game = AntiGravityGame(seed=seed, difficulty=difficulty, settings=settings, ramp=ramp)
    sim = Simulation([game], demo_pilots(seed)[:1])
    while not sim.finished and game.turns < cap:
        sim.step()
    return ramp_on, difficulty, game.turns, sim.frame, ended_by(sim, game)


def ended_by(sim: Simulation, game: AntiGravityGame) -> str:
    """How ``sim``'s single ``game`` ended: "the band" (of the widening horizon), "game over"
    (any other way) or "cap" (it had not: the bench stopped it)."""
    if not game.game_over:
        return "cap"
    last = sim.seat_for(1).last_turn
    return "the band" if last is not None and last.by_band else "game over"


@section("ramp")
def run(quick: bool = False) -> list[Figure]:
    games, off_games, cap = (1, 1, 25) if quick else (GAMES, RAMP_OFF_GAMES, PUSH_CAP)
    difficulties = ("normal",) if quick else DIFFICULTIES
    jobs = [(True, difficulty, seed, cap) for difficulty in difficulties for seed in range(games)]
    jobs += [(False, "normal", seed, cap) for seed in range(off_games)]
    with Workers(WORKERS) as pool:
        played = pool.map(attract_game, jobs)
    figures = []
    for ramp_on, difficulty in [(True, difficulty) for difficulty in difficulties] + [
        (False, "normal")
    ]:
        label = f"ramp {'on' if ramp_on else 'off'}, {difficulty}"
        games_played = [game for game in played if game[:2] == (ramp_on, difficulty)]
        pushes = [turns for _, _, turns, _, _ in games_played]
        seconds = sorted(frames / FPS for _, _, _, frames, _ in games_played)
        figures += [
            Figure(
                f"anti-gravity AI mean pushes, {label}",
                statistics.fmean(pushes),
                "pushes",
                "<= 1000" if ramp_on else "",
            ),
            Figure(
                f"anti-gravity AI mean seconds at attract pace, {label}",
                statistics.fmean(seconds),
                "s",
            ),
            Figure(
                f"anti-gravity AI 90th percentile seconds at attract pace, {label}",
                seconds[max(0, math.ceil(0.9 * len(seconds)) - 1)],
                "s",
            ),
        ]
        figures += [
            Figure(
                f"anti-gravity AI games ended by {how}, {label}",
                sum(end == how for *_, end in games_played),
                "games",
            )
            for how in ("the band", "game over", "cap")
        ]
    return figures
