"""High-score tables: ten entries each, seeded with defaults like a real arcade board.

Table ids: ``"blocks"``, ``"antigravity/single/<difficulty>"``,
``"antigravity/versus"``, ``"antigravity/contest/<list name>"``, each game's
win-streak table ``"streak/<game>"``, whose "score" is the versus matches won in a row,
and each game's CPU ladder table ``"ladder/<game>"``, whose "score" is the CPU levels
a lone player beat in one climb (:data:`LADDER_TOP`, level 5 beaten: a MASTER clear).

A table with no stored rows shows its defaults; the first entry added stores
the defaults with it, and only the best ten rows are kept. Equal scores rank
in the order they were made: a new score must beat an old one to pass it.

Every score write goes through two methods: :meth:`ScoreTables.enter` puts a
score on its table (at the end of the game, under :data:`PLACEHOLDER` initials,
in the same transaction as the game's replay and audit), and
:meth:`ScoreTables.set_initials` writes the initials the player then enters.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from cabinet.games.cpu import LEVELS
from cabinet.games.names import Game
from cabinet.settings.schema import DIFFICULTIES
from cabinet.storage import word_filter
from cabinet.storage.db import Database, Statement, add_counter, now_stamp, set_counter, set_stamp
from cabinet.storage.outbox import Outbox

TABLE_SIZE = 10

# Initials of the factory entries, best first.
DEFAULT_INITIALS = ("AFV", "ACE", "ZAP", "MAX", "JOY", "SKY", "NEO", "KIT", "RAY", "BOB")
# More names for the contest lists, so each list's factory table is its own.
CONTEST_INITIALS = DEFAULT_INITIALS + (
    "DOC",
    "EVE",
    "GUS",
    "IVY",
    "JAM",
    "LOU",
    "MEG",
    "OTT",
    "PIP",
    "QUE",
    "ROY",
    "SAM",
    "TEX",
    "UMA",
    "VIC",
    "WES",
    "YUK",
    "ZED",
)
# The date every factory entry carries: a fixed day, so a factory row never looks like
# a score made today (the reset itself is dated in ``stamps``).
FACTORY_DATE = "2026-01-01T00:00:00Z"
# What a score holds between the end of its game and the initials the player enters;
# a cabinet stopped in between keeps the score under it.
PLACEHOLDER = "---"
# What the initials entry offers a player (:mod:`cabinet.scenes.flow.initials`, whose wheel a test
# holds to it); the fleet refuses any other character, so a look-alike letter can neither dodge the
# word filter nor reach a screen.
INITIALS_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ .!?-*&"
# The most points a table's row holds: eight digits fill its score column. No streak is longer.
MOST_POINTS = 99_999_999
MOST_WINS = 9_999

# Best factory score per table kind; the entries below fall in tenths of it, so a
# first-time player can get on the table and a good one can top it.
DEFAULT_TOP = {
    "blocks": 10_000,
    "antigravity/single/warmup": 5_000,
    "antigravity/single/normal": 10_000,
    "antigravity/single/advanced": 15_000,
    "antigravity/single/hard": 20_000,
    "antigravity/versus": 15_000,
    "antigravity/contest": 3_000,
    "streak": 10,
    # Levels beaten: the factory table stops short of a MASTER clear, and beating level 1 gets on it.
    "ladder": 3,
}

STREAK_GAMES = tuple(Game)
LADDER_GAMES = STREAK_GAMES
LADDER_TOP = len(LEVELS)  # the levels of a climb: beating them all is a MASTER clear

PLAYS_SINCE_RESET = "scores.plays_since_reset"  # counter behind the automatic reset


@dataclass(frozen=True)
class ScoreEntry:
    rank: int
    initials: str
    score: int
    replay_id: int | None
    when: str | None  # UTC, "YYYY-MM-DDTHH:MM:SSZ"; for factory entries, FACTORY_DATE


def antigravity_tables(contest_names) -> list[str]:
    """Every ANTI-GRAVITY table, in the order attract mode shows them: single play per
    difficulty, versus, then each contest list."""
    return (
        [f"antigravity/single/{difficulty}" for difficulty in DIFFICULTIES]
        + ["antigravity/versus"]
        + [f"antigravity/contest/{name}" for name in contest_names]
    )


def table_ids(contest_names) -> list[str]:
    """Every table the cabinet shows, in the order of the attract pages."""
    return (
        ["blocks"]
        + antigravity_tables(contest_names)
        + [streak_table(game) for game in STREAK_GAMES]
        + [ladder_table(game) for game in LADDER_GAMES]
    )


def streak_table(game: str) -> str:
    """The win-streak table of ``game`` ("blocks" or "antigravity")."""
    return check_table(f"streak/{game}")


def is_streak_table(table: str) -> bool:
    return table.startswith("streak/")


def ladder_table(game: str) -> str:
    """The CPU ladder table of ``game`` ("blocks" or "antigravity"): levels beaten in one climb."""
    return check_table(f"ladder/{game}")


def is_ladder_table(table: str) -> bool:
    return table.startswith("ladder/")


def most_score(table: str) -> int:
    """The highest number an entry of ``table`` can hold: the levels of a climb, wins in a row, or points."""
    if is_ladder_table(table):
        return LADDER_TOP
    return MOST_WINS if is_streak_table(table) else MOST_POINTS


def check_table(table: str) -> str:
    """``table`` if it is a valid table id; otherwise ValueError naming the forms allowed."""
    parts = table.split("/") if isinstance(table, str) else []
    valid = (
        parts == ["blocks"]
        or parts == ["antigravity", "versus"]
        or (len(parts) == 3 and parts[:2] == ["antigravity", "single"] and parts[2] in DIFFICULTIES)
        or (len(parts) == 3 and parts[:2] == ["antigravity", "contest"] and parts[2] != "")
        or (len(parts) == 2 and parts[0] == "streak" and parts[1] in STREAK_GAMES)
        or (len(parts) == 2 and parts[0] == "ladder" and parts[1] in LADDER_GAMES)
    )
    if not valid:
        raise ValueError(
            f"unknown high-score table {table!r}: expected blocks, antigravity/single/"
            f"<{'|'.join(DIFFICULTIES)}>, antigravity/versus, antigravity/contest/<name> "
            f"streak/<{'|'.join(STREAK_GAMES)}> or ladder/<{'|'.join(LADDER_GAMES)}>"
        )
    return table


def default_scores(table: str) -> list[tuple[str, int]]:
    """The factory (initials, score) entries of ``table``, best first.

    Every contest list gets a table of its own, drawn from its name: other names
    and a best score between 2,000 and 4,000, the same on every cabinet.
    """
    check_table(table)
    if table.startswith("antigravity/contest/"):
        rng = random.Random(
            zlib.crc32(table.encode())
        )  # crc32, unlike hash(), is the same in every run
        top = DEFAULT_TOP["antigravity/contest"] + rng.randrange(-100, 101) * 10
        names: Sequence[str] = rng.sample(CONTEST_INITIALS, TABLE_SIZE)
    else:
        top = DEFAULT_TOP[
            table.split("/")[0] if is_streak_table(table) or is_ladder_table(table) else table
        ]
        names = DEFAULT_INITIALS
    return [(initials, top * (TABLE_SIZE - i) // TABLE_SIZE) for i, initials in enumerate(names)]


def clean_initials(initials: str) -> str:
    """Up to three capitals as typed; a blank entry becomes "---"."""
    return (initials or "").strip().upper()[:3] or "---"


class ScoreTables:
    """The high-score tables of one :class:`~cabinet.storage.db.Database`.

    ``auto_reset_plays`` > 0 resets every table to its defaults once that many
    games have started since the last reset (:meth:`play_started` counts them).
    """

    def __init__(self, db: Database, auto_reset_plays: int = 0, outbox: Outbox | None = None):
        self.db = db
        self.auto_reset_plays = auto_reset_plays
        self.outbox = outbox or Outbox()  # the fleet link's events (off without a network section)

    # ------------------------------------------------------------------ reading

    def top(self, table: str) -> list[ScoreEntry]:
        """The ten entries of ``table``, best first, as screens show them (rude initials masked:
        :mod:`cabinet.storage.word_filter`; the file keeps them as typed)."""
        check_table(table)
        rows = self.db.read(
            "SELECT initials, score, replay_id, created FROM scores WHERE table_id = ? ORDER BY score DESC, id LIMIT ?",
            (table, TABLE_SIZE),
        )
        if not rows:
            rows = [
                (initials, score, None, FACTORY_DATE) for initials, score in default_scores(table)
            ]
        return [
            ScoreEntry(rank, word_filter.shown(initials), score, replay_id, when)
            for rank, (initials, score, replay_id, when) in enumerate(rows, start=1)
        ]

    def qualifies(self, table: str, score: int) -> bool:
        """True when ``score`` would enter the table (it must beat the tenth entry)."""
        return self.rank_for(table, score) is not None

    def rank_for(self, table: str, score: int) -> int | None:
        """The place ``score`` would take on ``table`` now; None when it does not make it."""
        entries = self.top(table)
        if score <= 0 or score <= entries[-1].score:
            return None
        return 1 + sum(1 for entry in entries if entry.score >= score)

    def tables(self) -> list[str]:
        """Ids of the tables that hold entries of their own (not only defaults)."""
        return [
            row[0] for row in self.db.read("SELECT DISTINCT table_id FROM scores ORDER BY table_id")
        ]

    def last_reset(self, table: str | None = None) -> str | None:
        """When ``table`` (or, for None, every table) was last reset; None if never."""
        stamps = ["scores.reset"] if table is None else [f"scores.reset:{table}", "scores.reset"]
        found = [
            self.db.read_value("SELECT value FROM stamps WHERE name = ?", (name,))
            for name in stamps
        ]
        found = [stamp for stamp in found if stamp]
        return max(found) if found else None

    def plays_since_reset(self) -> int:
        return self.db.read_value(
            "SELECT value FROM counters WHERE name = ?", (PLAYS_SINCE_RESET,), 0
        )

    # ------------------------------------------------------------------ writing

    def add(
        self, table: str, initials: str, score: int, replay_id: int | None = None
    ) -> int | None:
        """Enter a score with its initials; its rank (1 = best), or None when it does not qualify."""
        return self.enter(table, score, replay_id, initials)[0]

    def enter(
        self,
        table: str,
        score: int,
        replay_id: int | None = None,
        initials: str = PLACEHOLDER,
        before: Sequence[Statement] = (),
    ) -> tuple[int | None, int | None]:
        """Put ``score`` on ``table`` in one transaction with the ``before`` statements.

        ``before`` (the game's replay and audit) are written even when the score
        does not qualify. Returns ``(rank, entry id)``, or ``(None, None)`` when
        the score does not make the table; :meth:`set_initials` takes the id.
        """
        rank = self.rank_for(table, score)
        statements = list(before)
        if rank is None:
            if statements:
                self.db.write(statements)
            return None, None
        initials = clean_initials(initials)
        if not self._has_rows(table):
            statements += _seed_statements(table, self.top(table))
        insert_at = len(statements)
        statements.append(
            (
                "INSERT INTO scores (table_id, initials, score, replay_id, created) VALUES (?, ?, ?, ?, ?)",
                (table, initials, int(score), replay_id, now_stamp()),
            )
        )
        statements += (
            self.outbox.score_event()
        )  # network (issue 15): report the entry just inserted
        statements.append(
            (
                "DELETE FROM scores WHERE table_id = ? AND id NOT IN (SELECT id FROM scores "
                "WHERE table_id = ? ORDER BY score DESC, id LIMIT ?)",
                (table, table, TABLE_SIZE),
            )
        )
        if replay_id is not None:
            statements.append(
                ("UPDATE replays SET initials = ? WHERE id = ?", (initials, replay_id))
            )
        return rank, self.db.write(statements)[insert_at]

    def set_initials(self, entry_id: int, initials: str) -> str:
        """The player's initials for the entry :meth:`enter` made (and for its replay); as stored."""
        initials = clean_initials(initials)
        self.db.write(
            [
                ("UPDATE scores SET initials = ? WHERE id = ?", (initials, entry_id)),
                (
                    "UPDATE replays SET initials = ? WHERE id = (SELECT replay_id FROM scores WHERE id = ?)",
                    (initials, entry_id),
                ),
            ]
            + self.outbox.score_event(entry_id)
        )  # network (issue 15): report the initials
        return initials

    def withdraw_statements(self, entry_id: int) -> list[Statement]:
        """Take an entry :meth:`enter` made off its table (for a record raised in its stead: pass
        these as ``before``, so the old goes only with the new)."""
        return [("DELETE FROM scores WHERE id = ?", (entry_id,))]

    def _has_rows(self, table: str) -> bool:
        return bool(self.db.read("SELECT 1 FROM scores WHERE table_id = ? LIMIT 1", (table,)))

    def reset(self, table: str | None = None) -> None:
        """Put ``table`` (None: every table) back to its factory entries."""
        self.db.write(self.reset_statements(table))

    def reset_statements(self, table: str | None = None) -> list[Statement]:
        """The statements of :meth:`reset`, for callers that reset inside a larger transaction."""
        when = now_stamp()
        if table is None:
            return [
                ("DELETE FROM scores", ()),
                ("DELETE FROM stamps WHERE name LIKE 'scores.reset:%'", ()),
                set_stamp("scores.reset", when),
                set_counter(PLAYS_SINCE_RESET, 0),
            ]
        check_table(table)
        return [
            ("DELETE FROM scores WHERE table_id = ?", (table,)),
            set_stamp(f"scores.reset:{table}", when),
        ]

    def play_started(self) -> list[Statement]:
        """Statements that count one game start toward the automatic reset, and do it when due.

        :class:`~cabinet.storage.credits.CreditBank` runs them in the game start's transaction.
        """
        if self.auto_reset_plays <= 0:
            return [add_counter(PLAYS_SINCE_RESET, 1)]
        if self.plays_since_reset() + 1 >= self.auto_reset_plays:
            return self.reset_statements(None)
        return [add_counter(PLAYS_SINCE_RESET, 1)]


def _seed_statements(table: str, defaults: list[ScoreEntry]) -> list[Statement]:
    return [
        (
            "INSERT INTO scores (table_id, initials, score, replay_id, created) VALUES (?, ?, ?, ?, ?)",
            (table, entry.initials, entry.score, None, entry.when),
        )
        for entry in defaults
    ]
