"""Merging the fleet's snapshots into network tables: pure, idempotent, order-independent.

Each cabinet's table arrives as a whole (a :class:`TableSnapshot`), versioned by
its sender. Per (site, cabinet, table) the merge keeps the snapshot that ranks
highest by ``(version, content)``: a total order, so any set of snapshots, in any
order and with any repeats, leaves the same state. The network table is then the
best ``size`` entries of the kept snapshots, each tagged with its cabinet.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from cabinet.storage.word_filter import shown

NETWORK_SIZE = 10


@dataclass(frozen=True)
class Entry:
    """One entry of a cabinet's table as it travels: ``entry_id`` is the cabinet's own row id."""

    entry_id: int
    initials: str
    score: int
    when: str


@dataclass(frozen=True)
class TableSnapshot:
    site: str
    cabinet: str
    table: str
    version: int  # grows with every snapshot the cabinet makes
    made: str  # UTC stamp
    entries: tuple[Entry, ...]

    @property
    def key(self) -> tuple[str, str, str]:
        return self.site, self.cabinet, self.table

    def rank_key(self) -> tuple:
        """Newer wins; equal versions (never sent twice differently, but a forger might) by content."""
        return (
            self.version,
            self.made,
            tuple((e.entry_id, e.initials, e.score, e.when) for e in self.entries),
        )


@dataclass(frozen=True)
class NetworkEntry:
    """A row of a network table; ``initials``, ``score`` and ``rank`` as a local entry has them."""

    rank: int
    initials: str
    score: int
    site: str
    cabinet: str
    when: str
    entry_id: int
    replay_id: None = None


def merge(kept: dict, snapshot: TableSnapshot) -> bool:
    """Keep ``snapshot`` in ``kept`` (key -> snapshot) if it outranks what is there; True if it did."""
    current = kept.get(snapshot.key)
    if current is not None and current.rank_key() >= snapshot.rank_key():
        return False
    kept[snapshot.key] = snapshot
    return True


def network_table(
    snapshots: Iterable[TableSnapshot], table: str, size: int = NETWORK_SIZE
) -> tuple:
    """The best ``size`` entries of ``table`` over every snapshot; equal scores: the earlier first.
    Rude initials are masked here, whatever the sending cabinet's own word list."""
    rows = [(entry, snap) for snap in snapshots if snap.table == table for entry in snap.entries]
    rows.sort(
        key=lambda row: (-row[0].score, row[0].when, row[1].site, row[1].cabinet, row[0].entry_id)
    )
    return tuple(
        NetworkEntry(
            rank,
            shown(entry.initials),
            entry.score,
            snap.site,
            snap.cabinet,
            entry.when,
            entry.entry_id,
        )
        for rank, (entry, snap) in enumerate(rows[:size], start=1)
    )


class Ledger:
    """Event ids already merged; a repeat delivery (the outbox resends after a lost PUBACK) is refused.

    Only recent ids can come again, so the oldest are forgotten past ``capacity``.
    """

    def __init__(self, capacity: int = 100_000):
        self.capacity = capacity
        self._seen: OrderedDict[str, None] = OrderedDict()
        self.repeats = 0

    def merge(self, event_id: str) -> bool:
        """True the first time ``event_id`` is seen, False (and counted) after."""
        if event_id in self._seen:
            self.repeats += 1
            return False
        self._seen[event_id] = None
        if len(self._seen) > self.capacity:
            self._seen.popitem(last=False)
        return True

    def __len__(self) -> int:
        return len(self._seen)
