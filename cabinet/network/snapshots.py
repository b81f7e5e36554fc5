"""This cabinet's own snapshots, read from the state file on the network thread."""

from __future__ import annotations

import time

from cabinet.network.merge import Entry, TableSnapshot
from cabinet.storage.audits import Audits
from cabinet.storage.db import now_stamp
from cabinet.storage.scores import TABLE_SIZE, default_scores


def is_factory_entry(table: str, initials: str, score: int, replay_id) -> bool:
    """True for one of the table's factory entries (they stay off the network tables)."""
    return replay_id is None and (initials, score) in default_scores(table)


class SnapshotMaker:
    """Builds versioned snapshots of ``reader`` (an :class:`~cabinet.storage.outbox.OutboxFile`).

    Versions are microseconds of the wall clock, bumped to stay increasing: they
    grow across restarts and even across a fresh state file, so a receiver
    always keeps the cabinet's latest table.
    """

    def __init__(
        self, reader, site: str, cabinet: str, table_ids: list[str], money_format: str = ""
    ):
        self.reader = reader
        self.money_format = money_format
        self.site = site
        self.cabinet = cabinet
        self.table_ids = list(table_ids)
        self._version = 0

    def next_version(self) -> int:
        self._version = max(self._version + 1, time.time_ns() // 1000)
        return self._version

    def tables(self) -> list[str]:
        """The tables to publish: every one the cabinet shows, and any other that holds entries."""
        stored = [
            row[0]
            for row in self.reader.read("SELECT DISTINCT table_id FROM scores ORDER BY table_id")
        ]
        return self.table_ids + [table for table in stored if table not in self.table_ids]

    def table(self, table: str) -> TableSnapshot:
        """The table's real entries: the factory ones are this cabinet's decoration, not the network's."""
        rows = self.reader.read(
            "SELECT id, initials, score, created, replay_id FROM scores WHERE table_id = ? ORDER BY score DESC, id LIMIT ?",
            (table, TABLE_SIZE),
        )
        entries = tuple(
            Entry(row_id, initials, score, when)
            for row_id, initials, score, when, replay in rows
            if not is_factory_entry(table, initials, score, replay)
        )
        return TableSnapshot(
            self.site, self.cabinet, table, self.next_version(), now_stamp(), entries
        )

    def audits(self) -> dict:
        """The bookkeeping figures, as the service menu's BOOKKEEPING page shows them."""
        figures = Audits(self.reader).snapshot()
        figures["coins"] = {str(chute): count for chute, count in figures["coins"].items()}
        if self.money_format:
            figures["money_format"] = self.money_format
        return figures
