"""A network table entry holds what a cabinet can enter: typed initials, a plausible number (issue 38)."""

from __future__ import annotations

import json

import pytest

from cabinet.network import messages
from cabinet.network.view import FleetView
from cabinet.scenes.flow.initials import CHARACTERS
from cabinet.storage.scores import INITIALS_CHARACTERS, LADDER_TOP, MOST_POINTS, MOST_WINS
from cabinet.storage.word_filter import MASK

STAMP = "2026-05-01T12:00:00Z"


def _receive(view: FleetView, table: str, initials: str, score: int) -> None:
    body = {
        "v": 1,
        "site": "bar",
        "cabinet": "c1",
        "table": table,
        "version": 1,
        "made": STAMP,
        "entries": [{"id": 1, "initials": initials, "score": score, "when": STAMP}],
    }
    view.receive(f"arcadeforge/bar/c1/scores/{table}", json.dumps(body).encode())


def test_the_fleet_takes_the_characters_of_the_initials_wheel():
    assert INITIALS_CHARACTERS == CHARACTERS


@pytest.mark.parametrize(
    "initials",
    [
        "\u0391SS",  # a Greek capital alpha, then SS: looks like a word the filter masks
        "\uff21\uff33\uff33",  # full-width ASS
        "\u5350\u5350\u5350",
        "ass",  # the initials entry has no small letters
        "A\u00a0B",  # a space that is not the one a cabinet types
        "A1B",  # digits: not on the initials wheel
    ],
)
def test_initials_no_cabinet_can_type_are_refused(initials):
    view = FleetView(clock=lambda: 1_777_000_000.0)
    with pytest.raises(messages.BadMessage, match="bad initials"):
        _receive(view, "blocks", initials, 100)
    assert view.table("blocks") == ()


@pytest.mark.parametrize(
    ("table", "score"),
    [
        ("blocks", 2**63 - 1),
        ("blocks", MOST_POINTS + 1),
        ("antigravity/single/hard", 10**12),
        ("streak/blocks", MOST_WINS + 1),
        ("ladder/blocks", LADDER_TOP + 1),
        ("ladder/antigravity", 99),
    ],
)
def test_numbers_no_game_can_reach_are_refused(table, score):
    view = FleetView(clock=lambda: 1_777_000_000.0)
    with pytest.raises(messages.BadMessage, match="more than table"):
        _receive(view, table, "ABC", score)
    assert view.table(table) == ()


@pytest.mark.parametrize(
    ("table", "initials", "score"),
    [
        ("blocks", "A.!", MOST_POINTS),
        ("blocks", "---", 0),
        ("blocks", "?-*", 10),
        ("blocks", "& Z", 5),
        ("streak/antigravity", "JOY", MOST_WINS),
        ("ladder/blocks", "ACE", LADDER_TOP),
    ],
)
def test_what_a_cabinet_can_enter_is_merged(table, initials, score):
    view = FleetView(clock=lambda: 1_777_000_000.0)
    _receive(view, table, initials, score)
    [entry] = view.table(table)
    assert (entry.initials, entry.score) == (initials, score)


def test_a_rude_word_typed_with_the_cabinet_s_letters_is_still_masked():
    view = FleetView(clock=lambda: 1_777_000_000.0)
    _receive(view, "antigravity/versus", "ASS", 10)
    assert view.table("antigravity/versus")[0].initials == MASK
