"""Going back a release keeps the books, whether or not the newer release changed the schema."""

from contextlib import contextmanager

import pytest

from cabinet.storage import db as dbmodule
from cabinet.storage import going_back, migrations
from cabinet.storage.db import Database, add_counter, set_stamp
from cabinet.storage.migrations import MIGRATIONS, READABLE_FROM, SCHEMA_VERSION

ADDS_A_COLUMN = "ALTER TABLE scores ADD COLUMN machine TEXT NOT NULL DEFAULT 'A'"
# A table rebuilt (as a change of meaning would need): its release says older firmware must not
# use the file as it is.
REBUILDS_SCORES = """
    CREATE TABLE scores_new (id INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL,
        initials TEXT NOT NULL, score INTEGER NOT NULL, replay_id INTEGER, created TEXT NOT NULL,
        region TEXT NOT NULL DEFAULT 'EU');
    INSERT INTO scores_new SELECT id, table_id, initials, score, replay_id, created, 'EU' FROM scores;
    DROP TABLE scores;
    ALTER TABLE scores_new RENAME TO scores
"""


@contextmanager
def newer_release(monkeypatch, migration: str, readable_from: int):
    """Run as a release whose schema adds ``migration``, readable from schema ``readable_from``."""
    newer = [*MIGRATIONS, migration]
    with monkeypatch.context() as patch:
        for module in (dbmodule, migrations):
            patch.setattr(module, "MIGRATIONS", newer)
            patch.setattr(module, "SCHEMA_VERSION", len(newer))
            patch.setattr(module, "READABLE_FROM", READABLE_FROM | {len(newer): readable_from})
        yield


@pytest.fixture
def path(private_state):
    return private_state / "cabinet.db"


def books(database: Database) -> dict:
    return {
        "counters": database.read("SELECT name, value FROM counters ORDER BY name"),
        "scores": database.read("SELECT id, table_id, initials, score FROM scores ORDER BY id"),
        "since": database.read_value(
            "SELECT value FROM stamps WHERE name = 'counts.since'", default=None
        ),
    }


def play_on(database: Database, coins: int, initials: str) -> None:
    database.write([add_counter("audit.coins.1", coins), add_counter("bank.credits", coins)])
    database.write(
        [
            (
                "INSERT INTO scores (table_id, initials, score, created) VALUES ('blocks', ?, 500, 'now')",
                (initials,),
            )
        ]
    )


@pytest.mark.parametrize(
    ("migration", "readable_from", "moved"),
    [
        (ADDS_A_COLUMN, SCHEMA_VERSION, False),  # older firmware uses the file as it is
        (REBUILDS_SCORES, SCHEMA_VERSION + 1, True),  # it moves it aside and carries the books back
    ],
)
def test_no_coin_or_score_is_lost_going_back_past_a_schema_change(
    path, monkeypatch, migration, readable_from, moved
):
    database = Database.open(path)
    play_on(database, 3, "OLD")
    database.close()

    with newer_release(monkeypatch, migration, readable_from):
        newer = Database.open(path)
        play_on(newer, 2, "NEW")
        written_by_newer = books(newer)
        newer.close()

    back = Database.open(path)
    assert books(back) == written_by_newer
    assert ("audit.coins.1", 5) in written_by_newer["counters"]
    assert bool(back.moved_aside) == moved
    if moved:
        assert back.moved_aside[0].name.startswith("cabinet.db.newer-")
        assert "nothing was lost" in str(back.events[-1])
        assert back.read_value("PRAGMA user_version") == SCHEMA_VERSION
    play_on(back, 1, "BAK")
    after_going_back = books(back)
    back.close()

    with newer_release(monkeypatch, migration, readable_from):
        again = Database.open(path)
        assert books(again) == after_going_back, (
            "and forward again, nothing written on the old release is lost"
        )
        again.close()


def test_a_file_stamped_readable_only_by_newer_firmware_is_carried_back_not_used(path, monkeypatch):
    with newer_release(monkeypatch, ADDS_A_COLUMN, SCHEMA_VERSION + 1):
        newer = Database.open(path)
        play_on(newer, 4, "NEW")
        newer.close()
    back = Database.open(path)
    assert back.moved_aside and books(back)["counters"][0] == ("audit.coins.1", 4)
    stamp = back.read_value(
        "SELECT value FROM stamps WHERE name = ?", (migrations.READABLE_FROM_STAMP,)
    )
    assert stamp is None or int(stamp) <= SCHEMA_VERSION, (
        "the carried file must not claim the newer rule"
    )


def test_a_file_that_says_nothing_of_its_readers_is_readable_only_by_its_own_schema(path):
    database = Database.open(path)
    database.write([set_stamp(migrations.READABLE_FROM_STAMP, "x")])
    assert going_back.readable_from(database._file, 7) == 7
    database.close()
