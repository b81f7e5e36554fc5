"""The books' mirror: a copy of the coins, credits, audits and high scores outside the state folder.

A real cabinet's coin meters survive anything done to its board; the state folder
does not survive ``rm -rf``. So the cabinet keeps a small JSON copy of what the
operator's books rely on (every counter: coins, money, credits, plays, meters,
takings, the period's copies; the stamps that date them; the high-score tables
without their replays) in another folder (``storage.books_mirror``, see
:func:`books_mirror_dir`):

* **Written** whenever the books changed, at most once a second (uptime alone:
  every 10 minutes), by a short-lived thread: the main loop only reads the rows
  (three small queries) when :attr:`Database.changes` moved; the thread encodes
  them and writes the file atomically (temp file, fsync, rename, fsync the folder).
  A folder that cannot be written costs one warning line and a NOTICES line. Books
  that count fewer coins than their mirror with no reset between (a state file that
  lost writes) never replace it silently: it is kept aside, and said so.
* **Restored** at start when the database holds no books (made new, or a damaged
  one moved aside and nothing rebuilt) and was never checked against a mirror,
  unless a bookkeeping or factory reset emptied it: the mirror is used only if it
  is whole (its SHA-256 checksum matches) and this cabinet's (its machine mark,
  :func:`cabinet.system.machine.machine_mark`); COUNTS SINCE then says BOOKS
  RESTORED FROM MIRROR, with the mirror's date. A damaged or foreign mirror is
  refused in one line and moved aside, never read.

The checksum finds a torn write, a damaged card or a careless edit; it is no seal
against someone who reads this module (nothing on a Pi is): the coin meters and the
fleet's figures are the books' independent witnesses.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from cabinet.language import N_
from cabinet.language.words import Words
from cabinet.settings.schema import MIRROR_OFF
from cabinet.storage.db import (
    BOOKKEEPING_RESET,
    FACTORY_RESET,
    Database,
    Statement,
    aside_path,
    now_stamp,
    set_stamp,
)
from cabinet.system.files import write_atomic
from cabinet.system.paths import state_dir

log = logging.getLogger("cabinet.storage")

FILE_NAME = "books-mirror.json"
FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024  # far beyond any cabinet's books: a bigger file is not a mirror
RESTORED = N_("BOOKS RESTORED FROM MIRROR")
RESTORED_STAMP = "books.restored"  # the date of the mirror the books came back from
CHECKED_STAMP = "books.mirror_checked"  # this database was compared with the mirror once
# Emptied on purpose: never filled again from a mirror that lagged behind the reset.
_RESETS = (BOOKKEEPING_RESET, FACTORY_RESET)
_STAMPS = ("audits.", "period.", "scores.", "bank.")  # the stamps that belong to the books
_UPTIME = "audit.uptime_seconds"
_COINS = "audit.coins."


def books_mirror_dir(setting: str, state_folder: Path | None = None) -> Path | None:
    """The mirror's folder for the setting ``storage.books_mirror``; None when "off".

    "" (the factory value) is the second folder systemd passes in $STATE_DIRECTORY (the unit's
    ``StateDirectory=arcadeforge arcadeforge-books``), else the state folder's sibling
    ``<name>-books``: outside the state folder, so the loss of that folder leaves it.
    """
    if setting == MIRROR_OFF:
        return None
    if setting:
        return Path(setting)
    folders = [part for part in os.environ.get("STATE_DIRECTORY", "").split(":") if part]
    if len(folders) > 1:
        return Path(folders[1])
    state = state_folder or state_dir(create=False)
    return state.with_name(state.name + "-books")


class RefusedMirror(Exception):
    """The mirror is there but is not to be trusted; ``why`` says so in a few words."""

    def __init__(self, label: str, why: Words):
        super().__init__(str(why))
        self.label = label  # "damaged" or "foreign": the name it is moved aside under
        self.why = why


@dataclass(frozen=True)
class Books:
    """What a mirror holds: counters by name, the books' stamps, and the scores' rows
    ``(table, initials, score, created)`` in table order, best first."""

    counters: dict[str, int]
    stamps: dict[str, str]
    scores: list[tuple[str, str, int, str]]

    @classmethod
    def read(cls, db: Database) -> Books:
        counters = dict(db.read("SELECT name, value FROM counters ORDER BY name"))
        stamps = {
            name: value
            for name, value in db.read("SELECT name, value FROM stamps ORDER BY name")
            if name.startswith(_STAMPS)
        }
        scores = db.read(
            "SELECT table_id, initials, score, created FROM scores ORDER BY table_id, score DESC, id"
        )
        return cls(counters, stamps, [tuple(row) for row in scores])

    @property
    def coins(self) -> int:
        """Coins counted, both chutes."""
        return sum(value for name, value in self.counters.items() if name.startswith(_COINS))

    def coins_and_reset(self) -> tuple[int, str | None]:
        """The coins and the date of the last reset: coins go down only with a new date."""
        return self.coins, self.stamps.get("audits.reset")

    def without_uptime(self) -> tuple:
        """The books but the uptime, to compare: what a write waits for."""
        counters = tuple(item for item in self.counters.items() if item[0] != _UPTIME)
        return counters, tuple(self.stamps.items()), tuple(self.scores)

    def restore_statements(self, written: str) -> list[Statement]:
        """Statements that put these books in place of a database's (its replays stay)."""
        statements: list[Statement] = [("DELETE FROM counters", ()), ("DELETE FROM scores", ())]
        statements += [
            ("INSERT INTO counters (name, value) VALUES (?, ?)", (name, value))
            for name, value in self.counters.items()
        ]
        statements += [set_stamp(name, value) for name, value in self.stamps.items()]
        statements += [
            (
                "INSERT INTO scores (table_id, initials, score, replay_id, created) VALUES (?, ?, ?, NULL, ?)",
                row,
            )
            for row in self.scores
        ]
        return statements + [
            set_stamp("audits.since_why", RESTORED),
            set_stamp(RESTORED_STAMP, written),
            set_stamp(CHECKED_STAMP, now_stamp()),
        ]


def _canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def encode(books: Books, mark: str, written: str) -> bytes:
    """The mirror file's bytes: the books, whose cabinet, when, and the checksum of all three.
    One line of compact JSON (``python -m json.tool`` lays it out): the C encoder's, a tenth
    of the time an indented one takes."""
    body = {
        "format": FORMAT,
        "cabinet": mark,
        "written": written,
        "counters": books.counters,
        "stamps": books.stamps,
        "scores": books.scores,
    }
    text = _canonical(body)
    checksum = hashlib.sha256(text.encode()).hexdigest()
    return f'{text[:-1]},"sha256":"{checksum}"}}\n'.encode()


def decode(data: bytes, mark: str) -> tuple[Books, str]:
    """The books in a mirror file and its date; :class:`RefusedMirror` when it is not whole
    (torn, damaged, edited: its checksum) or not this cabinet's (``mark``)."""
    try:
        body = json.loads(data)
        claimed = body.pop("sha256")
    except (ValueError, AttributeError, KeyError, TypeError):
        raise RefusedMirror(
            "damaged", Words("is not a whole mirror file (torn or damaged)")
        ) from None
    if hashlib.sha256(_canonical(body).encode()).hexdigest() != claimed:
        raise RefusedMirror("damaged", Words("fails its checksum (damaged or edited)"))
    if body.get("format") != FORMAT:
        raise RefusedMirror(
            "damaged", Words("is of an unknown format ({format})", format=repr(body.get("format")))
        )
    if body.get("cabinet") != mark:
        raise RefusedMirror(
            "foreign",
            Words(
                "is another cabinet's (machine {other}, this one {mark})",
                other=repr(body.get("cabinet")),
                mark=mark,
            ),
        )
    try:
        counters, stamps, scores = body["counters"], body["stamps"], body["scores"]
        books = Books(
            {str(name): _whole(value) for name, value in counters.items()},
            {str(name): str(value) for name, value in stamps.items()},
            [
                (str(table), str(initials), _whole(score), str(created))
                for table, initials, score, created in scores
            ],
        )
        return books, str(body["written"])
    except (KeyError, AttributeError, TypeError, ValueError):
        raise RefusedMirror("damaged", Words("holds something that is not books")) from None


def _whole(value) -> int:
    if type(value) is not int:
        raise TypeError(f"not a whole number: {value!r}")
    return value


class BooksMirror:
    """The mirror of ``db``'s books in ``folder``, marked as the cabinet ``mark``'s.

    :meth:`restore` once, right after the database opens; :meth:`tick` every frame;
    :meth:`close` at exit (the last books written before it returns).
    """

    WRITE_SECONDS = 1.0  # least time between two looks at the books
    UPTIME_SECONDS = 600.0  # the uptime alone is written this often

    def __init__(self, db: Database, folder: Path, mark: str, clock=time.monotonic):
        self.db = db
        self.folder = Path(folder)
        self.path = self.folder / FILE_NAME
        self.mark = mark
        self.events: list[Words] = []  # restored, refused: for NOTICES
        self.fault: str | None = None  # why the last write failed; None: it landed
        self._clock = clock
        self._seen: int | None = None  # db.changes when the books were last read
        self._look_at = 0.0
        self._written: tuple = ()  # Books.without_uptime() of the last books handed to the writer
        self._written_at = 0.0
        self._behind = False  # the uptime moved since the last books written
        self._lock = threading.Lock()
        self._next: tuple[Books, str] | None = None  # the newest books (and when) for the writer
        self._fewer: tuple[int, int] | None = None  # coins (mirror, books) when they went back
        self._last: tuple[int, str | None] | None = None  # the last mirror's coins_and_reset()
        self._writer: threading.Thread | None = None

    # ------------------------------------------------------------------ restore

    def restore(self) -> bool:
        """Fill a database that holds no books from the mirror; True when it did. A database
        with books keeps them, and the mirror's are only remembered (see :meth:`tick`): so do
        the unknown books of a file that cannot be read yet, which may yet turn out empty."""
        needs = self.db.known and self._needs_books()
        try:
            data = _read_capped(self.path)
        except FileNotFoundError:
            if needs:
                log.info("storage: no books mirror at %s to restore from", self.path)
                self.db.write([set_stamp(CHECKED_STAMP, now_stamp())])
            return False
        except OSError as exc:
            log.warning("storage: cannot read the books mirror %s (%s)", self.path, exc)
            return False  # looked at again at the next start
        try:
            books, written = decode(data, self.mark)
        except RefusedMirror as refused:
            if needs:
                self._refuse(refused)
                self.db.write([set_stamp(CHECKED_STAMP, now_stamp())])
            else:
                log.warning(
                    "storage: books mirror %s %s; this cabinet's books replace it",
                    self.path,
                    refused,
                )
            return False
        self._last = books.coins_and_reset()
        if not needs:
            return False
        self.db.write(books.restore_statements(written))
        log.warning(
            "storage: %s held no books; restored them from the mirror %s written at %s "
            "(%d coins, %d high scores)",
            self.db.path,
            self.path,
            written,
            books.coins,
            len(books.scores),
        )
        self.events.append(
            Words(
                "{name} started with no books: the coins, credits, audits and high scores were "
                "restored from the mirror {mirror} written at {time} UTC. Anything after that "
                "time was not counted; compare with the coin meters.",
                name=self.db.path.name,
                mirror=self.path,
                time=written.replace("T", " ")[:16],
            )
        )
        return True

    def _needs_books(self) -> bool:
        """No books (no counter but uptime, no score), never checked, and not emptied on purpose."""
        stamps = dict(
            self.db.read(
                "SELECT name, value FROM stamps WHERE name IN (?, ?)",
                (CHECKED_STAMP, "audits.since_why"),
            )
        )
        if CHECKED_STAMP in stamps or stamps.get("audits.since_why") in _RESETS:
            return False
        counted = self.db.read_value(
            "SELECT count(*) FROM counters WHERE name != ?", (_UPTIME,), 0
        ) + self.db.read_value("SELECT count(*) FROM scores", (), 0)
        return counted == 0

    def _keep_aside(self, label: str) -> Words:
        """Rename the mirror ``<name>.<label>-<date>``; what became of it, in words."""
        target = aside_path(self.path, label)
        try:
            self.path.rename(target)
            return Words("kept as {target}", target=target.name)
        except OSError as exc:
            return Words("it could not be moved aside ({why})", why=exc.strerror or str(exc))

    def _refuse(self, refused: RefusedMirror) -> None:
        kept = self._keep_aside(refused.label)
        log.error("storage: books mirror %s %s; not used (%s)", self.path, refused, kept)
        self.events.append(
            Words(
                "the books mirror {mirror} {why}: not used, {kept}; {name} starts with no books.",
                mirror=self.path,
                why=refused.why,
                kept=kept,
                name=self.db.path.name,
            )
        )

    # ------------------------------------------------------------------ write

    def tick(self, now: float | None = None, final: bool = False) -> None:
        """Hand the books to the writer when they changed (looked at most every WRITE_SECONDS;
        ``final``: now, the uptime too)."""
        now = self._clock() if now is None else now
        if not self.db.known:
            return  # an unknown state is never written over a good mirror
        if self._seen == self.db.changes and not (final and self._behind):
            return
        if now < self._look_at and not final:
            return
        self._look_at = now + self.WRITE_SECONDS
        self._seen = self.db.changes
        books = Books.read(self.db)
        key = books.without_uptime()
        if key == self._written and now - self._written_at < self.UPTIME_SECONDS and not final:
            self._behind = True  # the uptime alone moved: it goes with the next change, or at exit
            return
        self._written, self._written_at, self._behind = key, now, False
        last, self._last = self._last, books.coins_and_reset()
        # Coins are counted down only by a reset (which dates itself): fewer coins without one
        # mean the state file lost some (a -wal lost at a power cut): its mirror is kept.
        fewer = None
        if last is not None and books.coins < last[0] and self._last[1] == last[1]:
            fewer = (last[0], books.coins)
        self._hand_over((books, now_stamp()), fewer)

    def _hand_over(self, dated: tuple[Books, str], fewer: tuple[int, int] | None) -> None:
        with self._lock:
            self._next = dated
            self._fewer = self._fewer or fewer
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_waiting, name="books-mirror", daemon=True
                )
                self._writer.start()

    def _write_waiting(self) -> None:
        """The writer thread: write the newest books until none wait, then end."""
        while True:
            with self._lock:
                dated, self._next = self._next, None
                fewer, self._fewer = self._fewer, None
                if dated is None:
                    self._writer = None
                    return
            if fewer is not None and self.path.exists():
                self._keep_earlier(*fewer)
            self._write(encode(dated[0], self.mark, dated[1]))  # here: off the main loop

    def _keep_earlier(self, before: int, now: int) -> None:
        kept = self._keep_aside("earlier")
        log.error(
            "storage: %s counts %d coins, its mirror %d, and no reset came between: the mirror "
            "is %s, and a new one follows the books",
            self.db.path,
            now,
            before,
            kept,
        )
        self.events.append(
            Words(
                "{name} counts {now} coins where its mirror {mirror} counted {before}, with no "
                "reset between (writes lost from the state file?): that mirror is {kept}.",
                name=self.db.path.name,
                now=now,
                mirror=self.path,
                before=before,
                kept=kept,
            )
        )

    def _write(self, data: bytes) -> None:
        try:
            # Its own folder is made, never a missing parent (a disk not mounted).
            if not self.folder.is_dir():
                self.folder.mkdir(mode=0o750)
            write_atomic(self.path, data, like=self.db.path if self.db.path.exists() else None)
        except OSError as exc:
            fault = exc.strerror or str(exc)
            if fault != self.fault:
                log.warning(
                    "storage: cannot write the books mirror %s (%s); the books are only in %s",
                    self.path,
                    fault,
                    self.db.path,
                )
            self.fault = fault
            return
        if self.fault is not None:
            log.warning("storage: the books mirror %s is written again", self.path)
        self.fault = None

    def fault_words(self) -> Words | None:
        """NOTICES' sentence for a mirror that cannot be written; None while it can."""
        if self.fault is None:
            return None
        return Words(
            "the books mirror {mirror} cannot be written ({why}): the books are safe in "
            "{name}, but would not survive the loss of its folder.",
            mirror=self.path,
            why=self.fault,
            name=self.db.path.name,
        )

    def close(self, timeout: float = 2.0) -> None:
        """Write the books as they are now, after what the writer is writing (at most ``timeout``)."""
        self.tick(self._clock(), final=True)
        self.wait(timeout)

    def wait(self, timeout: float = 2.0) -> None:
        """Until the writer has written what it was handed (at most ``timeout`` seconds)."""
        writer = self._writer
        if writer is not None:
            writer.join(timeout)


def _read_capped(path: Path) -> bytes:
    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        return b""  # refused as not whole
    return data


def read_mirror(folder: Path, mark: str) -> tuple[Books, str]:
    """The books in ``folder``'s mirror and their date (the doctor); OSError or RefusedMirror."""
    return decode(_read_capped(folder / FILE_NAME), mark)
