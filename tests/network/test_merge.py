"""The fleet's merge, messages and outbox, without a broker (issue 15)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.network import messages, topics
from cabinet.network.merge import Entry, Ledger, TableSnapshot, merge, network_table
from cabinet.network.view import FleetView
from cabinet.settings.load import parse_settings
from cabinet.storage.store import Store

STAMP = "2026-05-01T12:00:00Z"

entries = st.lists(
    st.builds(
        Entry,
        st.integers(1, 30),
        st.sampled_from(["AAA", "BOB", "ZED"]),
        st.integers(0, 500),
        st.sampled_from([STAMP, "2026-05-02T08:00:00Z"]),
    ),
    max_size=6,
    unique_by=lambda e: e.entry_id,
)
snapshots = st.builds(
    TableSnapshot,
    st.sampled_from(["bar", "mall"]),
    st.sampled_from(["c1", "c2", "c3"]),
    st.sampled_from(["blocks", "antigravity/versus"]),
    st.integers(1, 4),
    st.just(STAMP),
    entries.map(tuple),
)


def _fold(items):
    kept = {}
    for snapshot in items:
        merge(kept, snapshot)
    return kept, {
        table: network_table(kept.values(), table, 5) for table in ("blocks", "antigravity/versus")
    }


@settings(max_examples=200, deadline=None)
@given(st.lists(snapshots, max_size=12), st.randoms(use_true_random=False))
def test_any_order_and_any_repeats_of_the_snapshots_give_the_same_tables(items, rng):
    shuffled = items + items[: len(items) // 2]  # some delivered twice
    rng.shuffle(shuffled)
    assert _fold(shuffled) == _fold(items)


def test_the_network_table_keeps_the_best_entries_of_each_cabinets_latest_snapshot():
    old = TableSnapshot("bar", "c1", "blocks", 1, STAMP, (Entry(1, "OLD", 900, STAMP),))
    new = TableSnapshot("bar", "c1", "blocks", 2, STAMP, (Entry(2, "NEW", 100, STAMP),))
    other = TableSnapshot(
        "mall", "c2", "blocks", 1, STAMP, (Entry(1, "TWO", 100, "2026-04-01T00:00:00Z"),)
    )
    kept = {}
    for snapshot in (new, old, other):
        merge(kept, snapshot)
    table = network_table(kept.values(), "blocks")
    # c1's reset table replaced its old entry; the equal scores rank by when they were made.
    assert [(e.rank, e.initials, e.cabinet) for e in table] == [(1, "TWO", "c2"), (2, "NEW", "c1")]


def test_the_ledger_merges_each_event_id_once():
    ledger = Ledger(capacity=3)
    assert [ledger.merge(i) for i in "abca"] == [True, True, True, False]
    assert ledger.repeats == 1 and len(ledger) == 3


def _payload(**changes) -> bytes:
    body = {
        "v": 1,
        "site": "bar",
        "cabinet": "c1",
        "table": "blocks",
        "version": 3,
        "made": STAMP,
        "entries": [{"id": 4, "initials": "ABC", "score": 1200, "when": STAMP}],
    }
    body.update(changes)
    return json.dumps(body).encode()


TOPIC = topics.topic("bar", "c1", "scores", "blocks")


def test_a_good_snapshot_parses_and_bad_ones_say_why():
    snapshot = messages.parse(TOPIC, _payload())
    assert snapshot == TableSnapshot(
        "bar", "c1", "blocks", 3, STAMP, (Entry(4, "ABC", 1200, STAMP),)
    )
    cases = {
        b"\xff\xfe": "not JSON",
        b"[" + b" " * (64 * 1024) + b"]": "over the 65536 allowed",
        _payload(cabinet="c2"): "claims to be 'bar'/'c2'",
        _payload(table="antigravity/versus"): "on the topic of 'blocks'",
        _payload(table="chess"): "unknown table",
        _payload(
            entries=[{"id": 1, "initials": "ABCD", "score": 1, "when": STAMP}]
        ): "bad initials",
        _payload(
            entries=[{"id": 1, "initials": "A", "score": True, "when": STAMP}]
        ): "score must be",
        _payload(version="3"): "version must be",
        _payload(v=2): "not a version 1",
    }
    for payload, reason in cases.items():
        with pytest.raises(messages.BadMessage, match=reason):
            messages.parse(TOPIC, payload)
    with pytest.raises(messages.BadMessage, match="not a topic"):
        messages.parse("arcadeforge/bar/c+1/scores/blocks", _payload())


def test_contest_names_with_reserved_characters_travel_in_the_topic():
    table = "antigravity/contest/A+B #1"
    topic = topics.topic("bar", "c1", "scores", table)
    assert "+" not in topic and "#" not in topic
    assert topics.parse(topic) == topics.Address("bar", "c1", "scores", table)


def test_the_view_ranks_a_new_local_score_among_the_other_cabinets():
    view = FleetView(size=3)
    view.apply(
        TableSnapshot(
            "bar",
            "c2",
            "blocks",
            1,
            STAMP,
            (Entry(1, "TOP", 900, STAMP), Entry(2, "LOW", 100, STAMP)),
        )
    )
    view.apply(TableSnapshot("bar", "c1", "blocks", 1, STAMP, (Entry(7, "OWN", 950, STAMP),)))
    assert view.rank("blocks", 500, "bar", "c1", own_above=1) == 3  # behind OWN (ours) and TOP
    assert view.rank("blocks", 50, "bar", "c1", own_above=1) is None  # fourth: off a 3-row table


# --------------------------------------------------------------------------- the outbox


def test_no_network_section_writes_no_outbox_rows(tmp_path):
    store = Store.open(tmp_path / "cabinet.db", settings=parse_settings("{}").settings)
    store.scores.add("blocks", "ABC", 20_000)
    store.audits.game_ended("blocks", "single", 10.0)
    assert store.db.read("SELECT count(*) FROM outbox") == [(0,)]


def test_events_report_exactly_what_was_stored(tmp_path):
    loaded = parse_settings("network: {enabled: true, host: broker.example}")
    store = Store.open(tmp_path / "cabinet.db", settings=loaded.settings)
    end = store.game_over("antigravity", "versus", "antigravity/versus", 20_000, seconds=61.25)
    store.scores.set_initials(end.entry_id, "ABC")
    rows = store.db.read("SELECT kind, payload, event_id FROM outbox ORDER BY id")
    assert [row[0] for row in rows] == ["game", "score", "score"]
    game, placed, named = (json.loads(row[1]) for row in rows)
    assert (game["game"], game["mode"], game["seconds"]) == ("antigravity", "versus", 61.25)
    assert game["counters"]["ended.antigravity/versus"] == 1
    assert game["counters"]["play_ms.antigravity/versus"] == 61_250
    stored = store.db.read("SELECT id, score, created FROM scores WHERE id = ?", (end.entry_id,))[0]
    for event in (placed, named):
        assert (event["entry"], event["score"], event["when"], event["table"]) == stored + (
            "antigravity/versus",
        )
    assert placed["initials"] == "---" and named["initials"] == "ABC"
    assert len({row[2] for row in rows}) == 3


def test_a_score_and_its_event_are_one_transaction(tmp_path):
    loaded = parse_settings("network: {enabled: true, host: broker.example}")
    store = Store.open(tmp_path / "cabinet.db", settings=loaded.settings)
    store.db.write(
        [("CREATE TRIGGER refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'no'); END", ())]
    )
    with pytest.raises(sqlite3.IntegrityError):
        store.scores.add("blocks", "ABC", 20_000)
    assert store.db.read("SELECT count(*) FROM scores") == [
        (0,)
    ]  # the event failed: so did the score


def test_network_settings_are_validated_and_the_password_is_never_repeated():
    loaded = parse_settings(
        "network:\n  site: bar/1\n  cabinet: ok-1\n  password: 123456\n  port: 0\n"
    )
    problems = [str(p) for p in loaded.problems]
    assert any("network.site" in p and "letters, digits" in p for p in problems)
    assert any("network.password" in p for p in problems)
    assert any("network.port" in p for p in problems)
    assert not any("123456" in p for p in problems)
    assert loaded.settings.network.site == "site" and loaded.settings.network.cabinet == "ok-1"
    # Nor when it falls back on the last good settings, or the key is left out of the file.
    last = parse_settings("network: {password: s3cret-pass}").settings
    bad = parse_settings("network:\n  password: [1, 2]\n", last_good=last)
    gone = parse_settings("network: {site: bar}\n", last_good=last)
    # A key left out keeps its last good value (issue 12), the password too, and says so without it.
    assert (
        bad.settings.network.password == "s3cret-pass"
        and gone.settings.network.password == "s3cret-pass"
    )
    texts = [str(p) for p in bad.problems + gone.problems]
    assert texts and not any("s3cret" in text for text in texts)


def test_a_periods_figures_are_checked_like_the_totals():
    def period_of(**fields) -> bytes:
        period = {
            "since": STAMP,
            "coins": {"1": 2, "2": 0},
            "meter_pulses": {"1": 2, "2": 0},
            "credits_from_coins": 2,
            "service_credits": 0,
            "credits_spent": 1,
            "credits_over_max": 0,
            "plays": 1,
            "continues": 0,
        } | fields
        return messages.encode("bar", "c1", version=1, made=STAMP, audits={"period": period})

    topic = topics.topic("bar", "c1", "audits")
    assert messages.parse(topic, period_of()).audits["period"]["coins"] == {"1": 2, "2": 0}
    assert messages.parse(topic, period_of(since=None)).audits["period"]["since"] is None
    cases = {
        period_of(plays=-1): "audits.period.plays must be a whole number",
        period_of(coins={"1": 1, "3": 1}): "audits.period.coins must be an object of 1 and 2",
        period_of(meter_pulses={"1": "9"}): "audits.period.meter_pulses.1 must be a whole number",
        period_of(since="\x1b[2J"): "since must be a UTC time stamp",
        messages.encode(
            "bar", "c1", version=1, made=STAMP, audits={"period": [1]}
        ): "audits.period must be an object",
    }
    for payload, reason in cases.items():
        with pytest.raises(messages.BadMessage, match=reason):
            messages.parse(topic, payload)
