"""Damaged files and disks that refuse writes: play goes on, nothing is lost that can be kept."""

import logging
import os
import sqlite3

import pytest

from cabinet.settings.schema import CreditSettings
from cabinet.storage.db import Database
from cabinet.storage.store import Store


def filled_database(path):
    """A real state file with enough rows to span many pages."""
    store = Store.open(path)
    store.db.write(
        [
            (
                "INSERT INTO replays (version, game, mode, score, initials, created, data) "
                "VALUES (1, 'blocks', 'single', ?, '', '', ?)",
                (i, os.urandom(3000)),
            )
            for i in range(40)
        ]
    )
    for i in range(10):
        store.scores.add("blocks", "AAA", 20_000 + i)
    store.close()
    return path


def assert_fresh_and_working(store, caplog, path):
    assert store.db.integrity() == "ok"
    assert not store.db.degraded
    assert store.scores.top("blocks")[0].score == 10_000  # factory entries again
    bank = store.credit_bank(CreditSettings(free_play=False))
    assert bank.coin(1) == 1 and bank.credits == 1
    moved = store.db.moved_aside
    assert len(moved) == 1 and moved[0].exists() and moved[0].name.startswith("cabinet.db.corrupt-")
    assert "damaged" in caplog.text and moved[0].name in caplog.text
    assert path.exists()


def test_garbage_file_is_moved_aside_and_a_fresh_one_made(private_state, caplog):
    path = private_state / "cabinet.db"
    path.write_bytes(os.urandom(8192))
    (private_state / "cabinet.db-wal").write_bytes(os.urandom(1000))
    (private_state / "cabinet.db-shm").write_bytes(os.urandom(1000))
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
    assert_fresh_and_working(store, caplog, path)
    for suffix in ("-wal", "-shm"):  # moved with it, not applied to the fresh file
        assert (private_state / (store.db.moved_aside[0].name + suffix)).exists()
    store.close()


def test_truncated_file_is_moved_aside(private_state, caplog):
    path = filled_database(private_state / "cabinet.db")
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.truncate(size // 3)
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
    assert_fresh_and_working(store, caplog, path)
    store.close()


def test_damaged_pages_fail_the_integrity_check(private_state, caplog):
    path = filled_database(private_state / "cabinet.db")
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(
        2 * page, len(data) - page, page
    ):  # keep the header page, scramble the rest
        data[offset + 8 : offset + 200] = os.urandom(192)
    path.write_bytes(bytes(data))
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
    assert_fresh_and_working(store, caplog, path)
    store.close()


def test_a_newer_schema_is_set_aside_not_destroyed(private_state, caplog):
    path = private_state / "cabinet.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        store = Store.open(path)
    assert "newer" in caplog.text and store.db.moved_aside[0].exists()
    store.close()


class FlakyConnection:
    """A real connection that answers writes with an error while ``fail`` is set."""

    fail: str | Exception | None = None  # a message for OperationalError, or the error itself
    transactions = 0  # transactions tried

    def __init__(self, conn):
        self._conn = conn

    def execute(self, sql, params=()):
        FlakyConnection.transactions += sql == "BEGIN IMMEDIATE"
        writes = sql.lstrip().split(" ", 1)[0].upper() in (
            "INSERT",
            "UPDATE",
            "DELETE",
            "COMMIT",
            "BEGIN",
        )
        fail = FlakyConnection.fail
        if fail and writes:
            raise sqlite3.OperationalError(fail) if isinstance(fail, str) else fail
        return self._conn.execute(sql, params)

    def __getattr__(self, name):
        return getattr(self._conn, name)


@pytest.fixture
def flaky(private_state):
    FlakyConnection.fail = None
    store = Store.open(
        private_state / "cabinet.db",
        connect=lambda *a, **k: FlakyConnection(sqlite3.connect(*a, **k)),
    )
    yield store
    FlakyConnection.fail = None
    store.close()


@pytest.mark.parametrize(
    "message", ["database or disk is full", "attempt to write a readonly database"]
)
def test_full_or_read_only_disk_keeps_play_going_and_retries(flaky, private_state, caplog, message):
    bank = flaky.credit_bank(CreditSettings(free_play=False))
    bank.coin(1)
    FlakyConnection.fail = message
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        assert bank.coin(1) == 1  # the player still gets the credit
        assert bank.credits == 2
        assert bank.start("blocks", "single")
        flaky.scores.add("blocks", "MEM", 77_777)
        flaky.audits.game_ended("blocks", "single", 42.0)
    assert flaky.scores.top("blocks")[0].initials == "MEM"
    assert flaky.db.degraded and flaky.db.pending == 4
    assert caplog.text.count(message) == 1  # logged once, not per write
    assert flaky.db.retry() is False  # the disk still refuses
    # Nothing of it is on disk yet.
    on_disk = sqlite3.connect(private_state / "cabinet.db")
    assert on_disk.execute("SELECT value FROM counters WHERE name = 'bank.credits'").fetchone() == (
        1,
    )
    on_disk.close()

    FlakyConnection.fail = None  # the operator frees the disk
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        assert flaky.db.retry() is True
    assert "writable again" in caplog.text
    assert not flaky.db.degraded
    reopened = Store.open(private_state / "cabinet.db")
    assert reopened.credit_bank(CreditSettings()).credits == 1
    assert reopened.scores.top("blocks")[0].initials == "MEM"
    snap = reopened.audits.snapshot()
    assert snap["coins"][1] == 2 and snap["modes"]["blocks/single"] == {
        "plays": 1,
        "ended": 1,
        "play_seconds": 42.0,
        "average_seconds": 42.0,
    }
    reopened.close()


def test_writes_retry_too_but_spaced_out(flaky, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("cabinet.storage.db.time.monotonic", lambda: clock[0])
    bank = flaky.credit_bank(CreditSettings(free_play=False))
    FlakyConnection.fail = "database or disk is full"
    bank.coin(1)
    FlakyConnection.fail = None
    tried = FlakyConnection.transactions
    clock[0] += 1.0
    bank.coin(1)  # too soon after the failure: the disk is not tried again
    assert FlakyConnection.transactions == tried and flaky.db.pending == 2
    clock[0] += flaky.db.RETRY_SECONDS
    bank.coin(2)  # this write takes the waiting ones with it, in one transaction
    assert FlakyConnection.transactions == tried + 1
    assert not flaky.db.degraded and flaky.db.pending == 0
    assert bank.credits == 3


def test_every_change_moves_the_change_counter_and_reads_do_not(flaky):
    db = flaky.db
    bank = flaky.credit_bank(CreditSettings(free_play=False))
    before = db.changes
    assert bank.credits == 0 and flaky.scores.top("blocks")
    assert db.changes == before  # reads change nothing
    bank.coin(1)
    assert db.changes > before  # a write to the file
    before = db.changes
    FlakyConnection.fail = "database or disk is full"
    bank.coin(1)  # falls back to memory
    assert db.degraded and db.changes > before and bank.credits == 2
    before = db.changes
    assert not db.retry() and db.changes > before  # a retry the disk refuses
    before = db.changes
    FlakyConnection.fail = None
    assert db.retry() and db.changes > before  # caught up: reads come from the file again
    assert bank.credits == 2


def test_store_tick_retries_every_few_seconds(flaky):
    bank = flaky.credit_bank(CreditSettings(free_play=False))
    flaky.tick(0.0)
    FlakyConnection.fail = "database or disk is full"
    bank.coin(1)
    FlakyConnection.fail = None
    flaky.tick(1.0)
    assert flaky.db.degraded  # not yet: retries are spaced out
    flaky.tick(Store.RETRY_SECONDS + 0.1)
    assert not flaky.db.degraded


def test_a_file_damaged_while_running_is_set_aside_and_refilled_from_memory(
    flaky, private_state, caplog
):
    bank = flaky.credit_bank(CreditSettings(free_play=False))
    bank.coin(1)
    FlakyConnection.fail = sqlite3.DatabaseError("database disk image is malformed")
    bank.coin(1)  # kept in memory
    assert flaky.db.retry() is False  # still damaged: the file is let go
    path = private_state / "cabinet.db"
    path.write_bytes(os.urandom(4096))  # as damaged as it gets
    FlakyConnection.fail = None
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        assert flaky.db.retry() is True  # sets it aside, writes the whole state afresh
    assert "damaged" in caplog.text and len(flaky.db.moved_aside) == 1
    reopened = Store.open(path)
    assert reopened.credit_bank(CreditSettings()).credits == 2
    assert reopened.audits.snapshot()["coins"][1] == 2
    reopened.close()


def test_replay_ids_given_in_memory_are_the_ones_saved(flaky, private_state):
    from support.replays import recorded

    first = flaky.replays.save(recorded(score=1))
    FlakyConnection.fail = "database or disk is full"
    held = flaky.replays.save(recorded(score=2))
    flaky.scores.add("blocks", "HLD", 50_000, replay_id=held)
    FlakyConnection.fail = None
    assert flaky.db.retry()
    assert held == first + 1
    assert flaky.replays.load(held).score == 2 and flaky.replays.load(held).initials == "HLD"


def test_a_folder_that_cannot_hold_the_file_starts_in_memory_and_catches_up(private_state, caplog):
    blocker = private_state / "not-a-folder"
    blocker.write_text("a file where the state folder should be")
    path = blocker / "cabinet.db"
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        store = Store.open(path)
    assert store.db.degraded and "cannot open" in caplog.text
    bank = store.credit_bank(CreditSettings(free_play=False))
    assert bank.coin(1) == 1 and bank.credits == 1
    assert store.scores.add("blocks", "RAM", 60_000) == 1
    blocker.unlink()
    blocker.mkdir()  # the folder appears (remounted, say)
    assert store.db.retry()
    store.close()
    again = Store.open(path)
    assert again.credit_bank(CreditSettings()).credits == 1
    assert again.scores.top("blocks")[0].initials == "RAM"
    again.close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through file permissions")
def test_a_read_only_folder_keeps_play_going(private_state, caplog):
    path = private_state / "cabinet.db"
    Store.open(path).close()
    for name in os.listdir(private_state):
        os.chmod(private_state / name, 0o444)
    os.chmod(private_state, 0o555)
    try:
        with caplog.at_level(logging.WARNING, "cabinet.storage"):
            store = Store.open(path)
            bank = store.credit_bank(CreditSettings(free_play=False))
            assert bank.coin(1) == 1 and bank.credits == 1
        assert store.db.degraded
        store.close()
    finally:
        os.chmod(private_state, 0o755)
        for name in os.listdir(private_state):
            os.chmod(private_state / name, 0o644)


def test_database_open_without_path_uses_the_state_dir(private_state):
    db = Database.open()
    assert db.path == private_state / "cabinet.db" and db.integrity() == "ok"
    db.close()


def test_a_damaged_file_that_cannot_be_moved_keeps_play_in_memory(
    private_state, caplog, monkeypatch
):
    path = private_state / "cabinet.db"
    path.write_bytes(os.urandom(8192))

    def refuse(self, target):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("pathlib.Path.rename", refuse)
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
        bank = store.credit_bank(CreditSettings(free_play=False))
        assert bank.coin(1) == 1 and bank.credits == 1
        for _ in range(3):
            assert store.db.retry() is False
    assert store.db.degraded
    assert caplog.text.count("cannot be moved aside") == 1
    monkeypatch.undo()
    assert store.db.retry() is True  # the disk is writable again: set aside, state written afresh
    store.close()
    again = Store.open(path)
    assert again.credit_bank(CreditSettings()).credits == 1
    again.close()


def test_a_read_only_file_with_nothing_waiting_is_not_taken_for_writable_again(
    private_state, caplog
):
    # Seen on a cabinet started on a read-only state folder: every retry said "writable again;
    # saved 0 waiting write(s)" (an empty transaction proves nothing) and the next write failed again.
    path = private_state / "cabinet.db"
    Store.open(path).close()

    def read_only(name, **kwargs):  # what SQLite gives on a read-only disk
        return sqlite3.connect(f"file:{name}?mode=ro", uri=True, **kwargs)

    store = Store.open(path, connect=read_only)
    try:
        assert store.db.degraded and store.db.pending == 0
        with caplog.at_level(logging.WARNING, "cabinet.storage"):
            assert store.db.retry() is False
        assert store.db.degraded
        assert "writable again" not in caplog.text
    finally:
        store.close()
