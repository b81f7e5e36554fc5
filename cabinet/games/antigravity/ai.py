"""A computer player for ANTI-GRAVITY: attract-mode demos and the CPU side of versus.

It tries both dispensers in every column, scores each resulting field, and looks one
turn further for the most promising few using the dispensers' known *next* blocks
(after a push both dispensers advance, so those are exactly the next turn's choices).
A field scores well when its stacks stay short of the S line and same-coloured blocks
sit next to each other, ready to become runs and chains.
"""

from __future__ import annotations

import random

from cabinet.games.antigravity import field
from cabinet.games.antigravity.field import COLOURS

SIDES = ("top", "bottom")
DEAD = -1e9
DOOMED = -1e6   # alive now, but every choice of the next turn ends the game


class AntiGravityAI:
    """``choose(game) -> (column, side)``; deterministic for a given ``seed``.

    ``lookahead``: pushes searched, 1 (this push only) or 2 (also the next push, whose
    blocks are on show). ``beam`` is how many of the best first pushes get the lookahead.
    ``slip_percent``: the chance of taking a merely good push (second or third best)
    instead of the best, as a weaker CPU level does. The AI reads only what the panel
    shows: the field, each dispenser's current and next block, the total cleared.
    """

    # Weights of the field evaluation, tuned on the bench's seeds.
    POINT_WEIGHT = 0.02      # per point scored
    CHAIN_WEIGHT = 100.0     # per chain step after the first: worth waiting for
    BLOCK_WEIGHT = -3.0      # per block on the field; negative: keep material for chains
    PAIR_WEIGHT = 6.0        # per neighbouring pair of one colour (a run in the making)
    HEIGHT_WEIGHT = 0.5      # per squared block of each anchored run
    NEAR_LINE = 12.0         # an anchored run one short of the line
    AT_LINE = 60.0           # an anchored run touching the line

    def __init__(self, seed: int = 0, beam: int = 4, lookahead: int = 2, slip_percent: int = 0):
        if lookahead not in (1, 2):
            raise ValueError(f"lookahead must be 1 or 2 pushes, not {lookahead!r}")
        self._rng = random.Random(seed)
        self.beam = beam
        self.lookahead = lookahead
        self.slip_percent = slip_percent
        self._masks = {}   # geometry -> its neighbour-pair masks (see _pair_masks)

    def choose(self, game) -> tuple[int, str]:
        """The push to make: (column, side). Needs a game that is not over."""
        if game.game_over:
            raise ValueError("the game is over: there is nothing to choose")
        geo = game.geometry
        cells = game.board()
        changed_all = game.needs_full_scan
        now = {side: COLOURS.index(game.current(side)) + 1 for side in SIDES}
        later = {side: game.next(side) for side in SIDES}
        later = {side: COLOURS.index(c) + 1 for side, c in later.items() if c is not None}
        penalty = self._height_penalty(geo.half, geo.height)

        candidates = []   # [value, noise, column, side, field after, total cleared after, gain]
        for side in SIDES:
            for column in range(geo.width):
                # A whisper of noise varies the demos; it never outweighs a real difference.
                noise = self._rng.random() * 1e-3
                result = self._simulate(cells, geo, side, column, now[side], game.base,
                                        game.total_cleared, changed_all)
                if result is None:
                    candidates.append([DEAD + noise, noise, column, side, None, 0, 0.0])
                    continue
                board, gain, total = result
                value = gain + self._evaluate(board, geo, penalty) + noise
                candidates.append([value, noise, column, side, board, total, gain])
        candidates.sort(key=lambda candidate: candidate[0], reverse=True)
        best = candidates[:self.beam]

        if self.lookahead > 1 and len(later) == 2:   # a contest's last pair shows no next blocks
            for candidate in best:
                _, noise, _, _, board, total, gain = candidate
                if board is not None:
                    candidate[0] = gain + noise + self._look_ahead(board, total, geo, later,
                                                                   game.base, penalty)
            best.sort(key=lambda candidate: candidate[0], reverse=True)
        _, _, column, side, *_ = self._pick(best)
        return column, side

    def _pick(self, ranked):
        """The best candidate, or now and then (``slip_percent``) a merely good one.

        A slip never takes a push that loses, or one that dooms the next turn, while the
        best does not."""
        if self.slip_percent and self._rng.random() * 100 < self.slip_percent:
            good = [c for c in ranked[1:3] if c[0] > DOOMED / 2 or c[0] >= ranked[0][0]]
            if good:
                return good[self._rng.randrange(len(good))]
        return ranked[0]

    def _look_ahead(self, board, total, geo, colours, base, penalty) -> float:
        """The value of the best push of the next turn, with the blocks already on show."""
        best = DOOMED
        for side in SIDES:
            for column in range(geo.width):
                result = self._simulate(board, geo, side, column, colours[side], base, total, False)
                if result is not None:
                    board2, gain, _ = result
                    best = max(best, gain + self._evaluate(board2, geo, penalty))
        return best

    # ------------------------------------------------------------------ search helpers

    def _simulate(self, cells, geo, side, column, colour, base, total_cleared, changed_all):
        """(field after, gain, total cleared after) of one push, or None if it loses.

        The gain weighs the points and adds a reward for every chain step past the first."""
        board = cells[:]
        from_bottom = side == "bottom"
        far = field.insert(board, geo, from_bottom, column, colour)
        if far < 0:
            return None
        edge = geo.size - geo.width + column if from_bottom else column
        changed = None if changed_all else range(min(far, edge), max(far, edge) + 1, geo.width)
        points, total, chains, _ = field.resolve(board, geo, changed, base, total_cleared, False,
                                                 changed_all)
        if field.over_line(board, geo):
            return None
        return board, points * self.POINT_WEIGHT + self.CHAIN_WEIGHT * max(0, chains - 1), total

    def _height_penalty(self, half: int, height: int) -> list[float]:
        table = [self.HEIGHT_WEIGHT * run * run for run in range(height + 1)]
        table[half - 1] += self.NEAR_LINE
        table[half] += self.AT_LINE
        return table

    def _evaluate(self, cells, geo, penalty) -> float:
        """Higher is better: short stacks, many same-coloured neighbours (and blocks to chain).

        It runs some fifty times per decision, so it works on the field as bytes and
        compares whole shifted copies at once instead of looping over cells.
        """
        width, last = geo.width, geo.height - 1
        field_bytes = bytes(cells)
        score = 0.0
        for column in range(width):
            # Every field the search keeps has a gap in each column (a full one loses).
            line = field_bytes[column::width]
            score -= penalty[line.find(0)] + penalty[last - line.rfind(0)]
        pairs = 0
        for offset, length, unpaired in self._pair_masks(geo):
            first = int.from_bytes(field_bytes[:-offset], "big")
            second = int.from_bytes(field_bytes[offset:], "big")
            # Zero bytes of first ^ second are equal neighbours; of first | second, two empties.
            pairs += ((first ^ second) | unpaired).to_bytes(length, "big").count(0)
            pairs -= ((first | second) | unpaired).to_bytes(length, "big").count(0)
        blocks = geo.size - cells.count(0)
        return score + pairs * self.PAIR_WEIGHT - blocks * self.BLOCK_WEIGHT

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
