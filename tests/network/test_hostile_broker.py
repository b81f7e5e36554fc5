"""Hostile fleet messages through a real Mosquitto on loopback, with the shipped ACL (issue 20).

Every message here is published with a cabinet's own user and password: what
someone who learned that password can do, and what the ACL still lets through.
"""

from __future__ import annotations

import json
import logging
import threading
import time

import paho.mqtt.client as mqtt
import pytest

from cabinet.network import messages, topics
from cabinet.network.local_broker import LocalBroker
from cabinet.settings.schema import CreditSettings
from support import ROOT
from support.network import Cabinet, monitor_for, need_mosquitto, settings_for, wait_for

ACL = ROOT / "config" / "mosquitto" / "arcadeforge.acl"
USERS = {"bar-left": "left-secret", "bar-right": "right-secret", "office": "office-secret"}
HUGE = 2**63 - 1
BOMB = b"[" * 20_000 + b"]" * 20_000  # 40 KB of nesting, under the 64 KiB limit
STAMP = "2026-01-01T00:00:00Z"
RIGHT_FIGURES = {"1": 16, "2": 0}
RIGHT_TABLE = [["ACE", 50_000, "bar-left"]]


@pytest.fixture
def broker(tmp_path):
    need_mosquitto()
    with LocalBroker(tmp_path / "broker", users=USERS, acl=ACL.read_text()) as running:
        yield running


class Publisher:
    """A raw client logged in as ``user``: it publishes what it is told and notes the broker's answers."""

    def __init__(self, broker: LocalBroker, user: str):
        self.answers: dict[int, str] = {}
        self.client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2, client_id=f"hostile-{user}", protocol=mqtt.MQTTv5
        )
        self.client.username_pw_set(user, USERS[user])
        self.client.on_publish = self._answered
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def _answered(self, client, userdata, mid, code, properties) -> None:
        # "No matching subscribers" is a success too: the broker took (and retained) it.
        self.answers[mid] = str(code) if code.is_failure else "Success"

    def publish(self, topic: str, payload: bytes, retain: bool = True) -> str:
        """The broker's answer: "Success" or why not."""
        mid = self.client.publish(topic, payload, qos=1, retain=retain).mid
        wait_for(lambda: mid in self.answers, what=f"the broker's answer to {topic}")
        return self.answers[mid]

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def _left(tmp_path, broker) -> Cabinet:
    """bar-left, with 16 coins in chute 1, a game and one table entry, all on the broker."""
    cabinet = Cabinet(tmp_path, settings_for(broker, "bar-left", password=USERS["bar-left"]))
    bank = cabinet.store.credit_bank(CreditSettings(free_play=False))
    for _ in range(16):
        bank.coin(1)
    cabinet.store.scores.add("blocks", "ACE", 50_000)
    cabinet.store.audits.game_ended(
        "blocks", "single", 30.0
    )  # its event carries the audits out at once
    wait_for(
        lambda: cabinet.queued() == 0 and cabinet.link.status.state == "connected",
        what="bar-left synced",
    )
    return cabinet


def _fleet(tmp_path, broker, capsys) -> tuple[int, dict]:
    """``python -m cabinet fleet --json`` as the office user: its exit code and report."""
    from cabinet.__main__ import main

    config = tmp_path / "office.yaml"
    config.write_text(
        f"network: {{enabled: true, host: 127.0.0.1, port: {broker.port}, tls: false, "
        f"cabinet: office, password: {USERS['office']}}}\n"
    )
    code = main(["fleet", "--config", str(config), "--json"])
    return code, json.loads(capsys.readouterr().out)


def _left_as_reported(data: dict) -> tuple:
    [left] = [c for c in data["cabinets"] if c["cabinet"] == "bar-left"]
    table = [
        [e["initials"], e["score"], e["cabinet"]]
        for e in data["tables"].get("blocks", [])
        if e["cabinet"] == "bar-left"
    ]
    return left["figures"], left["coins"], left["unreadable"], table


def _audits(**figures) -> bytes:
    return messages.encode("bar", "bar-left", version=HUGE, made=STAMP, audits=figures)


AUDITS = topics.topic("bar", "bar-left", "audits")
STATUS = topics.topic("bar", "bar-left", "status")
TABLE = topics.topic("bar", "bar-left", "scores", "blocks")
# What a cabinet's own user can publish that is malformed: a receiver can tell, and refuses it.
MALFORMED = {
    "nested JSON, 40 KB": (AUDITS, BOMB),
    "a 5,000-digit number": (
        AUDITS,
        b'{"v": 1, "site": "bar", "cabinet": "bar-left", "version": ' + b"9" * 5000 + b"}",
    ),
    "coins as a list": (AUDITS, _audits(coins=[16])),
    "plays as text": (
        AUDITS,
        _audits(
            coins={"1": 1},
            modes={"blocks/single": {"plays": "many", "ended": 1, "play_seconds": 1}},
        ),
    ),
    "a status of the wrong shape": (
        STATUS,
        json.dumps({"v": 1, "site": "bar", "cabinet": "bar-left", "online": "yes"}).encode(),
    ),
    "a table that is not a table": (TABLE, BOMB),
    "an unknown table": (
        topics.topic("bar", "bar-left", "scores", "chess"),
        messages.encode("bar", "bar-left", table="chess", version=1, made=STAMP, entries=[]),
    ),
}
# Well formed, and false: only the cabinet itself can tell.
LIES = {
    "a table of version 2**63, empty": (
        TABLE,
        messages.encode("bar", "bar-left", table="blocks", version=HUGE, made=STAMP, entries=[]),
    ),
    "audits of version 2**63, 9,999 coins": (AUDITS, _audits(coins={"1": 9999, "2": 0})),
    "a status saying offline": (STATUS, messages.encode("bar", "bar-left", online=False, at=STAMP)),
    "an empty retained message (deletes the audits)": (AUDITS, b""),
}


def test_the_shipped_acl_binds_each_cabinet_to_its_site_and_keeps_readers_out(broker):
    left, office = Publisher(broker, "bar-left"), Publisher(broker, "office")
    monitor = monitor_for(broker, "office", password=USERS["office"])
    try:
        assert left.publish("arcadeforge/bar/bar-left/status", b"{}") == "Success"
        wait_for(
            lambda: ("bar", "bar-left") in monitor.view.cabinets(),
            what="the office reading bar-left",
        )
        # Another site, another cabinet's branch, the office anywhere in the tree: refused.
        assert left.publish("arcadeforge/mall/bar-left/status", b"{}") == "Not authorized"
        assert left.publish("arcadeforge/bar/bar-right/status", b"{}") == "Not authorized"
        for topic in (
            "arcadeforge/bar/office/status",
            "arcadeforge/bar/bar-left/audits",
            "arcadeforge/x",
        ):
            assert office.publish(topic, b"{}") == "Not authorized", topic
    finally:
        left.close()
        office.close()
        monitor.stop()


def test_a_nested_json_bomb_costs_one_log_line_and_every_receiver_keeps_listening(
    tmp_path, broker, caplog
):
    caplog.set_level(logging.WARNING, logger="cabinet.network")
    left = _left(tmp_path, broker)
    right = Cabinet(tmp_path, settings_for(broker, "bar-right", password=USERS["bar-right"]))
    monitor = monitor_for(broker, "office", persistent=True, password=USERS["office"])
    hostile = Publisher(broker, "bar-left")
    try:
        wait_for(
            lambda: [e.cabinet for e in right.link.table("blocks")] == ["bar-left"],
            what="bar-right's table",
        )
        assert hostile.publish(TABLE, BOMB) == "Success"
        assert hostile.publish(AUDITS, BOMB) == "Success"
        left.store.scores.add("blocks", "NEW", 60_000)  # a later real game
        for view in (right.link.view, monitor.view):
            wait_for(
                lambda: [e.score for e in view.table("blocks")] == [60_000, 50_000],
                what="the later game",
            )
        wait_for(
            lambda: monitor.view.audits[("bar", "bar-left")].audits["coins"] == RIGHT_FIGURES,
            what="the real audits back at the monitor",
        )
        assert monitor.client._thread.is_alive()
        drops = [r for r in caplog.records if "dropped a message" in r.getMessage()]
        assert drops and all(r.exc_info is None and "\n" not in r.getMessage() for r in drops)
        assert not [r for r in caplog.records if r.exc_info]
    finally:
        hostile.close()
        monitor.stop()
        right.close()
        left.close()


def test_the_fleet_command_names_what_it_could_not_read_of_a_cabinet_that_is_away(
    tmp_path, broker, capsys
):
    """Offline, the cabinet cannot answer: the broker holds only the bad message, and the command says so."""
    left = _left(tmp_path, broker)
    code, data = _fleet(tmp_path, broker, capsys)
    assert (code, _left_as_reported(data)) == (0, (True, RIGHT_FIGURES, {}, RIGHT_TABLE))
    left.close()
    hostile = Publisher(broker, "bar-left")
    try:
        for name, (topic, payload) in MALFORMED.items():
            assert hostile.publish(topic, payload) == "Success", name
            code, data = _fleet(tmp_path, broker, capsys)
            figures, coins, unreadable, _ = _left_as_reported(data)
            assert code == 3 and topic in unreadable, name
            assert not figures or coins == RIGHT_FIGURES, name  # never a wrong count
        # Back on line, the cabinet publishes all it has: the report is whole again (the
        # unknown table it does not have is cleared).
        again = Cabinet(tmp_path, settings_for(broker, "bar-left", password=USERS["bar-left"]))
        try:
            wait_for(lambda: _fleet(tmp_path, broker, capsys)[0] == 0, what="a complete report")
            code, data = _fleet(tmp_path, broker, capsys)
            assert _left_as_reported(data) == (True, RIGHT_FIGURES, {}, RIGHT_TABLE)
        finally:
            again.close()
    finally:
        hostile.close()


@pytest.mark.parametrize("name", sorted(MALFORMED) + sorted(LIES))
def test_a_cabinet_on_line_answers_any_message_on_its_topics_and_the_fleet_command_is_right(
    name, tmp_path, broker, capsys, caplog
):
    caplog.set_level(logging.WARNING, logger="cabinet.network")
    topic, payload = {**MALFORMED, **LIES}[name]
    left = _left(tmp_path, broker)
    hostile = Publisher(broker, "bar-left")
    try:
        sent = time.monotonic()
        assert hostile.publish(topic, payload) == "Success"
        # Sooner than the minute after which a cabinet republishes its audits anyway.
        wait_for(
            lambda: any("another client published on" in r.getMessage() for r in caplog.records),
            timeout=20,
            what="bar-left's answer",
        )
        answered = time.monotonic() - sent
        right = (0, (True, RIGHT_FIGURES, {}, RIGHT_TABLE))
        reports = []  # the line is logged as the answer is made: the report may lag it by a moment

        def fleet_is_right() -> bool:
            code, data = _fleet(tmp_path, broker, capsys)
            reports.append(data)
            return (code, _left_as_reported(data)) == right

        wait_for(fleet_is_right, timeout=20, what="the fleet command right again")
        assert reports[-1]["cabinets"][0]["online"] is True
        warned = [
            r.getMessage()
            for r in caplog.records
            if "another client published on" in r.getMessage()
        ]
        assert len(warned) == 1 and topic in warned[0]
        print(f"{name}: answered in {answered:.3f} s")
    finally:
        hostile.close()
        left.close()


def test_a_huge_version_hides_no_cabinet_and_later_real_games_come_back(tmp_path, broker):
    left = _left(tmp_path, broker)
    right = Cabinet(tmp_path, settings_for(broker, "bar-right", password=USERS["bar-right"]))
    monitor = monitor_for(broker, "office", persistent=True, password=USERS["office"])
    hostile = Publisher(broker, "bar-left")
    try:
        for view in (right.link.view, monitor.view):
            wait_for(lambda: view.table("blocks"), what="bar-left's table everywhere")
        forged = messages.encode(
            "bar", "bar-left", table="blocks", version=HUGE, made=STAMP, entries=[]
        )
        assert hostile.publish(TABLE, forged) == "Success"
        left.store.scores.add("blocks", "NEW", 60_000)
        for view in (left.link.view, right.link.view, monitor.view):
            wait_for(
                lambda: (
                    [(e.score, e.cabinet) for e in view.table("blocks")]
                    == [(60_000, "bar-left"), (50_000, "bar-left")]
                ),
                what="both of bar-left's entries",
            )
        assert left.link.view.snapshot("bar", "bar-left", "blocks").version < HUGE
    finally:
        hostile.close()
        monitor.stop()
        right.close()
        left.close()


def test_the_persistent_monitor_survives_every_hostile_message_in_a_row(tmp_path, broker):
    """One monitor left running through all of them, with bar-left on line: it ends right."""
    left = _left(tmp_path, broker)
    monitor = monitor_for(broker, "office", persistent=True, password=USERS["office"])
    hostile = Publisher(broker, "bar-left")
    try:
        for name, (topic, payload) in {**MALFORMED, **LIES}.items():
            assert hostile.publish(topic, payload) == "Success", name
        left.store.scores.add("blocks", "NEW", 60_000)
        wait_for(
            lambda: [e.score for e in monitor.view.table("blocks")] == [60_000, 50_000],
            what="the table",
        )
        wait_for(
            lambda: (
                monitor.view.audits.get(("bar", "bar-left")) is not None
                and monitor.view.audits[("bar", "bar-left")].audits["coins"] == RIGHT_FIGURES
                and not monitor.view.unreadable_topics("bar", "bar-left")
            ),
            what="the real figures",
        )
        assert monitor.client._thread.is_alive() and threading.active_count() > 1
    finally:
        hostile.close()
        monitor.stop()
        left.close()
