"""Versus and contest: the two ways of playing ANTI-GRAVITY besides single play."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cabinet.games.antigravity.attacks import StoneRules
from cabinet.games.antigravity.engine import AntiGravityGame, IllegalMove, seconds_to_frames
from cabinet.games.antigravity.field import COLOURS
from cabinet.games.names import Mode
from cabinet.settings.schema import AntiGravitySettings, ContestList, HandicapSettings


@dataclass(frozen=True)
class Progress:
    """A versus player's way toward the handicap target, for the message bar."""

    kind: str  # "clears" (blocks removed) or "score"
    value: int
    target: int

    @property
    def reached(self) -> bool:
        return self.value >= self.target


class AntiGravityVersus:
    """Two fields played at once; game over loses, reaching your own target first wins.

    Each player's turn time, colours, target and attack handicap come from
    ``settings.versus`` (the handicaps). Both games get the same seed, and so the same
    blocks, unless ``same_blocks`` is off. With ``settings.versus.attacks`` on, a chain
    sends stones to the other field (RULES.md "Versus attacks"). Push through
    :meth:`push` and :meth:`tick`, or push a game directly and call :meth:`update` after
    any turn of either player.
    """

    def __init__(self, settings: AntiGravitySettings, seed: int):
        versus = settings.versus
        self.seed = seed
        self._handicaps: tuple[HandicapSettings, HandicapSettings] | None = (versus.p1, versus.p2)
        second_seed = seed if versus.same_blocks else random.Random(seed).getrandbits(31)
        self._games = tuple(
            self._make(
                settings,
                handicap,
                game_seed,
                StoneRules(handicap.attack_percent, versus.stone_max) if versus.attacks else None,
            )
            for handicap, game_seed in ((versus.p1, seed), (versus.p2, second_seed))
        )
        self._link()
        self.over = False
        self.winner: int | None = None

    @classmethod
    def from_text(
        cls,
        fields,
        tops=("", ""),
        bottoms=("", ""),
        pending=(0, 0),
        difficulty: str = "normal",
        seed: int = 1,
        attacks: bool = False,
        attack_percent=(100, 100),
        stone_max: int = 6,
        settings: AntiGravitySettings | None = None,
    ) -> AntiGravityVersus:
        """A match on two hand-built fields (``+`` a stone), with no target: only a game over
        decides it. ``tops``/``bottoms`` queue each player's blocks as in
        :meth:`AntiGravityGame.from_text`; ``pending`` are the stones waiting on each side.
        Attacks are off unless asked for, so the original's rules stay exact."""
        pairs = {
            "fields": fields,
            "tops": tops,
            "bottoms": bottoms,
            "pending": pending,
            "attack_percent": attack_percent,
        }
        for key, value in pairs.items():
            if not isinstance(value, (list, tuple)) or len(value) != 2:
                raise IllegalMove(f"{key} must give two values, one per player, not {value!r}")
        for count in pending:
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise IllegalMove(f"pending must be whole numbers of at least 0, not {pending!r}")
        match = object.__new__(cls)
        match.seed = seed
        match._handicaps = None
        games = []
        for rows, top, bottom, percent in zip(fields, tops, bottoms, attack_percent):
            try:
                stones = StoneRules(percent, stone_max) if attacks else None
            except ValueError as error:
                raise IllegalMove(str(error)) from None
            games.append(
                AntiGravityGame.from_text(
                    rows,
                    top=top,
                    bottom=bottom,
                    difficulty=difficulty,
                    mode=Mode.VERSUS,
                    seed=seed,
                    settings=settings,
                    stones=stones,
                )
            )
        if len({(game.width, game.height) for game in games}) > 1:
            raise IllegalMove("both fields must be the same size")
        for game, count in zip(games, pending):
            game.pending = count
        match._games = tuple(games)
        match._link()
        match.over = False
        match.winner = None
        return match

    @staticmethod
    def _make(
        settings, handicap: HandicapSettings, seed: int, stones: StoneRules | None
    ) -> AntiGravityGame:
        return AntiGravityGame(
            seed=seed,
            difficulty=settings.difficulty,
            mode=Mode.VERSUS,
            settings=settings,
            colours=handicap.colours,
            turn_frames=seconds_to_frames(handicap.turn_seconds),
            stones=stones,
        )

    def _link(self) -> None:
        """Each field's attacks go to the other's pending stones (when attacks are on)."""
        one, two = self._games
        one.sends_to, two.sends_to = two, one

    def push(self, player: int, side: str, column: int | None = None):
        """``player`` pushes, as :meth:`AntiGravityGame.push`; the turn's ``attack``,
        ``cancelled`` and ``landed`` tell what it did to the stones. Raises once decided."""
        game = self.game(player)
        if self.over:
            raise IllegalMove("the match is over")
        turn = game.push(side, column)
        self.update()
        return turn

    def tick(self, player: int, frames: int = 1):
        """``player``'s turn timer, as :meth:`AntiGravityGame.tick`; a forced push's turn, or
        None (always None once the match is decided)."""
        game = self.game(player)
        if self.over:
            return None
        turn = game.tick(frames)
        if turn is not None:
            self.update()
        return turn

    def pending(self, player: int) -> int:
        """Stones waiting to land on ``player``'s field."""
        return self.game(player).pending

    def game(self, player: int) -> AntiGravityGame:
        return self._games[self._index(player)]

    def progress(self, player: int) -> Progress | None:
        """``player``'s way toward the handicap target; None in a match without targets."""
        if self._handicaps is None:
            return None
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
        progress = [self.progress(p) for p in (1, 2)]
        won = [
            mine is not None and mine.reached and not lost[p - 1]
            for p, mine in zip((1, 2), progress)
        ]
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
        super().__init__(
            seed=contest.seed,
            difficulty=settings.difficulty,
            mode=Mode.CONTEST,
            settings=settings,
            colours=contest.colours,
            turn_frames=seconds_to_frames(contest.turn_seconds),
        )
        self.name = contest.name
        pairs = contest_pairs(contest)
        self._rng = None  # the list is the whole supply
        self._queues = {"top": [top for top, _ in pairs], "bottom": [bottom for _, bottom in pairs]}

    def remaining_pairs(self) -> list[tuple[str, str]]:
        """(top, bottom) colour letters from the current pair to the end of the list."""
        return [
            (COLOURS[top - 1], COLOURS[bottom - 1])
            for top, bottom in zip(self._queues["top"], self._queues["bottom"])
        ]
