"""The cabinet's side of the fleet link: one thread that drains the outbox and keeps the
broker's snapshots of this cabinet current, and paho's thread that receives the others'.

The main loop never waits on the network: :meth:`NetworkLink.start` only starts
a thread (the connection, DNS lookup included, happens there), and what the
scenes read (:attr:`status`, :meth:`table`) are values replaced whole. Outbox rows
are deleted only when the broker has acknowledged them (QoS 1 PUBACK); after a
lost connection everything unacknowledged is sent again under the same event id.

The cabinet is the authority on its own branch of the topic tree: it never takes
its own tables from the network (its state file has them), and a message there
that it did not send (someone with its password, or a second cabinet given the
same id) is answered by publishing its own again, and one log line.

Two cabinets with the same id (a cloned SD card, or two programs on one machine)
are told apart by their machine marks and the marks of their state files
(:mod:`cabinet.system.machine`), which each puts in its client id, so neither
takes over the other's MQTT session (the broker drops the older of two clients
with one id: two programs sharing a client id knocked each other off every 2 s),
and in its status. A cabinet that sees another online under its id names the
clash once in the log and on the NETWORK page; the one with the greater pair of
marks stands down (disconnects cleanly, so no will speaks for it) and tries again
every :data:`CLASH_RETRY_SECONDS`. The same program restarted after a power cut
keeps its client id, and so takes over the session it left.

Settings from the office come on the office's tree (:mod:`cabinet.update.office_settings`):
the link only hands them to the main loop (:meth:`NetworkLink.office_messages`), which checks
and applies them, and publishes what it did (:meth:`NetworkLink.report_settings`), retained,
on this cabinet's ``settings`` topic.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING

from cabinet.network import messages, topics
from cabinet.network.client import (
    KEEPALIVE_SECONDS,
    RECONNECT_MAX_SECONDS,
    RECONNECT_MIN_SECONDS,
    SetupError,
    connect_options,
    make_client,
)
from cabinet.network.office_inbox import OfficeInbox
from cabinet.network.snapshots import SnapshotMaker
from cabinet.network.status import LinkStatus
from cabinet.network.view import FleetView, receive_or_drop
from cabinet.settings.schema import NetworkSettings
from cabinet.storage.db import now_stamp
from cabinet.storage.outbox import OutboxFile
from cabinet.system.machine import machine_mark, state_mark
from cabinet.update import offer

if TYPE_CHECKING:
    import paho.mqtt.client as mqtt

log = logging.getLogger("cabinet.network")

POLL_SECONDS = 0.2  # the outbox is looked at this often, and at once after an ack or a connection
HEARTBEAT_SECONDS = 60.0  # the audits (uptime) and every table are republished this often
REFUSED_RETRY_SECONDS = 60.0
BATCH = 200  # events published per pass
MAX_IN_FLIGHT = 1000
REASSERT_SECONDS = (
    10.0  # a topic of ours another client wrote on gets ours again at most this often
)
SETTLE_SECONDS = (
    1.0  # after connecting, the broker's retained status of our id arrives before we publish
)
CLASH_RETRY_SECONDS = (
    300.0  # a cabinet that stood down for another with its id tries again this often
)
GOODBYE_SECONDS = 5.0  # the longest the network thread waits for its DISCONNECT to go out


class NetworkLink:
    """The fleet link of one cabinet: ``settings`` (active), the state file at ``db_path``,
    and ``table_ids``, the tables it shows. ``machine``: this machine's mark (tests give two);
    ``money_format``: how the office writes this cabinet's money (``credits.money_format``)."""

    def __init__(
        self,
        settings: NetworkSettings,
        db_path,
        table_ids: list[str],
        machine: str | None = None,
        money_format: str = "",
    ):
        self.settings = settings
        self.site, self.cabinet = settings.site, settings.cabinet
        self.machine = machine or machine_mark()
        self.state = state_mark(db_path)  # tells two programs on one machine apart
        self.outbox = OutboxFile(db_path)
        self.maker = SnapshotMaker(self.outbox, self.site, self.cabinet, table_ids, money_format)
        self.view = FleetView()
        self.status = LinkStatus("starting")
        self.client: mqtt.Client | None = None  # made when the link's thread starts
        self._wake = threading.Event()
        self._stop = threading.Event()
        # Guards the fields below; held only for in-memory work and never while calling paho,
        # whose own thread calls us back holding paho's locks.
        self._lock = threading.Lock()
        self._connected = False
        self._resync = False  # publish every snapshot on the next pass
        self._resync_after = (
            0.0  # ...but not before this (monotonic): SETTLE_SECONDS after connecting
        )
        self._clash = (
            "",
            "",
        )  # (machine, state) marks of another seen online under our id, to handle
        self._clash_named = ("", "")  # the last such marks logged and shown
        self._standing_down_until = (
            0.0  # disconnected for another machine with our id until this (monotonic)
        )
        self._gone = threading.Event()  # set by paho's thread when a connection has ended
        self._unsubscribed = (
            threading.Event()
        )  # set by paho's thread when the broker confirms an unsubscribe
        self._watched: list[str] = []  # the topics subscribed to on connecting
        self._in_flight: dict[int, int] = {}  # message id -> outbox row id
        self._acked: list[int] = []
        self._early: dict[
            int, bool
        ] = {}  # message id -> acknowledged (True) or refused, before we saw the id
        self._snapshot_mids: set[int] = (
            set()
        )  # snapshots awaiting their PUBACK, which deletes no outbox row
        self._sent_upto = 0  # highest outbox row published on this connection
        self._refused_until = 0.0  # publish nothing before this (monotonic): the broker refused
        self._closed_unanswered = (
            0  # connections lost, messages waiting, since the broker last answered
        )
        self._rewind = False  # offer every waiting event again once the pause is over
        self._reported = 0  # highest outbox row whose snapshot is made
        self._published: dict[str, tuple] = {}  # topic -> content last published
        self._sent: dict[
            str, deque
        ] = {}  # topic -> the payloads last published there (echoes are ours)
        self._foreign: set[str] = set()  # topics of ours another client published on
        self._stale: set[str] = set()  # topics of ours the broker held when we subscribed
        self._reasserted: dict[
            str, float
        ] = {}  # topic -> when ours went out again over another's (monotonic)
        self._heartbeat_at = 0.0
        self._update_seen = 0  # the updater's result file as last put in the status (its mtime)
        self.update_folder = offer.state_folder()  # where the updater writes its result
        self.release = offer.running_version  # the version this program runs
        self._last_sync: str | None = None
        self._state = "starting"
        self._problem_logged = ""
        self.office = OfficeInbox(self.site, self.cabinet, settings.group)
        self._thread = threading.Thread(target=self._run, name="network", daemon=True)

    # ------------------------------------------------------------------ main-loop side

    def start(self) -> NetworkLink:
        """Start the network thread and return at once."""
        self._thread.start()
        return self

    def table(self, table: str) -> tuple:
        """The network table ``table`` (NetworkEntry rows), as last merged."""
        return self.view.table(table)

    def rank(self, table: str, score: int, own_above: int) -> int | None:
        return self.view.rank(table, score, self.site, self.cabinet, own_above)

    def office_messages(self) -> list[tuple[str, bytes]]:
        """The office's messages (topic, payload) received since the last call, oldest first."""
        return self.office.take()

    def report_settings(self, **fields) -> None:
        """Publish (retained, now or once connected) what this cabinet did with settings from the office."""
        self.office.result = messages.encode(self.site, self.cabinet, **fields)
        self._wake.set()

    def close(self, timeout: float = 1.0) -> None:
        """Say goodbye to the broker if connected, stop the thread; waits at most ``timeout``."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the network thread

    def _run(self) -> None:
        try:
            self._open()
            while not self._stop.is_set():
                self._wake.wait(POLL_SECONDS)
                self._wake.clear()
                try:
                    self._pass(time.monotonic())
                except sqlite3.Error as exc:
                    self._problem(
                        f"network: cannot read the outbox in {self.outbox.path} ({exc}); retrying"
                    )
        except SetupError as exc:
            self._set_state("setup", str(exc))
            return
        except Exception:
            log.exception("network: the fleet link stopped on an unexpected error")
            self._set_state("stopped", "SEE THE LOG")
            return
        finally:
            self._close_client()
            self.outbox.close()

    def _open(self) -> None:
        will = self._status(False)
        client = make_client(
            self.settings,
            f"arcadeforge-{self.site}-{self.cabinet}-{self.machine}-{self.state}",
            will=will,
        )
        self._sent[will[0]] = deque(
            [will[1]], maxlen=8
        )  # the broker may send it while we still listen
        client.on_connect = self._on_connect
        client.on_connect_fail = self._on_connect_fail
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        client.on_unsubscribe = lambda *args: self._unsubscribed.set()
        self.client = client
        self._set_state("connecting")
        client.connect_async(
            self.settings.host, self.settings.port, KEEPALIVE_SECONDS, **connect_options()
        )
        client.loop_start()

    def _status(self, online: bool) -> tuple[str, bytes]:
        """This cabinet's status topic and a message saying it is ``online`` (or not) now, with the
        release it runs and how its last update ended (the updater's result file)."""
        self._update_seen = offer.result_changed_at(self.update_folder)
        last = offer.read_result(self.update_folder)
        update = (
            {key: last[key] for key in ("outcome", "version", "previous", "reason", "at")}
            if last
            else None
        )
        return (
            topics.topic(self.site, self.cabinet, "status"),
            messages.encode(
                self.site,
                self.cabinet,
                online=online,
                at=now_stamp(),
                machine=self.machine,
                state=self.state,
                release=self.release(),
                group=self.settings.group or self.site,
                update=update,
            ),
        )

    def _close_client(self) -> None:
        """Say offline and disconnect. paho's thread is left alone when it may be stuck in a
        connect (it is a daemon thread): stopping must never wait for an unreachable broker."""
        client = self.client
        if client is None:
            return
        if self._connected:
            self._publish(*self._status(False), retain=True)
            client.disconnect()
            client.loop_stop()
        self._connected = False
        self._set_state("stopped")

    def _pass(self, now: float) -> None:
        """Delete what was acknowledged, make snapshots of what changed, publish what waits."""
        if self.outbox.replaced():
            self._reported = self._sent_upto = 0
        if not self._settle_clash(now):
            return
        with self._lock:
            acked, self._acked = self._acked, []
            # Nothing goes out until the broker's retained status of our id has had time to say
            # whether another machine is on line under it.
            settled = time.monotonic() >= self._resync_after
            connected = self._connected and time.monotonic() >= self._refused_until and settled
            resync = self._resync and connected
            if resync:  # every snapshot goes out again, over whatever another client left
                self._resync = False
                self._published.clear()
                self._foreign.clear()
            foreign = self._due_reasserts(now) if connected and not resync else set()
            stale, self._stale = (self._stale, set()) if connected else (set(), self._stale)
        # Before the deletes: an event sent and acknowledged since the last pass still has its snapshot made.
        tables, audits = self._changed_since_last_pass()
        if acked:
            self.outbox.delete(acked)
        heartbeat = now >= self._heartbeat_at
        if heartbeat:
            self._heartbeat_at = now + HEARTBEAT_SECONDS
        if heartbeat or resync:
            tables, audits = set(self.maker.tables()), True
        if foreign or stale:
            audits = self._answer_others(foreign, stale, tables) or audits
        news = (
            connected and offer.result_changed_at(self.update_folder) != self._update_seen
        )  # the updater wrote a result
        if resync or news or topics.topic(self.site, self.cabinet, "status") in foreign:
            self._publish(*self._status(True), retain=True)
        for table in sorted(tables):
            snapshot = self.maker.table(table)
            self.view.apply(snapshot)  # our own entries are in our network table even offline
            if connected:
                # Each heartbeat sends every table, changed or not: a receiver whose clock runs ahead
                # of ours may count our answer to a forged version as older than the forgery.
                self._publish_snapshot(
                    topics.topic(self.site, self.cabinet, "scores", table),
                    snapshot.entries,
                    messages.table_payload(snapshot),
                    force=heartbeat,
                )
        if connected and audits:
            figures = self.maker.audits()
            self._publish_snapshot(
                topics.topic(self.site, self.cabinet, "audits"),
                None,
                messages.encode(
                    self.site,
                    self.cabinet,
                    version=self.maker.next_version(),
                    made=now_stamp(),
                    audits=figures,
                ),
            )
        result = self.office.result
        if connected and result is not None:
            self._publish_snapshot(
                topics.topic(self.site, self.cabinet, "settings"), result, result, force=resync
            )
        if time.monotonic() >= self._refused_until and settled:
            self._publish_events()
        self.status = LinkStatus(
            self._state,
            self.status.detail,
            self._last_sync,
            self.outbox.count(),
            len(self.view.cabinets()),
            self._clash_named[0],
        )

    def _settle_clash(self, now: float) -> bool:
        """Meet another machine seen online under our id, and come back after standing down for
        one; False while this cabinet stands down (the pass has nothing to do)."""
        with self._lock:
            other, self._clash = self._clash, ("", "")
        if other[0]:
            yielding = (
                self.machine,
                self.state,
            ) > other  # one rule on both sides: exactly one stands down
            if other != self._clash_named:
                self._clash_named = other
                where = (
                    f"machine {other[0]}; this one is {self.machine}"
                    if other[0] != self.machine
                    else f"another program on this machine {self.machine}, state file {other[1]}; this one's is {self.state}"
                )
                log.warning(
                    "network: a second cabinet uses the id %s/%s (%s), e.g. a copied SD card: %s; give "
                    "one of them its own network.cabinet and broker user",
                    self.site,
                    self.cabinet,
                    where,
                    f"this one stands down and tries again every {CLASH_RETRY_SECONDS:g} s"
                    if yielding
                    else "that one stands down, this one carries on",
                )
            self.status = replace(self.status, clash=other[0])
            if yielding and not self._standing_down_until:
                self._set_state("clash", f"MACHINE {other[0]}")
                self._standing_down_until = now + CLASH_RETRY_SECONDS
                self._goodbye()
        if not self._standing_down_until:
            return True
        if now < self._standing_down_until:
            return False
        self._standing_down_until = 0.0
        self._set_state("connecting")
        self._made.connect_async(
            self.settings.host, self.settings.port, KEEPALIVE_SECONDS, **connect_options()
        )
        self._made.loop_start()
        return True

    @property
    def _made(self) -> mqtt.Client:
        """The client, which the link's thread makes before it connects or publishes."""
        if self.client is None:
            raise RuntimeError("network: no MQTT client made yet")
        return self.client

    def _goodbye(self) -> None:
        """Leave the broker so that it sends no will ("offline" over the other's status): first stop
        listening (Mosquitto drops a client it still sends to while it says goodbye, and then sends
        its will), tell the other we are here (not retained: the broker keeps the other's status),
        then disconnect, waiting for it to be written before paho's thread stops."""
        if self._connected:
            self._unsubscribed.clear()
            self._made.unsubscribe(self._watched)
            self._unsubscribed.wait(GOODBYE_SECONDS)
            self._publish(*self._status(True))
        self._gone.clear()
        self._made.disconnect()
        self._gone.wait(GOODBYE_SECONDS)
        self._made.loop_stop()
        self._connected = False

    def _answer_others(self, foreign: set[str], stale: set[str], tables: set[str]) -> bool:
        """Put this cabinet's own snapshots back over what another client published on its topics
        (adding to ``tables``; True when the audits must go out), and clear a table topic of ours
        holding a table this cabinet does not have."""
        ours, audits = self.maker.tables(), False
        for topic in sorted(foreign):
            # A clash already named says who: each of its topics is then not worth a warning of its own.
            (log.info if self._clash_named[0] else log.warning)(
                "network: another client published on %s, this cabinet's own topic (is its broker password "
                "known elsewhere, or does a second cabinet use the id %s?); publishing this cabinet's own "
                "again",
                topic,
                self.cabinet,
            )
            self._published.pop(topic, None)
        for topic in sorted(foreign | stale):
            address = topics.parse(topic)
            assert address is not None, topic  # _own_topic keeps only the tree's topics
            if address.kind == "audits":
                audits = audits or topic in foreign
            elif address.kind == "scores" and address.table in ours:
                if topic in foreign:
                    tables.add(address.table)
            elif (
                address.kind == "scores"
            ):  # nothing should stand there: MQTT's empty payload deletes it
                log.info("network: cleared %s: this cabinet has no such table", topic)
                self._publish(topic, b"", retain=True)
        return audits

    def _changed_since_last_pass(self) -> tuple[set[str], bool]:
        rows = self.outbox.read(
            "SELECT id, kind, payload FROM outbox WHERE id > ? ORDER BY id", (self._reported,)
        )
        tables, audits = set(), False
        for row_id, kind, payload in rows:
            self._reported = max(self._reported, row_id)
            if kind == "score":
                tables.add(json.loads(payload)["table"])
            else:
                audits = True
        return tables, audits

    def _publish_snapshot(self, topic: str, content, payload: bytes, force: bool = False) -> None:
        """Publish a retained snapshot unless the same ``content`` (None: always new) is on the broker."""
        if not force and content is not None and self._published.get(topic) == content:
            return
        self._published[topic] = content
        self._publish(topic, payload, retain=True)

    def _publish_events(self) -> None:
        """Hand new outbox rows to paho, once each per run of the program.

        paho keeps what it was given (connected or not) and sends it again, under the same
        message id, after a reconnect; the outbox keeps it across a restart.
        """
        with self._lock:
            if self._rewind:  # after a refusal: offer everything not in flight again
                self._rewind, self._sent_upto = False, 0
            room = MAX_IN_FLIGHT - len(self._in_flight)
            after = self._sent_upto
            sending = set(self._in_flight.values())
        if room <= 0:
            return
        topic = topics.topic(self.site, self.cabinet, "events")
        for row_id, event_id, kind, payload, created in self.outbox.waiting(
            after, min(room, BATCH)
        ):
            if row_id in sending:
                continue
            body = messages.encode(
                self.site,
                self.cabinet,
                id=event_id,
                kind=kind,
                at=created,
                data=json.loads(payload),
            )
            self._publish(topic, body, row_id=row_id)

    def _publish(
        self, topic: str, payload: bytes, retain: bool = False, row_id: int | None = None
    ) -> None:
        """Publish with QoS 1; an outbox row's message id is kept to delete the row on its PUBACK
        (which may come back before ``publish`` returns)."""
        if retain:
            with self._lock:  # before publishing: its echo may come back before publish returns
                self._sent.setdefault(topic, deque(maxlen=8)).append(payload)
        mid = self._made.publish(topic, payload, qos=1, retain=retain).mid
        with self._lock:
            early = self._early.pop(mid, None)
            if row_id is None:
                if early is None:
                    self._snapshot_mids.add(mid)
                return
            self._sent_upto = max(self._sent_upto, row_id)
            if early is None:
                self._in_flight[mid] = row_id
            elif early:
                self._acked.append(row_id)

    # ------------------------------------------------------------------ paho's thread

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self._set_state("refused", str(reason_code).upper())
            return
        own = topics.branch(self.site, self.cabinet)
        watched = [
            f"{own}/status",
            f"{own}/audits",
            topics.EVERY_TABLE if self.settings.show_rankings else f"{own}/scores/#",
        ]
        watched += self.office.topics
        self._watched = watched
        client.subscribe([(topic, 1) for topic in watched])
        with self._lock:
            self._connected = True
            self._resync = True  # the next pass says online and publishes every snapshot
            self._resync_after = (
                time.monotonic() + SETTLE_SECONDS
            )  # after another's status, if any, came
            quiet = time.monotonic() < self._refused_until
        if (
            not quiet
        ):  # else the broker refused our messages a moment ago: read, publish nothing yet
            self._set_state("connected")
        self._wake.set()

    def _on_connect_fail(self, client, userdata) -> None:
        if self._state != "denied":
            self._set_state("unreachable")

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self._gone.set()
        closed = (
            reason_code.value == 0x80
        )  # no DISCONNECT from the broker: the connection just ended
        with self._lock:
            if self._connected and closed and (self._in_flight or self._snapshot_mids):
                self._closed_unanswered += 1
            self._connected = False
            # Mosquitto drops a client whose message it refused, and paho, meeting the closed connection
            # on a write, may never read the PUBACK that said so. One such close may be the network; the
            # next connection closed before any answer (the oldest message waiting goes first) is refused.
            refused = self._closed_unanswered >= 2
        # Once refused, every connection is dropped so: that is still the "denied" state.
        if self._stop.is_set() or self._state != "connected":
            return
        if refused:
            self._refuse("CONNECTION CLOSED")
        else:
            self._set_state(
                "disconnected", "CONNECTION CLOSED" if closed else str(reason_code).upper()
            )

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        refused = reason_code.is_failure
        with self._lock:
            self._closed_unanswered = 0
            if (
                not refused
            ):  # any acknowledgement is a sync: snapshots go out every heartbeat, events seldom
                self._last_sync = now_stamp()
            row_id = self._in_flight.pop(mid, None)
            # Else an ack faster than publish's return, which _publish claims. A snapshot's late ack
            # must leave nothing here: paho reuses message ids, and a later event's would find it.
            if row_id is None and mid not in self._snapshot_mids:
                self._early[mid] = not refused
            self._snapshot_mids.discard(mid)
            if row_id is not None and not refused:
                self._acked.append(row_id)
        if refused:
            self._refuse(str(reason_code).upper())
        elif self._state == "denied":
            self._set_state("connected")
        self._wake.set()

    def _refuse(self, detail: str) -> None:
        """An ACL or a quota: every event stays in the outbox and is offered again after a pause."""
        with self._lock:
            self._refused_until = time.monotonic() + REFUSED_RETRY_SECONDS
            self._rewind = True
        self._set_state("denied", detail)

    def _on_message(self, client, userdata, message) -> None:
        if self.office.offer(message.topic, message.payload):
            return
        address = topics.parse(message.topic)
        if address is not None and (address.site, address.cabinet) == (self.site, self.cabinet):
            self._own_topic(message)  # our tables come from our state file, never from the network
        else:
            receive_or_drop(self.view, message)

    def _own_topic(self, message) -> None:
        """A message on this cabinet's branch: ours coming back, or another client's to answer.

        One sent as retained on subscribing was stored before this connection, and every
        snapshot is published again on connecting anyway: only one on a table this cabinet
        does not have is answered (cleared).
        """
        if message.topic == topics.topic(
            self.site, self.cabinet, "status"
        ) and message.payload not in self._sent.get(message.topic, ()):
            other = live_owner(message.payload)
            # A status from this machine without a state mark is this program's own, from older firmware.
            if other[0] and other != (self.machine, self.state) and other != (self.machine, ""):
                with self._lock:
                    self._clash = other
        with self._lock:
            if message.retain:  # stored before we subscribed; only a table we lack needs an answer
                self._stale.add(message.topic)
            elif message.payload not in self._sent.get(message.topic, ()):
                self._foreign.add(message.topic)
            else:
                return
        self._wake.set()

    def _due_reasserts(self, now: float) -> set[str]:
        """The foreign-written topics whose answer is due (under ``_lock``); the others wait."""
        due = {
            topic
            for topic in self._foreign
            if now - self._reasserted.get(topic, -REASSERT_SECONDS) >= REASSERT_SECONDS
        }
        self._foreign -= due
        for topic in due:
            self._reasserted[topic] = now
        return due

    # ------------------------------------------------------------------ logging

    def _set_state(self, state: str, detail: str = "") -> None:
        """One log line per change of state, never one per try."""
        if state == self._state and detail == self.status.detail:
            return
        self._state = state
        self.status = LinkStatus(
            state,
            detail,
            self._last_sync,
            self.status.queued,
            self.status.cabinets,
            self._clash_named[0],
        )
        where = f"{self.settings.host}:{self.settings.port}"
        lines = {
            "connecting": f"network: connecting to {where} as {self.site}/{self.cabinet}",
            "connected": f"network: connected to {where}",
            "unreachable": f"network: broker {where} unreachable; retrying every "
            f"{RECONNECT_MIN_SECONDS}-{RECONNECT_MAX_SECONDS} s until it answers",
            "refused": f"network: {where} refused the login ({detail}); retrying",
            "denied": f"network: {where} refused this cabinet's messages ({detail}); they stay queued "
            f"and are offered again every {REFUSED_RETRY_SECONDS:g} s; check the broker's ACL for "
            f"user {self.settings.username or self.cabinet}",
            "disconnected": f"network: lost the broker {where} ({detail}); reconnecting",
            "setup": detail,
            "clash": "",  # _settle_clash said it, once
            "stopped": "network: stopped",
        }
        if lines.get(state):
            (log.info if state in ("connecting", "connected", "stopped") else log.warning)(
                lines[state]
            )

    def _problem(self, line: str) -> None:
        if line != self._problem_logged:
            self._problem_logged = line
            log.warning("%s", line)


def live_owner(payload: bytes) -> tuple[str, str]:
    """The machine and state file marks in a status message saying its cabinet is online
    (the state mark "" from firmware that sends none); ``("", "")`` for any other (offline,
    a will, a cabinet whose firmware sends no machine mark, or not a status at all)."""
    try:
        body = json.loads(payload) if len(payload) <= 4096 else None
    except ValueError:
        return "", ""
    if not isinstance(body, dict) or body.get("online") is not True:
        return "", ""
    machine, state = body.get("machine"), body.get("state", "")
    if not isinstance(machine, str) or not machine.isalnum():
        return "", ""
    return machine[:16], state[:16] if isinstance(state, str) and state.isalnum() else ""
