"""The state file's face: :class:`Store` holds every table and the upkeep a frame asks for.

    store = Store.open()                      # never raises for disk trouble
    store.scores.top("blocks")                # ten ScoreEntry, seeded with defaults
    bank = store.credit_bank(settings.credits)
    bank.coin(1); bank.start("blocks", "single")
    end = store.game_over("blocks", "single", "blocks", 12345, replay, 95.0)
    store.scores.set_initials(end.entry_id, "ACE")
    store.tick(time.monotonic())              # each frame: watch the file, uptime, retries, the mirror
    store.status().warning                    # storage trouble in one line ("" when healthy)

See :mod:`cabinet.storage.db` for how a power cut, a damaged file or a full or
read-only disk is survived.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cabinet.settings.schema import CreditSettings, Settings
from cabinet.storage.audits import Audits
from cabinet.storage.credits import CreditBank
from cabinet.storage.db import Database
from cabinet.storage.factory import factory_reset
from cabinet.storage.health import StorageStatus
from cabinet.storage.mirror import BooksMirror
from cabinet.storage.outbox import Outbox, network_active
from cabinet.storage.replays import Replay, ReplayStore
from cabinet.storage.scores import ScoreTables
from cabinet.system.machine import machine_mark


@dataclass(frozen=True)
class GameEnd:
    """What :meth:`Store.game_over` wrote: the replay's id, and the score's rank and
    entry id on its table (None when it did not make the table)."""

    replay_id: int | None
    rank: int | None
    entry_id: int | None


class Store:
    """Every table of the state file, and the upkeep the app asks for with :meth:`tick`."""

    RETRY_SECONDS = 5.0  # how often refused writes are tried again
    WATCH_SECONDS = (
        2.0  # how often the file is looked at (Database.watch): gone, replaced, read-only?
    )
    # How often power-on time is written: a power cut loses at most this much UPTIME. A commit
    # costs the main loop an SD card's fsync, so not every frame nor every watch.
    UPTIME_SECONDS = 10.0
    UPTIME_WAITING_SECONDS = 60.0  # while writes wait, uptime waits with them only this often
    CHECKPOINT_SECONDS = 60.0  # how often the log is copied into the file

    def __init__(self, db: Database, settings: Settings | None = None):
        self.db = db
        self.outbox = Outbox()
        self.scores = ScoreTables(db, outbox=self.outbox)
        self.audits = Audits(db, outbox=self.outbox)
        self.replays = ReplayStore(db)
        self.mirror: BooksMirror | None = None  # the books' copy outside the state folder
        self._now: float | None = None
        self._uptime_from = 0.0
        self._retry_at = 0.0
        self._watch_at = 0.0
        self._checkpoint_at = 0.0
        if settings is not None:
            self.configure(settings)

    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        settings: Settings | None = None,
        connect: Callable[..., sqlite3.Connection] = sqlite3.connect,
        mirror: Path | None = None,
        mark: str | None = None,
    ) -> Store:
        """Open ``path`` (None: ``state_dir()/cabinet.db``). ``settings`` sets the score upkeep.

        ``mirror``: the folder of the books' mirror (:mod:`cabinet.storage.mirror`; the cabinet
        passes it, tools do not): a database with no books is filled from it, then it follows
        the books. ``mark``: the cabinet the mirror must be from (this machine's by default).
        """
        store = cls(Database.open(path, connect), settings)
        if mirror is not None:
            store.mirror = BooksMirror(store.db, mirror, mark or machine_mark())
            store.mirror.restore()
        return store

    def configure(self, settings: Settings) -> None:
        """Apply changed settings (the automatic high-score reset)."""
        self.scores.auto_reset_plays = settings.scores.auto_reset_plays
        self.outbox.enabled = network_active(settings.network)

    def status(self) -> StorageStatus:
        """How the state file is doing: ``.warning`` for attract mode, ``.notices()`` for NOTICES."""
        status = self.db.status()
        if self.mirror is None or not (self.mirror.events or self.mirror.fault):
            return status
        fault = self.mirror.fault_words()
        return dataclasses.replace(
            status,
            events=status.events + tuple(self.mirror.events),
            notes=(fault,) if fault is not None else (),
        )

    def credit_bank(self, settings: CreditSettings) -> CreditBank:
        return CreditBank(self.db, settings, self.scores)

    def game_over(
        self,
        game: str,
        mode: str,
        table: str,
        score: int,
        replay: Replay | None = None,
        seconds: float | None = None,
        replacing: int | None = None,
    ) -> GameEnd:
        """Everything a finished game leaves, in one transaction: its replay, its
        audit counters and, when it makes ``table``, the score under placeholder
        initials (the player's initials follow with ``scores.set_initials``).
        ``replacing``: the id of an entry this score takes the place of (a climb's record kept so far).

        A cabinet stopped during the initials entry therefore keeps the score.
        """
        before = self.scores.withdraw_statements(replacing) if replacing is not None else []
        if replay is not None:
            before += self.replays.save_statements(replay)
        if seconds is not None:
            before += self.audits.game_end_statements(game, mode, seconds)
        replay_id = replay.id if replay is not None else None
        rank, entry_id = self.scores.enter(table, score, replay_id, before=before)
        return GameEnd(replay_id, rank, entry_id)

    def tick(self, now: float) -> None:
        """Call once per frame with a monotonic clock: watches the file, writes uptime, retries refused writes."""
        if self._now is None:
            self._uptime_from = now
            self._retry_at = now + self.RETRY_SECONDS
            self._watch_at = now + self.WATCH_SECONDS
            self._checkpoint_at = now + self.CHECKPOINT_SECONDS
        self._now = now
        if now >= self._watch_at:
            self._watch_at = now + self.WATCH_SECONDS
            self.db.watch()  # first: the uptime goes to the file made again, not the deleted one
        every = self.UPTIME_SECONDS if self.db.writable else self.UPTIME_WAITING_SECONDS
        if now - self._uptime_from >= every:
            self.audits.add_uptime(now - self._uptime_from)
            self._uptime_from = now
        if now >= self._checkpoint_at:
            self._checkpoint_at = now + self.CHECKPOINT_SECONDS
            # Without a clean stop SQLite checkpoints only every 1000 pages: a young file
            # could live in its -wal alone, and a lost -wal would take everything.
            self.db.checkpoint()
        if now >= self._retry_at:
            self._retry_at = now + self.RETRY_SECONDS
            if self.db.degraded:
                self.db.retry()
        if self.mirror is not None:
            self.mirror.tick(now)

    def factory_reset(self, config_path: str | Path | None = None) -> None:
        """Scores, bookkeeping, credits and replays to factory state; the YAML to the shipped file."""
        factory_reset(self, config_path)

    def close(self) -> None:
        """Write the last uptime and anything waiting; the app calls this on a clean exit."""
        if self._now is not None and self._now > self._uptime_from:
            self.audits.add_uptime(self._now - self._uptime_from)
            self._uptime_from = self._now
        if self.mirror is not None:
            self.mirror.close()
        self.db.close()
