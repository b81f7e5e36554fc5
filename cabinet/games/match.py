"""A versus match: who sits at each panel, the games each has won, the rounds' seeds.

Both games play a match the same way: rounds (games) until one side has won
``rounds_to_win`` of them. A side is a person at their panel or the CPU at a
level. A :class:`Series` is the matches played back to back by rematches; it
keeps each person's wins in a row for the win-streak tables, and a lone
player's :class:`Climb` up the CPU levels.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from cabinet.games.antigravity.cpu import cpu_pilot as antigravity_cpu
from cabinet.games.blocks.cpu import cpu_pilot as blocks_cpu
from cabinet.games.cpu import LEVELS
from cabinet.games.names import Game, Mode
from cabinet.games.pilots import HumanPilot, Pilot

PLAYERS = (1, 2)
# Attract mode's CPUs per game: the levels that look best, quick with chains and clears from
# the first seconds, yet slow enough to follow (BLOCKS level 5 presses every 3 frames).
# Keyed by str: a screen still asks with the plain name, which equals its Game.
DEMO_CPU_LEVELS: dict[str, dict[int, int]] = {
    Game.BLOCKS: {1: 3, 2: 4},
    Game.ANTIGRAVITY: {1: 4, 2: 5},
}
# Each game's CPU opponent: cpu_pilot(player, level, seed).
CPU_PILOTS: dict[Game, Callable[[int, int, int], Pilot]] = {
    Game.BLOCKS: blocks_cpu,
    Game.ANTIGRAVITY: antigravity_cpu,
}


def other(player: int) -> int:
    return 2 if player == 1 else 1


@dataclass
class Match:
    """One match of ``game`` ("blocks" or "antigravity").

    ``cpu`` maps a player (1 or 2) the CPU drives to its level; the others are
    people at their panels. ``wins`` counts the rounds each player has won.
    """

    game: str
    rounds_to_win: int
    seed: int
    cpu: dict[int, int] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    round: int = 1
    forfeited: int | None = None  # the player who walked away: the other side won the match
    abandoned: bool = False  # everybody walked away: no result

    def __post_init__(self):
        for player, level in self.cpu.items():
            if player not in PLAYERS or level not in LEVELS:
                raise ValueError(
                    f"CPU seat {player!r} at level {level!r}: players are 1-2, levels 1-5"
                )

    @property
    def mode(self) -> Mode:
        """The bookkeeping mode: "cpu" against the CPU, "versus" between two people."""
        return Mode.CPU if self.cpu else Mode.VERSUS

    def is_cpu(self, player: int) -> bool:
        return player in self.cpu

    @property
    def people(self) -> list[int]:
        """The players a person plays, in order (not the CPU)."""
        return [player for player in PLAYERS if not self.is_cpu(player)]

    def name(self, player: int) -> str:
        """What the screen calls a side: PLAYER 1, or CPU LV3."""
        return f"CPU LV{self.cpu[player]}" if self.is_cpu(player) else f"PLAYER {player}"

    def round_seed(self, number: int | None = None) -> int:
        """The seed of round ``number`` (default: the current one); round 1 plays the match seed."""
        number = self.round if number is None else number
        return (
            self.seed if number == 1 else random.Random(self.seed * 1009 + number).getrandbits(31)
        )

    def record(self, winner: int | None) -> None:
        """The current round ended, won by ``winner`` (None: a draw, nobody scores); next round."""
        if self.over:
            raise ValueError("the match is already decided")
        if winner is not None:
            self.wins[winner] += 1
        self.round += 1

    def forfeit(self, player: int) -> None:
        """``player`` left the match (nobody at the panel): the other side wins it."""
        if self.over:
            raise ValueError("the match is already over")
        self.forfeited = player
        self.wins[other(player)] = self.rounds_to_win

    def abandon(self) -> None:
        """Nobody is playing: the match ends with no winner."""
        if self.over:
            raise ValueError("the match is already over")
        self.abandoned = True

    @property
    def over(self) -> bool:
        """Won, or abandoned."""
        return self.abandoned or self.winner is not None

    @property
    def winner(self) -> int | None:
        """The player who has won the match, or None while it is still on."""
        for player in PLAYERS:
            if self.wins[player] >= self.rounds_to_win:
                return player
        return None

    def score_line(self, first: int = 1) -> str:
        """The match score as the screen writes it, ``first``'s wins first (the side the
        words beside it name): "PLAYER 2 WINS 2 - 1"."""
        other = 2 if first == 1 else 1
        return f"{self.wins[first]} - {self.wins[other]}"

    def rematch(self, seed: int) -> Match:
        """A fresh match between the same sides."""
        return Match(self.game, self.rounds_to_win, seed, dict(self.cpu))


@dataclass
class Climb:
    """A lone player's climb up the CPU ladder of ``game``: one match a rung, level 1 first.

    ``person`` plays at their panel against the CPU at ``level`` on the other seat;
    winning the match beats the level and the next one comes, up to the last of
    :data:`~cabinet.games.cpu.LEVELS` (beating it is a MASTER clear). ``beaten``
    counts the levels beaten so far: the climb's record on the ladder table. A
    lost match leaves the climb where it is, so a continue replays that level.
    """

    game: str
    person: int
    level: int = LEVELS[0]
    beaten: int = 0

    @property
    def cleared(self) -> bool:
        """Every level beaten: the MASTER clear."""
        return self.beaten == len(LEVELS)

    def first_match(self, settings, seed: int) -> Match:
        """The match of the climb's current rung."""
        return cpu_match(settings, self.game, self.person, self.level, seed)

    def match_won(self, match: Match) -> bool:
        """``match`` of this climb ended: True when the person beat its level (the climb moves up)."""
        if match.winner != self.person or match.cpu.get(other(self.person)) != self.level:
            return False
        self.beaten = LEVELS.index(self.level) + 1
        if not self.cleared:
            self.level = LEVELS[self.beaten]
        return True

    def next_match(self, match: Match) -> Match:
        """``match``'s sides with the CPU at the climb's current level (a new seed is the caller's)."""
        return Match(match.game, match.rounds_to_win, match.seed, {other(self.person): self.level})


@dataclass
class Series:
    """Matches played back to back: each person's wins in a row, and the streaks that ended.

    Only wins over a person count: beating the CPU is practice, not a record.
    ``ended`` holds (player, wins) of streaks broken during the series; ``entries``
    the high scores its matches put on their tables, as :class:`~cabinet.scenes.flow.records.Entry`.
    ``climb``: the lone player's :class:`Climb` when the series is one (None otherwise).
    """

    streak: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    ended: list[tuple[int, int]] = field(default_factory=list)
    entries: list = field(default_factory=list)
    climb: Climb | None = None

    def match_won(self, match: Match) -> None:
        winner = match.winner
        if winner is None or match.cpu:
            return
        loser = other(winner)
        if self.streak[loser]:
            self.ended.append((loser, self.streak[loser]))
        self.streak[loser] = 0
        self.streak[winner] += 1

    def records(self) -> list[tuple[int, int]]:
        """(player, wins in a row) of every streak of the series, the ones still running last."""
        running = [(player, wins) for player, wins in self.streak.items() if wins]
        return self.ended + running


def rounds_to_win(settings, game: str) -> int:
    """Games a side must win to take a match of ``game``."""
    section = settings.antigravity if game == Game.ANTIGRAVITY else settings.blocks
    return section.versus.rounds_to_win


def cpu_match(settings, game: str, person: int, level: int, seed: int) -> Match:
    """A match of ``game``: the person at panel ``person`` against the CPU at ``level`` on the other seat."""
    return Match(game, rounds_to_win(settings, game), seed, {other(person): level})


def cpu_levels(settings) -> list[int]:
    """The CPU levels players may pick (``settings.versus``), weakest first."""
    low, high = sorted((settings.versus.cpu_lowest_level, settings.versus.cpu_highest_level))
    return list(range(low, high + 1))


def default_cpu_level(settings) -> int:
    """The operator's CPU level, moved inside the levels offered if it lies outside them."""
    levels = cpu_levels(settings)
    return min(max(settings.versus.cpu_level, levels[0]), levels[-1])


def cpu_pilot(game: str, player: int, level: int, seed: int):
    """The pilot that plays ``player``'s side of ``game`` at CPU ``level``."""
    return CPU_PILOTS[Game(game)](player, level, seed)


def match_pilots(match: Match) -> list:
    """One pilot per side, player 1's first: the CPU's, or the person's at their panel."""
    return [
        cpu_pilot(match.game, player, match.cpu[player], match.seed + player)
        if match.is_cpu(player)
        else HumanPilot(player)
        for player in PLAYERS
    ]
