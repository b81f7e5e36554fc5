"""Bench section "ramp", BLOCKS part: how long the strong AI's game lasts with the ramp on and off.

Each game is played by the attract-mode pilot with the strong AI, through the
cursor, at the attract pace, on a table that waits out every clear animation as
the screen does; so the seconds are what a watcher would sit through.
"""

from __future__ import annotations

import statistics

from cabinet.bench import Figure, section
from cabinet.games.blocks.cursor import Cursor
from cabinet.games.blocks.engine import BlocksGame, PlaceResult
from cabinet.games.blocks.pilot import BlocksDemoPilot
from cabinet.scenes.blocks.animation import ClearAnimation
from cabinet.settings.schema import BlocksSettings
from cabinet.system.workers import Workers

RAMP_ON_SEEDS = range(30)
RAMP_OFF_SEEDS = range(8)
RAMP_OFF_CAP = 1000  # without the ramp the strong AI plays on and on: stop it here
WORKERS = 2


class _Table:
    """A one-player game as the pilot sees the screen: its own seat (the game, the cursor,
    busy while a clear shows), thinking without a clock."""

    player = 1
    versus = None  # a game alone
    thinking_time = None
    thinker = None

    def __init__(self, game: BlocksGame):
        self.game = game
        self.cursor = Cursor()
        self.cursor.settle(game)
        self.animation: ClearAnimation | None = None

    @property
    def busy(self) -> bool:
        return self.animation is not None

    def seat_for(self, player: int) -> _Table:
        return self

    def obey(self, event) -> None:
        result = self.cursor.apply(event.action, self.game).result  # a PlaceResult if it placed
        if isinstance(result, PlaceResult) and (result.rows or result.cols):
            self.animation = ClearAnimation([], result)

    def step(self) -> None:
        if self.animation is not None:
            self.animation.update()
            if self.animation.done:
                self.animation = None


def attract_game(args) -> tuple[bool, int, int]:
    """One strong-AI game at the attract pace; (ramp, placements, frames)."""
    seed, ramp, cap = args
    rules = BlocksSettings(ramp=ramp)
    table = _Table(BlocksGame.from_settings(rules, seed=seed))
    pilot = BlocksDemoPilot(seed=seed, level="strong")
    pilot.bind(table)
    frame = 0
    while not table.game.game_over and table.game.placements < cap:
        for event in pilot.events(frame, []):
            table.obey(event)
        table.step()
        frame += 1
    return ramp, table.game.placements, frame


@section("ramp")
def run(quick: bool = False) -> list[Figure]:
    on_seeds, off_seeds, off_cap = (
        (range(2), range(1), 40) if quick else (RAMP_ON_SEEDS, RAMP_OFF_SEEDS, RAMP_OFF_CAP)
    )
    jobs = [(seed, True, 10**6) for seed in on_seeds] + [
        (seed, False, off_cap) for seed in off_seeds
    ]
    with Workers(WORKERS) as pool:
        games = pool.map(attract_game, jobs)
    figures = []
    for ramp, label in ((True, "ramp on"), (False, f"ramp off (cap {off_cap})")):
        placements = [game[1] for game in games if game[0] is ramp]
        seconds = [game[2] / 60 for game in games if game[0] is ramp]
        target = "<= 600" if ramp else ""
        figures += [
            Figure(
                f"blocks AI mean placements, {label}",
                statistics.fmean(placements),
                "placements",
                target,
            ),
            Figure(
                f"blocks AI mean seconds at attract pace, {label}", statistics.fmean(seconds), "s"
            ),
        ]
    return figures
