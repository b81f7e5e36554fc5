"""A receiver keeps a bounded number of one cabinet's tables (issue 38, notes)."""

from __future__ import annotations

import json

import pytest

from cabinet.network import messages
from cabinet.network.fleet import format_report, report
from cabinet.network.view import TABLES_PER_CABINET, FleetView

STAMP = "2026-05-01T12:00:00Z"


def _send(view: FleetView, cabinet: str, table: str, version: int = 1, score: int = 10) -> None:
    body = {
        "v": 1,
        "site": "bar",
        "cabinet": cabinet,
        "table": table,
        "version": version,
        "made": STAMP,
        "entries": [{"id": 1, "initials": "ABC", "score": score, "when": STAMP}],
    }
    view.receive(f"arcadeforge/bar/{cabinet}/scores/{table}", json.dumps(body).encode())


def _flood(view: FleetView, cabinet: str, count: int) -> int:
    refused = 0
    for number in range(count):
        try:
            _send(view, cabinet, f"antigravity/contest/JUNK{number}")
        except messages.BadMessage:
            refused += 1
    return refused


def test_a_flood_of_tables_from_one_cabinet_is_cut_at_the_cap_and_said_once():
    view = FleetView(clock=lambda: 1_777_000_000.0)
    _send(view, "good", "blocks", score=500)
    assert _flood(view, "junk", 5000) == 5000 - TABLES_PER_CABINET
    kept = {table for table in view.tables() if table.startswith("antigravity/contest/JUNK")}
    assert len(kept) == TABLES_PER_CABINET
    said = f"{5000 - TABLES_PER_CABINET} more tables than the {TABLES_PER_CABINET} a receiver keeps of one cabinet"
    assert view.unreadable_topics("bar", "junk") == {"arcadeforge/bar/junk/scores/#": said}
    text = format_report(report(view))
    assert text.count("could not be read") == 1
    _send(view, "good", "antigravity/versus")  # another cabinet is not held to the flooder's count
    assert view.table("antigravity/versus")[0].cabinet == "good"


def test_a_kept_table_still_updates_and_a_deleted_one_frees_its_place():
    view = FleetView(clock=lambda: 1_777_000_000.0)
    _flood(view, "c1", TABLES_PER_CABINET)
    _send(view, "c1", "antigravity/contest/JUNK0", version=2, score=99)
    assert view.table("antigravity/contest/JUNK0")[0].score == 99
    with pytest.raises(messages.BadMessage):
        _send(view, "c1", "blocks")
    view.receive(
        "arcadeforge/bar/c1/scores/antigravity/contest/JUNK1", b""
    )  # the broker's copy deleted
    _send(view, "c1", "blocks")
    assert view.table("blocks")[0].cabinet == "c1"


def test_refused_topics_of_one_cabinet_are_kept_to_the_cap_too():
    view = FleetView(clock=lambda: 1_777_000_000.0)
    for number in range(1000):
        with pytest.raises(messages.BadMessage):
            view.receive(f"arcadeforge/bar/c1/scores/antigravity/contest/BAD{number}", b"not json")
    assert len(view.unreadable_topics("bar", "c1")) == TABLES_PER_CABINET
