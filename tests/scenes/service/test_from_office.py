"""Settings pushed from the office to a running cabinet, through a real Mosquitto with the shipped ACL,
into the cabinet's real settings file, last good copy and audit log (issue 40, item 7)."""

from __future__ import annotations

import json
import logging
import time

import pytest

from cabinet.app import App
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.network.fleet import format_report, report
from cabinet.network.local_broker import LocalBroker
from cabinet.network.office_push import publish
from cabinet.settings.last_good import read_last_good
from cabinet.settings.load import load_settings
from cabinet.settings.office_log import OfficeRecord
from cabinet.settings.schema import NetworkSettings
from cabinet.update import office_settings
from cabinet.update.office_settings import cabinet_target, group_target, seal, topic_of
from cabinet.update.signing import load_private, make_key_pair
from support import ROOT
from support.app import Heard
from support.network import WAIT, monitor_for, need_mosquitto, wait_for
from support.service import cabinet_on_file, service

ACL = ROOT / "config" / "mosquitto" / "arcadeforge.acl"
USERS = {"bar-left": "left-secret", "office": "office-secret"}
SECRET = "hunter2-do-not-show"


@pytest.fixture
def office(tmp_path, monkeypatch):
    """A broker with the shipped ACL, and the office's key pair with its public half installed."""
    need_mosquitto()
    make_key_pair(tmp_path / "release-key.pem", tmp_path / "release-key.pub")
    monkeypatch.setattr("cabinet.update.cli.DEFAULT_PUBLIC_KEY", tmp_path / "release-key.pub")
    with LocalBroker(tmp_path / "broker", users=USERS, acl=ACL.read_text()) as broker:
        yield broker


def login(broker, user: str) -> NetworkSettings:
    return NetworkSettings(
        enabled=True,
        host="127.0.0.1",
        port=broker.port,
        tls=False,
        site="bar",
        cabinet=user,
        password=USERS[user],
    )


def cabinet_yaml(broker) -> str:
    return (
        "credits:\n  free_play: false\n  credits_per_game: 1\n"
        f"network:\n  enabled: true\n  host: 127.0.0.1\n  port: {broker.port}\n  tls: false\n"
        f"  site: bar\n  cabinet: bar-left\n  password: {USERS['bar-left']}\n  group: hall\n"
    )


def push(
    broker,
    tmp_path,
    fragment: str,
    target: str = group_target("hall"),
    key="release-key.pem",
    **sealed,
) -> bytes:
    payload = seal(load_private(tmp_path / key), target, fragment, "alice", **sealed)
    assert publish(login(broker, "office"), target, payload, WAIT) is None
    return payload


def pump(app, until, what: str) -> None:
    """Step the cabinet (a frame at a time, as it runs) until ``until()``; the network is real."""
    deadline = time.monotonic() + WAIT
    while not until():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        app.step()
        time.sleep(0.005)


def connected(app) -> None:
    pump(app, lambda: app.ctx.network.status.state == "connected", "the cabinet's connection")


def results(monitor) -> dict | None:
    return report(monitor.view)["cabinets"][0]["settings"] if monitor.view.cabinets() else None


def make_busy(app, busy: str) -> None:
    if busy == "service":
        service(app)
        return
    app.step([InputEvent(CABINET, Action.COIN1, True)])
    app.step([InputEvent(CABINET, Action.COIN1, False)])
    if busy == "game":
        app.step([InputEvent(1, Action.START, True)])
        app.step([InputEvent(1, Action.START, False)])


@pytest.mark.parametrize("busy", ["game", "credits", "service"])
def test_a_signed_change_waits_while_the_cabinet_is_busy_and_applies_at_the_next_safe_moment(
    office, tmp_path, private_state, busy
):
    app, path = cabinet_on_file(tmp_path, cabinet_yaml(office))
    monitor = monitor_for(office, "office", password=USERS["office"])
    try:
        connected(app)
        make_busy(app, busy)
        assert app.office is not None
        before = path.read_text()
        push(office, tmp_path, "credits:\n  credits_per_game: 3\n")
        pump(app, lambda: app.office.waiting, "the signed change to arrive")
        for _ in range(120):
            app.step()
        assert app.ctx.settings.credits.credits_per_game == 1
        assert path.read_text() == before
        wait_for(
            lambda: (results(monitor) or {}).get("state") == "waiting", what="WAITING at the office"
        )
        assert results(monitor)["lines"] == [f"waiting for a safe moment (now {busy})"]

        while app.ctx.bank.credits:  # the credit is played...
            assert app.ctx.bank.start("blocks", "single")
        app.ctx.go_to_attract()  # ...the game ends, the door closes
        pump(app, lambda: not app.office.waiting, "the change at the safe moment")
        assert app.ctx.settings.credits.credits_per_game == 3
        text = path.read_text()
        assert "credits_per_game: 3" in text and "free_play: false" in text
        assert read_last_good().settings.credits.credits_per_game == 3
        wait_for(lambda: results(monitor)["state"] == "applied", what="APPLIED at the office")
        assert results(monitor)["changed"] == ["credits.credits_per_game: 1 -> 3"]
        audit = OfficeRecord(private_state).entries()
        assert [(e["state"], e["signer"], e["target"]) for e in audit] == [
            ("applied", "alice", "group/hall")
        ]
        assert "APPLIED" in format_report(report(monitor.view))
    finally:
        monitor.stop()
        app.close()


def raw_publish(broker, user: str, target: str, payload: bytes) -> str | None:
    return publish(login(broker, user), target, payload, WAIT)


def test_forged_unsigned_and_replayed_changes_are_refused_and_change_nothing(
    office, tmp_path, private_state
):
    make_key_pair(
        tmp_path / "stolen.pem", tmp_path / "stolen.pub"
    )  # a key that is not the office's
    app, path = cabinet_on_file(tmp_path, cabinet_yaml(office))
    monitor = monitor_for(office, "office", password=USERS["office"])
    own = cabinet_target("bar", "bar-left")
    try:
        connected(app)
        first = push(office, tmp_path, "credits:\n  credits_per_game: 2\n", target=own)
        pump(app, lambda: app.ctx.settings.credits.credits_per_game == 2, "the first change")
        settled_text = path.read_text()
        sent = [
            (
                seal(
                    load_private(tmp_path / "stolen.pem"),
                    own,
                    "credits:\n  free_play: true\n",
                    "mallory",
                ),
                "does not match",
            ),
            (b"credits:\n  free_play: true\n", "not a signed settings message"),
            # Signed by the office, but issued before the one applied: an old message sent again.
            (
                seal(
                    load_private(tmp_path / "release-key.pem"),
                    own,
                    "credits:\n  free_play: true\n",
                    "alice",
                    "2020-01-01T00:00:00.000000Z",
                ),
                "an old message sent again",
            ),
        ]
        for payload, why in sent:
            assert raw_publish(office, "office", own, payload) is None
            pump(app, lambda: why in " ".join((results(monitor) or {}).get("lines", [])), why)
            assert results(monitor)["state"] == "refused"
            for _ in range(10):
                app.step()
            assert not app.ctx.settings.credits.free_play
            assert path.read_text() == settled_text
        heard = []
        receive = app.office.receive
        app.office.receive = lambda topic, payload: (heard.append(payload), receive(topic, payload))
        # The broker sends its retained copy again on every connection: the refused one is not news...
        office.restart()
        pump(app, lambda: heard == [sent[-1][0]], "the retained message sent again")
        # ...nor the applied one, sent again: passed over.
        assert raw_publish(office, "office", own, first) is None
        pump(app, lambda: len(heard) == 2, "the applied one sent again")
        assert [e["state"] for e in OfficeRecord(private_state).entries()] == [
            "applied",
            "refused",
            "refused",
            "refused",
        ]
    finally:
        monitor.stop()
        app.close()


def test_a_change_failing_validation_changes_nothing_and_reports_its_lines_but_never_a_secret(
    office, tmp_path, private_state, caplog
):
    caplog.set_level(logging.DEBUG)
    app, path = cabinet_on_file(tmp_path, cabinet_yaml(office))
    monitor = monitor_for(office, "office", password=USERS["office"])
    try:
        connected(app)
        before, settings = path.read_text(), app.ctx.settings
        fragment = (
            f"credits:\n  credits_per_game: 2\n  max_credits: 500\nnetwork:\n  password: {SECRET}\n"
        )
        push(office, tmp_path, fragment)
        pump(
            app, lambda: (results(monitor) or {}).get("state") == "refused", "REFUSED at the office"
        )
        assert results(monitor)["lines"] == [
            "credits.max_credits: line 3: must be at most 99, got 500",
            "network.password: line 5: set at the cabinet only, never from the office",
        ]
        assert app.ctx.settings == settings and path.read_text() == before
        (audit,) = OfficeRecord(private_state).entries()
        assert audit["signer"] == "alice" and audit["lines"] == results(monitor)["lines"]
        seen = [
            json.dumps(results(monitor)),
            (private_state / "settings-from-office.log").read_text(),
            (private_state / "settings-from-office.json").read_text(),
            caplog.text,
            format_report(report(monitor.view)),
        ]
        assert not any(SECRET in text for text in seen)
    finally:
        monitor.stop()
        app.close()


def test_a_cabinets_own_login_cannot_publish_settings_for_its_group_or_itself(office, tmp_path):
    payload = seal(
        load_private(tmp_path / "release-key.pem"),
        group_target("hall"),
        "credits:\n  free_play: true\n",
        "x",
    )
    for target in (group_target("hall"), cabinet_target("bar", "bar-left")):
        problem = raw_publish(office, "bar-left", target, payload)
        assert problem is not None and "ACL" in problem, problem
    assert raw_publish(office, "office", group_target("hall"), payload) is None
    assert topic_of(group_target("hall")).startswith(office_settings.ROOT)


def test_the_last_result_is_said_again_after_a_restart_even_to_a_new_broker(
    office, tmp_path, private_state
):
    app, path = cabinet_on_file(tmp_path, cabinet_yaml(office))
    try:
        connected(app)
        push(office, tmp_path, "credits:\n  credits_per_game: 2\n")
        pump(app, lambda: app.ctx.settings.credits.credits_per_game == 2, "the change")
    finally:
        app.close()
    with LocalBroker(tmp_path / "new-broker", users=USERS, acl=ACL.read_text()) as new:
        path.write_text(path.read_text().replace(f"port: {office.port}", f"port: {new.port}"))
        again = App(load_settings(path), headless=True, audio=Heard())
        monitor = monitor_for(new, "office", password=USERS["office"])
        try:
            pump(
                again,
                lambda: (results(monitor) or {}).get("state") == "applied",
                "the result on the new broker",
            )
            assert results(monitor)["changed"] == ["credits.credits_per_game: 1 -> 2"]
            assert again.ctx.settings.credits.credits_per_game == 2
        finally:
            monitor.stop()
            again.close()


def test_of_two_changes_sent_while_busy_only_the_newer_is_applied_and_both_are_audited(
    office, tmp_path, private_state
):
    app, _path = cabinet_on_file(tmp_path, cabinet_yaml(office))
    try:
        connected(app)
        make_busy(app, "service")
        push(office, tmp_path, "credits:\n  credits_per_game: 2\n  versus_credits: 4\n")
        pump(app, lambda: app.office.waiting, "the first change")
        push(office, tmp_path, "credits:\n  credits_per_game: 3\n")
        pump(
            app,
            lambda: "3" in next(iter(app.office.waiting.values())).fragment,
            "the second change",
        )
        app.ctx.go_to_attract()
        pump(app, lambda: not app.office.waiting, "the safe moment")
        assert (
            app.ctx.settings.credits.credits_per_game,
            app.ctx.settings.credits.versus_credits,
        ) == (3, 2)
        assert [e["state"] for e in OfficeRecord(private_state).entries()] == [
            "superseded",
            "applied",
        ]
    finally:
        app.close()
