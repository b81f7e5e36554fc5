"""GAME SETTINGS and COIN & CREDIT SETTINGS: pages built from the settings schema.

:class:`SectionPage` lists any settings dataclass: a :class:`SettingRow` per
plain field, a page of its own for a nested section. The few containers of the
schema get their own pages: the per-difficulty table and the contest lists.
"""

from __future__ import annotations

import dataclasses

from cabinet.scenes import catalogue
from cabinet.scenes.kit.common import coins_short
from cabinet.scenes.service.name_editor import NameEditScene
from cabinet.settings.schema import CONTAINER_ITEMS, MAX_MESSAGE, AttractSettings, ContestList, CreditSettings, DisplaySettings

from .page import Page
from .price_rows import price_rows
from .rows import CommandRow, InfoRow, PageRow, SettingRow, label_for
from .screen_rows import display_rows

MAX_CONTESTS = 9
# Settings shown by rows of their own rather than one SettingRow: (section class, field) -> a function
# of (page, section, field) giving the rows.
OWN_ROWS = {(DisplaySettings, name): display_rows for name in ("sleep", "sleep_command", "wake_command")}
OWN_ROWS.update({(CreditSettings, name): price_rows for name in ("price_table_1", "price_table_2")})
OWN_ROWS[AttractSettings, "message"] = lambda page, owner, name: [message_row(page, owner)]


def message_row(page, owner) -> PageRow:
    """The attract message: shown (NONE when empty), A edits it letter by letter."""
    return PageRow("MESSAGE", lambda: page.ctx.scenes.push(
                       NameEditScene(page.ctx, owner, "message", longest=MAX_MESSAGE, may_be_empty=True)),
                   "YOUR LINE: VENUE, PRICE; A TO EDIT",
                   note=lambda: owner.message.upper() or "NONE")


class SectionPage(Page):
    """Every field of the dataclass ``section`` (part of the menu's draft)."""

    def __init__(self, ctx, menu, title: str, section):
        super().__init__(ctx, menu)
        self.title = title
        self.section = section

    def rows(self):
        rows = []
        for fld in dataclasses.fields(self.section):
            value = getattr(self.section, fld.name)
            label = label_for(fld.name)
            if isinstance(value, dict):
                rows.append(PageRow(label, lambda v=value, t=label: self.push(KeyedPage(self.ctx, self.menu, t, v)),
                                    fld.metadata.get("doc", "").upper()))
            elif isinstance(value, list):
                if CONTAINER_ITEMS.get((type(self.section), fld.name), (None,))[0] is not ContestList:
                    continue   # the only list an operator edits here is the contest lists
                rows.append(PageRow(label, lambda v=value: self.push(ContestsPage(self.ctx, self.menu, v)),
                                    f"{len(value)} LISTS"))
            elif dataclasses.is_dataclass(value):
                title = f"{self.title} {label}"
                rows.append(PageRow(label, lambda v=value, t=title: self.push(SectionPage(self.ctx, self.menu, t, v))))
            elif (type(self.section), fld.name) in OWN_ROWS:
                rows.extend(OWN_ROWS[type(self.section), fld.name](self, self.section, fld.name))
            else:
                rows.append(SettingRow(self.section, fld.name))
        return rows

    def push(self, page) -> None:
        self.ctx.scenes.push(page)


class GameSettingsPage(Page):
    """The operator's settings, one page per part of the cabinet."""

    title = "GAME SETTINGS"

    # After each game's own section (its catalogue entry's), the cabinet's: (title, section, detail).
    CABINET_SECTIONS = (
        ("VERSUS & CPU", "versus", "CPU LEVELS, REMATCH, CHALLENGERS"),
        ("PLAY", "play", "PAUSE FROM THE PANEL"),
        ("ATTRACT MODE", "attract", "HOW LONG EACH PAGE SHOWS, REPLAYS, MESSAGE"),
        ("DISPLAY", "display", "ROTATION, SLEEP HOURS, IDLE DIM"),
        ("SOUND", "audio", "VOLUMES, DEMO SOUNDS: HOW OFTEN, HOW LOUD"),
        ("HIGH SCORES", "scores", "AUTOMATIC TABLE RESET"),
    )

    def sections(self) -> list[tuple[str, str, str]]:
        games = [(game.title, game.game, game.settings_detail) for game in catalogue.entries()]
        return games + list(self.CABINET_SECTIONS)

    def rows(self):
        return [PageRow(label, lambda t=label, k=key: self.ctx.scenes.push(
                    SectionPage(self.ctx, self.menu, t, getattr(self.menu.draft, k))), detail)
                for label, key, detail in self.sections()]


class KeyedPage(Page):
    """A dict of small sections (the difficulties): every field of each, labelled by its key."""

    def __init__(self, ctx, menu, title: str, items: dict):
        super().__init__(ctx, menu)
        self.title = title
        self.items = items

    def rows(self):
        return [SettingRow(item, fld.name, f"{key.upper()} {label_for(fld.name)}")
                for key, item in self.items.items() for fld in dataclasses.fields(item)]


class ContestsPage(Page):
    """The contest lists: one line each, and a line to add another."""

    title = "CONTEST LISTS"

    def __init__(self, ctx, menu, contests: list):
        super().__init__(ctx, menu)
        self.contests = contests

    def rows(self):
        rows = [PageRow(contest.name, lambda c=contest: self.ctx.scenes.push(ContestPage(self.ctx, self.menu, self.contests, c)),
                        f"{contest.length} PAIRS, {contest.colours} COLOURS, {contest.turn_seconds:g} S A TURN",
                        note=lambda c=contest: f"{c.length} PAIRS")
                for contest in self.contests]
        rows.append(CommandRow("ADD A LIST", self.add, "A NEW LIST, COPIED FROM THE LAST ONE"))
        return rows

    def add(self) -> None:
        if len(self.contests) >= MAX_CONTESTS:
            self.say(f"AT MOST {MAX_CONTESTS} LISTS")
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

    def __init__(self, ctx, menu, contests: list, contest):
        super().__init__(ctx, menu)
        self.contests = contests
        self.contest = contest

    @property
    def title(self) -> str:
        return f"CONTEST LIST {self.contest.name}"

    def rows(self):
        contest = self.contest
        others = [c.name for c in self.contests if c is not contest]
        rows = [PageRow("NAME", lambda: self.ctx.scenes.push(NameEditScene(self.ctx, contest, "name", others)),
                        "A TO EDIT THE NAME", note=lambda: contest.name)]
        rows += [SettingRow(contest, fld.name) for fld in dataclasses.fields(contest) if fld.name != "name"]
        rows.append(CommandRow("DELETE THIS LIST", self.delete, "THE LIST AND ITS TABLE GO FROM THE MENUS"))
        return rows

    def delete(self) -> None:
        if len(self.contests) <= 1:
            self.say("ONE LIST MUST REMAIN")
            return
        self.contests.remove(self.contest)
        self.ctx.scenes.pop()


class CreditPage(SectionPage):
    """Prices per chute and per game, free play, the credit limit; service credits."""

    def __init__(self, ctx, menu):
        super().__init__(ctx, menu, "COIN & CREDIT SETTINGS", menu.draft.credits)

    def rows(self):
        return super().rows() + [
            InfoRow("CREDITS IN THE MACHINE", self.credits_shown),
            CommandRow("ADD A SERVICE CREDIT", self.service_credit, "A FREE CREDIT, COUNTED APART IN BOOKKEEPING"),
        ]

    def credits_shown(self) -> str:
        """The credits and, as on every screen that shows them, the coins short of the next one."""
        return "  ".join(filter(None, [str(self.ctx.bank.credits), coins_short(self.ctx.bank)]))

    def service_credit(self) -> None:
        if self.ctx.bank.service_credit():
            self.ctx.audio.play("credit")
            self.say("SERVICE CREDIT ADDED")
        else:
            self.say("THE MAXIMUM NUMBER OF CREDITS IS REACHED")
