"""Power-cut test: a writer killed with SIGKILL at random moments, again and again.

The child process writes scores, replays, coins, game starts, game ends and the
settings file in a loop, and reports each write on a pipe once it is committed.
After every kill the parent checks that the database passes its integrity
check, that every reported write is there, that the counters written together
agree (a coin and its credit, a start and its charge), and that the YAML is
exactly one of the two versions, never a mix.
"""

import os
import random
import signal
import sqlite3
import time
import traceback

from cabinet.settings.load import SHIPPED_CONFIG, load_settings
from cabinet.settings.save import save_settings, settings_text
from cabinet.settings.schema import CreditSettings
from cabinet.storage.replays import Replay
from cabinet.storage.store import Store

KILLS = 200
SEED = 20261130


def two_settings():
    first = load_settings(SHIPPED_CONFIG).settings
    second = load_settings(SHIPPED_CONFIG).settings
    second.credits.free_play = False
    second.antigravity.difficulties["hard"].turn_seconds = 3.5
    second.antigravity.contests.pop()
    return first, second


def writer(folder, report_fd, run, versions):
    """The child: write forever, reporting each committed write (never returns).

    Each run starts at a different one of the six writes, so that the kills,
    which mostly come soon after the first report, land on every kind of write.
    """
    try:
        store = Store.open(folder / "cabinet.db")
        bank = store.credit_bank(CreditSettings(free_play=False, max_credits=99))
        step = 0

        def coin():
            bank.coin(1)
            return "coin"

        def start():
            return "start" if bank.start("blocks", "single") else "short"  # no credit left

        def replay():
            replay_id = store.replays.save(
                Replay("blocks", "single", {}, run, [(0, 1, "a", True)] * 50, 0)
            )
            store.scores.add("blocks", "KIL", run * 1_000_000 + step, replay_id=replay_id)
            return f"score {run * 1_000_000 + step} {replay_id}"

        def end():
            store.audits.game_ended("blocks", "single", 1.5)
            return "end"

        def settings():
            save_settings(folder / "cabinet.yaml", versions[step % 2])
            return f"yaml {step % 2}"

        writes = [coin, start, replay, end, settings]
        while True:
            write = writes[(run + step) % len(writes)]
            step += 1
            os.write(report_fd, (write() + "\n").encode())
    except BaseException:
        traceback.print_exc()  # shows in the test's output; the parent then sees too few reports
    finally:
        os._exit(1)


def read_all(fd):
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def counters(conn):
    return dict(conn.execute("SELECT name, value FROM counters"))


def test_sigkill_during_writes_never_loses_a_committed_record(tmp_path):
    folder = tmp_path / "cabinet"
    folder.mkdir()
    versions = two_settings()
    texts = [settings_text(SHIPPED_CONFIG.read_text(encoding="utf-8"), s) for s in versions]
    save_settings(folder / "cabinet.yaml", versions[0])
    rng = random.Random(SEED)
    known = {"coin": 0, "start": 0, "end": 0}
    reports = 0
    kinds = []  # the last write reported before each kill
    written = set()
    for run in range(1, KILLS + 1):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            writer(folder, write_fd, run, versions)
        os.close(write_fd)
        # Most kills land in the write loop (after the first report, however slow the
        # machine); every tenth may land anywhere, opening and creating included.
        early = b"" if run % 10 == 0 else os.read(read_fd, 65536)
        time.sleep(rng.uniform(0.0, 0.030))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        lines = (early + read_all(read_fd)).decode().splitlines()
        os.close(read_fd)
        reports += len(lines)
        written |= {line.split()[0] for line in lines}
        kinds.append(lines[-1].split()[0] if lines else "")

        conn = sqlite3.connect(folder / "cabinet.db")
        try:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)], f"run {run}"
            if conn.execute("PRAGMA user_version").fetchone() == (0,):  # killed while creating it
                assert lines == [] and all(value == 0 for value in known.values())
                continue
            count = counters(conn)
            # Each reported write is there; at most one more committed before the kill.
            for kind, name in (
                ("coin", "audit.coins.1"),
                ("start", "audit.plays.blocks/single"),
                ("end", "audit.ended.blocks/single"),
            ):
                now = count.get(name, 0)
                reported = known[kind] + lines.count(kind)
                assert reported <= now <= reported + 1, (
                    f"run {run}: {name} {now}, reported {reported}"
                )
                known[kind] = now
            # Written in one transaction, so they always agree.
            assert count.get("bank.credits", 0) == count.get("audit.credits.coins", 0) - count.get(
                "audit.credits.spent", 0
            )
            assert count.get("audit.coins.1", 0) == count.get(
                "audit.credits.coins", 0
            )  # none swallowed
            assert count.get("audit.credits.spent", 0) == count.get("audit.plays.blocks/single", 0)
            assert count.get("audit.play_ms.blocks/single", 0) == 1500 * count.get(
                "audit.ended.blocks/single", 0
            )
            scores = {
                row[0] for row in conn.execute("SELECT score FROM scores WHERE table_id = 'blocks'")
            }
            replays = {row[0] for row in conn.execute("SELECT id FROM replays")}
            reported = [line.split()[1:] for line in lines if line.startswith("score")]
            if reported:  # the newest score and its replay (older ones may be pushed out)
                score, replay_id = map(int, reported[-1])
                assert score in scores, f"run {run}: score {score} lost"
                assert replay_id in replays, f"run {run}: replay {replay_id} lost"
            referenced = {
                row[0]
                for row in conn.execute("SELECT replay_id FROM scores WHERE replay_id IS NOT NULL")
            }
            assert referenced <= replays, f"run {run}: a table entry lost its replay"
        finally:
            conn.close()
        text = (folder / "cabinet.yaml").read_text(encoding="utf-8")
        assert text in texts, f"run {run}: the settings file is neither version"
        assert len(list(folder.glob(".cabinet.yaml.tmp-*"))) <= 1

    assert reports > KILLS
    # Every kind of write was exercised, and the kills fell after several different
    # ones. Which ones exactly depends on the machine's speed, so no more is demanded.
    assert {"coin", "start", "score", "end", "yaml"} <= written
    assert len(set(kinds) - {""}) >= 3, kinds
    store = Store.open(folder / "cabinet.db")
    assert store.db.moved_aside == [] and store.db.integrity() == "ok"
    assert store.scores.top("blocks")[0].score > 1_000_000
    store.close()
