"""The books' mirror: a state folder lost while the cabinet is off costs no coin, audit or score.

Real SQLite files and a real mirror file: a first run takes coins, plays and scores, the
state folder is deleted, a second run finds them again. A torn, edited or foreign mirror
is refused and kept aside; a mirror folder that takes no writes (really read-only: a tmpfs
of the test's own, tests/support/disk.py) costs the cabinet nothing but a warning.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.settings.schema import CreditSettings, mirror_setting_problem
from cabinet.storage.mirror import (
    FILE_NAME,
    RESTORED,
    RESTORED_STAMP,
    Books,
    BooksMirror,
    books_mirror_dir,
    encode,
)
from cabinet.storage.scores import FACTORY_DATE
from cabinet.storage.store import Store
from cabinet.system.files import write_atomic
from cabinet.system.price_table import PriceTable
from support import ROOT

MARK = "c0ffee01"
PRICE = CreditSettings(free_play=False, price_table_1=PriceTable([(2, 1)]), max_credits=20)


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def books(store: Store) -> dict:
    """What the operator's books say: coins, money, credits, plays, meters, scores, period."""
    snap = store.audits.snapshot()
    return {
        "coins": snap["coins"],
        "credits": snap["credits"],
        "credits_from_coins": snap["credits_from_coins"],
        "plays": snap["total_plays"],
        "meter": snap["meter_pulses"],
        "period_coins": snap["period"]["coins"],
        "toward": store.credit_bank(PRICE).partial_coins(1),
        "scores": [
            (e.initials, e.score) for e in store.scores.top("blocks") if e.when != FACTORY_DATE
        ],
    }


def first_run(state: Path, mirror: Path) -> dict:
    """A cabinet's day: 7 coins, a period reset, a game with a high score, a meter pulse."""
    store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    bank = store.credit_bank(PRICE)
    for _ in range(4):
        bank.coin(1, meter=1)
    store.audits.reset_period()
    for _ in range(3):
        bank.coin(1, meter=1)
    bank.meter_pulsed(1, 7)
    assert bank.start("blocks", "single")
    end = store.game_over("blocks", "single", "blocks", 987_654, None, 40.0)
    store.scores.set_initials(end.entry_id, "ACE")
    before = books(store)
    store.tick(0.0)
    store.tick(30.0)  # the uptime written, the mirror handed over
    store.close()
    return before


def test_the_books_come_back_after_the_state_folder_is_deleted(tmp_path, caplog):
    state, mirror = tmp_path / "state", tmp_path / "state-books"
    before = first_run(state, mirror)
    assert before["coins"][1] == 7 and before["scores"] == [("ACE", 987_654)]
    began = json.loads((mirror / FILE_NAME).read_text())["stamps"]["audits.since"]
    shutil.rmtree(state)  # while the cabinet is off

    with caplog.at_level(logging.WARNING, logger="cabinet.storage"):
        store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    assert books(store) == before
    snap = store.audits.snapshot()
    assert snap["counts_since_why"] == RESTORED
    assert snap["counts_since"] == began  # the counts did not restart
    assert snap["uptime_seconds"] == 30
    restored = store.db.read_value("SELECT value FROM stamps WHERE name = ?", (RESTORED_STAMP,))
    assert restored == json.loads((mirror / FILE_NAME).read_text())["written"]
    notices = [str(line) for line in store.status().notices()]
    assert len(notices) == 1 and "restored from the mirror" in notices[0]
    assert store.status().warning is not None  # attract mode's corner points at NOTICES
    assert sum("restored them from the mirror" in r.getMessage() for r in caplog.records) == 1
    store.credit_bank(PRICE).coin(1)  # the books go on from where they were
    assert books(store)["coins"][1] == 8
    store.close()

    again = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    assert books(again)["coins"][1] == 8 and not again.status().notices()  # restored once
    again.close()


def test_a_power_cut_loses_only_the_coins_after_the_last_mirror_write(tmp_path):
    """A real process, killed (SIGKILL) as a power cut kills it: what its writer thread wrote
    is on disk; the coin it had not yet looked at is the only one the mirror lacks."""
    state, mirror = tmp_path / "state", tmp_path / "state-books"
    code = "\n".join(
        [
            "import os, signal",
            "from cabinet.settings.schema import CreditSettings",
            "from cabinet.storage.store import Store",
            "from cabinet.system.price_table import PriceTable",
            f"store = Store.open({str(state / 'cabinet.db')!r}, mirror={str(mirror)!r}, mark={MARK!r})",
            "bank = store.credit_bank(CreditSettings(free_play=False, price_table_1=PriceTable([(2, 1)])))",
            "for _ in range(5): bank.coin(1)",
            "store.tick(0.0)",
            "store.mirror.wait()",
            "bank.coin(1)",  # within the second: not looked at yet
            "os.kill(os.getpid(), signal.SIGKILL)",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    shutil.rmtree(state)

    store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    assert books(store)["coins"][1] == 5 and books(store)["credits"] == 2
    assert books(store)["toward"] == 1  # the fifth coin still waits for its partner
    store.close()


def test_an_empty_database_is_not_refilled_after_a_reset_or_from_its_own_empty_books(tmp_path):
    state, mirror = tmp_path / "state", tmp_path / "state-books"
    first_run(state, mirror)
    saved = (mirror / FILE_NAME).read_bytes()
    store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    store.factory_reset()
    store.db.close()  # a power cut before the mirror followed the reset
    assert (mirror / FILE_NAME).read_bytes() == saved

    store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    assert books(store)["coins"] == {1: 0, 2: 0}
    store.close()
    counters = json.loads((mirror / FILE_NAME).read_text())["counters"]
    assert "audit.coins.1" not in counters and "bank.credits" not in counters


def test_books_that_lost_coins_without_a_reset_keep_their_earlier_mirror(tmp_path, caplog):
    """A state file that lost its last writes (a -wal lost at a power cut) still has books, so
    it is not refilled; but its fewer coins never silently replace the mirror that had more."""
    state, mirror = tmp_path / "state", tmp_path / "state-books"
    first_run(state, mirror)
    earlier = (mirror / FILE_NAME).read_bytes()
    lost = sqlite3.connect(state / "cabinet.db")
    with lost:
        lost.execute("UPDATE counters SET value = 4 WHERE name = 'audit.coins.1'")
    lost.close()

    with caplog.at_level(logging.WARNING, logger="cabinet.storage"):
        store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
        assert books(store)["coins"][1] == 4
        store.tick(0.0)
        store.mirror.wait()
    (kept,) = mirror.glob(f"{FILE_NAME}.earlier-*")
    assert kept.read_bytes() == earlier
    assert json.loads((mirror / FILE_NAME).read_text())["counters"]["audit.coins.1"] == 4
    (line,) = [str(notice) for notice in store.status().notices()]
    assert "counts 4 coins where its mirror" in line and "counted 7" in line
    assert sum("no reset came between" in r.getMessage() for r in caplog.records) == 1
    store.audits.reset()  # a reset counts down on purpose: nothing kept aside
    store.tick(5.0)
    store.close()
    assert len(list(mirror.glob(f"{FILE_NAME}.*"))) == 1


def tamper(mirror: Path) -> None:
    """Two coins more, the checksum left as it was."""
    body = json.loads((mirror / FILE_NAME).read_text())
    body["counters"]["audit.coins.1"] += 2
    (mirror / FILE_NAME).write_text(json.dumps(body))


def tear(mirror: Path) -> None:
    """A write cut short: the first half of the file."""
    data = (mirror / FILE_NAME).read_bytes()
    (mirror / FILE_NAME).write_bytes(data[: len(data) // 2])


def forge_elsewhere(mirror: Path) -> None:
    """Another cabinet's whole mirror: its books, encoded as the code does, under its own mark."""
    store = Store.open(mirror.parent / "other" / "cabinet.db")
    store.credit_bank(PRICE).coin(2)
    write_atomic(
        mirror / FILE_NAME, encode(Books.read(store.db), "0ther000", "2026-12-01T00:00:00Z")
    )
    store.close()


@pytest.mark.parametrize(
    ("spoil", "label", "why"),
    [
        (tear, "damaged", "is not a whole mirror file"),
        (tamper, "damaged", "fails its checksum"),
        (forge_elsewhere, "foreign", "is another cabinet's"),
    ],
)
def test_a_torn_edited_or_foreign_mirror_is_refused_and_kept_aside(
    tmp_path, caplog, spoil, label, why
):
    state, mirror = tmp_path / "state", tmp_path / "state-books"
    first_run(state, mirror)
    spoil(mirror)
    spoiled = (mirror / FILE_NAME).read_bytes()
    shutil.rmtree(state)

    with caplog.at_level(logging.WARNING, logger="cabinet.storage"):
        store = Store.open(state / "cabinet.db", mirror=mirror, mark=MARK)
    assert books(store)["coins"] == {1: 0, 2: 0}
    assert store.audits.snapshot()["counts_since_why"] == "NEW DATABASE"
    refusals = [r.getMessage() for r in caplog.records if "not used" in r.getMessage()]
    assert len(refusals) == 1 and why in refusals[0]
    (kept,) = mirror.glob(f"{FILE_NAME}.{label}-*")
    assert kept.read_bytes() == spoiled  # kept as it was, for whoever looks into it
    notices = [str(line) for line in store.status().notices()]
    assert len(notices) == 1 and why in notices[0]
    store.close()  # this cabinet's own (empty) books take the mirror's place
    assert json.loads((mirror / FILE_NAME).read_text())["cabinet"] == MARK


def test_the_mirror_follows_a_coin_within_a_second_and_skips_the_uptime_alone(tmp_path):
    clock = Clock()
    store = Store.open(tmp_path / "state" / "cabinet.db")
    mirror = BooksMirror(store.db, tmp_path / "books", MARK, clock=clock)
    mirror.restore()
    store.mirror = mirror
    (tmp_path / "books").mkdir()
    mirror.tick()
    mirror.wait()  # for the writer
    first = (tmp_path / "books" / FILE_NAME).read_bytes()

    store.credit_bank(PRICE).coin(1)
    mirror.tick()  # within WRITE_SECONDS of the last look: not yet
    clock.now = BooksMirror.WRITE_SECONDS
    mirror.tick()
    mirror.wait()
    coins = json.loads((tmp_path / "books" / FILE_NAME).read_text())["counters"]
    assert coins["audit.coins.1"] == 1 and first != (tmp_path / "books" / FILE_NAME).read_bytes()

    written = (tmp_path / "books" / FILE_NAME).read_bytes()
    store.audits.add_uptime(5)
    clock.now += 10 * BooksMirror.WRITE_SECONDS
    mirror.tick()
    mirror.wait()
    assert (tmp_path / "books" / FILE_NAME).read_bytes() == written  # uptime alone waits
    clock.now += BooksMirror.UPTIME_SECONDS
    store.audits.add_uptime(5)
    mirror.tick()
    mirror.wait()
    uptime = json.loads((tmp_path / "books" / FILE_NAME).read_text())["counters"]
    assert uptime["audit.uptime_seconds"] == 10
    store.audits.add_uptime(5)
    mirror.close()  # at exit the uptime goes too
    uptime = json.loads((tmp_path / "books" / FILE_NAME).read_text())["counters"]
    assert uptime["audit.uptime_seconds"] == 15
    store.db.close()


def test_a_missing_mirror_folder_costs_one_warning_and_nothing_else(tmp_path, caplog):
    """Its own folder is made; one on a disk that is not there (a missing parent) is not."""
    state, gone = tmp_path / "state", tmp_path / "unmounted" / "books"
    with caplog.at_level(logging.WARNING, logger="cabinet.storage"):
        store = Store.open(state / "cabinet.db", mirror=gone, mark=MARK)
        bank = store.credit_bank(PRICE)
        for second in range(5):
            bank.coin(1)
            store.tick(float(second * 2))
        store.mirror.close()
    assert books(store)["coins"][1] == 5
    warnings = [r.getMessage() for r in caplog.records if "books mirror" in r.getMessage()]
    assert len(warnings) == 1 and "cannot write the books mirror" in warnings[0]
    (note,) = [str(line) for line in store.status().notices()]
    assert "cannot be written" in note
    assert store.status().warning is None  # attract mode's corner stays for the state file
    store.close()


def test_a_read_only_mirror_folder_keeps_the_cabinet_running(tmp_path, real_disk, caplog):
    """The mirror folder on a real disk remounted read-only: coins and games go on, written
    to the state file; the mirror is written again once the disk takes writes."""
    mirror = real_disk.folder
    store = Store.open(tmp_path / "state" / "cabinet.db", mirror=mirror, mark=MARK)
    real_disk.read_only()
    bank = store.credit_bank(PRICE)
    with caplog.at_level(logging.WARNING, logger="cabinet.storage"):
        for second in range(4):
            bank.coin(1)
            store.tick(float(second * 2))
        assert bank.start("blocks", "single")
        store.game_over("blocks", "single", "blocks", 5000, None, 20.0)
        store.tick(10.0)
        store.mirror.close()
        assert store.db.writable and books(store)["coins"][1] == 4
        assert "Read-only file system" in store.mirror.fault
        real_disk.writable()
        bank.coin(1)
        store.tick(12.0)
        store.mirror.close()
    assert store.mirror.fault is None
    messages = [r.getMessage() for r in caplog.records if "books mirror" in r.getMessage()]
    assert len(messages) == 2 and "written again" in messages[1]
    assert json.loads((mirror / FILE_NAME).read_text())["counters"]["audit.coins.1"] == 5
    store.close()


def test_the_unknown_state_of_an_unreadable_file_never_overwrites_the_mirror(tmp_path):
    """A state file that exists but cannot be read is unknown, not empty: no restore over it,
    and its empty stand-in in memory never replaces the good mirror."""
    state, mirror = tmp_path / "state", tmp_path / "state-books"
    first_run(state, mirror)
    saved = (mirror / FILE_NAME).read_bytes()

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    from cabinet.storage.db import Database

    db = Database.open(state / "cabinet.db", connect=refuse)
    assert not db.known
    store = Store(db)
    store.mirror = BooksMirror(db, mirror, MARK)
    assert not store.mirror.restore()
    store.tick(0.0)
    store.tick(5.0)
    store.mirror.close()
    assert (mirror / FILE_NAME).read_bytes() == saved
    # Found damaged at last and moved aside: the counts restart, but the mirror that counted
    # more is kept, not written over.
    db._connect = sqlite3.connect
    (state / "cabinet.db").write_bytes(b"garbage" * 1000)
    for name in ("cabinet.db-wal", "cabinet.db-shm"):
        (state / name).unlink(missing_ok=True)
    assert db.retry() and db.known
    store.tick(10.0)
    store.mirror.wait()
    (kept,) = mirror.glob(f"{FILE_NAME}.earlier-*")
    assert kept.read_bytes() == saved


def test_the_mirror_folder_setting(monkeypatch, tmp_path):
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/arcadeforge:/var/lib/arcadeforge-books")
    assert books_mirror_dir("") == Path("/var/lib/arcadeforge-books")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "arcadeforge"))
    assert books_mirror_dir("") == tmp_path / "arcadeforge-books"
    assert books_mirror_dir("/data/books") == Path("/data/books")
    assert books_mirror_dir("off") is None
    assert mirror_setting_problem("books") is not None
    assert mirror_setting_problem("/data/books") is None
