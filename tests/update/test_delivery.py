"""Releases delivered over the fleet link: a real Mosquitto on loopback, a real web server on
127.0.0.1, the real updater and installer, and a fake systemd whose clock runs the health
window at once (tests/support/fleet_update.py)."""

from __future__ import annotations

import csv
import io

import pytest

from cabinet.__main__ import main
from cabinet.network.fleet import csv_report, format_report, report
from cabinet.update import announce, offer
from cabinet.update.moment import read_moment
from cabinet.update.releases import COMPLETE
from support.bundle_server import BundleServer
from support.fleet_update import TARGET, Office, SimCabinet, flip_a_wheel_byte
from support.network import monitor_for, settings_for, wait_for
from support.systemd import fake_gate


@pytest.fixture
def office(tmp_path):
    return Office(tmp_path / "office")


def office_config(tmp_path, broker) -> str:
    path = tmp_path / "office.yaml"
    path.write_text(
        f"network: {{enabled: false, host: 127.0.0.1, port: {broker.port}, tls: false, site: office, cabinet: office}}\n"
    )
    return str(path)


def test_a_published_release_reaches_the_cabinet_and_the_office_sees_it(tmp_path, broker, office):
    bundle = office.bundle("2.0")
    cabinet = SimCabinet(tmp_path / "c1", settings_for(broker, "c1"), office).start()
    monitor = monitor_for(broker)
    try:
        with BundleServer(office.served) as server:
            publish = [
                "release",
                "publish",
                str(bundle),
                "--url",
                server.url(bundle.name),
                "--group",
                "bar",
            ]
            assert (
                main(
                    [
                        *publish,
                        "--key",
                        str(office.folder / "release-key.pem"),
                        "--config",
                        office_config(tmp_path, broker),
                    ]
                )
                == 0
            )
            wait_for(
                lambda: (offer.read_result(cabinet.state) or {}).get("outcome") == "kept",
                what="the update kept",
            )
        assert (cabinet.releases.current(), cabinet.releases.previous()) == ("2.0", "1.0")
        assert cabinet.unit.log[-1] == "restart on 2.0" and not cabinet.errors
        assert not (cabinet.state / "downloads").exists(), "the bundle is not kept once installed"
        status = lambda: monitor.view.status.get(("bar", "c1"))  # noqa: E731
        wait_for(
            lambda: status() is not None and (status().update or {}).get("outcome") == "kept",
            what="the status",
        )
        assert (status().release, status().group) == ("2.0", "bar")
        data = report(monitor.view)
        assert "  release 2.0, group bar; last update: 2.0 kept (" in format_report(data)
        [row] = csv.DictReader(io.StringIO(csv_report(data)))
        assert (row["release"], row["update_outcome"], row["update_version"]) == (
            "2.0",
            "kept",
            "2.0",
        )
    finally:
        monitor.stop()
        cabinet.close()


@pytest.mark.parametrize("fault", ["tampered bundle", "wrong sha"])
def test_a_tampered_bundle_or_a_wrong_sha_is_refused_in_one_line_and_nothing_changes(
    tmp_path, broker, office, fault
):
    bundle = office.bundle("2.0")
    if fault == "tampered bundle":
        flip_a_wheel_byte(
            bundle
        )  # after signing: the announcement's SHA-256 is of the tampered file
    cabinet = SimCabinet(tmp_path / "c1", settings_for(broker, "c1"), office).start()
    try:
        with BundleServer(office.served) as server:
            office.publish(
                settings_for(broker, "office"),
                announce.group_topic("bar"),
                bundle,
                server.url(bundle.name),
            )
            if fault == "wrong sha":
                flip_a_wheel_byte(bundle)  # the server now holds other bytes than those announced
            wait_for(lambda: offer.read_result(cabinet.state) is not None, what="a result")
            requests = len(server.requests)
        result = offer.read_result(cabinet.state)
        assert result["outcome"] == "refused" and "\n" not in result["reason"]
        assert (
            "does not match the manifest's SHA-256"
            if fault == "tampered bundle"
            else "SHA-256 is not the announced"
        ) in (result["reason"])
        assert (cabinet.releases.current(), cabinet.releases.installed()) == ("1.0", ["1.0"])
        assert sorted(path.name for path in cabinet.releases.folder.iterdir()) == ["1.0"]
        assert cabinet.unit.log == ["restart on 1.0"] and not cabinet.errors
        assert requests == 1, "a refused bundle is not fetched again until a new announcement"
    finally:
        cabinet.close()


def waiting_for_2(tmp_path, moment, **options):
    """A cabinet on 1.0 with 2.0 installed beside and announced: (releases, unit, watcher)."""
    from cabinet.update.releases import Releases
    from cabinet.update.watch import Watcher

    releases = Releases(tmp_path / "opt")
    for version in ("1.0", "2.0"):
        (releases.folder / version).mkdir(parents=True)
        (releases.folder / version / COMPLETE).write_text("{}")
    releases.switch("1.0")
    gate, unit, _clock = fake_gate(releases, tmp_path / "update" / "update.json")
    wanted = announce.Announcement(
        announce.group_topic("bar"), "2.0", "http://127.0.0.1/x.tar", "0" * 64, 1, "", ""
    )
    return (
        releases,
        unit,
        Watcher(
            releases, None, TARGET, tmp_path / "update", gate, lambda: wanted, moment, **options
        ),
    )


@pytest.mark.parametrize("doing", ["game", "credits", "service menu", "empty attract"])
def test_the_updater_switches_only_in_an_empty_attract_mode(tmp_path, monkeypatch, doing):
    from cabinet.inputs.actions import CABINET, Action, InputEvent
    from support.app import make_app
    from support.service import tap

    monkeypatch.setenv("RUNTIME_DIRECTORY", str(tmp_path))
    app = make_app(f"credits:\n  free_play: {'true' if doing == 'game' else 'false'}\n")
    app.step()
    if doing == "game":
        tap(app, Action.START)
        for _ in range(10):
            app.step()
    elif doing == "credits":
        app.step([InputEvent(CABINET, Action.COIN1, True)])
    elif doing == "service menu":
        tap(app, Action.SERVICE, CABINET)
    releases, unit, watcher = waiting_for_2(tmp_path, lambda: read_moment(tmp_path / "moment"))
    watcher.start()
    for second in range(50):
        watcher.tick(float(second))
    if doing == "empty attract":
        assert (
            releases.current() == "2.0"
            and offer.read_result(tmp_path / "update")["outcome"] == "kept"
        )
    else:
        assert read_moment(tmp_path / "moment").startswith("busy")
        assert releases.current() == "1.0" and unit.log == [], f"switched during {doing}"
        assert offer.read_offer(tmp_path / "update") == ("2.0", None), "UPDATE READY, waiting"
    app.close()


def test_only_the_offices_user_may_announce_a_release_under_the_shipped_acl(tmp_path, office):
    from cabinet.network.local_broker import LocalBroker
    from cabinet.update import channel
    from support import ROOT
    from support.network import need_mosquitto

    need_mosquitto()
    users = {"bar-left": "left-secret", "office": "office-secret"}
    acl = (ROOT / "config" / "mosquitto" / "arcadeforge.acl").read_text()
    bundle = office.bundle("2.0")
    topic = announce.group_topic("bar")
    payload = announce.encode(
        announce.for_bundle(bundle, topic, "http://127.0.0.1/b.tar"), office.private
    )
    with LocalBroker(tmp_path / "broker", users=users, acl=acl) as broker:
        cabinet = settings_for(broker, "bar-left", password="left-secret")
        with pytest.raises(
            ConnectionError,
            match=r"the broker (refused|did not take) arcadeforge-office/release/group/bar",
        ):
            channel.publish(cabinet, "bar-left-forger", [(topic, payload)], wait=3)
        listener = channel.Listener(cabinet, "bar", office.public, "bar-left-updater").start()
        try:
            channel.publish(
                settings_for(broker, "office", password="office-secret"),
                "office",
                [(topic, payload)],
            )
            wait_for(
                lambda: listener.heard() is not None,
                what="the office's announcement at the cabinet's updater",
            )
            assert listener.heard().version == "2.0"
        finally:
            listener.stop()


def test_a_unit_that_does_not_run_the_releases_folder_is_never_switched(tmp_path):
    from cabinet.update.moment import SAFE

    why = "the cabinet's unit runs /opt/arcadeforge/venv/bin/python -m cabinet, not /opt/arcadeforge/current"
    releases, unit, watcher = waiting_for_2(tmp_path, lambda: SAFE, unit_problem=lambda: why)
    watcher.start()
    for second in range(5):
        watcher.tick(float(second))
    assert releases.current() == "1.0" and unit.log == []
    assert offer.read_result(tmp_path / "update")["reason"] == why
    assert offer.read_offer(tmp_path / "update") == (None, None)
