"""What a receiver knows of the fleet: every cabinet's tables, audits, status and events.

Messages arrive on paho's thread; the main loop only reads :meth:`FleetView.table`,
which returns a tuple that is replaced whole, never changed in place, so the
main loop takes no lock and never waits on the network.
"""

from __future__ import annotations

import threading
from collections import Counter

from cabinet.network import messages
from cabinet.network.merge import NETWORK_SIZE, Ledger, TableSnapshot, merge, network_table

class FleetView:
    def __init__(self, size: int = NETWORK_SIZE):
        self.size = size
        self._lock = threading.Lock()  # held only for in-memory work, never across I/O
        self._kept: dict[tuple, TableSnapshot] = {}
        self._tables: dict[str, tuple] = {}
        self.audits: dict[tuple, messages.AuditSnapshot] = {}
        self.status: dict[tuple, messages.Status] = {}
        self.seen: dict[tuple, str] = {}
        self.ledger = Ledger()
        self.event_counts: dict[tuple, Counter] = {}  # per cabinet: events merged, by kind

    def receive(self, topic: str, payload: bytes):
        """Merge one received message; raises :class:`~cabinet.network.messages.BadMessage`."""
        message = messages.parse(topic, payload)
        self.apply(message)
        return message

    def apply(self, message) -> bool:
        """Merge a parsed message (or one of our own snapshots); True when it changed something."""
        who = (message.site, message.cabinet)
        with self._lock:
            stamp = getattr(message, "made", None) or getattr(message, "at", "")
            self.seen[who] = max(self.seen.get(who, ""), stamp)
            if isinstance(message, TableSnapshot):
                if not merge(self._kept, message):
                    return False
                self._tables[message.table] = network_table(self._kept.values(), message.table, self.size)
                return True
            if isinstance(message, messages.AuditSnapshot):
                held = self.audits.get(who)
                if held is not None and held.version >= message.version:
                    return False
                self.audits[who] = message
                return True
            if isinstance(message, messages.Status):
                self.status[who] = message  # the broker's retained one is the latest (a will is older)
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
        others = [entry for entry in self.table(table) if (entry.site, entry.cabinet) != (site, cabinet)]
        rank = 1 + own_above + sum(1 for entry in others if entry.score >= score)
        return rank if rank <= self.size else None

    def cabinets(self) -> list[tuple[str, str]]:
        with self._lock:
            return sorted(self.seen)

    def merged_events(self) -> int:
        return len(self.ledger)
