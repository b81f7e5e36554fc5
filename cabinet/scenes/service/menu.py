"""The service menu's first page, and the draft settings every page edits.

The menu works on a deep copy of the cabinet's settings (``draft``). Nothing
the operator changes reaches the running cabinet until SAVE AND EXIT, which
applies the draft live and writes it to the settings file; EXIT WITHOUT SAVING
throws it away. Resets act at once, each after its own confirmation.
"""

from __future__ import annotations

import copy
import logging
import weakref
from typing import TYPE_CHECKING

from cabinet import language
from cabinet.language import N_, tr
from cabinet.scenes.service import (
    bookkeeping,
    confirm,
    hardware,
    network,
    notices,
    output_test,
    settings_pages,
    takings,
    version,
)
from cabinet.scenes.service.music_test import MusicTestPage
from cabinet.scenes.service.save import SaveResultScene, save_and_apply
from cabinet.settings.save import save_path

from .page import Page
from .rows import CommandRow, PageRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)


class ServiceMenuScene(Page):
    """SERVICE MENU: the list of every operator page."""

    title = N_("SERVICE MENU")

    def __init__(self, ctx: SceneContext):
        super().__init__(ctx)
        self.menu = weakref.proxy(self)  # every page reaches the draft the same way; no cycle
        self.draft = copy.deepcopy(ctx.settings)
        self.save_target = save_path(ctx.config.source)

    @property
    def dirty(self) -> bool:
        """True when the draft differs from the settings the cabinet runs on."""
        return self.draft != self.ctx.settings

    def rows(self) -> list[Row]:
        open_ = self.open
        return [
            PageRow(
                tr("GAME SETTINGS"),
                lambda: open_(settings_pages.GameSettingsPage),
                tr("BOTH GAMES, ATTRACT MODE, DISPLAY AND SOUND"),
            ),
            PageRow(
                tr("COIN & CREDIT SETTINGS"),
                lambda: open_(settings_pages.CreditPage),
                tr("PRICES, FREE PLAY, SERVICE CREDITS"),
            ),
            PageRow(
                tr("BOOKKEEPING"),
                lambda: open_(bookkeeping.BookkeepingPage),
                tr("COINS, CREDITS, PLAYS, PLAY TIME, UPTIME"),
            ),
            PageRow(
                tr("TAKINGS PER DAY"),
                lambda: open_(takings.TakingsPage),
                tr("COINS, CREDITS, PLAYS: THE LAST 30 DAYS"),
            ),
            PageRow(
                tr("NETWORK"),
                lambda: open_(network.NetworkPage),
                tr("FLEET LINK: CONNECTED, LAST SYNC, QUEUED"),
            ),
            PageRow(
                tr("VERSION"),
                lambda: open_(version.VersionPage),
                tr("RELEASE, UPDATE READY, INSTALL FROM USB"),
                note=version.update_ready,
            ),
            PageRow(
                tr("INPUT TEST"), lambda: hardware.open_input_test(self), tr("EVERY SWITCH, LIVE")
            ),
            PageRow(
                tr("SCREEN TEST"),
                lambda: open_(hardware.ScreenTestScene),
                tr("COLOUR BARS, CROSSHATCH, GREY SCALE"),
            ),
            PageRow(
                tr("SOUND TEST"), lambda: open_(hardware.SoundTestPage), tr("EVERY EFFECT BY NAME")
            ),
            PageRow(
                tr("MUSIC TEST"), lambda: open_(MusicTestPage), tr("EVERY TRACK, DANGER BY HAND")
            ),
            PageRow(
                tr("OUTPUT TEST"),
                lambda: open_(output_test.OutputTestPage),
                tr("LOCKOUTS, COIN METERS, START LAMPS, MARQUEE"),
            ),
            PageRow(
                tr("HIGH-SCORE RESET"),
                lambda: open_(confirm.ScoresResetPage),
                tr("ALL TABLES BACK TO THE DEFAULTS"),
            ),
            PageRow(
                tr("BOOKKEEPING RESET"),
                lambda: open_(confirm.BookkeepingResetPage),
                tr("EVERY COUNTER TO ZERO"),
            ),
            PageRow(
                tr("FACTORY RESET"),
                lambda: open_(confirm.FactoryResetPage),
                tr("SCORES, BOOKKEEPING AND SETTINGS AS SHIPPED"),
            ),
            PageRow(
                tr("NOTICES"),
                lambda: open_(notices.NoticesPage),
                tr("PROBLEMS WITH THE SETTINGS FILE OR STORAGE"),
                note=lambda: str(len(notices.collect(self.ctx))),
            ),
            CommandRow(
                tr("SAVE AND EXIT"),
                self.save_and_exit,
                tr("APPLY AND WRITE {path}", path=self.save_target),
                shown=lambda: tr("CHANGED") if self.dirty else "",
            ),
            CommandRow(tr("EXIT WITHOUT SAVING"), self.discard_and_exit, tr("FORGET EVERY CHANGE")),
        ]

    def leave(self) -> None:
        """Gone from the stack (saved, left, or reset): the cabinet speaks its running
        settings' language again; a draft's language left unsaved goes with the draft."""
        if self.ctx.scenes.top is not self:
            language.use(self.ctx.settings.display.language)

    def open(self, page_class) -> None:
        self.ctx.scenes.push(page_class(self.ctx, self))

    def back(self) -> None:
        """B or SERVICE on the first page: leave at once if nothing changed, else ask."""
        if not self.dirty:
            self.discard_and_exit()
            return
        self.index = len(self.rows()) - 2  # onto SAVE AND EXIT
        self.say(tr("UNSAVED CHANGES: SAVE AND EXIT, OR EXIT WITHOUT SAVING"))

    def save_and_exit(self) -> None:
        outcome = save_and_apply(self.ctx, self.draft)
        self.ctx.scenes.reset(SaveResultScene(self.ctx, outcome))

    def discard_and_exit(self) -> None:
        if self.dirty:
            log.info("service menu: left without saving; the changes were dropped")
        self.ctx.go_to_attract()
