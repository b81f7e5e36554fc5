"""The database schema, as an ordered list of migrations.

``MIGRATIONS[n]`` takes a database from schema version ``n`` to ``n + 1``
(``PRAGMA user_version`` holds the version). Never edit a migration that has
shipped: add a new one, so every cabinet in the field upgrades the same way, and
give it an entry in :data:`READABLE_FROM` so an older release can still go back.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 0 -> 1: high scores, counters (audits and credits), replays, reset dates.
    """
    CREATE TABLE scores (
        id INTEGER PRIMARY KEY AUTOINCREMENT,   -- entry order breaks ties: first come ranks higher
        table_id TEXT NOT NULL,
        initials TEXT NOT NULL,
        score INTEGER NOT NULL,
        replay_id INTEGER,
        created TEXT NOT NULL
    );
    CREATE INDEX scores_by_table ON scores (table_id, score DESC, id);
    CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE stamps (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE replays (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        version INTEGER NOT NULL,
        game TEXT NOT NULL,
        mode TEXT NOT NULL,
        score INTEGER NOT NULL,
        initials TEXT NOT NULL,
        created TEXT NOT NULL,
        data BLOB NOT NULL                      -- the whole replay: JSON, zlib-compressed
    );
    CREATE INDEX replays_by_game ON replays (game, score DESC);
    """,
    # 1 -> 2 (issue 15): the fleet's outbox, events waiting for the MQTT broker's PUBACK.
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,   -- publishing order
        event_id TEXT NOT NULL UNIQUE,          -- receivers merge each id once
        kind TEXT NOT NULL,                     -- "score" or "game"
        payload TEXT NOT NULL,                  -- JSON, built from the rows it reports
        created TEXT NOT NULL
    );
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

# For each schema version, the oldest schema whose firmware may still use such a file as it is
# (cabinet.storage.going_back). A migration that only adds tables, or columns with defaults,
# keeps the version before it; one that changes what older firmware reads or writes says its own.
READABLE_FROM = {1: 1, 2: 1}
READABLE_FROM_STAMP = "schema.readable_from"
