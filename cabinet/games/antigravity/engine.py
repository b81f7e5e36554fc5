"""ANTI-GRAVITY: the rules of RULES.md, Game 2, around the flat field of :mod:`.field`.

The game owns its dispensers (fed by its own seeded ``random.Random``), the cursor,
the turn timer (counted in frames), the score and the game-over state. It is pure:
no pygame, no clock, no global random, so a seed, the settings and the timed actions
reproduce a game exactly.
"""

from __future__ import annotations

import random

from cabinet import FPS
from cabinet.games.antigravity import field
from cabinet.games.antigravity.attacks import StoneRules
from cabinet.games.antigravity.field import COLOURS, LETTERS, STONE
from cabinet.games.antigravity.ramp import ramp_rules
from cabinet.games.antigravity.results import BlockMove, Turn
from cabinet.games.names import Mode
from cabinet.settings.schema import DIFFICULTIES, AntiGravitySettings

SIDES = ("top", "bottom")
MODES = (Mode.SINGLE, Mode.VERSUS, Mode.CONTEST)
# The difficulty value of the score's base (base = value x 10); versus and contest use 30.
DIFFICULTY_VALUE = {"warmup": 1, "normal": 2, "advanced": 3, "hard": 4}
MATCH_BASE = 30
RAMP_COLOURS_AFTER = 2  # ramp steps before the colour count starts to rise


class IllegalMove(ValueError):
    """A push, move or text the rules refuse; the game is left unchanged."""


def seconds_to_frames(seconds: float) -> int:
    return max(1, round(seconds * FPS))


class AntiGravityGame:
    """One player's field, dispensers, cursor and turn timer.

    ``settings`` gives every operator number (None: factory defaults); ``width``,
    ``half_height``, ``colours`` and ``turn_frames`` override it (versus handicaps,
    contest lists, tests). ``ramp`` (None: off; a RampSettings or a mapping of the
    keys of :data:`~cabinet.games.antigravity.ramp.RAMP_KEYS`: on) shortens the turn,
    adds colours as blocks are cleared and widens the horizon (RULES.md "Game length
    on a cabinet"); it is never taken from ``settings``, so the rules stay exact unless
    a caller asks, and a single game is the only one it is for.

    ``horizon`` is the band's depth in force (rows a side the S line has widened by);
    ``horizon_due`` the turns left before the announced row takes effect (1: at the end
    of the next turn), None when no row is announced.

    ``stones`` (None: off; a :class:`~cabinet.games.antigravity.attacks.StoneRules`: on,
    versus only) turns on RULES.md's versus attacks: ``pending`` is the stones waiting to
    land on this field, and each turn's attack left after cancelling goes to the game
    ``sends_to`` (the opponent's, set by the match; a copy sends nowhere).
    """

    def __init__(
        self,
        seed: int = 1,
        difficulty: str = "normal",
        mode: str = Mode.SINGLE,
        width: int | None = None,
        half_height: int | None = None,
        settings: AntiGravitySettings | None = None,
        colours: int | None = None,
        turn_frames: int | None = None,
        ramp=None,
        stones: StoneRules | None = None,
    ):
        settings = settings if settings is not None else AntiGravitySettings()
        if difficulty not in DIFFICULTIES:
            raise ValueError(
                f"unknown difficulty {difficulty!r}; choose from {', '.join(DIFFICULTIES)}"
            )
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose from {', '.join(MODES)}")
        level = settings.difficulties[difficulty]
        width = settings.width if width is None else width
        half = settings.half_height if half_height is None else half_height
        colours = level.colours if colours is None else colours
        turn_frames = seconds_to_frames(level.turn_seconds) if turn_frames is None else turn_frames
        if not 3 <= width <= 32 or not 2 <= half <= 32:
            raise ValueError(f"field size {width}x{2 * half} is out of range")
        if not 1 <= colours <= len(COLOURS):
            raise ValueError(f"colours must be 1 to {len(COLOURS)}, not {colours}")
        if turn_frames < 1:
            raise ValueError(f"turn_frames must be at least 1, not {turn_frames}")

        self.seed = seed
        self.difficulty = difficulty
        self.mode = mode
        self.colours = colours
        self.turn_frames = turn_frames
        self.ramp = ramp_rules(ramp)
        if self.ramp is not None and mode != Mode.SINGLE:
            raise ValueError(f"the ramp is for single games; a {mode} game plays the exact rules")
        if stones is not None and mode != Mode.VERSUS:
            raise ValueError(f"stones are for versus games; a {mode} game has none")
        self.stones = stones
        self.pending = 0  # versus: stones waiting to land on this field
        self.sends_to: AntiGravityGame | None = None
        self.ramp_level = 0  # ramp steps taken so far
        self.horizon = 0  # the band's depth in force, rows a side
        self.horizon_due: int | None = None  # turns before the announced row takes effect
        self._start_colours = colours
        self._start_turn_frames = turn_frames
        self.invert_push = settings.invert_push
        self.forced_side = settings.forced_side
        self.base = MATCH_BASE if mode != Mode.SINGLE else DIFFICULTY_VALUE[difficulty] * 10
        self.geometry = field.geometry(width, half)
        self.width = width
        self.half = half
        self.height = 2 * half

        self.cursor = width // 2
        self.frames_left = turn_frames
        self.score = 0
        self.total_cleared = 0
        self.turns = 0
        self.game_over = False
        self.out_of_blocks = False  # contest: every pair of the list was used
        self._cells = [0] * self.geometry.size
        self._fresh = False  # field read from text: may hold runs or hanging blocks
        self._rng: random.Random | None = random.Random(seed)
        self._queues: dict[str, list[int]] = {"top": [], "bottom": []}
        self._refill()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_text(
        cls,
        rows: list[str],
        top: str = "",
        bottom: str = "",
        difficulty: str = "normal",
        mode: str = Mode.SINGLE,
        total_cleared: int = 0,
        seed: int = 1,
        settings: AntiGravitySettings | None = None,
        colours: int | None = None,
        turn_frames: int | None = None,
        ramp=None,
        horizon: int = 0,
        stones: StoneRules | None = None,
    ) -> AntiGravityGame:
        """A game on the field ``rows`` (its size is the text's), with ``top``/``bottom``
        as the queued dispenser blocks, current first; later blocks come from the seed.

        ``horizon`` is the band's depth in force from the start (0 to half the height
        less 1; single games only). No row is announced yet, whatever the level.
        A versus field may hold stones, written ``+``."""
        if not isinstance(rows, (list, tuple)) or not all(isinstance(row, str) for row in rows):
            raise IllegalMove("a field is a list of text rows")
        if not rows or len(rows) % 2:
            raise IllegalMove(f"a field needs an even, non-zero number of rows, not {len(rows)}")
        if (
            isinstance(total_cleared, bool)
            or not isinstance(total_cleared, int)
            or total_cleared < 0
        ):
            raise IllegalMove(
                f"total_cleared must be a whole number of at least 0, not {total_cleared!r}"
            )
        width = len(rows[0])
        if any(len(row) != width for row in rows):
            raise IllegalMove("field rows differ in length")
        game = cls(
            seed=seed,
            difficulty=difficulty,
            mode=mode,
            width=width,
            half_height=len(rows) // 2,
            settings=settings,
            colours=colours,
            turn_frames=turn_frames,
            ramp=ramp,
            stones=stones,
        )
        half = len(rows) // 2
        if (
            isinstance(horizon, bool)
            or not isinstance(horizon, int)
            or not 0 <= horizon <= half - 1
        ):
            raise IllegalMove(
                f"horizon must be a whole number from 0 to {half - 1}, not {horizon!r}"
            )
        if horizon and mode != Mode.SINGLE:
            raise IllegalMove(f"a {mode} game has no horizon band")
        game._cells = [game._cell_of(ch) for row in rows for ch in row]
        game.total_cleared = total_cleared
        game.horizon = horizon
        game._climb_ramp()
        game._fresh = True
        game._rng = random.Random(seed)
        game._queues = {
            "top": [game._colour_of(ch) for ch in top],
            "bottom": [game._colour_of(ch) for ch in bottom],
        }
        game._refill()
        return game

    def copy(self) -> AntiGravityGame:
        """An independent copy (previews, AI search); its random generator continues alike."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.sends_to = None  # a preview's attacks reach no one
        twin._cells = self._cells[:]
        twin._queues = {side: queue[:] for side, queue in self._queues.items()}
        if self._rng is not None:
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
        return twin

    def __getstate__(self):
        # An AI's thought carries this game alone, never the opponent's it sends to.
        return {**self.__dict__, "sends_to": None}

    # ------------------------------------------------------------------ reading the state

    def to_text(self) -> list[str]:
        cells, width = self._cells, self.width
        return [
            "".join(LETTERS[c] for c in cells[r * width : (r + 1) * width])
            for r in range(self.height)
        ]

    def cell(self, row: int, col: int) -> str | None:
        """The colour letter at (row, col), ``+`` for a stone, None when empty."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise IllegalMove(
                f"cell ({row}, {col}) is outside the {self.width}x{self.height} field"
            )
        value = self._cells[row * self.width + col]
        return LETTERS[value] if value else None

    @property
    def needs_full_scan(self) -> bool:
        """True on a field read from text until its first clear: such a field may hold runs
        anywhere and hanging blocks, so pushes check every cell and the first clear settles
        every column, not only the columns it touched."""
        return self._fresh

    def board(self) -> list[int]:
        """A copy of the field as a flat row-major list: 0 empty, 1.. the colours R G B Y P,
        :data:`~cabinet.games.antigravity.field.STONE` a stone."""
        return self._cells[:]

    def current(self, side: str) -> str | None:
        """The block the ``side`` dispenser pushes next; None once a contest list is used up."""
        queue = self._queues[self._side(side)]
        return COLOURS[queue[0] - 1] if queue else None

    def next(self, side: str) -> str | None:
        """The preview block after the current one; None at the end of a contest list."""
        queue = self._queues[self._side(side)]
        return COLOURS[queue[1] - 1] if len(queue) > 1 else None

    def horizon_after(self, turns: int) -> int:
        """The depth in force at the game-over test of the ``turns``-th turn from now (1: the
        coming one): today's, plus the announced row once its turns are up. It counts only
        what the screen shows, not rows that later turns may announce."""
        due = self.horizon_due
        return self.horizon + (due is not None and due <= turns)

    def push_side(self, key: str) -> str:
        """The side the "up" or "down" key pushes from, honouring ``invert_push``."""
        if key not in ("up", "down"):
            raise IllegalMove(f"push key must be 'up' or 'down', not {key!r}")
        from_bottom = (key == "up") != self.invert_push
        return "bottom" if from_bottom else "top"

    # ------------------------------------------------------------------ actions

    def move(self, delta: int) -> int:
        """Move the shared cursor one column (it stops at the edges); returns the cursor."""
        if self.game_over:
            raise IllegalMove("the game is over")
        if delta not in (-1, 1) or isinstance(delta, bool):
            raise IllegalMove(f"the cursor moves by -1 or +1, not {delta!r}")
        self.cursor = min(self.width - 1, max(0, self.cursor + delta))
        return self.cursor

    def push(self, side: str, column: int | None = None) -> Turn:
        """Push the ``side`` dispenser's block into ``column`` (default: the cursor's).

        The cursor moves to that column, the timer restarts, the other dispenser's
        block is discarded, and matching, relocation and chains run to the end.
        """
        return self._push(side, column, forced=False)

    def tick(self, frames: int = 1) -> Turn | None:
        """Advance the turn timer; when it runs out, the forced push's turn is returned.

        Frames past a forced push are dropped: the screen animates the push and holds
        the timer while the chain resolves. Does nothing once the game is over.
        """
        if isinstance(frames, bool) or not isinstance(frames, int) or frames < 0:
            raise IllegalMove(f"frames must be a whole number >= 0, not {frames!r}")
        if self.game_over:
            return None
        self.frames_left -= frames
        if self.frames_left > 0:
            return None
        return self._push(self.forced_side, None, forced=True)

    # ------------------------------------------------------------------ the rules

    def _push(self, side: str, column: int | None, forced: bool) -> Turn:
        if self.game_over:
            raise IllegalMove("the game is over")
        side = self._side(side)
        if column is None:
            column = self.cursor
        if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column < self.width:
            raise IllegalMove(f"column {column!r} is outside 0..{self.width - 1}")
        other = "bottom" if side == "top" else "top"
        colour = self._queues[side][0]
        discarded = self._queues[other][0]

        cells, geo = self._cells, self.geometry
        from_bottom = side == "bottom"
        far = field.insert(cells, geo, from_bottom, column, colour)
        self.turns += 1
        self.cursor = column
        self.frames_left = self.turn_frames
        letter, other_letter = COLOURS[colour - 1], COLOURS[discarded - 1]
        if far < 0:
            self.game_over = True
            return Turn(side, column, letter, other_letter, forced, (), (), 0, True, jam=True)

        for queue in self._queues.values():
            del queue[0]
        self._refill()

        width = self.width
        far_row = far // width
        if from_bottom:
            rows = range(far_row + 1, self.height)  # each moved up one row
            step = -1
        else:
            rows = range(far_row)  # each moved down one row
            step = 1
        shifted = tuple(
            BlockMove(column, row, row + step, LETTERS[cells[(row + step) * width + column]])
            for row in rows
        )
        edge = column if not from_bottom else geo.size - width + column
        changed: range | None = range(min(far, edge), max(far, edge) + 1, width)
        if self._fresh:
            changed = None
        points, self.total_cleared, _, steps, raw_attack = field.resolve(
            cells, geo, changed, self.base, self.total_cleared, record=True, settle_all=self._fresh
        )
        self._fresh = self._fresh and not steps
        self.score += points
        self._climb_ramp()
        # The end of the turn, in RULES.md's order: the attack and cancelling, the landing
        # (versus), the announced row counts down (and may take effect), the game-over test
        # with the depth then in force, a new announcement (none once the game is over:
        # there is no turn left to warn of).
        attack, cancelled, landed = self._attack_and_land(raw_attack, bool(steps))
        widened = self._count_down_row()
        over = field.over_line(cells, geo, self.horizon)
        if not self._queues["top"] or not self._queues["bottom"]:
            self.out_of_blocks = True
        self.game_over = over or self.out_of_blocks
        announced = not self.game_over and self._announce_row()
        by_band = over and self.horizon > 0 and not field.over_line(cells, geo)
        return Turn(
            side,
            column,
            letter,
            other_letter,
            forced,
            shifted,
            steps,
            points,
            self.game_over,
            out_of_blocks=self.out_of_blocks,
            widened=widened,
            announced=announced,
            by_band=by_band,
            attack=attack,
            cancelled=cancelled,
            landed=tuple(i % width for i in landed),
            landed_cells=tuple(divmod(i, width) for i in landed),
        )

    def _attack_and_land(self, raw_attack: int, chained: bool) -> tuple[int, int, list[int]]:
        """Versus attacks at a turn's end: (attack after the handicap, how much of it
        cancelled this field's pending stones, cell indices of stones that landed here).
        The rest of the attack joins the opponent's pending stones; a turn without a chain
        step lands up to ``stone_max`` of this field's own."""
        if self.stones is None:
            return 0, 0, []
        attack = self.stones.attack(raw_attack)
        cancelled = min(attack, self.pending)
        self.pending -= cancelled
        if self.sends_to is not None:
            self.sends_to.pending += attack - cancelled
        if chained or not self.pending:
            return attack, cancelled, []
        landed = field.land(self._cells, self.geometry, min(self.pending, self.stones.stone_max))
        self.pending -= len(landed)
        return attack, cancelled, landed

    def _count_down_row(self) -> bool:
        """Step 1 of a turn's end: the announced row's count drops; at 0 it takes effect (True)."""
        if self.horizon_due is None:
            return False
        self.horizon_due -= 1
        if self.horizon_due:
            return False
        self.horizon_due = None
        self.horizon += 1
        return True

    def _announce_row(self) -> bool:
        """Step 3: announce the next row (True) if the level's target depth is deeper than the
        band and no row is announced already, so rows come one at a time."""
        if self.ramp is None or self.horizon_due is not None:
            return False
        if self.ramp.target_depth(self.ramp_level, self.half) <= self.horizon:
            return False
        self.horizon_due = self.ramp.horizon_warning
        return True

    def _climb_ramp(self) -> None:
        """Take the ramp steps the total cleared has earned: from the next turn, a shorter
        turn (down to ``ramp.min_seconds``) and, after the first two steps, one more colour per
        step (up to 5) for the blocks drawn from then on."""
        if self.ramp is None:
            return
        level = self.total_cleared // self.ramp.clears
        if level == self.ramp_level:
            return
        self.ramp_level = level
        start = self._start_turn_frames
        shortest = min(start, seconds_to_frames(self.ramp.min_seconds))
        self.turn_frames = max(shortest, start - level * round(self.ramp.step_seconds * FPS))
        self.frames_left = self.turn_frames
        self.colours = max(
            self._start_colours, min(len(COLOURS), self._start_colours + level - RAMP_COLOURS_AFTER)
        )

    def _refill(self) -> None:
        """Keep a current and a next block in each dispenser (endless games only)."""
        if self._rng is None:
            return
        draw = self._rng.randrange
        for side in SIDES:
            queue = self._queues[side]
            while len(queue) < 2:
                queue.append(draw(self.colours) + 1)

    def _side(self, side: str) -> str:
        if not isinstance(side, str) or side not in SIDES:
            raise IllegalMove(f"side must be 'top' or 'bottom', not {side!r}")
        return side

    def _cell_of(self, letter: str) -> int:
        """A field text's letter as a cell: ``.`` empty, a colour, or ``+`` (versus only)."""
        if letter == ".":
            return 0
        if letter == "+":
            if self.mode != Mode.VERSUS:
                raise IllegalMove(f"stones ('+') are for versus games; a {self.mode} game has none")
            return STONE
        return self._colour_of(letter)

    def _colour_of(self, letter: str) -> int:
        index = COLOURS[: self.colours].find(letter)
        if index < 0 or len(letter) != 1:
            raise IllegalMove(
                f"unknown colour letter {letter!r}: this game uses {COLOURS[: self.colours]}"
            )
        return index + 1

    def __repr__(self) -> str:
        return (
            f"<AntiGravityGame {self.mode} {self.difficulty} seed={self.seed} "
            f"turns={self.turns} score={self.score}{' over' if self.game_over else ''}>"
        )
