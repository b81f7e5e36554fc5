"""The instruments round an ANTI-GRAVITY field: progress bars, pair list (the ring timer is in the kit).

Each piece draws into a rectangle it is given and keeps its expensive pictures
cached, so the play screen costs a handful of blits per frame.
"""

from __future__ import annotations

import pygame

from cabinet.language import tr
from cabinet.render import palette
from cabinet.render.glyphs import TRIANGLE_DOWN, TRIANGLE_UP
from cabinet.render.text import fit_size, text, text_size
from cabinet.scenes.antigravity.field_view import block_sprite
from cabinet.scenes.kit.ring_timer import RING_TRACK
from cabinet.scenes.kit.widgets import READABLE


def progress_bar(
    surface: pygame.Surface, rect: pygame.Rect, value: int, target: int, colour
) -> None:
    """A framed bar filled ``value / target`` of the way."""
    pygame.draw.rect(surface, RING_TRACK, rect, border_radius=4)
    share = 0.0 if target <= 0 else max(0.0, min(1.0, value / target))
    if share:
        inner = rect.inflate(-6, -6)
        inner.width = max(2, round(inner.width * share))
        pygame.draw.rect(surface, colour, inner, border_radius=3)
    pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 2, border_radius=4)


def parts_that_fit(words: str, size: int, width: int) -> list[str]:
    """``words`` as one line when it fits ``width`` at ``size``, else split where it leaves two
    spaces between its parts ("4 COLOURS  8S TURN"), one a line: each stays at ``size``."""
    return [words] if fit_size(words, size, width) >= size else words.split("  ")


class PairList:
    """The contest's remaining dispenser pairs, scrollable, the current pair first.

    Each row shows the pair's number in the list, its top block and its bottom block.
    """

    ROW = 32  # its blocks 24 px: their shapes read from 2 m (issue 41.5)
    HEAD = 58  # the heading and the column titles above the rows

    def __init__(self, rect: pygame.Rect, total: int, symbols: bool = True):
        self.rect = rect
        self.symbols = symbols
        self.total = total
        self.offset = 0
        self.rows = max(1, (rect.height - self.HEAD) // self.ROW)

    def scroll(self, amount: int, remaining: int) -> bool:
        """Scroll by ``amount`` rows; False when already at that end."""
        new = max(0, min(max(0, remaining - self.rows), self.offset + amount))
        moved = new != self.offset
        self.offset = new
        return moved

    def draw(self, surface: pygame.Surface, pairs: list[tuple[str, str]]) -> None:
        rect = self.rect
        self.offset = max(0, min(self.offset, max(0, len(pairs) - self.rows)))
        used = self.total - len(pairs)
        text(
            surface,
            tr("{pairs} PAIRS LEFT", pairs=len(pairs)),
            (rect.centerx, rect.y),
            21,
            palette.TITLE,
            "midtop",
            max_width=rect.width - 16,
        )
        number_x = rect.x + 14
        block = self.ROW - 8
        top_x = number_x + text_size("000", READABLE)[0] + 22
        bottom_x = top_x + max(58, text_size("BTM", READABLE)[0] + 16)  # its heading clear of TOP
        heads_y = rect.y + 32
        text(surface, tr("NO"), (number_x, heads_y), READABLE, palette.GREY)
        text(surface, tr("TOP"), (top_x + block // 2, heads_y), READABLE, palette.GREY, "midtop")
        text(surface, tr("BTM"), (bottom_x + block // 2, heads_y), READABLE, palette.GREY, "midtop")
        y0 = rect.y + self.HEAD
        for index in range(min(self.rows, len(pairs) - self.offset)):
            k = self.offset + index
            y = y0 + index * self.ROW
            upper, lower = pairs[k]
            current = k == 0
            if current:
                pygame.draw.rect(
                    surface,
                    (60, 60, 120),
                    (rect.x + 4, y - 2, rect.width - 8, self.ROW),
                    border_radius=4,
                )
                text(
                    surface,
                    tr("NOW"),
                    (rect.right - 14, y + 3),
                    READABLE,
                    palette.YELLOW,
                    "topright",
                )
            text(
                surface,
                f"{used + k + 1:>3}",
                (number_x, y + 3),
                READABLE,
                palette.WHITE if current else palette.GREY,
            )
            surface.blit(block_sprite(block, upper, symbols=self.symbols), (top_x, y + 2))
            surface.blit(block_sprite(block, lower, symbols=self.symbols), (bottom_x, y + 2))
        if self.offset > 0:
            text(surface, TRIANGLE_UP, (rect.right - 14, y0 + 2), 21, palette.CYAN, "topright")
        if self.offset + self.rows < len(pairs):
            last = y0 + (self.rows - 1) * self.ROW
            text(surface, TRIANGLE_DOWN, (rect.right - 14, last + 2), 21, palette.CYAN, "topright")
