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

from cabinet.scenes.service import bookkeeping, confirm, hardware, network, notices, output_test, settings_pages, takings
from cabinet.scenes.service.save import SaveResultScene, save_and_apply
from cabinet.settings.save import save_path

from .page import Page
from .rows import CommandRow, PageRow

log = logging.getLogger(__name__)


class ServiceMenuScene(Page):
    """SERVICE MENU: the list of every operator page."""

    title = "SERVICE MENU"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.menu = weakref.proxy(self)   # every page reaches the draft the same way; no cycle
        self.draft = copy.deepcopy(ctx.settings)
        self.save_target = save_path(ctx.config.source)

    @property
    def dirty(self) -> bool:
        """True when the draft differs from the settings the cabinet runs on."""
        return self.draft != self.ctx.settings

    def rows(self):
        open_ = self.open
        return [
            PageRow("GAME SETTINGS", lambda: open_(settings_pages.GameSettingsPage),
                    "BOTH GAMES, ATTRACT MODE, DISPLAY AND SOUND"),
            PageRow("COIN & CREDIT SETTINGS", lambda: open_(settings_pages.CreditPage),
                    "PRICES, FREE PLAY, SERVICE CREDITS"),
            PageRow("BOOKKEEPING", lambda: open_(bookkeeping.BookkeepingPage),
                    "COINS, CREDITS, PLAYS, PLAY TIME, UPTIME"),
            PageRow("TAKINGS PER DAY", lambda: open_(takings.TakingsPage), "COINS, CREDITS, PLAYS: THE LAST 30 DAYS"),
            PageRow("NETWORK", lambda: open_(network.NetworkPage), "FLEET LINK: CONNECTED, LAST SYNC, QUEUED"),
            PageRow("INPUT TEST", lambda: hardware.open_input_test(self), "EVERY SWITCH, LIVE"),
            PageRow("SCREEN TEST", lambda: open_(hardware.ScreenTestScene), "COLOUR BARS, CROSSHATCH, GREY SCALE"),
            PageRow("SOUND TEST", lambda: open_(hardware.SoundTestPage), "EVERY EFFECT BY NAME"),
            PageRow("OUTPUT TEST", lambda: open_(output_test.OutputTestPage),
                    "LOCKOUTS, COIN METERS, START LAMPS, MARQUEE"),
            PageRow("HIGH-SCORE RESET", lambda: open_(confirm.ScoresResetPage), "ALL TABLES BACK TO THE DEFAULTS"),
            PageRow("BOOKKEEPING RESET", lambda: open_(confirm.BookkeepingResetPage), "EVERY COUNTER TO ZERO"),
            PageRow("FACTORY RESET", lambda: open_(confirm.FactoryResetPage),
                    "SCORES, BOOKKEEPING AND SETTINGS AS SHIPPED"),
            PageRow("NOTICES", lambda: open_(notices.NoticesPage), "PROBLEMS WITH THE SETTINGS FILE OR STORAGE",
                    note=lambda: str(len(notices.collect(self.ctx)))),
            CommandRow("SAVE AND EXIT", self.save_and_exit, f"APPLY AND WRITE {self.save_target}",
                       shown=lambda: "CHANGED" if self.dirty else ""),
            CommandRow("EXIT WITHOUT SAVING", self.discard_and_exit, "FORGET EVERY CHANGE"),
        ]

    def open(self, page_class) -> None:
        self.ctx.scenes.push(page_class(self.ctx, self))

    def back(self) -> None:
        """B or SERVICE on the first page: leave at once if nothing changed, else ask."""
        if not self.dirty:
            self.discard_and_exit()
            return
        self.index = len(self.rows()) - 2   # onto SAVE AND EXIT
        self.say("UNSAVED CHANGES: SAVE AND EXIT, OR EXIT WITHOUT SAVING")

    def save_and_exit(self) -> None:
        outcome = save_and_apply(self.ctx, self.draft)
        self.ctx.scenes.reset(SaveResultScene(self.ctx, outcome))

    def discard_and_exit(self) -> None:
        if self.dirty:
            log.info("service menu: left without saving; the changes were dropped")
        self.ctx.go_to_attract()
