"""``python -m cabinet fleet``'s text output prints nothing a cabinet sent as a terminal control (issue 38)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from cabinet.network import messages
from cabinet.network.fleet import format_report, report
from cabinet.network.view import FleetView

STAMP = "2026-05-01T12:00:00Z"
NOW = 1_777_000_000.0

C0 = [chr(code) for code in range(0x20)] + ["\x7f"]
C1 = [chr(code) for code in range(0x80, 0xA0)]
BIDI = [
    "\u061c",
    "\u200e",
    "\u200f",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
]
CONTROLS = C0 + C1 + BIDI + ["\u2028", "\u2029", "\ufeff"]


def _table_message(view: FleetView, name: str) -> None:
    table = f"antigravity/contest/{name}"
    body = {
        "v": 1,
        "site": "bar",
        "cabinet": "c1",
        "table": table,
        "version": 1,
        "made": STAMP,
        "entries": [{"id": 1, "initials": "ABC", "score": 10, "when": STAMP}],
    }
    view.receive(f"arcadeforge/bar/c1/scores/{quote(table, safe='/')}", json.dumps(body).encode())


def _refused(view: FleetView, topic: str) -> None:
    with pytest.raises(messages.BadMessage):
        view.receive(topic, b"[]")


def _lines_without(control: str | None) -> list[str]:
    """The report of a cabinet whose contest list and refused topic carry ``control`` (or nothing)."""
    view = FleetView(clock=lambda: NOW)
    mark = control or ""
    view.receive(
        "arcadeforge/bar/c1/status",
        json.dumps({"v": 1, "site": "bar", "cabinet": "c1", "online": True, "at": STAMP}).encode(),
    )
    _table_message(view, f"x{mark}[2J{mark}y")
    _refused(view, f"arcadeforge/bar/c1/scores/antigravity/contest/p{mark}q")  # sent raw
    _refused(
        view, f"arcadeforge/bar/c1/scores/antigravity/contest/r{quote(mark)}s"
    )  # percent-encoded
    return format_report(report(view)).split("\n")


@pytest.mark.parametrize("control", CONTROLS, ids=lambda char: f"U+{ord(char):04X}")
def test_no_control_a_cabinet_sends_reaches_the_terminal(control):
    lines = _lines_without(control)
    assert len(lines) == len(_lines_without(None))  # no line forged, none joined
    for line in lines:
        assert all(char.isprintable() for char in line), line
    shown = ascii(control)[1:-1]
    assert any(f"x{shown}[2J{shown}y" in line for line in lines)  # the table's name, escaped
    assert any(f"could not be read: scores/antigravity/contest/p{shown}q" in line for line in lines)


def test_printable_names_are_printed_as_sent():
    view = FleetView(clock=lambda: NOW)
    _table_message(view, "Café 杯")
    assert "network table antigravity/contest/Café 杯" in format_report(report(view))
