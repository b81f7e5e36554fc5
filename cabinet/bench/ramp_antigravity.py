"""Bench section "ramp", ANTI-GRAVITY's part: how long the AI's single game lasts.

The AI that attract mode shows plays single games at normal on the factory (shipped)
settings, with the ramp as shipped and with it off, through
:class:`~cabinet.games.antigravity.simulate.Simulation` at attract pace: the turn
timer ticks and shrinks with the ramp, so a pilot too slow for it gets forced
pushes, exactly as on the screen. A game still running at the cap counts as
lasting to the cap.
"""

from __future__ import annotations

import dataclasses
import statistics

from cabinet import FPS
from cabinet.bench import Figure, section
from cabinet.games.antigravity.demo import demo_pilots
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.simulate import Simulation
from cabinet.settings.schema import AntiGravitySettings
from cabinet.system.workers import Workers

GAMES = 8               # with the ramp as shipped: the target's 8 games
RAMP_OFF_GAMES = 4      # the reference without it: 8 of 8 ran to the cap, so 4 show it
PUSH_CAP = 1500
WORKERS = 2


def attract_game(args) -> tuple[bool, int, int]:
    """One single game of the attract AI: (ramp on, pushes, frames) up to ``cap`` pushes."""
    ramp_on, seed, cap = args
    settings = AntiGravitySettings()
    ramp = settings.ramp if ramp_on else dataclasses.replace(settings.ramp, enabled=False)
    game = AntiGravityGame(seed=seed, difficulty="normal", settings=settings, ramp=ramp)
    sim = Simulation([game], demo_pilots(seed)[:1])
    while not sim.finished and game.turns < cap:
        sim.step()
    return ramp_on, game.turns, sim.frame


@section("ramp")
def run(quick: bool = False) -> list[Figure]:
    games, off_games, cap = (1, 1, 25) if quick else (GAMES, RAMP_OFF_GAMES, PUSH_CAP)
    jobs = [(True, seed, cap) for seed in range(games)] + [(False, seed, cap) for seed in range(off_games)]
    with Workers(WORKERS) as pool:
        played = pool.map(attract_game, jobs)
    figures = []
    for ramp_on, label in ((True, "on"), (False, "off")):
        pushes = [turns for on, turns, _ in played if on == ramp_on]
        seconds = [frames / FPS for on, _, frames in played if on == ramp_on]
        figures += [
            Figure(f"anti-gravity AI mean pushes, ramp {label}", statistics.fmean(pushes), "pushes",
                   "<= 1000" if ramp_on else ""),
            Figure(f"anti-gravity AI mean seconds at attract pace, ramp {label}", statistics.fmean(seconds), "s"),
            Figure(f"anti-gravity AI games ended before {cap} pushes, ramp {label}",
                   100 * sum(turns < cap for turns in pushes) / len(pushes), "%"),
        ]
    return figures
