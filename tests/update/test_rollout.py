"""A staged rollout: one cabinet of the group first, the rest only once it kept the release."""

from __future__ import annotations

import pytest

from cabinet.update.rollout import Rollout
from support.bundle_server import BundleServer
from support.fleet_update import Office, SimCabinet
from support.network import monitor_for, settings_for, wait_for
from support.systemd import healthy


def crashes_on_2(release, seconds):
    return "crash" if release == "2.0" else healthy(release, seconds)


@pytest.fixture
def group(tmp_path, broker):
    """Three cabinets of group bar, running 1.0; ``group(first_behaviour)`` starts them."""
    made = []

    def start(first=healthy):
        for number in (1, 2, 3):
            name = f"c{number}"
            behaviour = first if number == 1 else healthy
            made.append(
                SimCabinet(tmp_path / name, settings_for(broker, name), office, behaviour).start()
            )
        monitor = monitor_for(broker)
        try:
            wait_for(
                lambda: len([s for s in monitor.view.status.values() if s.group == "bar"]) == 3,
                what="3 statuses",
            )
        finally:
            monitor.stop()
        return made

    office = Office(tmp_path / "office")
    start.office = office
    yield start
    for cabinet in made:
        cabinet.close()


def rollout_of(broker, office, bundle, server, said) -> Rollout:
    return Rollout(
        settings_for(broker, "office"),
        office.private,
        bundle,
        server.url(bundle.name),
        "bar",
        said.append,
    )


def test_the_rest_of_the_group_updates_only_after_the_first_kept_the_release(broker, group):
    cabinets = group()
    bundle = group.office.bundle("2.0")
    said: list[str] = []
    with BundleServer(group.office.served) as server:
        assert rollout_of(broker, group.office, bundle, server, said).run() == 0
        first_kept = said.index("rollout: bar/c1 kept release 2.0 through its health window")
    assert (
        said.index("rollout: release 2.0 announced to group bar; waiting for 2 cabinets")
        > first_kept
    )
    assert said[-1] == "rollout: 3 of 3 online cabinets run release 2.0"
    assert [cabinet.releases.current() for cabinet in cabinets] == ["2.0", "2.0", "2.0"]
    assert all(cabinet.listener.own not in cabinet.listener._held for cabinet in cabinets), (
        "the first's own is gone"
    )


def test_a_first_cabinet_that_rolls_back_stops_the_rollout_and_says_why(broker, group):
    cabinets = group(first=crashes_on_2)
    bundle = group.office.bundle("2.0")
    said: list[str] = []
    with BundleServer(group.office.served) as server:
        assert rollout_of(broker, group.office, bundle, server, said).run() == 3
        requests = len(server.requests)
    assert said[-1] == (
        "rollout: stopped: bar/c1 rolled back to 1.0: the cabinet exited before it was ready (exit status 1); "
        "the rest of group bar was not told"
    )
    assert [cabinet.releases.current() for cabinet in cabinets] == ["1.0", "1.0", "1.0"]
    assert requests == 1, "only the first cabinet fetched the bundle"
    wait_for(lambda: cabinets[0].listener.heard() is None, what="the first's announcement removed")
    assert all(cabinet.listener.heard() is None for cabinet in cabinets[1:])
