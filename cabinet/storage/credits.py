"""The coin mech and credit counter.

Each chute has its own price table (:mod:`cabinet.system.price_table`): coins
pay out credits by its steps, bonuses included, counted over the chute's *run*
(its coins since the last game started). The run is kept across power cuts; a
game start ends it, and the coins not yet worth a credit begin the next one.
A run counted under a table the operator has since changed is settled first:
its unpaid coins begin a run under the new table. No coin is ever swallowed:
``max_credits`` is where the coin lockout starts refusing coins
(:mod:`cabinet.outputs`), and a coin that arrives anyway (no lockout wired, a
coin already in flight) is credited, and counted apart in the bookkeeping. In
free play nothing is charged, but coins are still counted and credited, so a
switch back to coin play owes nobody.

Every coin, service credit and game start is one transaction holding the
credit change and its audit counters together (a coin's money, its chute's
``coin_value``, included), the day's takings
(:mod:`cabinet.storage.takings`) included; a coin's transaction also owes its
meter a pulse, marked done only once the meter has been pulsed
(:meth:`CreditBank.meter_pulsed`), so a power cut loses no count.

While the state file exists but cannot be read, the credits in the machine are
unknown: :attr:`CreditBank.accepting_coins` is False (the coin lockout reads
it), no game starts, and a coin that drops anyway is counted, against the real
credits, once the file can be read.

The credits and runs are read again only when the database has changed
(:attr:`~cabinet.storage.db.Database.changes`): the credit line, the prompt and
the lockout ask for them every frame, and between coins nothing is read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from cabinet.games.names import Game, Mode
from cabinet.settings.schema import CreditSettings
from cabinet.storage import audits
from cabinet.storage.db import Database, add_counter, set_counter, set_stamp
from cabinet.storage.scores import ScoreTables
from cabinet.storage.takings import Takings
from cabinet.system.price_table import PriceTable

CREDITS = "bank.credits"
GAMES = tuple(Game)
# Every mode, and "blocks": BLOCKS's one-player game under its older name (counted as single).
MODES = (*Mode, "blocks")


def _partial(chute: int) -> str:
    """The chute's run: coins since the last game started (the name is from when it held only
    the coins short of a credit, which a run of a one-step table still is)."""
    return f"bank.partial.{chute}"


def _owed(meter: int) -> str:
    # Not an audit counter: a bookkeeping or factory reset must not drop pulses a meter is owed.
    return f"meter.owed.{meter}"


def _counted_under(chute: int) -> str:
    """The stamp naming the price table the chute's run was counted under."""
    return f"bank.table.{chute}"


class CreditBank:
    """Credits in the machine, priced by ``settings`` (which may be replaced at any time);
    ``takings`` dates the coins and plays of the takings per day."""

    def __init__(
        self,
        db: Database,
        settings: CreditSettings,
        scores: ScoreTables,
        takings: Takings | None = None,
    ):
        self.db = db
        self._scores = scores
        self.takings = takings or Takings(db)
        self._counts: dict[str, int] = {}
        self._counts_at: int | None = None  # db.changes when _counts was read
        self.settings = settings

    @property
    def settings(self) -> CreditSettings:
        return self._settings

    @settings.setter
    def settings(self, settings: CreditSettings) -> None:
        self._settings = settings
        self._settle()

    def table(self, chute: int) -> PriceTable:
        return getattr(self.settings, f"price_table_{chute}")

    def _settle(self) -> None:
        """Runs counted under another table start again under this one (see :meth:`_settlement`)."""
        if self.db.accepting_coins:  # unknown runs settle with the first coin once they are read
            made, _, _ = self._settlement()
            if made:
                self.db.write(made)

    def _settlement(self) -> tuple[list, dict[int, int], int]:
        """What settles the runs counted under another table: the statements, each chute's run
        after them, and the credits they pay. A run starts again under this table with its unpaid
        coins (paid out at once if this table already gives a credit for them): a price change
        never loses a coin, nor pays one twice."""
        stamps = dict(
            self.db.read(
                "SELECT name, value FROM stamps WHERE name IN (?, ?)",
                (_counted_under(1), _counted_under(2)),
            )
        )
        statements, due, runs = [], 0, {}
        for chute in (1, 2):
            table, before = self.table(chute), stamps.get(_counted_under(chute))
            runs[chute] = run = self._run(chute)
            if before == str(table) or not run:
                continue  # nothing counted under another table (a coin stamps its own run)
            if before is not None:
                try:
                    run = PriceTable.parse(json.loads(before)).unpaid(run)
                except ValueError:
                    pass  # a stamp this firmware cannot read: the whole run counts as unpaid
                due += table.credits_for(run)
                runs[chute] = run
                statements.append(set_counter(_partial(chute), run))
            statements.append(set_stamp(_counted_under(chute), str(table)))
        if due:
            statements += [
                add_counter(CREDITS, due),
                add_counter(f"{audits.PREFIX}credits.coins", due),
            ]
            statements += self.takings.statements(credits=due)
        return statements, runs, due

    def _counted(self, name: str) -> int:
        """The counter ``name`` (the credits or a chute's run) as the database holds it now."""
        if self._counts_at != self.db.changes:
            rows = self.db.read(
                "SELECT name, value FROM counters WHERE name IN (?, ?, ?)",
                (CREDITS, _partial(1), _partial(2)),
            )
            self._counts = {counter: value for counter, value in rows if value is not None}
            self._counts_at = (
                self.db.changes
            )  # after the read: a read that fell back to memory moved it
        return self._counts.get(name, 0)

    @property
    def credits(self) -> int:
        return self._counted(CREDITS)

    @property
    def free_play(self) -> bool:
        return self.settings.free_play

    @property
    def accepting_coins(self) -> bool:
        """False while the credits are unknown (the state file cannot be read): lock coins out."""
        return self.db.accepting_coins

    def partial_coins(self, chute: int) -> int:
        """Coins in ``chute`` counted toward its next credit."""
        return self.table(chute).toward(self._run(chute))[0]

    def _run(self, chute: int) -> int:
        """Coins in ``chute`` since the last game started (its run)."""
        return self._counted(_partial(chute))

    def coins_toward_credit(self) -> list[tuple[int, int]]:
        """``(coins, price)`` of each chute holding coins short of a credit, chute 1 first:
        the coins since its last credit, and the coins from there to the next one."""
        toward = [self.table(chute).toward(self._run(chute)) for chute in (1, 2)]
        return [(coins, price) for coins, price in toward if coins]

    def coin(self, chute: int, meter: int | None = None) -> int:
        """A coin dropped through ``chute`` (1 or 2); the credits it added (0 while the
        credits are unknown: the coin is counted once they are known).

        ``meter``: the coin meter (1 or 2) that owes this coin a pulse, or None (no meter wired).
        """
        return self.coins([(chute, meter)])[0]

    def coins(self, dropped: Sequence[tuple[int, int | None]]) -> list[int]:
        """Coins dropped at once, ``(chute, meter)`` each in the order they came, written in one
        transaction: a burst waits for one commit, not one a coin. The credits each added, as
        :meth:`coin` gives them."""
        for chute, _meter in dropped:
            if chute not in (1, 2):
                raise ValueError(f"coin chute must be 1 or 2, got {chute!r}")
        if (
            len(dropped) > 1 and not self.accepting_coins
        ):  # held for a known state one by one: NOTICES counts them
            return [added for one in dropped for added in self.coins([one])]
        added = [0] * len(dropped)

        def statements():
            # Priced when written: against the runs, tables and credits as they are then, any
            # run counted under an older table settled in the same transaction; each coin
            # against the runs and credits the coins before it left.
            made, runs, due = self._settlement()
            credits = self.credits + due
            for index, (chute, meter) in enumerate(dropped):
                table, run = self.table(chute), runs[chute]
                earned = table.credits_for(run + 1) - table.credits_for(run)
                beyond = max(0, min(earned, credits + earned - self.settings.max_credits))
                added[index], runs[chute], credits = earned, run + 1, credits + earned
                made += [
                    set_counter(_partial(chute), run + 1),
                    set_stamp(_counted_under(chute), str(table)),
                ]
                if earned:
                    made.append(add_counter(CREDITS, earned))
                if meter is not None:
                    made.append(add_counter(_owed(meter), 1))
                value = getattr(self.settings, f"coin_value_{chute}")  # the money, with its coin
                made += audits.coin_statements(
                    chute, earned, beyond, value
                ) + self.takings.statements(coins=1, credits=earned)
            return made

        chutes = ", ".join(str(chute) for chute, _meter in dropped)
        what = (
            f"a coin in chute {chutes}"
            if len(dropped) == 1
            else f"{len(dropped)} coins in chutes {chutes}"
        )
        if dropped:
            self.db.write_when_known(what, statements)
        return added

    def meter_owed(self, meter: int) -> int:
        """Pulses ``meter`` is owed: coins whose pulse has not been marked done."""
        return self.db.read_value("SELECT value FROM counters WHERE name = ?", (_owed(meter),), 0)

    def meter_pulsed(self, meter: int, count: int) -> None:
        """``count`` of ``meter``'s owed pulses have been given: no longer owed, counted in the bookkeeping."""
        if count:
            self.db.write(
                [add_counter(_owed(meter), -count)] + audits.meter_statements(meter, count)
            )

    def at_limit(self) -> bool:
        """True from the moment the credits reach ``max_credits``: the coin lockout refuses."""
        return self.credits >= self.settings.max_credits

    def service_credit(self) -> int:
        """The operator's free credit (SERVICE button); 0 when the credit limit is reached."""
        if not self.accepting_coins or self.credits >= self.settings.max_credits:
            return 0
        self.db.write([add_counter(CREDITS, 1)] + audits.service_credit_statements())
        return 1

    def price(self, mode: str) -> int:
        """Credits a game of ``mode`` costs: versus has its own price, every other mode one game's."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
        return (
            self.settings.versus_credits if mode == Mode.VERSUS else self.settings.credits_per_game
        )

    def can_start(self, mode: str) -> bool:
        """True when a game of ``mode`` may start (free play, or enough credits).

        A versus price is paid from the one credit counter, so one player may pay it all.
        Nothing starts while the credits and tables are unknown (the state file cannot be read).
        """
        price = self.price(mode)
        return self.accepting_coins and (self.free_play or self.credits >= price)

    def start(self, game: str, mode: str, continued: bool = False) -> bool:
        """Take the price of a game and count the play (``continued``: as a continue after a
        match, apart from first plays); False (nothing taken) if credits are short."""
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        if not self.can_start(mode):
            return False
        self._settle()
        charge = 0 if self.free_play else self.price(mode)
        statements = [add_counter(CREDITS, -charge)] if charge else []
        statements += audits.game_start_statements(game, mode, charge, continued)
        statements += self._scores.play_started()
        statements += self.takings.statements(plays=1)
        for chute in (1, 2):  # a game start ends every run; coins short of a credit begin the next
            run = self._run(chute)
            if run:
                statements.append(set_counter(_partial(chute), self.table(chute).unpaid(run)))
        self.db.write(statements)
        return True
