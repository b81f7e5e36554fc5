"""Versus and contest: the two ways of playing ANTI-GRAVITY besides single play."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cabinet.games.antigravity.engine import AntiGravityGame, seconds_to_frames
from cabinet.games.antigravity.field import COLOURS
from cabinet.settings.schema import AntiGravitySettings, ContestList, HandicapSettings


@dataclass(frozen=True)
class Progress:
    """A versus player's way toward the handicap target, for the message bar."""

    kind: str    # "clears" (blocks removed) or "score"
    value: int
    target: int

    @property
    def reached(self) -> bool:
        return self.value >= self.target


class AntiGravityVersus:
    """Two fields played at once; game over loses, reaching your own target first wins.

    Each player's turn time, colours and target come from ``settings.versus`` (the
    handicaps). Both games get the same seed, and so the same blocks, unless
    ``same_blocks`` is off. Call :meth:`update` after any turn of either player.
    """

    def __init__(self, settings: AntiGravitySettings, seed: int):
        versus = settings.versus
        self.seed = seed
        self._handicaps = (versus.p1, versus.p2)
        second_seed = seed if versus.same_blocks else random.Random(seed).getrandbits(31)
        self._games = (self._make(settings, versus.p1, seed),
                       self._make(settings, versus.p2, second_seed))
        self.over = False
        self.winner: int | None = None

    @staticmethod
    def _make(settings, handicap: HandicapSettings, seed: int) -> AntiGravityGame:
        return AntiGravityGame(seed=seed, difficulty=settings.difficulty, mode="versus",
                               settings=settings, colours=handicap.colours,
                               turn_frames=seconds_to_frames(handicap.turn_seconds))

    def game(self, player: int) -> AntiGravityGame:
        return self._games[self._index(player)]

    def progress(self, player: int) -> Progress:
        handicap = self._handicaps[self._index(player)]
        game = self.game(player)
        value = game.total_cleared if handicap.target_kind == "clears" else game.score
        return Progress(handicap.target_kind, value, handicap.target_value)

    def update(self) -> None:
        """Decide the match once it is decided; later calls change nothing.

        A player whose game is over loses, even on the turn that reached the target.
        Both games over at once, or both targets reached at once, is a draw.
        """
        if self.over:
            return
        lost = [game.game_over for game in self._games]
        won = [self.progress(p).reached and not lost[p - 1] for p in (1, 2)]
        if any(lost):
            self.over = True
            self.winner = None if all(lost) else (2 if lost[0] else 1)
        elif any(won):
            self.over = True
            self.winner = None if all(won) else (1 if won[0] else 2)

    @staticmethod
    def _index(player: int) -> int:
        if player not in (1, 2):
            raise ValueError(f"player must be 1 or 2, not {player!r}")
        return player - 1


def contest_pairs(contest: ContestList) -> list[tuple[int, int]]:
    """The list's dispenser pairs as colour numbers (top, bottom), drawn from its seed."""
    draw = random.Random(contest.seed).randrange
    return [(draw(contest.colours) + 1, draw(contest.colours) + 1) for _ in range(contest.length)]


class ContestGame(AntiGravityGame):
    """A game on a named, finite list of dispenser pairs, the same for every player.

    It ends on game over or once every pair has been pushed.
    """

    def __init__(self, contest: ContestList, settings: AntiGravitySettings | None = None):
        settings = settings if settings is not None else AntiGravitySettings()
        super().__init__(seed=contest.seed, difficulty=settings.difficulty, mode="contest",
                         settings=settings, colours=contest.colours,
                         turn_frames=seconds_to_frames(contest.turn_seconds))
        self.name = contest.name
        pairs = contest_pairs(contest)
        self._rng = None  # the list is the whole supply
        self._queues = {"top": [top for top, _ in pairs], "bottom": [bottom for _, bottom in pairs]}

    def remaining_pairs(self) -> list[tuple[str, str]]:
        """(top, bottom) colour letters from the current pair to the end of the list."""
        return [(COLOURS[top - 1], COLOURS[bottom - 1])
                for top, bottom in zip(self._queues["top"], self._queues["bottom"])]
