"""Hostile fleet messages without a broker (issue 20): the parser is total, versions stay in reach."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.network import messages, topics
from cabinet.network.fleet import format_report, report
from cabinet.network.merge import Entry, TableSnapshot
from cabinet.network.view import FleetView

STAMP = "2026-05-01T12:00:00Z"
NOW = 1_777_000_000.0  # the receiver's clock in the tests below (2026-04-24), seconds
HUGE = 2**63 - 1

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def _body(kind: str, version: int = 5) -> dict:
    base = {"v": 1, "site": "bar", "cabinet": "c1"}
    return (
        base
        | {
            "audits": {
                "version": version,
                "made": STAMP,
                "audits": {
                    "coins": {"1": 16, "2": 0},
                    "credits": 2,
                    "modes": {"blocks/single": {"plays": 3, "ended": 3, "play_seconds": 90.0}},
                },
            },
            "status": {"online": True, "at": STAMP},
            "scores/blocks": {
                "table": "blocks",
                "version": version,
                "made": STAMP,
                "entries": [{"id": 1, "initials": "ABC", "score": 10, "when": STAMP}],
            },
            "events": {"id": "0" * 32, "kind": "score", "at": STAMP, "data": {"table": "blocks"}},
            "settings": {
                "state": "refused",
                "at": STAMP,
                "target": "group/hall",
                "issued": "2026-01-01T00:00:00.000000Z",
                "signer": "alice",
                "lines": ["credits.max_credits: line 3: must be at most 99, got 500"],
                "changed": ["credits.credits_per_game: 1 -> 2"],
            },
        }[kind]
    )


def _paths(value, prefix=()) -> list[tuple]:
    """Every place in a message: each key or list index, at every depth."""
    places = []
    children = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, child in children:
        places.append(prefix + (key,))
        places += _paths(child, prefix + (key,))
    return places


def _plant(body: dict, path: tuple, value) -> dict:
    """``body`` with ``value`` in the place ``path``."""
    here = body
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return body


KINDS = ["audits", "status", "scores/blocks", "events", "settings"]


@settings(max_examples=500, deadline=None)
@given(st.data(), st.sampled_from(KINDS), json_values)
def test_any_json_in_any_field_is_merged_or_refused_and_the_report_always_prints(data, kind, value):
    """Whatever a cabinet's own user puts in any field of any message a receiver reads."""
    path = data.draw(st.sampled_from(_paths(_body(kind))))
    view = FleetView(clock=lambda: NOW)
    topic = f"arcadeforge/bar/c1/{kind}"
    view.receive(topic, json.dumps(_body(kind)).encode())
    try:
        payload = json.dumps(
            _plant(_body(kind, version=6), path, value)
        ).encode()  # newer: it is merged
    except ValueError:  # a float JSON cannot carry; what json.dumps refuses nobody can send
        return
    try:
        view.receive(topic, payload)
    except messages.BadMessage:
        pass
    data = report(view)
    format_report(data)
    json.dumps(data)  # --json prints it too


def test_nesting_too_deep_for_python_is_refused_in_one_line():
    bomb = b"[" * 20_000 + b"]" * 20_000  # 40 KB, under the 64 KiB limit
    for payload in (bomb, b'{"v": 1, "site": "bar", "cabinet": "c1", "audits": ' + bomb + b"}"):
        try:
            messages.parse("arcadeforge/bar/c1/audits", payload)
        except messages.BadMessage as exc:
            assert "nested" in str(exc) and "\n" not in str(exc)
        else:
            raise AssertionError("the bomb was accepted")


def test_a_number_python_refuses_to_read_is_refused():
    payload = (
        b'{"v": 1, "site": "bar", "cabinet": "c1", "online": true, "at": ' + b"9" * 5000 + b"}"
    )
    try:
        messages.parse("arcadeforge/bar/c1/status", payload)
    except messages.BadMessage as exc:
        assert "not JSON" in str(exc)
    else:
        raise AssertionError("accepted")


def _snapshot(version: int, *scores: int) -> TableSnapshot:
    return TableSnapshot(
        "bar",
        "c1",
        "blocks",
        version,
        STAMP,
        tuple(Entry(i, "ABC", score, STAMP) for i, score in enumerate(scores, start=1)),
    )


def _payload(snapshot: TableSnapshot) -> bytes:
    return messages.table_payload(snapshot)


TOPIC = topics.topic("bar", "c1", "scores", "blocks")


def test_a_version_from_the_future_counts_as_the_moment_it_arrived():
    clock = [NOW]
    view = FleetView(clock=lambda: clock[0])
    view.receive(TOPIC, _payload(_snapshot(int(NOW * 1e6) - 5, 900)))
    view.receive(TOPIC, _payload(_snapshot(HUGE)))  # an empty table, pushed out of reach
    assert view.table("blocks") == ()
    clock[0] += 0.5
    view.receive(
        TOPIC, _payload(_snapshot(int(clock[0] * 1e6), 900, 950))
    )  # the cabinet's next real one
    assert [e.score for e in view.table("blocks")] == [950, 900]
    # A real snapshot made before the forgery arrived still loses to it: only newer ones win back.
    view.receive(TOPIC, _payload(_snapshot(int(NOW * 1e6) - 1, 10)))
    assert [e.score for e in view.table("blocks")] == [950, 900]


def test_audits_from_the_future_are_won_back_by_the_next_real_ones():
    clock = [NOW]
    view = FleetView(clock=lambda: clock[0])
    topic = topics.topic("bar", "c1", "audits")

    def audits(version: int, coins: int) -> bytes:
        return messages.encode(
            "bar", "c1", version=version, made=STAMP, audits={"coins": {"1": coins, "2": 0}}
        )

    view.receive(topic, audits(HUGE, 0))
    clock[0] += 1
    view.receive(topic, audits(int(clock[0] * 1e6), 16))
    assert report(view)["cabinets"][0]["coins"] == {"1": 16, "2": 0}


def test_a_last_seen_stamp_from_the_future_is_kept_no_later_than_its_arrival():
    view = FleetView(clock=lambda: NOW)
    view.receive(
        topics.topic("bar", "c1", "status"),
        messages.encode("bar", "c1", online=True, at="9999-12-31T23:59:59Z"),
    )
    assert report(view)["cabinets"][0]["last_seen"] == "2026-04-24T03:06:40Z"


def test_a_retained_event_is_not_one_a_cabinet_sends():
    view = FleetView(clock=lambda: NOW)
    payload = json.dumps(_body("events")).encode()
    try:
        view.receive("arcadeforge/bar/c1/events", payload, retained=True)
    except messages.BadMessage as exc:
        assert "retained" in str(exc)
    else:
        raise AssertionError("a retained event was merged")
    assert view.merged_events() == 0


def test_a_cabinet_whose_latest_message_was_refused_is_reported_unreadable():
    view = FleetView(clock=lambda: NOW)
    topic = "arcadeforge/bar/c1/audits"
    view.receive(topic, json.dumps(_body("audits")).encode())
    try:
        view.receive(topic, b"[[[]]]")
    except messages.BadMessage:
        pass
    [cabinet] = report(view)["cabinets"]
    assert cabinet["unreadable"] == {topic: "not a version 1 message"}
    assert "could not be read" in format_report(report(view))
    view.receive(topic, json.dumps(_body("audits")).encode())  # the cabinet's next real one
    assert report(view)["cabinets"][0]["unreadable"] == {}
