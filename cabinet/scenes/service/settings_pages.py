"""GAME SETTINGS and COIN & CREDIT SETTINGS: pages built from the settings schema.

:class:`SectionPage` lists any settings dataclass: a :class:`SettingRow` per
plain field, a page of its own for a nested section. The few containers of the
schema get their own pages: the per-difficulty table and the contest lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from cabinet.language import N_, tr
from cabinet.language.drawable import dots
from cabinet.scenes import catalogue
from cabinet.scenes.kit.credit_line import coins_short
from cabinet.scenes.service.name_editor import NameEditScene
from cabinet.settings.schema import (
    CONTAINER_ITEMS,
    MAX_MESSAGE,
    MESSAGE_DOTS,
    AttractSettings,
    ContestList,
    CreditSettings,
    DisplaySettings,
)

from .page import Page
from .price_rows import price_rows
from .rows import CommandRow, InfoRow, PageRow, Row, SettingRow, label_for
from .screen_rows import display_rows

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

MAX_CONTESTS = 9
# Settings shown by rows of their own rather than one SettingRow: (section class, field) -> a function
# of (page, section, field) giving the rows.
OWN_ROWS: dict[tuple[type, str], Callable[[SectionPage, object, str], list[Row]]] = {
    (DisplaySettings, name): display_rows for name in ("sleep", "sleep_command", "wake_command")
}
OWN_ROWS.update({(CreditSettings, name): price_rows for name in ("price_table_1", "price_table_2")})
# A chute's coin value is set on its price page, beside its table.
OWN_ROWS.update(
    {(CreditSettings, f"coin_value_{chute}"): lambda page, owner, name: [] for chute in (1, 2)}
)
OWN_ROWS[AttractSettings, "message"] = lambda page, owner, name: [message_row(page, owner)]


def message_row(page, owner) -> PageRow:
    """The attract message: shown (NONE when empty), A edits it letter by letter."""
    return PageRow(
        label_for("message"),
        lambda: page.ctx.scenes.push(
            NameEditScene(
                page.ctx,
                owner,
                "message",
                longest=MAX_MESSAGE,
                may_be_empty=True,
                fits=lambda line: dots(line) <= MESSAGE_DOTS,
            )
        ),
        tr("YOUR LINE: VENUE, PRICE; A TO EDIT"),
        note=lambda: owner.message.upper() or tr("NONE"),
    )


class SectionPage(Page):
    """Every field of the dataclass ``section`` (part of the menu's draft). ``title`` is English (it
    names the page in the log); ``heading`` gives it in the cabinet's language, as drawn (by default
    the title translated; a game's own section is headed by the game's name)."""

    title = ""  # set as the page is made

    def __init__(self, ctx: SceneContext, menu, title: str, section, heading=None):
        super().__init__(ctx, menu)
        self.title = title
        self.section = section
        self._heading = heading or (lambda: tr(title))

    def heading(self) -> str:
        return self._heading()

    def rows(self) -> list[Row]:
        rows: list[Row] = []
        for fld in dataclasses.fields(self.section):
            value = getattr(self.section, fld.name)
            label = label_for(fld.name)
            if isinstance(value, dict):
                rows.append(
                    PageRow(
                        label,
                        self.opens(partial(KeyedPage, self.ctx, self.menu, fld.name, value)),
                        tr(fld.metadata["doc"]).upper(),
                    )
                )
            elif isinstance(value, list):
                if (
                    CONTAINER_ITEMS.get((type(self.section), fld.name), (None,))[0]
                    is not ContestList
                ):
                    continue  # the only list an operator edits here is the contest lists
                rows.append(
                    PageRow(
                        label,
                        self.opens(partial(ContestsPage, self.ctx, self.menu, value)),
                        tr("{count} LISTS", count=len(value)),
                    )
                )
            elif dataclasses.is_dataclass(value):
                rows.append(PageRow(label, self.opens(partial(self.nested, fld.name, value))))
            elif (type(self.section), fld.name) in OWN_ROWS:
                rows.extend(OWN_ROWS[type(self.section), fld.name](self, self.section, fld.name))
            else:
                rows.append(SettingRow(self.section, fld.name))
        return rows

    def nested(self, name: str, section) -> SectionPage:
        """The page of the section ``name`` inside this one, headed by both (BLOCKS VERSUS)."""
        title = f"{self.title} {name.replace('_', ' ').upper()}"
        return SectionPage(
            self.ctx,
            self.menu,
            title,
            section,
            heading=lambda: f"{self.heading()} {label_for(name)}",
        )


class GameSettingsPage(Page):
    """The operator's settings, one page per part of the cabinet."""

    title = N_("GAME SETTINGS")

    # After each game's own section (its catalogue entry's), the cabinet's: (title, section, detail).
    CABINET_SECTIONS = (
        (N_("VERSUS & CPU"), "versus", N_("CPU LEVELS, REMATCH, CHALLENGERS")),
        (N_("PLAY"), "play", N_("PAUSE FROM THE PANEL")),
        (N_("ATTRACT MODE"), "attract", N_("HOW LONG EACH PAGE SHOWS, REPLAYS, MESSAGE")),
        (N_("DISPLAY"), "display", N_("ROTATION, SLEEP HOURS, IDLE DIM")),
        (N_("SOUND"), "audio", N_("VOLUMES, DEMO SOUNDS: HOW OFTEN, HOW LOUD")),
        (N_("HIGH SCORES"), "scores", N_("AUTOMATIC TABLE RESET")),
    )

    def sections(self) -> list[tuple[str, bool, str, str]]:
        """(English title, whether it is translated, settings section, English detail) of each page:
        a game's page is headed by the game's name, the same in every language."""
        games = [
            (game.title, False, game.game, game.settings_detail) for game in catalogue.entries()
        ]
        return games + [(title, True, key, detail) for title, key, detail in self.CABINET_SECTIONS]

    def rows(self) -> list[Row]:
        return [
            PageRow(
                tr(title) if translated else title,
                self.opens(partial(self._section, title, translated, key)),
                tr(detail),
            )
            for title, translated, key, detail in self.sections()
        ]

    def _section(self, title: str, translated: bool, key: str) -> SectionPage:
        """The page of the draft's section ``key``, headed by ``title`` (translated, or as it
        is where it is a game's name)."""
        return SectionPage(
            self.ctx,
            self.menu,
            title,
            getattr(self.menu.draft, key),
            heading=None if translated else (lambda: title),
        )


class KeyedPage(Page):
    """A dict of small sections (the difficulties): every field of each, labelled by its key
    (the key as in cabinet.yaml). ``name``: the dict's field."""

    title = ""  # the field's, set as the page is made

    def __init__(self, ctx: SceneContext, menu, name: str, items: dict):
        super().__init__(ctx, menu)
        self.title = name.replace("_", " ").upper()
        self.field_name = name
        self.items = items

    def heading(self) -> str:
        return label_for(self.field_name)

    def rows(self) -> list[Row]:
        return [
            SettingRow(item, fld.name, f"{key.upper()} {label_for(fld.name)}")
            for key, item in self.items.items()
            for fld in dataclasses.fields(item)
        ]


class ContestsPage(Page):
    """The contest lists: one line each, and a line to add another."""

    title = N_("CONTEST LISTS")

    def __init__(self, ctx: SceneContext, menu, contests: list):
        super().__init__(ctx, menu)
        self.contests = contests

    def rows(self) -> list[Row]:
        rows: list[Row] = [
            PageRow(
                contest.name,
                self.opens(partial(ContestPage, self.ctx, self.menu, self.contests, contest)),
                tr(
                    "{pairs} PAIRS, {colours} COLOURS, {seconds} S A TURN",
                    pairs=contest.length,
                    colours=contest.colours,
                    seconds=f"{contest.turn_seconds:g}",
                ),
                note=partial(_pairs, contest),
            )
            for contest in self.contests
        ]
        rows.append(
            CommandRow(tr("ADD A LIST"), self.add, tr("A NEW LIST, COPIED FROM THE LAST ONE"))
        )
        return rows

    def add(self) -> None:
        if len(self.contests) >= MAX_CONTESTS:
            self.say(tr("AT MOST {count} LISTS", count=MAX_CONTESTS))
            return
        names = {contest.name for contest in self.contests}
        number = len(self.contests) + 1
        while f"LIST {number}" in names:
            number += 1
        model = self.contests[-1] if self.contests else ContestList()
        self.contests.append(dataclasses.replace(model, name=f"LIST {number}"))
        self.index = len(self.contests) - 1


class ContestPage(Page):
    """One contest list: its name, seed, length, colours and turn time."""

    def __init__(self, ctx: SceneContext, menu, contests: list, contest):
        super().__init__(ctx, menu)
        self.contests = contests
        self.contest = contest

    @property
    def title(self) -> str:
        return f"CONTEST LIST {self.contest.name}"

    def heading(self) -> str:
        return tr("CONTEST LIST {name}", name=self.contest.name)

    def rows(self) -> list[Row]:
        contest = self.contest
        others = [c.name for c in self.contests if c is not contest]
        rows: list[Row] = [
            PageRow(
                label_for("name"),
                lambda: self.ctx.scenes.push(NameEditScene(self.ctx, contest, "name", others)),
                tr("A TO EDIT THE NAME"),
                note=lambda: contest.name,
            )
        ]
        rows += [
            SettingRow(contest, fld.name)
            for fld in dataclasses.fields(contest)
            if fld.name != "name"
        ]
        rows.append(
            CommandRow(
                tr("DELETE THIS LIST"), self.delete, tr("THE LIST AND ITS TABLE GO FROM THE MENUS")
            )
        )
        return rows

    def delete(self) -> None:
        if len(self.contests) <= 1:
            self.say(tr("ONE LIST MUST REMAIN"))
            return
        self.contests.remove(self.contest)
        self.ctx.scenes.pop()


def _pairs(contest: ContestList) -> str:
    """A contest list's length, as its row notes it."""
    return tr("{pairs} PAIRS", pairs=contest.length)


class CreditPage(SectionPage):
    """Prices per chute and per game, free play, the credit limit; service credits."""

    def __init__(self, ctx: SceneContext, menu):
        super().__init__(ctx, menu, N_("COIN & CREDIT SETTINGS"), menu.draft.credits)

    def rows(self) -> list[Row]:
        return super().rows() + [
            InfoRow(tr("CREDITS IN THE MACHINE"), self.credits_shown),
            CommandRow(
                tr("ADD A SERVICE CREDIT"),
                self.service_credit,
                tr("A FREE CREDIT, COUNTED APART IN BOOKKEEPING"),
            ),
        ]

    def credits_shown(self) -> str:
        """The credits and, as on every screen that shows them, the coins short of the next one."""
        return "  ".join(filter(None, [str(self.ctx.bank.credits), coins_short(self.ctx.bank)]))

    def service_credit(self) -> None:
        if self.ctx.bank.service_credit():
            self.ctx.audio.play("credit")
            self.say(tr("SERVICE CREDIT ADDED"))
        else:
            self.say(tr("THE MAXIMUM NUMBER OF CREDITS IS REACHED"))
