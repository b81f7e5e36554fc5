"""Service-menu rows and page for a coin chute's price table (COIN & CREDIT SETTINGS).

On the credit page a chute's table is one row, "PRICE CHUTE 1  1/1  5/6", that
opens its own page: the table picked from a list of common ones (as a board's
coinage switches offer) and said in words, each step's coins and credits, a
bonus step added or taken away, the credits each coin of a run pays, and what one coin is
worth (its ``coin_value``, counted as money in the bookkeeping). Every change is checked
as the settings file would be (:meth:`PriceTable.parse`); one that would make
a bad table is refused with the reason in the help line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.language import tr
from cabinet.language.words import shown
from cabinet.system.price_table import MAX_STEPS, PRESETS, PriceTable

from .page import Page
from .rows import CommandRow, InfoRow, PageRow, Row, SettingRow

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext


def price_rows(page, owner, name: str) -> list[Row]:
    """The credit page's row for the price table field ``name`` (``price_table_1``): it shows the
    table, and A opens its page."""
    chute = name.rsplit("_", 1)[1]
    return [
        PageRow(
            tr("PRICE CHUTE {chute}", chute=chute),
            lambda: page.ctx.scenes.push(PriceTablePage(page.ctx, page.menu, owner, name, chute)),
            tr("COINS/CREDITS OF EACH STEP; A TO EDIT"),
            note=lambda: getattr(owner, name).short(),
        )
    ]


def table_words(table: PriceTable) -> str:
    """The table in words, in the cabinet's language: "1 COIN 1 CREDIT, 5 COINS 6 CREDITS"."""

    def step(coins: int, credits: int) -> str:
        coin = tr("1 COIN") if coins == 1 else tr("{coins} COINS", coins=coins)
        credit = tr("1 CREDIT") if credits == 1 else tr("{credits} CREDITS", credits=credits)
        return f"{coin} {credit}"

    return ", ".join(step(coins, credits) for coins, credits in table)


class PriceTablePage(Page):
    """One chute's table, edited step by step."""

    title = ""  # the chute's, set as the page is made

    def __init__(self, ctx: SceneContext, menu, owner, name: str, chute: str):
        super().__init__(ctx, menu)
        self.owner, self.field = owner, name
        self.chute = chute
        self.title = f"PRICE CHUTE {chute}"

    def heading(self) -> str:
        return tr("PRICE CHUTE {chute}", chute=self.chute)

    @property
    def table(self) -> PriceTable:
        return getattr(self.owner, self.field)

    def propose(self, steps) -> bool:
        """Make ``steps`` the table if they are a valid one; else say why. True if it changed."""
        try:
            table = PriceTable.parse([list(step) for step in steps])
        except ValueError as exc:
            self.say(shown(exc.args[0]).upper())  # the reason the settings file would give
            return False
        if table == self.table:
            return False
        setattr(self.owner, self.field, table)
        return True

    def rows(self) -> list[Row]:
        table = self.table
        rows: list[Row] = [PresetRow(self)]
        for index, (_coins, _credits) in enumerate(table):
            kind = tr("BASE PRICE") if index == 0 else tr("BONUS")
            rows.append(
                StepRow(
                    self,
                    index,
                    0,
                    tr("STEP {step} COINS", step=index + 1),
                    tr("{kind}: COINS FOR THIS STEP", kind=kind),
                )
            )
            rows.append(
                StepRow(
                    self,
                    index,
                    1,
                    tr("STEP {step} CREDITS", step=index + 1),
                    tr("{kind}: CREDITS THEY BUY IN ALL", kind=kind),
                )
            )
        if len(table) < MAX_STEPS:
            rows.append(
                CommandRow(
                    tr("ADD A BONUS STEP"),
                    self.add_step,
                    tr("ONE MORE CREDIT FOR A LONGER RUN OF COINS"),
                )
            )
        if len(table) > 1:
            rows.append(
                CommandRow(
                    tr("REMOVE THE LAST STEP"), self.remove_step, tr("BACK TO THE STEPS BEFORE IT")
                )
            )
        rows.append(
            InfoRow(
                tr("CREDITS FOR 1-{coins} COINS", coins=table.cycle),
                " ".join(map(str, table.ladder())),
                tr("A RUN: COINS IN THIS CHUTE SINCE THE LAST GAME STARTED"),
            )
        )
        rows.append(SettingRow(self.owner, f"coin_value_{self.chute}", tr("COIN VALUE")))
        return rows

    def add_step(self) -> None:
        """A bonus after the last step: one base price more, one credit more than that pays."""
        table = self.table
        coins = table.cycle + table[0][0]
        if not self.propose(list(table) + [(coins, table.credits_for(coins) + 1)]):
            return
        self.index = len(table) * 2 + 1  # onto the new step's coins

    def remove_step(self) -> None:
        self.propose(list(self.table)[:-1])


class PresetRow(Row):
    """LEFT/RIGHT steps through the common tables; a table of the operator's own shows as CUSTOM."""

    @property
    def label(self) -> str:
        return tr("TABLE")

    def __init__(self, page: PriceTablePage):
        self.page = page

    @property
    def detail(self) -> str:
        """The table in words: "1 COIN 1 CREDIT, 5 COINS 6 CREDITS"."""
        return table_words(self.page.table)

    @property
    def editable(self) -> bool:
        return True

    def value(self) -> str:
        table = self.page.table
        return table.short() if table in PRESETS else tr("CUSTOM")

    def change(self, direction: int) -> bool:
        table = self.page.table
        if table in PRESETS:
            index = (PRESETS.index(table) + direction) % len(PRESETS)
        else:
            index = 0 if direction > 0 else len(PRESETS) - 1
        return self.page.propose(PRESETS[index])

    def select(self) -> bool:
        return self.change(+1)


class StepRow(Row):
    """The coins (``part`` 0) or the credits (``part`` 1) of one step."""

    label = detail = ""  # set as the row is made

    def __init__(self, page: PriceTablePage, index: int, part: int, label: str, detail: str):
        self.page, self.index, self.part = page, index, part
        self.label, self.detail = label, detail

    @property
    def editable(self) -> bool:
        return True

    def value(self) -> str:
        return str(self.page.table[self.index][self.part])

    def change(self, direction: int) -> bool:
        steps = [list(step) for step in self.page.table]
        steps[self.index][self.part] += direction
        return self.page.propose(steps)
