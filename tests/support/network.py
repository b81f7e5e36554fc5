"""Shared pieces of the fleet-link tests: a real Mosquitto per test, cabinets linked to it, polling."""

from __future__ import annotations

import os
import time

import pytest

from cabinet.network.fleet import FleetMonitor
from cabinet.network.link import NetworkLink
from cabinet.network.local_broker import LocalBroker, mosquitto_path
from cabinet.settings.schema import NetworkSettings
from cabinet.storage.store import Store

WAIT = float(
    os.environ.get("NETWORK_TEST_WAIT", 60)
)  # generous: the machine may be busy; tests poll, never sleep a fixed time


def wait_for(predicate, timeout: float = WAIT, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}: {predicate()}")


def need_mosquitto() -> None:
    if mosquitto_path() is None:
        pytest.skip("mosquitto is not installed (make tools installs it on Debian)")


@pytest.fixture
def broker(tmp_path):
    need_mosquitto()
    with LocalBroker(tmp_path / "broker") as running:
        yield running


def settings_for(broker: LocalBroker, cabinet: str, **overrides) -> NetworkSettings:
    fields = dict(
        enabled=True, host="127.0.0.1", port=broker.port, tls=False, site="bar", cabinet=cabinet
    )
    fields.update(overrides)
    return NetworkSettings(**fields)


class Cabinet:
    """A cabinet's state file with its outbox on, and its fleet link running."""

    def __init__(self, folder, settings: NetworkSettings, tables=("blocks",)):
        self.store = Store.open(folder / f"{settings.cabinet}.db")
        self.store.outbox.enabled = True
        self.link = NetworkLink(settings, self.store.db.path, list(tables)).start()

    def entries(self, table: str = "blocks") -> list[tuple[str, int, str]]:
        return [(e.initials, e.score, e.cabinet) for e in self.link.table(table)]

    def queued(self) -> int:
        return self.store.db.read_value("SELECT count(*) FROM outbox", (), 0)

    def close(self) -> None:
        self.link.close(timeout=10)
        self.store.close()


def monitor_for(
    broker: LocalBroker, name: str = "fleet", persistent: bool = False, **overrides
) -> FleetMonitor:
    monitor = FleetMonitor(
        settings_for(broker, name, **overrides), f"test-monitor-{name}", persistent=persistent
    ).start()
    wait_for(lambda: monitor.subscribed.is_set(), what="the monitor's subscription")
    return monitor
