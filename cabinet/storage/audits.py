"""Bookkeeping: the operator's counters, as on the audit pages of a commercial board.

Every counter is a row of the ``counters`` table named ``audit.<what>``. The
writers of coins, credits and game starts (:mod:`cabinet.storage.credits`) put
their counters in the same transaction as the event, with the statements this
module makes, so a power cut can never count a coin without its credit.

The *period* (what operators call "since last collection") is counted apart from
nothing: a period reset keeps a copy of every counter as it stands, named
``period.audit.<what>``, and a period figure is the counter less its copy. So a
coin is still one write of its own counters, and a period reset touches no total.
"""

from __future__ import annotations

from cabinet.games.names import Game, Mode
from cabinet.storage import takings
from cabinet.storage.db import (
    BOOKKEEPING_RESET,
    Database,
    Statement,
    add_counter,
    counts_since_statements,
    now_stamp,
    set_stamp,
)
from cabinet.storage.mirror import RESTORED_STAMP
from cabinet.storage.outbox import Outbox

PREFIX = "audit."
PERIOD = "period."  # + a counter's name: its value when the period began


def game_mode(game: str, mode: str) -> str:
    """The counters' name for a game and mode: BLOCKS's one-player game is "single", whatever it is called."""
    if game == Game.BLOCKS and mode in ("blocks", Mode.SINGLE):
        return f"{game}/{Mode.SINGLE}"
    return f"{game}/{mode}"


def coin_statements(
    chute: int, credits_added: int, credits_beyond: int, value: int = 0
) -> list[Statement]:
    """A coin in ``chute``; the credits it gave, and how many of them took the credits past
    ``max_credits`` (given all the same: a coin is never swallowed); ``value``: what the coin is
    worth (the chute's ``coin_value``, in the venue's smallest unit), 0 when not counted."""
    statements = [add_counter(f"{PREFIX}coins.{chute}", 1)]
    if value:
        statements.append(add_counter(f"{PREFIX}money.{chute}", value))
    if credits_added:
        statements.append(add_counter(f"{PREFIX}credits.coins", credits_added))
    if credits_beyond:
        statements.append(add_counter(f"{PREFIX}credits.over_max", credits_beyond))
    return statements


def meter_statements(meter: int, pulses: int) -> list[Statement]:
    """``pulses`` counts given to coin meter ``meter``: the figure to compare with the meter's own."""
    return [add_counter(f"{PREFIX}meter.{meter}", pulses)]


def game_ended_statements(game: str, mode: str, seconds: float) -> list[Statement]:
    """A game finished after ``seconds`` of play (counted to the millisecond)."""
    name = game_mode(game, mode)
    return [
        add_counter(f"{PREFIX}ended.{name}", 1),
        add_counter(f"{PREFIX}play_ms.{name}", max(0, round(seconds * 1000))),
    ]


def service_credit_statements() -> list[Statement]:
    return [add_counter(f"{PREFIX}credits.service", 1)]


def game_start_statements(
    game: str, mode: str, credits_spent: int, continued: bool = False
) -> list[Statement]:
    """A game started: a first play, or (``continued``) a continue after a match, counted apart."""
    kind = "continues" if continued else "plays"
    statements = [add_counter(f"{PREFIX}{kind}.{game_mode(game, mode)}", 1)]
    if credits_spent:
        statements.append(add_counter(f"{PREFIX}credits.spent", credits_spent))
    return statements


class Audits:
    """The audit counters of one database; :meth:`snapshot` is what the service menu shows."""

    def __init__(self, db: Database, outbox: Outbox | None = None):
        self.db = db
        self.outbox = outbox or Outbox()  # the fleet link's events (off without a network section)
        self._uptime_carry = 0.0  # fractions of a second not yet written

    def game_ended(self, game: str, mode: str, seconds: float) -> None:
        """A game finished after ``seconds`` of play (counted to the millisecond)."""
        self.db.write(self.game_end_statements(game, mode, seconds))

    def game_end_statements(self, game: str, mode: str, seconds: float) -> list[Statement]:
        """The statements of :meth:`game_ended`, for a caller that writes them inside a larger
        transaction: the counters, and the fleet's report of the game (issue 15)."""
        return game_ended_statements(game, mode, seconds) + self.outbox.game_event(
            game, mode, seconds
        )

    def add_uptime(self, seconds: float) -> None:
        """Add powered-on time; the app calls this every minute or so with the time elapsed."""
        self._uptime_carry += max(0.0, seconds)
        whole = int(self._uptime_carry)
        if whole:
            self._uptime_carry -= whole
            self.db.write([add_counter(f"{PREFIX}uptime_seconds", whole)])

    def reset(self) -> None:
        """Bookkeeping reset: every counter back to zero (credits in the machine are kept)."""
        self.db.write(self.reset_statements())

    def reset_statements(self) -> list[Statement]:
        when = now_stamp()
        return [
            ("DELETE FROM counters WHERE name LIKE ?", (PREFIX + "%",)),
            (
                "DELETE FROM counters WHERE name LIKE ?",
                (PERIOD + "%",),
            ),  # the period begins again too
            set_stamp("audits.reset", when),
            set_stamp("period.since", when),
        ] + counts_since_statements(BOOKKEEPING_RESET)

    def reset_period(self) -> None:
        """Begin a new period (the operator's collection): the period figures go to zero, every
        total and meter count stays as it is."""
        self.db.write(
            [
                ("DELETE FROM counters WHERE name LIKE ?", (PERIOD + "%",)),
                (
                    "INSERT INTO counters (name, value) SELECT ? || name, value FROM counters WHERE name LIKE ?",
                    (PERIOD, PREFIX + "%"),
                ),
                set_stamp("period.since", now_stamp()),
            ]
        )

    def counter(self, name: str) -> int:
        """One counter, e.g. ``"coins.1"`` or ``"plays.blocks/single"``."""
        return self.db.read_value("SELECT value FROM counters WHERE name = ?", (PREFIX + name,), 0)

    def snapshot(self) -> dict:
        """Every figure of the bookkeeping pages.

        Keys: ``coins`` {1: n, 2: n}; ``money`` {1: n, 2: n} (what those coins were worth, each
        at its chute's ``coin_value`` when it came, in the venue's smallest unit); ``credits_from_coins``, ``service_credits``,
        ``credits_spent``, ``credits_over_max`` (credits given past the limit); ``meter_pulses``
        {1: n, 2: n} (counts given to each coin meter); ``modes`` {"game/mode": {plays,
        ended, play_seconds, average_seconds}}; ``total_plays``,
        ``total_play_seconds``, ``average_play_seconds``; ``continues`` {"game/mode": n}
        (games started by a continue after a match, not in ``plays``), ``total_continues``; ``uptime_seconds``;
        ``counts_reset`` and ``scores_reset`` (UTC stamps, None = never); ``counts_since`` and
        ``counts_since_why``: when the counts began and why ("NEW DATABASE", "BOOKKEEPING RESET",
        "DAMAGED DATABASE MOVED ASIDE", "BOOKS RESTORED FROM MIRROR", ...; None in a file older than
        these stamps); ``books_restored``: the date of the mirror the books last came back from (None: never);
        ``credits`` (now in the machine); ``takings``, the last 30 days' coins, credits and plays
        per day (:func:`cabinet.storage.takings.read`); ``period``, the figures since the
        operator's last period reset: ``since`` (a UTC stamp: that reset, else when the counts
        began), ``coins``, ``money`` and ``meter_pulses`` per chute and meter, ``credits_from_coins``,
        ``service_credits``, ``credits_spent``, ``credits_over_max``, ``plays`` and ``continues``.
        """
        counters = dict(self.db.read("SELECT name, value FROM counters"))
        audit = {
            name[len(PREFIX) :]: value
            for name, value in counters.items()
            if name.startswith(PREFIX)
        }
        began = {
            name[len(PERIOD + PREFIX) :]: value
            for name, value in counters.items()
            if name.startswith(PERIOD + PREFIX)
        }
        modes: dict[str, dict] = {}
        for name, value in audit.items():
            kind, _, game_mode = name.partition(".")
            if kind in ("plays", "ended", "play_ms"):
                row = modes.setdefault(game_mode, {"plays": 0, "ended": 0, "play_seconds": 0.0})
                if kind == "play_ms":
                    row["play_seconds"] = value / 1000
                else:
                    row[kind] = value
        continues = {
            name.partition(".")[2]: value
            for name, value in audit.items()
            if name.startswith("continues.")
        }
        for row in modes.values():
            row["average_seconds"] = row["play_seconds"] / row["ended"] if row["ended"] else 0.0
        ended = sum(row["ended"] for row in modes.values())
        play_seconds = sum(row["play_seconds"] for row in modes.values())
        stamps = dict(self.db.read("SELECT name, value FROM stamps"))
        return {
            "coins": {1: audit.get("coins.1", 0), 2: audit.get("coins.2", 0)},
            "money": {1: audit.get("money.1", 0), 2: audit.get("money.2", 0)},
            "credits_from_coins": audit.get("credits.coins", 0),
            "service_credits": audit.get("credits.service", 0),
            "credits_spent": audit.get("credits.spent", 0),
            "credits_over_max": audit.get("credits.over_max", 0),
            "meter_pulses": {1: audit.get("meter.1", 0), 2: audit.get("meter.2", 0)},
            "modes": dict(sorted(modes.items())),
            "total_plays": sum(row["plays"] for row in modes.values()),
            "continues": dict(sorted(continues.items())),
            "total_continues": sum(continues.values()),
            "total_play_seconds": play_seconds,
            "average_play_seconds": play_seconds / ended if ended else 0.0,
            "uptime_seconds": audit.get("uptime_seconds", 0) + int(self._uptime_carry),
            "counts_reset": stamps.get("audits.reset"),
            "counts_since": stamps.get("audits.since"),
            "counts_since_why": stamps.get("audits.since_why"),
            "books_restored": stamps.get(RESTORED_STAMP),
            "scores_reset": stamps.get("scores.reset"),
            "credits": counters.get("bank.credits", 0),
            "takings": takings.read(self.db, takings.local_day()),
            "period": _period(
                audit, began, stamps.get("period.since") or stamps.get("audits.since")
            ),
        }


def _period(audit: dict, began: dict, since: str | None) -> dict:
    """The figures since the period began: each counter less its value then (a counter made
    since began at 0; never below 0, should a total have been reset meanwhile)."""

    def since_start(name: str) -> int:
        return max(0, audit.get(name, 0) - began.get(name, 0))

    def total(kind: str) -> int:
        return sum(since_start(name) for name in audit if name.startswith(kind + "."))

    return {
        "since": since,
        "coins": {1: since_start("coins.1"), 2: since_start("coins.2")},
        "money": {1: since_start("money.1"), 2: since_start("money.2")},
        "meter_pulses": {1: since_start("meter.1"), 2: since_start("meter.2")},
        "credits_from_coins": since_start("credits.coins"),
        "service_credits": since_start("credits.service"),
        "credits_spent": since_start("credits.spent"),
        "credits_over_max": since_start("credits.over_max"),
        "plays": total("plays"),
        "continues": total("continues"),
    }
