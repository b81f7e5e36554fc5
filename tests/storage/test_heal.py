"""Storage heals or says so (issue 20, findings 3-5), on real files and real disks.

Read-only and full disks are real: a tmpfs of the test's own, seen through a bind
mount remounted read-only, or filled to the last byte (tests/support/disk.py;
skipped where this process may not mount). A power cut is a real subprocess
killed with SIGKILL. A file that exists but cannot be read at all (an I/O error
root's permissions cannot fake) goes through the ``connect`` opener production
code uses for every connection to the file.

Each case counts coins, credits and scores before and after.
"""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.settings.schema import CreditSettings
from cabinet.storage.scores import FACTORY_DATE
from cabinet.storage.store import Store
from cabinet.system.price_table import PriceTable
from support import ROOT

PRICE = dict(free_play=False, price_table_1=PriceTable([(2, 1)]), max_credits=20)


def tally(store: Store) -> dict:
    """What an operator and a player would count: coins, credits, real scores, plays, replays."""
    snap = store.audits.snapshot()
    bank = store.credit_bank(CreditSettings(**PRICE))
    return {
        "coins": snap["coins"][1] + snap["coins"][2],
        "credits": snap["credits"],
        "toward": bank.partial_coins(1),
        "scores": sorted(e.score for e in store.scores.top("blocks") if e.when != FACTORY_DATE),
        "plays": snap["total_plays"],
        "replays": store.db.read_value("SELECT count(*) FROM replays", (), 0),
    }


def play(store: Store, bank, score: int) -> None:
    """A paid game of BLOCKS to its end, with its replay, score and initials."""
    from support.replays import recorded

    assert bank.start("blocks", "single")
    end = store.game_over("blocks", "single", "blocks", score, recorded(score=score), 30.0)
    store.scores.set_initials(end.entry_id, "AAA")


def session(path: Path, actions: str, stop: str = "kill") -> None:
    """A cabinet process on ``path`` that runs ``actions`` and then is killed (a power cut)
    or closes cleanly. ``store``, ``bank``, ``play`` and ``fill`` are at hand."""
    code = "\n".join(
        [
            "import os, signal, sys",
            f"sys.path.insert(0, {str(ROOT / 'tests')!r})",
            "from cabinet.settings.schema import CreditSettings",
            "from cabinet.storage.store import Store",
            "from storage.test_heal import play, PRICE",
            "from support.disk import fill_disk",
            f"store = Store.open({str(path)!r})",
            "bank = store.credit_bank(CreditSettings(**PRICE))",
            actions,
            "os.kill(os.getpid(), signal.SIGKILL)" if stop == "kill" else "store.close()",
        ]
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    expected = -signal.SIGKILL if stop == "kill" else 0
    assert done.returncode == expected, done.stderr


def coins(count: int) -> str:
    return "\n".join(["bank.coin(1)"] * count)


def notices_text(store: Store) -> str:
    return "\n".join(str(notice) for notice in store.status().notices())


# ---------------------------------------------------------------------- finding 3: read-only


def test_a_read_only_folder_with_its_wal_left_behind_heals_when_it_takes_writes(real_disk):
    path = real_disk.path
    session(
        path, f"{coins(7)}\nplay(store, bank, 20_000)"
    )  # 3 credits, 1 spent, 1 coin toward the next
    assert Path(f"{path}-wal").exists() and Path(f"{path}-shm").exists()
    real_disk.read_only()
    store = Store.open(path)
    before = tally(store)
    assert before == {
        "coins": 7,
        "credits": 2,
        "toward": 1,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    bank = store.credit_bank(CreditSettings(**PRICE))
    assert bank.coin(1) == 1  # completes a credit
    bank.coin(1)
    play(store, bank, 30_000)
    during = {
        "coins": 9,
        "credits": 2,
        "toward": 1,
        "scores": [20_000, 30_000],
        "plays": 2,
        "replays": 2,
    }
    assert tally(store) == during
    assert store.db.retry() is False and store.db.pending == 5

    real_disk.writable()
    assert store.db.retry() is True  # today's code: False for ever
    store.close()
    again = Store.open(path)
    assert tally(again) == during  # nothing lost, nothing twice
    again.close()


def test_a_read_only_folder_after_a_clean_stop_shows_the_last_state_not_an_empty_one(real_disk):
    path = real_disk.path
    session(path, f"{coins(7)}\nplay(store, bank, 20_000)", stop="close")  # no -wal, no -shm left
    assert not Path(f"{path}-shm").exists()
    real_disk.read_only()
    store = Store.open(path)
    assert tally(store) == {
        "coins": 7,
        "credits": 2,
        "toward": 1,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    assert store.db.accepting_coins and store.status().fault == "read-only"
    bank = store.credit_bank(CreditSettings(**PRICE))
    assert bank.coin(1) == 1  # the coin that completes a credit
    real_disk.writable()
    assert store.db.retry() is True
    store.close()
    again = Store.open(path)
    after = tally(again)
    assert after == {
        "coins": 8,
        "credits": 3,
        "toward": 0,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    assert again.audits.snapshot()["credits_from_coins"] == 4  # credited as well as audited
    again.close()


def test_a_read_only_folder_with_a_wal_but_no_shm_still_shows_the_last_state(real_disk):
    path = real_disk.path
    session(
        path, f"{coins(7)}\nplay(store, bank, 20_000)"
    )  # killed: the last writes only in the -wal
    Path(f"{path}-shm").unlink()
    real_disk.read_only()
    store = Store.open(path)  # read from a copy SQLite may repair
    assert tally(store) == {
        "coins": 7,
        "credits": 2,
        "toward": 1,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    assert Path(f"{path}-wal").exists()  # the original is not touched
    store.close()


def test_writes_still_waiting_at_exit_are_logged_one_line_each(real_disk, caplog):
    path = real_disk.path
    Store.open(path).close()
    real_disk.read_only()
    store = Store.open(path)
    bank = store.credit_bank(CreditSettings(**PRICE))
    bank.coin(1)
    bank.coin(1)
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store.close()
    assert "2 write(s) could not be saved" in caplog.text and "read-only" in caplog.text
    lines = [r.getMessage() for r in caplog.records if "not saved:" in r.getMessage()]
    assert len(lines) == 2 and all("audit.coins.1" in line for line in lines)


# ---------------------------------------------------------------------- finding 3: cannot be read at all


class Unreadable:
    """An opener that fails every connection while ``failing`` is set, as a disk with a bad
    sector under the file would (root reads through any permission, so it cannot be chmod)."""

    def __init__(self):
        self.failing = True

    def __call__(self, *args, **kwargs):
        if self.failing:
            raise sqlite3.OperationalError("disk I/O error")
        return sqlite3.connect(*args, **kwargs)


def test_a_file_that_cannot_be_read_is_not_taken_for_an_empty_one(private_state, caplog):
    path = private_state / "cabinet.db"
    session(path, f"{coins(7)}\nplay(store, bank, 20_000)", stop="close")
    opener = Unreadable()
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        store = Store.open(path, connect=opener)
    bank = store.credit_bank(CreditSettings(**PRICE))
    assert bank.coin(1) == 0  # dropped anyway: held, not priced against nothing
    assert store.db.retry() is False
    opener.failing = False
    assert store.db.retry() is True
    assert tally(store) == {
        "coins": 8,
        "credits": 3,
        "toward": 0,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    store.close()
    again = Store.open(path)
    assert tally(again) == {
        "coins": 8,
        "credits": 3,
        "toward": 0,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    again.close()


def test_while_the_file_cannot_be_read_coins_are_refused_and_no_game_starts(private_state):
    path = private_state / "cabinet.db"
    session(path, coins(7), stop="close")
    opener = Unreadable()
    store = Store.open(path, connect=opener)
    bank = store.credit_bank(CreditSettings(**PRICE))
    assert not bank.accepting_coins and not store.db.accepting_coins  # the lockout reads this
    assert not bank.can_start("blocks")  # credits unknown: no game
    assert bank.service_credit() == 0
    assert str(store.status().warning).startswith("STORAGE UNREADABLE")
    assert "coins are refused" in notices_text(store)
    bank.coin(2)
    assert "1 coin(s) dropped meanwhile" in notices_text(store)
    assert bank.credits == 0  # read from the empty stand-in while unknown
    opener.failing = False
    assert store.db.retry() and bank.accepting_coins and bank.can_start("blocks")
    assert bank.credits == 4  # the same bank reads the file once it can
    assert tally(store)["credits"] == 4 and tally(store)["coins"] == 8
    store.close()


# ---------------------------------------------------------------------- finding 4: 0 bytes, garbage, WAL, folder


def test_a_0_byte_file_with_its_wal_is_moved_aside_together_and_rebuilt(private_state, caplog):
    path = private_state / "cabinet.db"
    session(
        path, f"{coins(7)}\nplay(store, bank, 20_000)"
    )  # killed: everything is still in the -wal
    wal_bytes = Path(f"{path}-wal").read_bytes()
    path.write_bytes(b"")  # the card lost the main file's pages
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        store = Store.open(path)
    aside = store.db.moved_aside[0]
    assert aside.name.startswith("cabinet.db.empty-") and aside.stat().st_size == 0
    assert Path(f"{aside}-wal").read_bytes() == wal_bytes  # kept, byte for byte, never deleted
    assert Path(f"{aside}-shm").exists()
    assert "is empty (0 bytes)" in caplog.text and "rebuilt" in caplog.text
    assert tally(store) == {
        "coins": 7,
        "credits": 2,
        "toward": 1,
        "scores": [20_000],
        "plays": 1,
        "replays": 1,
    }
    assert "nothing was lost" in notices_text(store) and store.status().warning
    store.close()


def test_a_0_byte_file_whose_wal_cannot_rebuild_it_restarts_the_counts_and_says_why(
    private_state, caplog
):
    path = private_state / "cabinet.db"
    session(
        path, f"{coins(3)}\nstore.db._file.execute('PRAGMA wal_checkpoint(TRUNCATE)')\n{coins(2)}"
    )
    wal_bytes = Path(f"{path}-wal").read_bytes()
    path.write_bytes(b"")
    with caplog.at_level(logging.WARNING, "cabinet.storage"):
        store = Store.open(path)
    aside = store.db.moved_aside[0]
    assert Path(f"{aside}-wal").read_bytes() == wal_bytes
    assert tally(store)["coins"] == 0 and store.db.writable
    snap = store.audits.snapshot()
    assert snap["counts_since"] and snap["counts_since_why"] == "DATABASE WAS EMPTY (0 BYTES)"
    assert "restarted from zero" in notices_text(store) and aside.name in notices_text(store)
    store.close()


def test_garbage_with_a_wal_beside_it_is_moved_aside_and_says_why(private_state, caplog):
    path = private_state / "cabinet.db"
    # After a checkpoint the -wal holds only the last pages written: not enough to rebuild from.
    session(
        path, f"{coins(3)}\nstore.db._file.execute('PRAGMA wal_checkpoint(TRUNCATE)')\n{coins(2)}"
    )
    path.write_bytes(os.urandom(8192))
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
    aside = store.db.moved_aside[0]
    assert Path(f"{aside}-wal").exists() and Path(f"{aside}-shm").exists()
    assert store.audits.snapshot()["counts_since_why"] == "DAMAGED DATABASE MOVED ASIDE"
    assert aside.name in notices_text(store)
    store.close()


@pytest.mark.parametrize(
    "damage, words",
    [
        ("garbage", "is garbage"),
        ("truncated", "is truncated"),
        ("damaged", "is damaged"),
        ("missing", "is missing"),
    ],
)
def test_a_wal_that_lost_writes_is_named_and_kept(private_state, caplog, damage, words):
    path = private_state / "cabinet.db"
    session(path, f"{coins(6)}\nplay(store, bank, 20_000)")
    wal = Path(f"{path}-wal")
    data = wal.read_bytes()
    if damage == "garbage":
        wal.write_bytes(os.urandom(len(data)))
    elif damage == "truncated":
        wal.write_bytes(data[:-1000])
    elif damage == "damaged":  # bit rot in the last frame's page
        wal.write_bytes(data[:-500] + bytes(b ^ 0xFF for b in data[-500:-400]) + data[-400:])
    else:
        wal.unlink()
    damaged = wal.read_bytes() if wal.exists() else None
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
    assert words in caplog.text
    assert words in notices_text(store) and store.status().warning
    kept = [p for p in private_state.iterdir() if p.name.startswith("cabinet.db-wal.damaged-")]
    if damaged is None:
        assert kept == []
    else:
        assert (
            len(kept) == 1 and kept[0].read_bytes() == damaged
        )  # as it was, for whoever repairs it
        assert kept[0].name in notices_text(store)
    # What the log lost is gone, but nothing more: the cabinet goes on from what remains.
    remaining = tally(store)
    assert remaining["coins"] <= 6 and store.db.writable
    store.close()


def test_the_log_is_checkpointed_every_minute_so_a_lost_wal_takes_only_what_came_since(
    private_state,
):
    path = private_state / "cabinet.db"
    session(path, f"store.tick(0.0)\n{coins(3)}\nstore.tick(61.0)\nbank.coin(1)")
    Path(f"{path}-wal").unlink()
    store = Store.open(path)
    assert tally(store)["coins"] == 3  # today's code: 0 (a young file lived in its -wal alone)
    assert "is missing" in notices_text(store)
    store.close()


def test_a_lost_wal_that_held_everything_says_why_the_counts_restarted(private_state):
    path = private_state / "cabinet.db"
    session(path, coins(3))
    Path(f"{path}-wal").unlink()
    store = Store.open(path)
    assert tally(store)["coins"] == 0  # lost with the log, before any checkpoint
    assert store.audits.snapshot()["counts_since_why"] == "WRITE-AHEAD LOG LOST"
    store.close()


def test_a_folder_in_the_files_place_is_moved_aside_not_run_on_memory(private_state, caplog):
    path = private_state / "cabinet.db"
    path.mkdir()
    (path / "left-here").write_text("someone's file")
    with caplog.at_level(logging.ERROR, "cabinet.storage"):
        store = Store.open(path)
    assert not store.db.degraded  # today's code: memory all session
    aside = store.db.moved_aside[0]
    assert aside.is_dir() and (aside / "left-here").read_text() == "someone's file"
    assert "is a folder" in caplog.text and "is a folder" in notices_text(store)
    bank = store.credit_bank(CreditSettings(**PRICE))
    bank.coin(1)
    bank.coin(1)
    assert store.audits.snapshot()["counts_since_why"] == "CABINET.DB WAS A FOLDER"
    store.close()
    again = Store.open(path)
    assert tally(again)["credits"] == 1 and tally(again)["coins"] == 2
    again.close()


# ---------------------------------------------------------------------- finding 5: full disk, power cut


def test_a_power_cut_on_a_full_disk_keeps_what_was_played_since_it_filled(real_disk):
    path = real_disk.path
    session(
        path,
        "\n".join(
            [
                coins(4),  # 2 credits, on the file
                f"fill_disk({str(real_disk.folder / 'filler')!r})",
                coins(3),  # refused by the disk
                "play(store, bank, 25_000)",
                "assert store.db.pending == 6",
            ]
        ),
    )
    store = Store.open(path)  # the disk is still full
    during = {"coins": 7, "credits": 2, "toward": 1, "scores": [25_000], "plays": 1, "replays": 1}
    assert tally(store) == during  # today's code: 4 coins, no score
    status = store.status()
    assert status.fault == "full" and str(status.warning).startswith("DISK FULL")
    assert status.kept == status.waiting == 6 and "safe from a power cut" in notices_text(store)
    real_disk.free()
    assert store.db.retry() is True
    store.close()
    again = Store.open(path)
    assert tally(again) == during and again.db.waiting.count == 0
    again.close()
    again = Store.open(path)  # and never written twice
    assert tally(again) == during
    again.close()


# ---------------------------------------------------------------------- finding 5: the screens say so


def _state_folder_in(condition: str, request, private_state) -> Path:
    """A state folder in ``condition``; the cabinet's folder is returned (set as STATE_DIRECTORY)."""
    if condition in ("read-only", "full"):
        disk = request.getfixturevalue("real_disk")
        session(disk.path, coins(3), stop="close" if condition == "read-only" else "kill")
        if condition == "read-only":
            disk.read_only()
        else:
            disk.fill()
        return disk.folder
    path = private_state / "cabinet.db"
    if condition == "folder":
        path.mkdir()
    elif condition == "0-byte":
        session(path, coins(3))
        path.write_bytes(b"")
    elif condition == "missing -wal":
        session(path, coins(3))
        Path(f"{path}-wal").unlink()
    return private_state


@pytest.mark.parametrize(
    "condition, words",
    [
        ("read-only", "STORAGE READ-ONLY"),
        ("full", "DISK FULL"),
        ("folder", "STORAGE PROBLEM"),
        ("0-byte", "STORAGE PROBLEM"),
        ("missing -wal", "STORAGE PROBLEM"),
    ],
)
def test_every_storage_state_but_healthy_shows_on_notices_and_in_attract(
    condition, words, request, private_state, monkeypatch, tmp_path
):
    import pygame

    from cabinet.render import HEIGHT, WIDTH, palette
    from cabinet.scenes.flow.attract import AttractScene
    from cabinet.scenes.service import notices
    from support.app import make_app
    from support.service import enter, service, top

    monkeypatch.setenv("STATE_DIRECTORY", str(_state_folder_in(condition, request, private_state)))
    app = make_app("credits:\n  free_play: false\n")
    if condition == "full":
        app.ctx.panel.coin(1)  # the first write a full disk refuses
    before = tally(app.ctx.store)
    assert isinstance(app.ctx.scenes.top, AttractScene)
    for _ in range(3):
        app.step()
    app.render()
    warning = str(app.ctx.store.status().warning)
    assert warning.startswith(words)
    corner = app.display.logical.subsurface((WIDTH // 2, HEIGHT - 70, WIDTH // 2, 40))
    orange = sum(
        1
        for x in range(corner.get_width())
        for y in range(corner.get_height())
        if tuple(corner.get_at((x, y)))[:3] == palette.ORANGE
    )
    assert orange > 20, "the warning is not drawn in attract mode's service corner"
    pygame.image.save(
        app.display.logical, str(tmp_path / f"attract-{condition.replace(' ', '')}.png")
    )
    service(app)
    enter(app, "NOTICES")
    page = top(app)
    assert isinstance(page, notices.NoticesPage)
    assert any(line.startswith("STORAGE:") for line, first in page.lines if first)
    page.draw(app.display.logical)
    pygame.image.save(
        app.display.logical, str(tmp_path / f"notices-{condition.replace(' ', '')}.png")
    )
    assert tally(app.ctx.store) == before
    print(condition, tmp_path)


def test_bookkeeping_says_when_its_counts_began_and_why(private_state):
    from support.app import make_app
    from support.service import enter, service, top, value_of

    path = private_state / "cabinet.db"
    session(
        path, f"{coins(3)}\nstore.db._file.execute('PRAGMA wal_checkpoint(TRUNCATE)')\n{coins(2)}"
    )
    path.write_bytes(os.urandom(4096))
    app = make_app()
    service(app)
    enter(app, "BOOKKEEPING")
    assert value_of(app, "COUNTS SINCE") != "NEVER"
    row = next(row for row in top(app).rows() if row.label == "COUNTS SINCE")
    assert "DAMAGED DATABASE MOVED ASIDE" in str(row.detail)


def test_another_program_on_the_state_never_writes_the_cabinets_waiting_writes_twice(real_disk):
    path = real_disk.path
    cabinet = Store.open(path)
    bank = cabinet.credit_bank(CreditSettings(**PRICE))
    real_disk.fill()
    bank.coin(1)
    bank.coin(1)
    assert cabinet.status().kept == 2
    real_disk.free()  # room again, before the cabinet's next retry
    other = Store.open(path)  # `python -m cabinet scores`, say
    assert not other.db.waiting.owned and other.db.writable
    other.close()
    assert cabinet.db.retry() is True
    cabinet.close()
    again = Store.open(path)
    assert tally(again)["coins"] == 2 and tally(again)["credits"] == 1
    again.close()
