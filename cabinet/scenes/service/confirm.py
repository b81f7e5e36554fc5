"""The resets, each behind a confirmation page: TEST confirms, SERVICE (or B) cancels.

A reset cannot be started by a stray joystick press: only the TEST button,
inside the cabinet's door, confirms it.
"""

from __future__ import annotations

import logging

from cabinet.inputs.actions import CABINET, Action
from cabinet.render import WIDTH, fit_size, palette, text
from cabinet.scenes.service.save import factory_reset

from .page import CONTROLS_Y, Page

log = logging.getLogger(__name__)


class ConfirmPage(Page):
    """Says what will be lost; TEST does it, SERVICE or B goes back untouched."""

    title = "CONFIRM"
    lines: tuple[str, ...] = ()
    done_message = "DONE"
    controls = "TEST: CONFIRM     SERVICE OR B: CANCEL"

    def handle(self, event) -> None:
        if not event.pressed:
            return
        if event.player == CABINET and event.action is Action.TEST:
            self.test_pressed()
        elif event.action in (Action.SERVICE, Action.B):
            self.back()

    def test_pressed(self) -> None:
        try:
            message = self.confirmed() or self.done_message
        except Exception as exc:   # the store logs its own trouble; the operator needs one line
            log.exception("%s failed", self.title.lower())
            message = f"FAILED: {exc}"  # as written: it may name a file
        self.ctx.audio.play("menu_select")
        self.ctx.scenes.pop()
        self.ctx.scenes.top.say(message)

    def confirmed(self) -> str | None:
        """Do the reset; a message for the menu, or None for :attr:`done_message`."""
        raise NotImplementedError

    def draw(self, surface) -> None:
        super().draw(surface)
        for index, line in enumerate(self.lines):
            size = fit_size(line, 28, WIDTH - 80)
            text(surface, line, (WIDTH // 2, 120 + index * 48), size, palette.WHITE, "midtop")
        text(surface, "PRESS TEST TO CONFIRM", (WIDTH // 2, 330), 35, palette.RED, "midtop")
        text(surface, "PRESS SERVICE TO CANCEL", (WIDTH // 2, 384), 28, palette.GREEN, "midtop")

    def draw_footer(self, surface) -> None:
        text(surface, self.controls, (WIDTH // 2, CONTROLS_Y), 21, palette.GREY, "midtop")


class ScoresResetPage(ConfirmPage):
    title = "HIGH-SCORE RESET"
    lines = ("EVERY HIGH-SCORE TABLE GOES BACK", "TO ITS DEFAULT ENTRIES.")
    done_message = "HIGH SCORES RESET"

    def confirmed(self):
        self.ctx.store.scores.reset()
        log.warning("service menu: every high-score table reset")


class BookkeepingResetPage(ConfirmPage):
    title = "BOOKKEEPING RESET"
    lines = ("EVERY BOOKKEEPING COUNTER GOES TO ZERO.", "CREDITS IN THE MACHINE ARE KEPT.")
    done_message = "BOOKKEEPING RESET"

    def confirmed(self):
        self.ctx.store.audits.reset()
        log.warning("service menu: bookkeeping reset")


class FactoryResetPage(ConfirmPage):
    title = "FACTORY RESET"
    lines = ("HIGH SCORES, BOOKKEEPING, CREDITS,", "REPLAYS AND EVERY SETTING GO BACK",
             "TO THE STATE THE CABINET SHIPPED IN.")
    done_message = "FACTORY RESET DONE"

    def confirmed(self):
        return factory_reset(self.ctx, self.menu)
