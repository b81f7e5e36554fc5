"""What the ramp of a single BLOCKS game shows: LEVEL UP, and its stones dropping onto the
board one after another, as versus stones do, instead of just appearing with the tray."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cabinet.games.blocks.engine import RAMP_MAX_STONES
from cabinet.language import tr
from cabinet.render import palette
from cabinet.render.sprites import block
from cabinet.scenes.blocks.shown_seat import FALL_STAGGER, FallingStone
from cabinet.scenes.kit.callout import Callout


class RampShow:
    """The ramp's events over one game's board; ``play`` makes a sound by name."""

    def __init__(self, game, play: Callable[[str], object]):
        self.level = game.ramp_level
        self.falling: list[FallingStone] = []
        self._play = play
        self._thud_in: int | None = None  # frames until the next landing's first stone drops

    def after_move(self, game, result, wait: int, centre: tuple[int, int]) -> list[Callout]:
        """A move was made; ``wait`` frames of its clear play before its stones drop. Returns
        the callout to show, if any: LEVEL UP, with how many stones each tray now brings."""
        callouts = []
        if game.ramp_level > self.level:
            self.level = game.ramp_level
            self._play("blocks_level_up")
            stones = min(self.level, RAMP_MAX_STONES)
            each = (
                tr("{stones} STONES EACH NEW TRAY", stones=stones)
                if stones > 1
                else tr("1 STONE EACH NEW TRAY")
            )
            callouts.append(
                Callout(
                    tr("LEVEL {level} UP!", level=self.level + 1), palette.ORANGE, centre, 49, each
                )
            )
        if result.landed:
            self.falling += [
                FallingStone(row, col, wait + index * FALL_STAGGER)
                for index, (row, col) in enumerate(result.landed)
            ]
            self._thud_in = wait
        return callouts

    def tick(self) -> None:
        if self._thud_in is not None:
            if self._thud_in == 0:
                self._play("versus_stones")
                self._thud_in = None
            else:
                self._thud_in -= 1
        for stone in self.falling:
            stone.age += 1
        self.falling = [stone for stone in self.falling if not stone.done]

    def hidden(self) -> set[tuple[int, int]]:
        """Cells whose stone is still on its way: not drawn at rest yet."""
        return {(stone.row, stone.col) for stone in self.falling}

    def draw(self, surface: pygame.Surface, board: pygame.Rect, cell: int) -> None:
        """The stones dropping in from the board's top edge."""
        if not self.falling:
            return
        clip = surface.get_clip()
        surface.set_clip(board)
        sprite = block(cell - 2, palette.GREY)
        for stone in self.falling:
            if stone.age >= stone.delay:
                y = board.y + (stone.row - stone.height()) * cell + 1
                surface.blit(sprite, (board.x + stone.col * cell + 1, int(y)))
        surface.set_clip(clip)
