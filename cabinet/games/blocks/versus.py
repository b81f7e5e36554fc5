"""BLOCKS versus (RULES.md, "BLOCKS versus"): two boards, attacks, cancelling, stones.

Each player has a :class:`BlocksGame` of their own. With ``same_pieces`` both
games draw their trays from generators seeded alike, so the n-th trays match
whoever is faster; each game's stones come from its own generator. A clearing
placement attacks: its stones first cancel the mover's pending stones, the rest
wait on the opponent's meter until the opponent places without clearing (or the
opponent's move timer, counted by the screen, calls :meth:`BlocksVersus.land`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import BlocksGame, PlaceResult

PLAYERS = (1, 2)
LINES = (0, 1, 2, 4, 6)  # attack by lines cleared at once; 5 or more lines make LINES_MANY
LINES_MANY = 8
STREAK_CAP = 4
WIPE_OUT_ATTACK = 6
PERCENT_RANGE = (50, 200)


@dataclass
class VersusPlaceResult(PlaceResult):
    """A versus placement: everything :class:`PlaceResult` says, and the attack."""

    attack: int = 0  # stones this move made, after the handicap
    cancelled: int = 0  # how many of them cancelled the mover's own pending stones


def attack_stones(lines: int, streak_before: int, wipe_out: bool, percent: int = 100) -> int:
    """Stones a placement sends: ``LINES[L] + min(streak, 4) (+ 6 on a wipe-out)``, then the
    handicap ``attack * percent // 100``. A placement that clears nothing sends none."""
    if lines <= 0:
        return 0
    attack = (LINES[lines] if lines < len(LINES) else LINES_MANY) + min(streak_before, STREAK_CAP)
    if wipe_out:
        attack += WIPE_OUT_ATTACK
    return attack * percent // 100


class BlocksVersus:
    """A BLOCKS versus game between players 1 and 2; pure and seeded like :class:`BlocksGame`.

    A move that ends a player's game decides at once, unless ``by_frame``: then the
    game is decided by :meth:`update`, which a screen calls once both players' moves of
    a frame are made, so the other player's move of that same frame still counts and
    both games ending on one frame is a draw.
    """

    def __init__(
        self,
        seed: int = 1,
        rotation: bool = False,
        piece_set: str = "classic",
        gravity: bool = True,
        attack_percent=(100, 100),
        same_pieces: bool = True,
        land_max: int = 8,
        by_frame: bool = False,
    ):
        self.by_frame = bool(by_frame)
        self.attack_percent = _percents(attack_percent)
        if isinstance(land_max, bool) or not isinstance(land_max, int) or land_max < 1:
            raise ValueError(f"land_max must be a whole number of at least 1, not {land_max!r}")
        self.seed = seed
        self.same_pieces = bool(same_pieces)
        self.land_max = land_max
        self._games = {
            player: BlocksGame(
                seed=self._tray_seed(player),
                rotation=rotation,
                piece_set=piece_set,
                gravity=gravity,
                stone_seed=self._stone_seed(player),
            )
            for player in PLAYERS
        }
        self._pending = dict.fromkeys(PLAYERS, 0)
        self.over = False  # the game is decided: won, or drawn
        self.winner: int | None = None  # None while it is on, or on a draw

    @classmethod
    def from_text(
        cls, boards, trays=(None, None), pending=(0, 0), streaks=(0, 0), seed: int = 1, **options
    ) -> BlocksVersus:
        """A match in a given position: per player (1, 2) a board text (``+`` = stone), a tray
        as in :meth:`BlocksGame.from_text`, pending stones and streak; later trays are drawn
        from ``seed``. ``options`` are the constructor's other keywords. A position in which
        one game is already over is decided; both over is refused."""
        pairs = {"boards": boards, "trays": trays, "pending": pending, "streaks": streaks}
        for name, pair in pairs.items():
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ValueError(f"{name} must give one entry per player (two), not {pair!r}")
        for count in (*pending, *streaks):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(
                    f"pending stones and streaks are whole numbers >= 0, not {count!r}"
                )
        match = cls(seed=seed, **options)
        first = match._games[1]
        for player in PLAYERS:
            i = player - 1
            match._games[player] = BlocksGame.from_text(
                boards[i],
                trays[i],
                seed=match._tray_seed(player),
                rotation=first.rotation,
                gravity=first.gravity,
                piece_set=first.piece_set,
                streak=streaks[i],
                stone_seed=match._stone_seed(player),
            )
            match._pending[player] = pending[i]
        if all(match._games[player].game_over for player in PLAYERS):
            raise ValueError("both games are already over: there is no match to play")
        match.update()
        return match

    # ----------------------------------------------------------------- reading the state
    def game(self, player: int) -> BlocksGame:
        """The player's own game: board (``+`` = stone in its text), tray, score, streak."""
        return self._games[_check_player(player)]

    def pending(self, player: int) -> int:
        """Stones waiting to land on the player's board."""
        return self._pending[_check_player(player)]

    # ----------------------------------------------------------------- actions
    def rotate(self, player: int, slot: int) -> None:
        """Turn the player's piece 90 degrees clockwise (ValueError when rotation is off)."""
        self._check_move(player)
        self._games[player].rotate(slot)

    def place(self, player: int, slot: int, row: int, col: int) -> VersusPlaceResult:
        """The player places a piece; the rules' order: place, clear (with gravity), streak
        and score, attack and cancelling, landing (if nothing cleared), tray refresh,
        game-over check. ValueError, with nothing changed, for an illegal move."""
        self._check_move(player)
        game = self._games[player]
        streak_before = game.streak
        waiting = min(self._pending[player], self.land_max)
        # The game does place, clear, score, landing (only when nothing cleared) and refresh;
        # the attack changes no board, so working it out afterwards gives the same state.
        fields = game._place(slot, row, col, waiting)
        _, _, _, _, rows, cols, _, _, _, _, wipe_out, _, _, landed = fields
        attack = attack_stones(
            len(rows) + len(cols), streak_before, wipe_out, self.attack_percent[player - 1]
        )
        cancelled = min(attack, self._pending[player])
        self._pending[player] -= cancelled + len(landed)
        self._pending[_other(player)] += attack - cancelled
        self._settle(player)
        # mypy miscounts an unsized *fields followed by more arguments
        return VersusPlaceResult(*fields, attack, cancelled)  # type: ignore[call-arg]

    def land(self, player: int) -> list[tuple[int, int]]:
        """The player's move timer ran out: up to ``land_max`` pending stones land now."""
        self._check_move(player)
        landed = self._games[player].land_stones(min(self._pending[player], self.land_max))
        self._pending[player] -= len(landed)
        self._settle(player)
        return landed

    # ----------------------------------------------------------------- inner workings
    def _tray_seed(self, player: int):
        return (
            self.seed if self.same_pieces or player == 1 else f"trays {self.seed} player {player}"
        )

    def _stone_seed(self, player: int) -> str:
        return f"stones {self.seed} player {player}"

    def update(self) -> None:
        """Decide the game once a player's game is over; later calls change nothing.

        The player whose game is over loses; both games over at once is a draw (``over``
        with no ``winner``). Without ``by_frame`` every move calls this itself.
        """
        if self.over:
            return
        lost = [self._games[player].game_over for player in PLAYERS]
        if any(lost):
            self.over = True
            self.winner = None if all(lost) else (2 if lost[0] else 1)

    def _settle(self, player: int) -> None:
        if not self.by_frame:
            self.update()

    def _check_move(self, player: int) -> None:
        _check_player(player)
        if self.over:
            outcome = f"player {self.winner} won" if self.winner is not None else "a draw"
            raise ValueError(f"the match is decided: {outcome}")
        if self._games[player].game_over:
            raise ValueError(f"player {player}'s game is over: no more moves")

    def __repr__(self) -> str:
        scores = ", ".join(f"p{p} {self._games[p].score}" for p in PLAYERS)
        return f"BlocksVersus(seed={self.seed}, {scores}, pending={self._pending}, winner={self.winner})"


def _other(player: int) -> int:
    return 3 - player


def _check_player(player) -> int:
    if player not in PLAYERS or isinstance(player, bool):
        raise ValueError(f"player must be 1 or 2, not {player!r}")
    return player


def _percents(pair) -> tuple[int, int]:
    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
        raise ValueError(f"attack_percent gives one percentage per player, not {pair!r}")
    low, high = PERCENT_RANGE
    for value in pair:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(
                f"attack_percent must be whole numbers from {low} to {high}, not {value!r}"
            )
    return tuple(pair)
