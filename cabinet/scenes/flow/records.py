"""Initials for every record a player earned in a versus series: win streaks and a high score."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from cabinet.language import N_, tr
from cabinet.render import WIDTH, palette
from cabinet.render.text import fit_size
from cabinet.scenes.flow.initials import InitialsScene
from cabinet.scenes.flow.tables import game_title, score_words, table_title
from cabinet.storage.scores import LADDER_TOP, is_ladder_table, is_streak_table

log = logging.getLogger(__name__)


LADDER_RECORD = N_("{game}  {levels} BEATEN")  # "BLOCKS  2 LEVELS BEATEN"
LADDER_CLEARED = N_("{game}  MASTER CLEAR")
HEADING_LADDER = N_("NEW LADDER RECORD!")


def record_words(table: str, value: int) -> str:
    """A record as the screen says it: "5 WINS IN A ROW", "BLOCKS  2 LEVELS BEATEN", "BLOCKS  MASTER CLEAR",
    or "VERSUS HIGH SCORE 4890"."""
    if is_streak_table(table):
        return tr("{wins} WINS IN A ROW", wins=value) if value != 1 else tr("1 WIN IN A ROW")
    if is_ladder_table(table):
        game = game_title(table.split("/")[1])
        if value >= LADDER_TOP:
            return tr(LADDER_CLEARED, game=game)
        return tr(LADDER_RECORD, game=game, levels=score_words(table, value))
    return tr("{table} HIGH SCORE {score}", table=table_title(table), score=value)


@dataclass(frozen=True)
class Entry:
    """A record already on its table under placeholder initials: ``player``'s ``value``."""

    player: int
    table: str
    value: int
    rank: int
    entry_id: int


def enter_record(
    ctx, player: int, table: str, value: int, replay_id: int | None = None, before=()
) -> Entry | None:
    """Put a record on its table now, under placeholder initials, so a power cut during
    the initials entry loses none; None when it does not make the table (or cannot be saved).
    ``before``: statements (replay, audits) written in the same transaction."""
    try:
        rank, entry_id = ctx.store.scores.enter(table, value, replay_id, before=before)
    except Exception:
        log.exception("could not save the record of %s on %s", value, table)
        return None
    return Entry(player, table, value, rank, entry_id) if rank is not None else None


class RecordsInitialsScene(InitialsScene):
    """``player`` enters initials once for ``entries`` (made by :func:`enter_record`);
    ``then`` gets {table: rank} of those entries."""

    def __init__(
        self, ctx, player: int, entries: list[Entry], then: Callable[[dict[str, int]], None]
    ):
        first = entries[0]
        super().__init__(
            ctx, first.table, first.value, None, player, rank=first.rank, entry_id=first.entry_id
        )
        self.entries = entries
        self.then = then

    def confirm(self) -> None:
        self.done = True
        self.ctx.audio.play("initials_confirm")
        for entry in self.entries:
            try:
                self.ctx.store.scores.set_initials(entry.entry_id, self.initials)
            except Exception:
                log.exception("could not save %s's initials on %s", self.initials, entry.table)
        self.then({entry.table: entry.rank for entry in self.entries})

    def record_lines(self) -> list[tuple[str, int, tuple]]:
        streak = any(is_streak_table(entry.table) for entry in self.entries)
        ladder = any(is_ladder_table(entry.table) for entry in self.entries)
        title = (
            tr("NEW STREAK RECORD!")
            if streak
            else tr(HEADING_LADDER)
            if ladder
            else tr("NEW HIGH SCORE!")
        )
        lines = [
            (title, fit_size(title, 49, WIDTH - 40), palette.YELLOW),
            (tr("PLAYER {side}", side=self.player), 28, palette.CYAN),
        ]
        for entry in self.entries[:2]:
            words = record_words(entry.table, entry.value)
            lines.append((words, fit_size(words, 28, WIDTH - 40), palette.WHITE))
        return lines
