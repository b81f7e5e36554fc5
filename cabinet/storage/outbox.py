"""The fleet's outbox: events for the MQTT broker, committed with what they report.

A high-score entry (inserted, or its initials set later) and the end of a game
each add one row here *in the same transaction* as the score or the audit
counters, so a power cut keeps both or neither. The network thread
(:mod:`cabinet.network.link`) publishes the rows in order and deletes each only
when the broker has acknowledged it; an event sent twice carries the same
``event_id``, and receivers merge an id once.

The payload is built by SQL from the rows themselves, inside the transaction:
what is reported is exactly what was stored.

While the cabinet has no ``network:`` section, :class:`Outbox` is off and adds
nothing, so the state file is the same as without the fleet link.
"""

from __future__ import annotations

import sqlite3
import uuid
from pathlib import Path

from cabinet.storage.db import Statement, now_stamp


def network_active(settings) -> bool:
    """True when the ``network:`` settings ask for the link and say where the broker is:
    then the outbox fills, and the cabinet starts the link (:func:`cabinet.network.start.start_link`)."""
    return settings.enabled and bool(settings.host)


_SCORE_EVENT = (
    "WITH entry AS MATERIALIZED (SELECT * FROM scores WHERE id = {row}) "
    "INSERT INTO outbox (event_id, kind, payload, created) "
    "SELECT ?, 'score', json_object('table', table_id, 'entry', id, 'initials', initials, "
    "'score', score, 'when', created), ? FROM entry"
)

_GAME_EVENT = (
    "INSERT INTO outbox (event_id, kind, payload, created) "
    "SELECT ?, 'game', json_object('game', ?, 'mode', ?, 'seconds', ?, 'counters', "
    "json((SELECT json_group_object(substr(name, 7), value) FROM counters WHERE name LIKE 'audit.%'))), ?"
)


def new_event_id() -> str:
    return uuid.uuid4().hex


class Outbox:
    """Makes the outbox statements the score and audit writers add to their transactions."""

    def __init__(self, enabled: bool = False):
        self.enabled = enabled

    def score_event(self, row_id: int | None = None) -> list[Statement]:
        """Report score row ``row_id`` (None: the row this transaction has just inserted)."""
        if not self.enabled:
            return []
        if row_id is None:
            return [(_SCORE_EVENT.format(row="last_insert_rowid()"), (new_event_id(), now_stamp()))]
        return [(_SCORE_EVENT.format(row="?"), (int(row_id), new_event_id(), now_stamp()))]

    def game_event(self, game: str, mode: str, seconds: float) -> list[Statement]:
        """Report a finished game with every audit counter as this transaction leaves them."""
        if not self.enabled:
            return []
        return [(_GAME_EVENT, (new_event_id(), game, mode, round(seconds, 3), now_stamp()))]


class OutboxFile:
    """The network thread's own connection to the state file: reads the outbox and what the
    snapshots report, and deletes acknowledged events.

    Deletes run with ``synchronous=NORMAL``: a power cut may undo one, and the event is then
    sent again under the same id, which receivers ignore. Short transactions keep the main
    loop's writes from waiting.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None
        self._inode: int | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(
                str(self.path), timeout=2.0, isolation_level=None, check_same_thread=False
            )
            conn.execute("PRAGMA synchronous=NORMAL")
            self._conn, self._inode = conn, _inode(self.path)
        return self._conn

    def replaced(self) -> bool:
        """True (once) when the file was moved aside for a fresh one since this connection opened."""
        if self._conn is None or _inode(self.path) == self._inode:
            return False
        self.close()
        return True

    def read(self, sql: str, params=()) -> list[tuple]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except sqlite3.Error:
            self.close()  # the file may have been replaced (moved aside); open it afresh next time
            raise

    def read_value(self, sql: str, params=(), default=None):
        rows = self.read(sql, params)
        return rows[0][0] if rows and rows[0][0] is not None else default

    def waiting(self, after: int = 0, limit: int = 200) -> list[tuple[int, str, str, str, str]]:
        """The oldest ``limit`` events past row ``after``: (row id, event id, kind, JSON payload, created)."""
        return self.read(
            "SELECT id, event_id, kind, payload, created FROM outbox WHERE id > ? ORDER BY id LIMIT ?",
            (after, limit),
        )

    def count(self) -> int:
        return self.read_value("SELECT count(*) FROM outbox", (), 0)

    def delete(self, row_ids) -> None:
        ids = list(row_ids)
        if not ids:
            return
        try:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])
            conn.execute("COMMIT")
        except sqlite3.Error:
            self.close()
            raise

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            self._conn = None


def _inode(path: Path) -> int | None:
    try:
        return path.stat().st_ino
    except OSError:
        return None
