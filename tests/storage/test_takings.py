"""Takings per day: counted with the coin or start they count, across a SIGKILL and a restart,
dated by the local clock (or undated when it is not set), kept 30 days, on their service page
and in the fleet report."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cabinet.network.fleet import format_report, report
from cabinet.network.messages import AuditSnapshot
from cabinet.network.snapshots import SnapshotMaker
from cabinet.network.view import FleetView
from cabinet.settings.schema import CreditSettings
from cabinet.storage.db import now_stamp
from cabinet.storage.store import Store
from cabinet.storage.takings import UNDATED, local_day
from cabinet.system.price_table import PriceTable
from support import ROOT
from support.service import cabinet_on_file, enter, screenshot, service, step, top

SCREENS = Path("/tmp/pricing-screens")
REPO = ROOT


class Calendar:
    """The bank's clock in a test: a date that the test turns."""

    def __init__(self, day: str):
        self.day = day

    def __call__(self) -> str:
        return self.day


@pytest.fixture
def store():
    store = Store.open()
    yield store
    store.close()


def paid_bank(store, day: str, table=((1, 1), (5, 6))):
    bank = store.credit_bank(
        CreditSettings(free_play=False, price_table_1=PriceTable(table), max_credits=99)
    )
    bank.takings.today = Calendar(day)
    return bank


def test_each_day_counts_its_coins_the_credits_they_bought_and_its_plays(store):
    bank = paid_bank(store, "2026-11-30")
    for _ in range(5):
        bank.coin(1)  # 6 credits: the fifth coin is a bonus
    bank.start("blocks", "single")
    bank.takings.today.day = "2026-12-01"
    bank.coin(2)
    bank.start("antigravity", "versus")  # 2 credits
    bank.start("blocks", "single")
    assert bank.takings.days() == [
        {"day": "2026-12-01", "coins": 1, "credits": 1, "plays": 2},
        {"day": "2026-11-30", "coins": 5, "credits": 6, "plays": 1},
    ]


def test_only_the_last_30_days_are_kept(store):
    bank = paid_bank(store, "2026-10-01")
    bank.coin(1)
    bank.takings.today.day = "2026-10-31"
    bank.coin(1)
    assert [row["day"] for row in bank.takings.days()] == ["2026-10-31"], (
        "30 days back is one too many"
    )
    bank.takings.today.day = "2026-11-29"
    bank.coin(1)
    assert [row["day"] for row in bank.takings.days()] == ["2026-11-29", "2026-10-31"]
    assert store.audits.snapshot()["coins"][1] == 3, "the totals keep every coin"


def test_a_clock_that_is_not_set_counts_undated(store):
    assert local_day(lambda: 0) == UNDATED  # 1970: a Pi without RTC before network time
    assert local_day(lambda: 1_795_000_000).startswith("2026-11-")  # mid-November 2026, in any zone
    bank = paid_bank(store, UNDATED)
    bank.coin(1)
    bank.takings.today.day = "2026-12-01"
    bank.coin(1)
    assert bank.takings.days() == [
        {"day": "2026-12-01", "coins": 1, "credits": 1, "plays": 0},
        {"day": UNDATED, "coins": 1, "credits": 1, "plays": 0},
    ]


CHILD = textwrap.dedent("""
    import sys
    from cabinet.settings.schema import CreditSettings
    from cabinet.storage.store import Store
    store = Store.open(sys.argv[1])
    bank = store.credit_bank(CreditSettings(free_play=False, max_credits=99))
    bank.takings.today = lambda: "2026-12-01"
    count = 0
    while True:
        bank.coin(1)
        count += 1
        if count % 4 == 0:
            bank.start("blocks", "single")
        print(count, flush=True)   # only after the coin's transaction committed
""")


def test_takings_survive_a_sigkill_and_match_the_coins_counted(tmp_path):
    db = tmp_path / "cabinet.db"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for run in range(3):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(db)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=REPO,
        )
        reported = 0
        while reported < 20 * (run + 1):
            reported = int(child.stdout.readline())
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        store = Store.open(db)
        try:
            bank = store.credit_bank(CreditSettings(free_play=False, max_credits=99))
            bank.takings.today = Calendar("2026-12-01")
            [today] = bank.takings.days()
            audit = store.audits.snapshot()
            assert today["coins"] == audit["coins"][1], (
                "the day's coins were written with each coin"
            )
            assert today["credits"] == audit["credits_from_coins"]
            assert today["plays"] == audit["total_plays"]
            assert audit["coins"][1] >= reported, "no reported coin is lost"
        finally:
            store.close()


def test_the_service_page_lists_the_days_and_the_clock(tmp_path):
    app, _ = cabinet_on_file(tmp_path, "credits: {free_play: false}\n")
    try:
        step(app, frames=3)
        bank = app.ctx.bank
        bank.takings.today = Calendar("2026-11-30")
        for _ in range(12):
            bank.coin(1)
        bank.start("blocks", "single")
        bank.takings.today.day = "2026-12-01"
        for _ in range(3):
            bank.coin(2)
        bank.takings.today.day = UNDATED
        bank.coin(1)
        service(app)
        enter(app, "TAKINGS PER DAY")
        rows = [(row.label, row.value()) for row in top(app).rows()]
        # Coins past the factory maximum of 9 credits are credited all the same (never swallowed).
        assert rows[:4] == [
            ("TUE 01 DEC 2026", "    3       3     0"),
            ("MON 30 NOV 2026", "   12      12     1"),
            ("CLOCK NOT SET", "    1       1     0"),
            ("ALL DAYS SHOWN", "   16      16     1"),
        ]
        assert rows[4][0] == "CABINET CLOCK"
        screenshot(app, SCREENS, "takings-per-day")
    finally:
        app.close()


def test_the_fleet_report_lists_each_cabinets_takings_and_says_when_a_cabinet_sends_none(store):
    today = local_day()  # the snapshot keeps the days of this machine's last 30
    bank = paid_bank(store, today)
    bank.coin(1)
    bank.start("blocks", "single")
    figures = SnapshotMaker(store.db, "bar", "cab-1", ["blocks"]).audits()
    view = FleetView()
    view.apply(
        AuditSnapshot("bar", "cab-1", 1, now_stamp(), figures)
    )  # made now: today is in its window
    old = {key: value for key, value in figures.items() if key != "takings"}
    view.apply(AuditSnapshot("bar", "cab-old", 1, now_stamp(), old))
    data = report(view)
    assert [cab["takings"] for cab in data["cabinets"]] == [
        [{"day": today, "coins": 1, "credits": 1, "plays": 1, "doubt": None}],
        None,
    ]
    text = format_report(data)
    assert f"    {today:<10}  coins     1   credits     1   plays     1" in text
    assert "  takings per day: not reported (firmware before them)" in text


def test_takings_cross_the_wire_and_a_bad_day_refuses_the_snapshot_in_one_line(store):
    from cabinet.network import messages

    today = local_day()
    bank = paid_bank(store, today)
    bank.coin(1)
    figures = SnapshotMaker(store.db, "bar", "cab-1", ["blocks"]).audits()
    topic = "arcadeforge/bar/cab-1/audits"
    payload = messages.encode("bar", "cab-1", version=1, made=now_stamp(), audits=figures)
    view = FleetView()
    view.apply(messages.parse(topic, payload))
    assert report(view)["cabinets"][0]["takings"] == [
        {"day": today, "coins": 1, "credits": 1, "plays": 0, "doubt": None}
    ]
    for bad_day in ("yesterday", None):
        figures["takings"] = [{"day": bad_day, "coins": 1, "credits": 1, "plays": 0}]
        with pytest.raises(messages.BadMessage, match=r"audits\.takings has a bad day") as refused:
            messages.parse(
                topic,
                messages.encode(
                    "bar", "cab-1", version=2, made="2026-12-01T20:00:00Z", audits=figures
                ),
            )
        assert "\n" not in str(refused.value)
    figures["takings"] = [{"day": today, "coins": -1, "credits": 1, "plays": 0}]
    with pytest.raises(messages.BadMessage, match=f"audits.takings.{today}.coins"):
        messages.parse(
            topic,
            messages.encode("bar", "cab-1", version=2, made="2026-12-01T20:00:00Z", audits=figures),
        )
