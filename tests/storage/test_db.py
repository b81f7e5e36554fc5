"""The database layer: schema versions, migrations, and all-or-nothing writes."""

import sqlite3

import pytest

from cabinet.storage import db as dbmodule
from cabinet.storage.db import Database, add_counter
from cabinet.storage.migrations import MIGRATIONS, SCHEMA_VERSION


def test_a_new_file_gets_the_current_schema_in_wal_mode(private_state):
    database = Database.open()
    assert database.read_value("PRAGMA user_version") == SCHEMA_VERSION
    assert database.read_value("PRAGMA journal_mode") == "wal"
    assert database.read_value("PRAGMA synchronous") == 2  # FULL
    database.close()


def test_a_later_migration_upgrades_an_old_file_and_keeps_its_rows(private_state, monkeypatch):
    database = Database.open()
    database.write([add_counter("audit.coins.1", 5)])
    database.close()
    newer = MIGRATIONS + ["ALTER TABLE scores ADD COLUMN machine TEXT NOT NULL DEFAULT 'A'"]
    monkeypatch.setattr(dbmodule, "MIGRATIONS", newer)
    monkeypatch.setattr(dbmodule, "SCHEMA_VERSION", len(newer))
    upgraded = Database.open()
    assert upgraded.read_value("PRAGMA user_version") == SCHEMA_VERSION + 1
    assert upgraded.read_value("SELECT value FROM counters WHERE name = 'audit.coins.1'") == 5
    assert "machine" in [row[1] for row in upgraded.read("PRAGMA table_info(scores)")]
    assert upgraded.moved_aside == []
    upgraded.close()


def test_a_write_is_all_or_nothing(private_state):
    database = Database.open()
    with pytest.raises(sqlite3.IntegrityError):
        database.write(
            [
                add_counter("bank.credits", 1),
                ("INSERT INTO counters (name, value) VALUES ('x', NULL)", ()),
            ]
        )
    assert (
        database.read_value("SELECT value FROM counters WHERE name = 'bank.credits'", default=0)
        == 0
    )
    assert not database.degraded  # a bug is raised, never queued as if the disk were at fault
    database.close()


def test_write_returns_the_new_row_ids(private_state):
    database = Database.open()
    insert = ("INSERT INTO stamps (name, value) VALUES (?, ?)", ("a", "1"))
    replay = (
        "INSERT INTO replays (version, game, mode, score, initials, created, data) "
        "VALUES (1, 'blocks', 'single', 0, '', '', x'00')",
        (),
    )
    assert database.write([insert, replay, replay])[1:] == [1, 2]
    database.close()
