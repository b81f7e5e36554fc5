"""The fleet link against a real Mosquitto on loopback (issue 15)."""

from __future__ import annotations

import json
import logging
import shutil
import threading

import paho.mqtt.client as mqtt
import pytest

from cabinet.network import client as client_module
from cabinet.network.local_broker import LocalBroker, make_test_certificates
from support import ROOT
from support.network import Cabinet, monitor_for, need_mosquitto, settings_for, wait_for


def test_two_cabinets_see_each_others_scores_and_initials_entered_after_the_game(tmp_path, broker):
    left = Cabinet(tmp_path, settings_for(broker, "left"))
    right = Cabinet(tmp_path, settings_for(broker, "right"))
    try:
        left.store.scores.add("blocks", "LLL", 50_000)
        right.store.scores.add("blocks", "RRR", 60_000)
        both = [("RRR", 60_000, "right"), ("LLL", 50_000, "left")]
        wait_for(
            lambda: left.entries() == both and right.entries() == both,
            what="both scores on both cabinets",
        )
        # A game's end stores its score under placeholder initials; the player's initials follow.
        end = left.store.game_over("blocks", "single", "blocks", 55_000, seconds=80.0)
        wait_for(
            lambda: ("---", 55_000, "left") in right.entries(), what="the score at the game's end"
        )
        left.store.scores.set_initials(end.entry_id, "ACE")
        wait_for(
            lambda: ("ACE", 55_000, "left") in right.entries(),
            what="the initials on the other cabinet",
        )
        assert [e.rank for e in right.link.table("blocks")] == [1, 2, 3]
        wait_for(lambda: left.queued() == 0 and right.queued() == 0, what="empty outboxes")
    finally:
        left.close()
        right.close()


def _produce(cabinet: Cabinet, count: int, start: int = 0) -> None:
    """``count`` events: games ended and, between them, ever higher scores (each makes the table)."""
    for i in range(start, start + count):
        if i % 2:
            cabinet.store.audits.game_ended("blocks", "single", 30 + i)
        else:
            assert cabinet.store.scores.add("blocks", "ABC", 20_000 + i) == 1


def test_a_broker_stopped_and_restarted_mid_stream_loses_no_event(tmp_path, broker):
    monitor = monitor_for(broker, persistent=True)
    cabinet = Cabinet(tmp_path, settings_for(broker, "left"))
    try:
        wait_for(lambda: cabinet.link.status.state == "connected", what="the cabinet's connection")
        _produce(cabinet, 60)
        broker.restart()
        _produce(cabinet, 60, 60)
        wait_for(lambda: cabinet.link.status.state == "connected", what="the reconnection")
        broker.restart()
        _produce(cabinet, 60, 120)
        counts = lambda: dict(monitor.view.event_counts.get(("bar", "left"), {}))  # noqa: E731
        wait_for(
            lambda: counts() == {"score": 90, "game": 90} and cabinet.queued() == 0,
            what="all 180 events merged once",
        )
        assert monitor.view.merged_events() == 180
    finally:
        cabinet.close()
        monitor.stop()


def test_a_power_cut_before_the_acks_were_written_resends_and_nothing_is_merged_twice(
    tmp_path, broker, monkeypatch
):
    from cabinet.network.link import NetworkLink

    monitor = monitor_for(broker, persistent=True)
    # The broker takes every event, but the power goes before any acknowledgement is written.
    monkeypatch.setattr(NetworkLink, "_on_publish", lambda self, *args: None)
    first = Cabinet(tmp_path, settings_for(broker, "left"))
    try:
        _produce(first, 120)
        wait_for(lambda: monitor.view.merged_events() == 120, what="every event at the monitor")
        assert first.queued() == 120
        first.close()
        monkeypatch.undo()
        again = Cabinet(tmp_path, settings_for(broker, "left"))  # the cabinet after the power cut
        wait_for(lambda: again.queued() == 0, what="the outbox resent and acknowledged")
        wait_for(lambda: monitor.view.ledger.repeats == 120, what="the repeats refused")
        assert monitor.view.merged_events() == 120
        assert dict(monitor.view.event_counts[("bar", "left")]) == {"score": 60, "game": 60}
        again.close()
    finally:
        monitor.stop()


def test_a_cabinet_offline_for_a_day_sends_its_backlog_on_reconnect(tmp_path, broker):
    monitor = monitor_for(broker, persistent=True)
    broker.stop()
    cabinet = Cabinet(tmp_path, settings_for(broker, "left"))
    try:
        _produce(cabinet, 300)  # a busy day's games and scores, with no broker
        wait_for(lambda: cabinet.link.status.queued == 300, what="the backlog in the status")
        assert cabinet.link.status.state in ("connecting", "unreachable")
        broker.start()
        wait_for(
            lambda: (
                sum(monitor.view.event_counts.get(("bar", "left"), {}).values()) == 300
                and cabinet.queued() == 0
            ),
            what="the backlog delivered",
        )
        assert cabinet.link.status.state == "connected" and cabinet.link.status.last_sync
        # The monitor also has the table as it stands after the day. Its snapshot travels apart
        # from the events, so it may arrive a moment after the last of them.
        wait_for(
            lambda: (
                [(e.initials, e.score, e.cabinet) for e in monitor.view.table("blocks")][:1]
                == [("ABC", 20_298, "left")]
            ),
            what="the day's table",
        )
    finally:
        cabinet.close()
        monitor.stop()


EXAMPLE = ROOT / "config" / "mosquitto"
# The users of the shipped ACL's example blocks, and a reader.
USERS = {"bar-left": "left-secret", "bar-right": "right-secret", "fleet": "fleet-secret"}


def test_the_acl_refuses_a_cabinet_writing_into_anothers_topics(tmp_path):
    need_mosquitto()
    with LocalBroker(
        tmp_path / "broker", users=USERS, acl=(EXAMPLE / "arcadeforge.acl").read_text()
    ) as broker:
        monitor = monitor_for(broker, password="fleet-secret")
        # "bar-left" logs in as itself but claims to be "bar-right": the broker refuses its events.
        impostor = Cabinet(
            tmp_path, settings_for(broker, "bar-right", username="bar-left", password="left-secret")
        )
        honest = Cabinet(tmp_path, settings_for(broker, "bar-left", password="left-secret"))
        try:
            impostor.store.scores.add("blocks", "BAD", 90_000)
            honest.store.scores.add("blocks", "GUD", 70_000)
            wait_for(
                lambda: (
                    ("GUD", 70_000, "bar-left")
                    in [(e.initials, e.score, e.cabinet) for e in monitor.view.table("blocks")]
                ),
                what="the honest cabinet's score",
            )
            wait_for(lambda: impostor.link.status.state == "denied", what="the broker's refusal")
            wait_for(lambda: honest.queued() == 0, what="the honest outbox drained")
            assert impostor.queued() == 1  # refused, so kept: nothing is lost to a wrong ACL
            assert ("bar", "bar-right") not in monitor.view.cabinets()
            assert all(e.cabinet == "bar-left" for e in monitor.view.table("blocks"))
        finally:
            impostor.close()
            honest.close()
            monitor.stop()


def test_a_wrong_password_is_refused_and_never_logged(tmp_path, caplog):
    need_mosquitto()
    with LocalBroker(tmp_path / "broker", users=USERS) as broker:
        caplog.set_level(logging.INFO)
        password_file = tmp_path / "password"
        password_file.write_text("not-the-password\n")
        cabinet = Cabinet(tmp_path, settings_for(broker, "left", password_file=str(password_file)))
        try:
            wait_for(lambda: cabinet.link.status.state == "refused", what="the refused login")
        finally:
            cabinet.close()
        assert "not-the-password" not in caplog.text
        refusals = [r for r in caplog.records if "refused the login" in r.getMessage()]
        assert len(refusals) == 1  # one line per change of state, not one per try


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
def test_the_example_broker_configuration_takes_tls_cabinets_and_refuses_another_ca(tmp_path):
    """config/mosquitto as shipped, with only its paths and port changed for this machine."""
    need_mosquitto()
    ca, cert, key = make_test_certificates(tmp_path / "tls")
    other_ca = make_test_certificates(tmp_path / "other")[0]
    broker = LocalBroker(tmp_path / "broker")
    shutil.copy(EXAMPLE / "arcadeforge.acl", tmp_path / "arcadeforge.acl")
    text = (EXAMPLE / "arcadeforge.conf").read_text()
    for shipped, here in (
        ("listener 8883", f"listener {broker.port} 127.0.0.1"),
        ("/etc/mosquitto/certs/ca.crt", ca),
        ("/etc/mosquitto/certs/server.crt", cert),
        ("/etc/mosquitto/certs/server.key", key),
        ("/etc/mosquitto/arcadeforge.passwd", str(broker.password_file(USERS))),
        ("/etc/mosquitto/arcadeforge.acl", str(tmp_path / "arcadeforge.acl")),
    ):
        assert shipped in text
        text = text.replace(shipped, here)
    broker.use_config(text)
    with broker:
        password_file = tmp_path / "left.password"
        password_file.write_text("left-secret\n")
        good = Cabinet(
            tmp_path,
            settings_for(
                broker, "bar-left", tls=True, ca_file=ca, password_file=str(password_file)
            ),
        )
        bad = Cabinet(
            tmp_path,
            settings_for(broker, "bar-right", tls=True, ca_file=other_ca, password="right-secret"),
        )
        try:
            good.store.scores.add("blocks", "TLS", 40_000)
            wait_for(
                lambda: good.queued() == 0 and good.entries() == [("TLS", 40_000, "bar-left")],
                what="the score over TLS",
            )
            bad.store.scores.add("blocks", "BAD", 90_000)
            wait_for(
                lambda: bad.link.status.state == "unreachable", what="the failed TLS handshake"
            )
            assert bad.queued() == 1
        finally:
            good.close()
            bad.close()


def _raw_client(broker) -> mqtt.Client:
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="raw", protocol=mqtt.MQTTv5)
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    return client


def test_bad_messages_are_dropped_with_one_line_each_and_never_enter_a_table(
    tmp_path, broker, caplog
):
    caplog.set_level(logging.WARNING, logger="cabinet.network")
    cabinet = Cabinet(tmp_path, settings_for(broker, "left"))
    raw = _raw_client(broker)
    try:
        topic = "arcadeforge/bar/mallory/scores/blocks"
        good = {
            "v": 1,
            "site": "bar",
            "cabinet": "mallory",
            "table": "blocks",
            "version": 1,
            "made": "2026-01-01T00:00:00Z",
            "entries": [{"id": 1, "initials": "MAL", "score": 5, "when": "2026-01-01T00:00:00Z"}],
        }
        # A retained snapshot reaches the cabinet whenever it subscribes: once it is in, so is the subscription.
        probe = dict(good, cabinet="probe", entries=[])
        raw.publish(
            "arcadeforge/bar/probe/scores/blocks", json.dumps(probe).encode(), qos=1, retain=True
        )
        wait_for(
            lambda: ("bar", "probe") in cabinet.link.view.cabinets(),
            what="the cabinet's subscription",
        )
        bad = [
            b"not json",
            b"{" + b" " * (65 * 1024) + b"}",
            json.dumps(dict(good, cabinet="left")).encode(),
            json.dumps(dict(good, entries=[{"id": 1, "initials": "TOOLONG", "score": 5}])).encode(),
            json.dumps(dict(good, version=-1)).encode(),
            json.dumps([1, 2]).encode(),
        ]
        for payload in bad:
            raw.publish(topic, payload, qos=1).wait_for_publish(30)
        raw.publish(topic, json.dumps(good).encode(), qos=1).wait_for_publish(30)
        wait_for(
            lambda: cabinet.entries() == [("MAL", 5, "mallory")],
            what="the good message after the bad",
        )
        drops = [r for r in caplog.records if "dropped a message" in r.getMessage()]
        assert len(drops) == len(bad)
        assert cabinet.link._thread.is_alive()
    finally:
        raw.loop_stop()
        cabinet.close()


class _Recorder(mqtt.Client):
    """A paho client that notes the thread of every call the cabinet makes into it."""

    threads: set = set()

    def __getattribute__(self, name):
        attribute = super().__getattribute__(name)
        if callable(attribute) and not name.startswith("_"):
            _Recorder.threads.add(threading.current_thread().name)
        return attribute


def test_the_main_loop_never_calls_into_the_network_with_the_broker_down(tmp_path, monkeypatch):
    """Structural: frames, a game's end and a score never touch paho on the main thread."""
    from cabinet.network.local_broker import free_port
    from support.app import make_app, run

    _Recorder.threads = set()
    monkeypatch.setattr(client_module.mqtt, "Client", _Recorder)
    app = make_app(
        f"network: {{enabled: true, host: 127.0.0.1, port: {free_port()}, tls: false}}\n"
    )
    link = app.ctx.network
    assert link is not None
    run(app, 30, draw_every=5)
    app.ctx.store.scores.add("blocks", "OFF", 30_000)
    app.ctx.store.audits.game_ended("blocks", "single", 12.0)
    wait_for(
        lambda: link.status.state == "unreachable" and link.status.queued == 2,
        what="the queued events",
    )
    run(app, 30, draw_every=5)
    app.close()
    assert _Recorder.threads and threading.main_thread().name not in _Recorder.threads


def _linked_app(broker, cabinet: str = "front"):
    from support.app import make_app

    return make_app(
        f"network: {{enabled: true, host: 127.0.0.1, port: {broker.port}, tls: false, site: bar, cabinet: {cabinet}}}\n"
    )


def test_attract_the_ranking_and_the_service_menu_show_the_network(tmp_path, broker):
    from cabinet.scenes.flow.network_tables import NetworkTablesScene
    from cabinet.scenes.flow.ranking import RankingScene
    from cabinet.scenes.service.network import NetworkPage

    other = Cabinet(tmp_path, settings_for(broker, "back"))
    other.store.scores.add("blocks", "ACE", 52_000)
    app = _linked_app(broker)
    try:
        link = app.ctx.network
        wait_for(lambda: link.table("blocks"), what="the other cabinet's table")
        parts = [part.name for part in app.ctx.scenes.top.parts]
        for own in ("blocks scores", "anti-gravity scores"):
            assert parts.index(f"{own} network") == parts.index(own) + 1
        rank = app.ctx.store.scores.add("blocks", "YOU", 40_000)
        assert RankingScene(app.ctx, "blocks", rank=rank, score=40_000).network_place == 2
        wait_for(lambda: len(link.table("blocks")) == 2, what="our own entry in the network table")
        page = NetworkTablesScene(
            app.ctx, "BLOCKS NETWORK RECORDS", ["blocks", "antigravity/versus"], 5
        )
        assert page.pages == [["blocks"]]  # tables nobody has played are left out
        assert [(e.initials, e.cabinet) for e in page.entries["blocks"]] == [
            ("ACE", "back"),
            ("YOU", "front"),
        ]
        wait_for(
            lambda: link.status.queued == 0 and link.status.last_sync, what="the drained outbox"
        )
        values = {row.label: row.value() for row in NetworkPage(app.ctx).rows()}
        assert values["LINK"] == "CONNECTED" and values["QUEUED EVENTS"] == "0"
        assert values["CABINETS SEEN"] == "2"
    finally:
        app.close()
        other.close()


def test_without_a_network_section_nothing_changes():
    from cabinet.scenes.flow.ranking import RankingScene
    from support.app import make_app

    app = make_app()
    assert app.ctx.network is None
    assert not [part.name for part in app.ctx.scenes.top.parts if "network" in part.name]
    rank = app.ctx.store.scores.add("blocks", "YOU", 40_000)
    assert RankingScene(app.ctx, "blocks", rank=rank, score=40_000).network_place is None
    assert app.ctx.store.db.read("SELECT count(*) FROM outbox") == [(0,)]


def test_the_fleet_command_prints_every_cabinet_and_the_network_tables(tmp_path, broker, capsys):
    from cabinet.__main__ import main
    from cabinet.settings.schema import CreditSettings

    cabinet = Cabinet(tmp_path, settings_for(broker, "left"))
    try:
        bank = cabinet.store.credit_bank(CreditSettings(free_play=False))
        bank.coin(1)
        bank.coin(2)
        bank.coin(2)
        bank.start("blocks", "single")
        cabinet.store.audits.game_ended("blocks", "single", 90.0)
        cabinet.store.scores.add("blocks", "ABC", 33_000)
        wait_for(lambda: cabinet.queued() == 0, what="the drained outbox")
        config = tmp_path / "fleet.yaml"
        config.write_text(
            f"network: {{enabled: true, host: 127.0.0.1, port: {broker.port}, tls: false, cabinet: office}}\n"
        )
        assert main(["fleet", "--config", str(config), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        [left] = data["cabinets"]
        assert (left["site"], left["cabinet"], left["online"]) == ("bar", "left", True)
        assert left["coins"] == {"1": 1, "2": 2} and left["credits"]["played"] == 1
        assert left["modes"]["blocks/single"] == {
            "plays": 1,
            "continues": 0,
            "games": 1,
            "play_seconds": 90.0,
        }
        assert [(e["initials"], e["score"], e["cabinet"]) for e in data["tables"]["blocks"]] == [
            ("ABC", 33_000, "left")
        ]
        assert main(["fleet", "--config", str(config)]) == 0
        text = capsys.readouterr().out
        assert "bar/left  online" in text and "network table blocks" in text
    finally:
        cabinet.close()


def test_the_fleet_command_says_so_when_the_broker_does_not_answer(tmp_path, capsys):
    from cabinet.__main__ import main
    from cabinet.network.local_broker import free_port

    config = tmp_path / "fleet.yaml"
    config.write_text(
        f"network: {{enabled: true, host: 127.0.0.1, port: {free_port()}, tls: false}}\n"
    )
    assert main(["fleet", "--config", str(config), "--wait", "1"]) == 1
    assert "no answer from 127.0.0.1" in capsys.readouterr().out
