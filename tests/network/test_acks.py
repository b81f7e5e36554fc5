"""The broker's acknowledgements, as the fleet link counts them: LAST SYNC on the NETWORK page
(the last one, of events or snapshots), and the outbox rows deleted (only an event's own).
No broker here: paho's client and its callbacks are played by the test."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cabinet.network import link as link_module
from cabinet.network.link import NetworkLink
from cabinet.settings.schema import NetworkSettings
from cabinet.storage.store import Store

SUCCESS = SimpleNamespace(is_failure=False, value=0)
REFUSED = SimpleNamespace(is_failure=True, value=0x87)
CLOSED = SimpleNamespace(
    is_failure=True, value=0x80
)  # paho's code for a connection that just ended
KEEPALIVE_TIMEOUT = SimpleNamespace(is_failure=True, value=0x8D)


class Client:
    """Takes every publish, numbering it from 1 as paho does, and answers nothing by itself."""

    def __init__(self):
        self.mids: list[int] = []  # the messages not answered yet
        self.next_mid = 1

    def publish(self, topic, payload, qos, retain):
        self.mids.append(self.next_mid)
        self.next_mid += 1
        return SimpleNamespace(mid=self.mids[-1])

    def subscribe(self, topics):
        pass


@pytest.fixture
def connected(tmp_path, monkeypatch):
    """A link just connected to a broker played by :class:`Client`, and its cabinet's store."""
    monkeypatch.setattr(
        link_module, "SETTLE_SECONDS", 0.0
    )  # no broker: no other cabinet's status to wait for
    store = Store.open(tmp_path / "cabinet.db")
    store.outbox.enabled = True
    link = NetworkLink(
        NetworkSettings(enabled=True, host="broker", tls=False), store.db.path, ["blocks"]
    )
    link.client = Client()
    link._on_connect(link.client, None, None, SUCCESS, None)
    link._pass(0.0)  # online: the status and every snapshot go out
    yield link, store
    link.outbox.close()
    store.close()


def answer(link: NetworkLink, code=SUCCESS) -> None:
    """The broker answers every message sent, after ``publish`` returned (as over a real network)."""
    for mid in link.client.mids:
        link._on_publish(link.client, None, mid, code, None)
    link.client.mids.clear()
    link._pass(1.0)


def test_a_link_with_no_event_queued_still_says_when_the_broker_last_answered(connected):
    link, _ = connected
    assert link.status.state == "connected" and link.status.queued == 0
    assert link.status.last_sync is None, "nothing is acknowledged yet"
    answer(link)
    assert link.status.last_sync is not None, "the snapshots' acknowledgements are a sync"


def lose(link: NetworkLink) -> None:
    """The connection ends with no PUBACK read; paho may report it twice, and connects again."""
    for _ in range(2):
        link._on_disconnect(link.client, None, None, CLOSED, None)
    assert link.status.state in ("disconnected", "denied")
    link._on_connect(
        link.client, None, None, SUCCESS, None
    )  # paho sends what waits again, oldest first


def test_a_refused_message_is_no_sync(connected):
    link, _ = connected
    answer(link, REFUSED)
    assert link.status.state == "denied" and link.status.last_sync is None


def test_an_event_is_kept_until_its_own_ack_when_paho_reuses_a_snapshots_message_id(connected):
    link, store = connected
    answer(link)  # the first snapshots, acknowledged
    store.scores.add("blocks", "ACE", 99_999)
    link.client.next_mid = 1  # paho's ids wrap after 65535: the ids just answered come again
    link._pass(2.0)  # the table's snapshot and the event go out
    link._pass(3.0)
    assert link.status.queued == 1, "no PUBACK for the event yet: it stays in the outbox"
    answer(link)
    assert link.status.queued == 0


def test_connections_closed_before_any_answer_are_a_refusal_whose_puback_paho_lost(connected):
    """Mosquitto drops a client whose message it refused, and paho may meet the closed connection on a
    write before reading the PUBACK that said so. The first close may be the network; the next
    connection closed before the broker answered the oldest message waiting is a refusal."""
    link, store = connected
    store.scores.add("blocks", "BAD", 90_000)
    link._pass(1.0)
    lose(link)
    assert link.status.state == "connected"
    link._pass(2.0)
    lose(link)
    assert link.status.state == "denied"
    waiting = list(link.client.mids)
    link._pass(3.0)
    assert link.client.mids == waiting, "nothing more is offered during the pause"
    assert link.status.state == "denied" and link.status.queued == 1, "the refused event is kept"


def test_a_lost_connection_is_no_refusal_however_paho_reports_it(connected):
    link, store = connected
    for score in (10, 20, 30):
        answer(link)
        store.scores.add("blocks", "ACE", score)
        link._pass(2.0)  # an event waits for its PUBACK when the connection ends
        lose(link)
        assert link.status.state == "connected"
    answer(link)
    store.scores.add("blocks", "ACE", 40)
    link._pass(3.0)
    # Wi-Fi going: the keepalive runs out, a retry is cut before the broker answered the login,
    # and the next connection ends before it answered anything.
    link._on_disconnect(link.client, None, None, KEEPALIVE_TIMEOUT, None)
    link._on_disconnect(link.client, None, None, CLOSED, None)
    link._on_connect(link.client, None, None, SUCCESS, None)
    lose(link)
    assert link.status.state == "connected"
    answer(link)
    assert link.status.queued == 0
