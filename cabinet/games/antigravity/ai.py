"""A computer player for ANTI-GRAVITY: attract-mode demos and the CPU opponent.

It searches the pushes it can make, scores each resulting field and picks the best.
``lookahead`` says how far it looks, in pushes:

1. this push only;
2. also the next push: after a push both dispensers advance, so their *next* blocks,
   on show, are exactly the next turn's choices;
3. also a third push whose colour nobody can see yet: for the most promising fields
   it tries every push of every colour and keeps the longest chain one could set
   off. That is how it builds chains: it stacks blocks so that a clear throws the
   blocks above it across the S line (or drops them back) into new runs, and fires
   when the chain is long, or when the stacks near the line.

A field scores well when its stacks stay short of the line and same-coloured blocks
sit next to each other. On the ramp's widening horizon "the line" is the band's edge:
a push never leaves a stack inside the band in force at that turn's end (counting a
row announced to take effect by then), and the evaluation already treats an announced
row as in force, so the AI clears out of it before it comes. A chain is worth far more than its steps apart, so the AI
would rather wait for a long one than clear three blocks at once.

In versus with attacks the AI sees what the panel shows of them: the stones on its
field and the count waiting on its meter. Its search plays the attack, the cancelling
and the landing exactly (landing has no chance in it), values the stones a push sends
or cancels, counts a stone on the field as a cost rather than as material, and a
pending stone as a smaller one, so it clears stones and fires chains to cancel them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cabinet.games.antigravity import field
from cabinet.games.antigravity.field import COLOURS, STONE
from cabinet.games.thought import Thinking, finish

SIDES = ("top", "bottom")
DEAD = -1e9
DOOMED = -1e6  # alive now, but every choice of the next turn ends the game
NO_COLOUR = 7  # stands in for a block of unknown colour: it matches nothing
LOOKAHEADS = (1, 2, 3)
STONES_ONLY = bytes(v == STONE for v in range(256))  # a field's bytes: 1 where a stone is


class AntiGravityAI:
    """``choose(game) -> (column, side)``; deterministic for a given ``seed``.

    ``lookahead``: pushes searched (1, 2 or 3, see the module). ``beam``: how many of
    the best fields of the known pushes get the third, unknown push tried on them.
    ``slip_percent``: the chance of taking a merely good push (second or third best)
    instead of the best, as a weaker CPU level does. The AI reads only what the panel
    shows: the field, each dispenser's current and next block, the total cleared.
    """

    # Weights of the field evaluation, tuned with the bench's seeds.
    POINT_WEIGHT = 0.02  # per point scored
    # What a push's chain is worth by its length: a 4 chain beats four 2 chains.
    CHAIN_REWARD = (0, 0, 30, 120, 400, 900, 1600, 2500, 3600)
    LATER = 0.9  # the next push's gains count a little less: it may not happen
    CHAIN_IN_REACH = 0.5  # share of a chain's worth that a third push could set off
    BLOCK_WEIGHT = 3.0  # per block on the field: material for chains
    PAIR_WEIGHT = 6.0  # per neighbouring pair of one colour (a run in the making)
    HEIGHT_WEIGHT = 0.5  # per squared block of each anchored run
    NEAR_LINE = 12.0  # an anchored run one short of the line
    AT_LINE = 60.0  # an anchored run touching the line
    # Versus attacks: a stone sent or cancelled, a stone on the field, one still pending.
    ATTACK_WEIGHT = 15.0
    STONE_WEIGHT = 8.0
    PENDING_WEIGHT = 4.0

    def __init__(self, seed: int = 0, lookahead: int = 2, beam: int = 32, slip_percent: int = 0):
        if lookahead not in LOOKAHEADS:
            raise ValueError(f"lookahead must be one of {LOOKAHEADS} pushes, not {lookahead!r}")
        self._rng = random.Random(seed)
        self.lookahead = lookahead
        self.beam = beam
        self.slip_percent = slip_percent
        # Per geometry: its neighbour-pair masks (see _pair_masks); each cell's neighbours on the four axes.
        self._masks: dict[field.Geometry, list[tuple[int, int, int]]] = {}
        self._neighbours: dict[field.Geometry, list[list[int]]] = {}

    def choose(self, game) -> tuple[int, str]:
        """The push to make: (column, side). Needs a game that is not over."""
        return finish(self.thinking(game))

    def work(self) -> int:
        """About how many steps :meth:`thinking` takes, to spread them over frames."""
        return 2 * 6 + (self.beam if self.lookahead == 3 else 0)

    def thinking(self, game) -> Thinking:
        """:meth:`choose`, one slice of work per ``next()``; returns (column, side).

        A pilot spreads the slices over the frames it waits anyway, so a slow
        machine never stalls a frame on a whole decision. The AI's random numbers
        change only when the push is returned, so a thought dropped halfway (or run
        in a worker process, whose AI hands back its state) leaves no other trace.
        """
        if game.game_over:
            raise ValueError("the game is over: there is nothing to choose")
        geo = game.geometry
        cells = game.board()
        base = game.base
        now = {side: COLOURS.index(game.current(side)) + 1 for side in SIDES}
        later = {side: game.next(side) for side in SIDES}
        later = {side: COLOURS.index(c) + 1 for side, c in later.items() if c is not None}
        # The depth in force at the end of each searched turn, and the one the evaluation
        # plans for: the band with its announced row, as the screen shows them.
        depths = [game.horizon_after(turn) for turn in (1, 2, 3)]
        stones = game.stones
        pending = game.pending
        planned = game.horizon + (game.horizon_due is not None)
        penalty = self._height_penalty(geo.half - planned, geo.height)
        looks_on = self.lookahead > 1 and len(later) == 2  # a contest's last pair has no next
        rng = random.Random(0)
        rng.setstate(self._rng.getstate())

        firsts: list[list[Any]] = []  # [value, column, side]
        leaves = []  # [value, first, field, total cleared]: the fields after the known pushes
        for side in SIDES:
            for column in range(geo.width):
                # A whisper of noise varies the demos; it never outweighs a real difference.
                noise = rng.random() * 1e-3
                first = [DEAD + noise, column, side]
                firsts.append(first)
                result = self._simulate(
                    cells,
                    geo,
                    side == "bottom",
                    column,
                    now[side],
                    base,
                    game.total_cleared,
                    game.needs_full_scan,
                    depths[0],
                    stones,
                    pending,
                )
                if result is None:
                    continue
                board, gain, total, waiting = result
                gain += noise
                if not looks_on:
                    first[0] = (
                        gain + self._evaluate(board, geo, penalty) - self.PENDING_WEIGHT * waiting
                    )
                    leaves.append([first[0], first, board, total])
                    continue
                first[0] = DOOMED + noise
                for side2 in SIDES:
                    for column2 in range(geo.width):
                        result = self._simulate(
                            board,
                            geo,
                            side2 == "bottom",
                            column2,
                            later[side2],
                            base,
                            total,
                            False,
                            depths[1],
                            stones,
                            waiting,
                        )
                        if result is not None:
                            board2, gain2, total2, waiting2 = result
                            value = (
                                gain
                                + self.LATER * gain2
                                + self._evaluate(board2, geo, penalty)
                                - self.PENDING_WEIGHT * waiting2
                            )
                            first[0] = max(first[0], value)
                            leaves.append([value, first, board2, total2])
                yield

        if self.lookahead == 3:
            leaves.sort(key=lambda leaf: leaf[0], reverse=True)
            colours = game.colours
            for value, first, board, total in leaves[: self.beam]:
                reach = self._chain_in_reach(board, geo, base, total, colours, depths[2])
                first[0] = max(first[0], value + self.CHAIN_IN_REACH * self._reward(reach))
                yield
        firsts.sort(key=lambda first: first[0], reverse=True)
        _, column, side = self._pick(firsts, rng)
        self._rng = rng
        return column, side

    def __getstate__(self):
        # what a thought changes; the geometry caches stay behind (quick to build again)
        return {
            name: value
            for name, value in vars(self).items()
            if name not in ("_masks", "_neighbours")
        }

    def __setstate__(self, state):
        vars(self).update(state, _masks={}, _neighbours={})

    def _pick(self, ranked, rng: random.Random):
        """The best candidate, or now and then (``slip_percent``) a merely good one.

        A slip never takes a push that loses, or one that dooms the next turn, while the
        best does not."""
        if self.slip_percent and rng.random() * 100 < self.slip_percent:
            good = [c for c in ranked[1:3] if c[0] > DOOMED / 2 or c[0] >= ranked[0][0]]
            if good:
                return good[rng.randrange(len(good))]
        return ranked[0]

    # ------------------------------------------------------------------ search helpers

    def _reward(self, chains: int) -> float:
        table = self.CHAIN_REWARD
        if chains < len(table):
            return table[chains]
        return table[-1] + 1000 * (chains - len(table) + 1)

    def _simulate(
        self,
        cells,
        geo,
        from_bottom,
        column,
        colour,
        base,
        total_cleared,
        changed_all,
        depth,
        stones=None,
        pending=0,
    ):
        """(field after, gain, total cleared after, stones still pending) of one push, or
        None if it loses with the band ``depth`` rows a side in force. With ``stones`` (the
        game's versus rules) the push's attack cancels ``pending`` and, after a push without a
        chain, pending stones land, exactly as the engine does."""
        board = cells[:]
        far = field.insert(board, geo, from_bottom, column, colour)
        if far < 0:
            return None
        edge = geo.size - geo.width + column if from_bottom else column
        changed = None if changed_all else range(min(far, edge), max(far, edge) + 1, geo.width)
        points, total, chains, _, attack = field.resolve(
            board, geo, changed, base, total_cleared, False, changed_all
        )
        gain = points * self.POINT_WEIGHT + self._reward(chains)
        if stones is not None:
            attack = stones.attack(attack)
            gain += self.ATTACK_WEIGHT * attack
            pending = max(0, pending - attack)
            if not chains and pending:
                pending -= len(field.land(board, geo, min(pending, stones.stone_max)))
        if field.over_line(board, geo, depth):
            return None
        return board, gain, total, pending

    def _chain_in_reach(self, cells, geo, base, total, colours: int, depth: int) -> int:
        """The longest chain one more push of some colour could set off on ``cells``.

        A push makes runs either by shifting its column (whatever the colour) or through
        the new block, so a colour is only tried where a neighbour of the new block has it.
        """
        longest = 0
        width, size = geo.width, geo.size
        neighbours = self._neighbours_of(geo)
        for from_bottom in (True, False):
            for column in range(width):
                board = cells[:]
                far = field.insert(board, geo, from_bottom, column, NO_COLOUR)
                if far < 0:
                    continue
                edge = size - width + column if from_bottom else column
                changed = range(min(far, edge), max(far, edge) + 1, width)
                if field.find_runs(board, geo, changed):
                    trials: list[tuple[list[int], Sequence[int]]] = [(board, changed)]
                else:
                    trials = []
                    for colour in {board[i] for i in neighbours[edge]} - {0, NO_COLOUR}:
                        if colour <= colours:
                            trial = board[:]
                            trial[edge] = colour
                            trials.append((trial, (edge,)))
                for trial, touched in trials:
                    chains = field.resolve(trial, geo, touched, base, total, False)[2]
                    if chains > longest and not field.over_line(trial, geo, depth):
                        longest = chains
        return longest

    def _neighbours_of(self, geo):
        found = self._neighbours.get(geo)
        if found is None:
            found = [
                [
                    j
                    for axis in range(4)
                    for j in (geo.forward[axis][i], geo.backward[axis][i])
                    if j >= 0
                ]
                for i in range(geo.size)
            ]
            self._neighbours[geo] = found
        return found

    def _height_penalty(self, limit: int, height: int) -> list[float]:
        """Each anchored run's cost by its length; ``limit`` is the longest run that survives
        (half the height less the band's depth planned for). A longer run, inside a row that
        is coming, is as bad as touching the line and worse for each block deeper in."""
        table = [self.HEIGHT_WEIGHT * run * run for run in range(height + 1)]
        table[limit - 1] += self.NEAR_LINE
        for run in range(limit, height + 1):
            table[run] += self.AT_LINE * (run - limit + 1)
        return table

    def _evaluate(self, cells, geo, penalty) -> float:
        """Higher is better: short stacks, many same-coloured neighbours (and blocks to chain).

        It runs over a hundred times per decision, so it works on the field as bytes and
        compares whole shifted copies at once instead of looping over cells.
        """
        width, last = geo.width, geo.height - 1
        field_bytes = bytes(cells)
        score = 0.0
        for column in range(width):
            # Every field the search keeps has a gap in each column (a full one loses).
            line = field_bytes[column::width]
            score -= penalty[line.find(0)] + penalty[last - line.rfind(0)]
        stones = cells.count(STONE)
        stone_bytes = field_bytes.translate(STONES_ONLY) if stones else b""
        pairs = 0
        for offset, length, unpaired in self._pair_masks(geo):
            first = int.from_bytes(field_bytes[:-offset], "big")
            second = int.from_bytes(field_bytes[offset:], "big")
            # Zero bytes of first ^ second are equal neighbours; of first | second, two empties.
            pairs += ((first ^ second) | unpaired).to_bytes(length, "big").count(0)
            pairs -= ((first | second) | unpaired).to_bytes(length, "big").count(0)
            if stones:
                # Two stones side by side are no pair: a stone never joins a run.
                both = int.from_bytes(stone_bytes[:-offset], "big") & int.from_bytes(
                    stone_bytes[offset:], "big"
                )
                pairs -= (both & ~unpaired).to_bytes(length, "big").count(1)
        blocks = geo.size - cells.count(0) - stones
        return (
            score
            + pairs * self.PAIR_WEIGHT
            + blocks * self.BLOCK_WEIGHT
            - stones * self.STONE_WEIGHT
        )

    def _pair_masks(self, geo):
        """Per axis: (index offset of the neighbour, cells compared, mask of cells without one)."""
        masks = self._masks.get(geo)
        if masks is None:
            masks = []
            for (d_row, d_col), forward in zip(field.AXES, geo.forward):
                offset = d_row * geo.width + d_col
                length = geo.size - offset
                unpaired = bytes(0 if forward[i] == i + offset else 255 for i in range(length))
                masks.append((offset, length, int.from_bytes(unpaired, "big")))
            self._masks[geo] = masks
        return masks
