"""The fleet report flags a day of takings no cabinet would send (issue 38, notes)."""

from __future__ import annotations

import json

from cabinet.network.fleet import format_report, report
from cabinet.network.view import FleetView

MADE = "2026-05-01T12:00:00Z"


def _report(days: list[str]) -> dict:
    view = FleetView(clock=lambda: 1_777_700_000.0)  # 2026-05-02, after the snapshot
    audits = {
        "coins": {"1": 4},
        "modes": {},
        "takings": [{"day": day, "coins": 1, "credits": 1, "plays": 1} for day in days],
    }
    body = {"v": 1, "site": "bar", "cabinet": "c1", "version": 1, "made": MADE, "audits": audits}
    view.receive("arcadeforge/bar/c1/audits", json.dumps(body).encode())
    return report(view)


def test_days_within_the_window_carry_no_doubt():
    days = [
        "2026-05-02",
        "2026-05-01",
        "2026-04-01",
        "undated",
    ]  # a local date a day ahead; 30 days back
    data = _report(days)
    assert [row["doubt"] for row in data["cabinets"][0]["takings"]] == [None] * 4
    assert "DOUBTFUL" not in format_report(data)


def test_a_day_outside_the_window_twice_or_not_a_date_is_flagged_and_still_shown():
    data = _report(
        ["2026-05-03", "2026-05-01", "2026-05-01", "2026-03-31", "2026-02-31", "undated", "undated"]
    )
    doubts = [row["doubt"] for row in data["cabinets"][0]["takings"]]
    assert doubts == [
        "outside the 30 days before the snapshot of 2026-05-01",
        None,
        "this day is given twice",
        "outside the 30 days before the snapshot of 2026-05-01",
        "not a date",
        None,
        "this day is given twice",
    ]
    lines = [line for line in format_report(data).splitlines() if line.startswith("    ")]
    assert len(lines) == 7
    assert [("DOUBTFUL" in line) for line in lines] == [doubt is not None for doubt in doubts]
