"""The fleet's network rankings on screen (issue 15): attract pages and "NETWORK #3" after a game.

Everything here reads the link's merged tables, values the network thread
replaces whole: drawing never waits on the network.
"""

from __future__ import annotations

import pygame

from cabinet.language import tr
from cabinet.network.snapshots import is_factory_entry
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import text, text_size
from cabinet.scenes.flow.tables import (
    ROW_GAP,
    ScoreTablesScene,
    draw_table,
    table_title,
    table_words,
)
from cabinet.scenes.kit.widgets import draw_backdrop

WIDE = 760
LABEL_X = 110  # the cabinet column, between the rank and the initials
LABEL_W = WIDE // 2 - 40 - LABEL_X - 16
LABEL_SIZE = 14


def shows_network(ctx) -> bool:
    """True when this cabinet is linked and the operator wants the network rankings shown."""
    return ctx.network is not None and ctx.settings.network.show_rankings


def network_place(ctx, table: str, score: int | None, rank: int | None, entries) -> int | None:
    """The network place of a score that just took local ``rank`` in ``entries`` (the local
    table); None when the rankings are not shown or it is not in the network table."""
    if not shows_network(ctx) or rank is None or score is None:
        return None
    own_above = sum(
        1
        for entry in entries
        if entry.rank < rank
        and not is_factory_entry(table, entry.initials, entry.score, entry.replay_id)
    )
    return ctx.network.rank(table, score, own_above)


class NetworkTablesScene(ScoreTablesScene):
    """An attract page per network table that has entries, each row tagged with its cabinet."""

    def __init__(
        self, ctx, heading_text: str, tables: list[str], page_seconds: float, game: str = ""
    ):
        network = ctx.network
        assert network is not None, "the network rankings show on a linked cabinet only"
        self.network = network  # before the base is made: it reads the tables
        known = [table for table in tables if network.table(table)]
        super().__init__(ctx, heading_text, known, page_seconds, game)
        self.pages = [[table] for table in known]

    def read(self, table: str) -> list:
        return list(self.network.table(table))

    @property
    def finished(self) -> bool:
        return not self.pages or super().finished

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        self.draw_heading(surface)
        if not self.pages:
            return
        table = self.pages[self._page()][0]
        rect = pygame.Rect((WIDTH - WIDE) // 2, 80, WIDE, 56 + 10 * ROW_GAP + 4)
        draw_table(
            surface,
            rect,
            table_title(table),
            self.entries[table],
            frame=self.frames,
            words=table_words(table),
        )
        for index, entry in enumerate(self.entries[table][:10]):
            text(
                surface,
                _fitted(entry.cabinet.upper()),
                (rect.x + LABEL_X, rect.y + 60 + index * ROW_GAP),
                LABEL_SIZE,
                palette.GREY,
            )


def _fitted(label: str) -> str:
    """A cabinet id cut to the column, never shrunk below a readable size."""
    while len(label) > 1 and text_size(label, LABEL_SIZE)[0] > LABEL_W:
        label = label[:-1]
    return label


def draw_network_place(surface, place: int | None) -> None:
    """ "NETWORK #3" under the ranking table, for a score that made the network table (the line
    says YOUR SCORE only for a score that made no table, so the two never meet)."""
    if place is not None:
        text(
            surface,
            tr("NETWORK #{place}", place=place),
            (WIDTH // 2, HEIGHT - 66),
            28,
            palette.MAGENTA,
            "midtop",
        )
