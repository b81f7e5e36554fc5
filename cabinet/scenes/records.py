"""Initials for every record a player earned in a versus series: win streaks and a high score."""

from __future__ import annotations

import logging
from typing import Callable

from cabinet.render import WIDTH, palette, text
from cabinet.scenes.common import heading
from cabinet.scenes.initials import InitialsScene
from cabinet.scenes.tables import table_title
from cabinet.storage.scores import is_streak_table

log = logging.getLogger(__name__)


def record_words(table: str, value: int) -> str:
    """A record as the screen says it: "5 WINS IN A ROW", or the score."""
    if is_streak_table(table):
        return f"{value} WIN{'S' if value != 1 else ''} IN A ROW"
    return f"{table_title(table)}  {value}"


class RecordsInitialsScene(InitialsScene):
    """``player`` enters initials once for ``records`` [(table, value, replay id)];
    ``then`` gets {table: rank} of the entries made."""

    def __init__(self, ctx, player: int, records: list[tuple[str, int, int | None]],
                 then: Callable[[dict[str, int]], None]):
        table, value, replay_id = records[0]
        super().__init__(ctx, table, value, replay_id, player)
        self.records = records
        self.then = then

    def confirm(self) -> None:
        self.done = True
        self.ctx.audio.play("initials_confirm")
        ranks = {}
        for table, value, replay_id in self.records:
            try:
                rank = self.ctx.store.scores.add(table, self.initials, value, replay_id)
            except Exception:
                log.exception("could not save %s's record on %s", self.initials, table)
                continue
            if rank is not None:
                ranks[table] = rank
        self.then(ranks)

    def draw_record(self, surface) -> None:
        streak = any(is_streak_table(table) for table, _, _ in self.records)
        heading(surface, "NEW STREAK RECORD!" if streak else "NEW HIGH SCORE!", 22, palette.YELLOW, 49)
        text(surface, f"PLAYER {self.player}", (WIDTH // 2, 82), 28, palette.CYAN, "midtop")
        for index, (table, value, _) in enumerate(self.records[:2]):
            text(surface, record_words(table, value), (WIDTH // 2, 120 + index * 36), 35, palette.WHITE, "midtop")
