"""What a receiver knows of the fleet: every cabinet's tables, audits, status and events.

Messages arrive on paho's thread; the main loop only reads :meth:`FleetView.table`,
which returns a tuple that is replaced whole, never changed in place, so the
main loop takes no lock and never waits on the network.

A version (or stamp) from the future is counted as the moment it arrived, by
this receiver's clock: nobody made a snapshot after it arrived, so a forged
version of 2**63 only outranks the snapshots made before it, and the sender's
next real one wins back (see :func:`arrived`). The merge itself stays pure.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections import Counter
from datetime import UTC, datetime

from cabinet.network import messages, topics
from cabinet.network.merge import NETWORK_SIZE, Ledger, TableSnapshot, merge, network_table

log = logging.getLogger("cabinet.network")

# A cabinet shows 9 tables and one per contest list: room for 55 lists. Beyond this a receiver
# keeps no more of one cabinet's tables (nor of its refused topics), so one cabinet's junk
# costs every other cabinet a bounded amount of memory and start-up time.
TABLES_PER_CABINET = 64


def arrived(message, now: float):
    """``message`` with its version and stamps no later than ``now`` (this receiver's clock, in s)."""
    changes: dict[str, object] = {}
    version = getattr(message, "version", None)
    if version is not None and version > int(now * 1_000_000):
        changes["version"] = int(now * 1_000_000)
    stamp = datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    for field in ("made", "at"):
        if getattr(message, field, "") > stamp:
            changes[field] = stamp
    return dataclasses.replace(message, **changes) if changes else message


class FleetView:
    """``clock``: wall-clock seconds (time.time), which bound the versions received."""

    def __init__(self, size: int = NETWORK_SIZE, clock=time.time):
        self.size = size
        self.clock = clock
        self._lock = threading.Lock()  # held only for in-memory work, never across I/O
        self._kept: dict[tuple, TableSnapshot] = {}
        self._tables: dict[str, tuple] = {}
        self.audits: dict[tuple, messages.AuditSnapshot] = {}
        self.status: dict[tuple, messages.Status] = {}
        self.settings: dict[
            tuple, messages.SettingsResult
        ] = {}  # per cabinet: its last settings result
        self.seen: dict[tuple, str] = {}
        self.ledger = Ledger()
        self.event_counts: dict[tuple, Counter] = {}  # per cabinet: events merged, by kind
        self.unreadable: dict[
            tuple, dict[str, str]
        ] = {}  # per cabinet: topic -> why its latest was refused
        self._table_count: Counter = Counter()  # per cabinet: tables kept
        self._turned_away: Counter = Counter()  # per cabinet: tables refused for the cap

    def receive(self, topic: str, payload: bytes, retained: bool = False):
        """Merge one received message (``retained``: the broker's stored one, sent on subscribing).

        Raises :class:`~cabinet.network.messages.BadMessage` only. A refused message on a
        cabinet's topic leaves that topic unreadable (:meth:`unreadable_topics`) until a good
        one replaces it: the broker now holds that message, not the cabinet's own.
        """
        address = topics.parse(topic)
        if not payload and address is not None and address.kind != "events":
            self.forget(address, topic)  # a retained message deleted (MQTT's empty payload)
            return None
        try:
            message = messages.parse(topic, payload)
            if retained and isinstance(message, messages.Event):
                raise messages.BadMessage(
                    "an event arrived retained, and cabinets never retain events"
                )
        except messages.BadMessage as exc:
            if address is not None and address.kind != "events":  # events carry no figure shown
                with self._lock:
                    refused = self.unreadable.setdefault((address.site, address.cabinet), {})
                    if topic in refused or len(refused) < TABLES_PER_CABINET:
                        refused[topic] = str(exc)
            raise
        if isinstance(message, TableSnapshot):
            self._keep_within_cap(message)
        with self._lock:
            self.unreadable.get((message.site, message.cabinet), {}).pop(topic, None)
        self.apply(arrived(message, self.clock()))
        return message

    def _keep_within_cap(self, snapshot: TableSnapshot) -> None:
        """Refuse a new table of a cabinet that already has :data:`TABLES_PER_CABINET`; the count
        refused shows as one unreadable topic, ``<branch>/scores/#``."""
        who = (snapshot.site, snapshot.cabinet)
        with self._lock:
            if snapshot.key in self._kept or self._table_count[who] < TABLES_PER_CABINET:
                return
            self._turned_away[who] += 1
            reason = f"{self._turned_away[who]} more tables than the {TABLES_PER_CABINET} a receiver keeps of one cabinet"
            self.unreadable.setdefault(who, {})[f"{topics.branch(*who)}/scores/#"] = reason
        raise messages.BadMessage(reason)

    def forget(self, address, topic: str) -> None:
        """Nothing stands on ``topic`` any more: drop what it held."""
        who = (address.site, address.cabinet)
        with self._lock:
            self.unreadable.get(who, {}).pop(topic, None)
            if address.kind == "status":
                self.status.pop(who, None)
            elif address.kind == "audits":
                self.audits.pop(who, None)
            elif address.kind == "settings":
                self.settings.pop(who, None)
            elif self._kept.pop((address.site, address.cabinet, address.table), None) is not None:
                self._table_count[who] -= 1
                self._tables[address.table] = network_table(
                    self._kept.values(), address.table, self.size
                )

    def apply(self, message) -> bool:
        """Merge a parsed message (or one of our own snapshots); True when it changed something."""
        who = (message.site, message.cabinet)
        with self._lock:
            stamp = getattr(message, "made", "") or getattr(message, "at", "")
            self.seen[who] = max(self.seen.get(who, ""), stamp)
            if isinstance(message, TableSnapshot):
                new = message.key not in self._kept
                if not merge(self._kept, message):
                    return False
                self._table_count[who] += new
                self._tables[message.table] = network_table(
                    self._kept.values(), message.table, self.size
                )
                return True
            if isinstance(message, messages.AuditSnapshot):
                held = self.audits.get(who)
                if held is not None and held.version >= message.version:
                    return False
                self.audits[who] = message
                return True
            if isinstance(message, messages.SettingsResult):
                self.settings[who] = message
                return True
            if isinstance(message, messages.Status):
                self.status[who] = (
                    message  # the broker's retained one is the latest (a will is older)
                )
                return True
            if not self.ledger.merge(message.event_id):
                return False
            self.event_counts.setdefault(who, Counter())[message.kind] += 1
            return True

    def table(self, table: str) -> tuple:
        """The network table ``table``: NetworkEntry rows, best first (empty when none is known)."""
        return self._tables.get(table, ())

    def snapshot(self, site: str, cabinet: str, table: str) -> TableSnapshot | None:
        """The latest snapshot of one cabinet's table, as merged."""
        return self._kept.get((site, cabinet, table))

    def tables(self) -> dict[str, tuple]:
        return dict(self._tables)

    def rank(self, table: str, score: int, site: str, cabinet: str, own_above: int) -> int | None:
        """The network place of ``score``, just made here with ``own_above`` of our own entries
        ahead of it; None when it is outside the network table."""
        others = [
            entry for entry in self.table(table) if (entry.site, entry.cabinet) != (site, cabinet)
        ]
        rank = 1 + own_above + sum(1 for entry in others if entry.score >= score)
        return rank if rank <= self.size else None

    def cabinets(self) -> list[tuple[str, str]]:
        """Every cabinet heard from, its refused messages included."""
        with self._lock:
            return sorted(set(self.seen) | set(self.unreadable))

    def unreadable_topics(self, site: str, cabinet: str) -> dict[str, str]:
        """The cabinet's topics whose latest message was refused, and why."""
        with self._lock:
            return dict(self.unreadable.get((site, cabinet), {}))

    def merged_events(self) -> int:
        return len(self.ledger)


def receive_or_drop(view: FleetView, message) -> bool:
    """Merge a paho ``message`` into ``view``; False when it was bad, and dropped with one log line.

    Runs on paho's thread, which an exception would end: nothing escapes.
    """
    try:
        view.receive(message.topic, message.payload, retained=bool(message.retain))
        return True
    except messages.BadMessage as exc:
        reason = str(exc)
    except Exception as exc:  # parse() is total; this is the view's own bug, and still one line
        reason = f"not merged ({exc.__class__.__name__})"
    log.warning("network: dropped a message on %s: %s", message.topic[:120], reason)
    return False
