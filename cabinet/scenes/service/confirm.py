"""The resets, each behind a confirmation page: TEST confirms, SERVICE (or B) cancels.

A reset cannot be started by a stray joystick press: only the TEST button,
inside the cabinet's door, confirms it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cabinet.inputs.actions import CABINET, Action
from cabinet.language import N_, tr
from cabinet.render import WIDTH, palette
from cabinet.render.text import text
from cabinet.scenes.service.save import factory_reset

from .page import Page, draw_controls_line

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent

log = logging.getLogger(__name__)


class ConfirmPage(Page):
    """Says what will be lost; TEST does it, SERVICE or B goes back untouched."""

    title = N_("CONFIRM")
    lines: tuple[str, ...] = ()  # English, translated as drawn
    done_message = N_("DONE")
    controls = N_("TEST: CONFIRM     SERVICE OR B: CANCEL")

    def handle(self, event: InputEvent) -> None:
        if not event.pressed:
            return
        if event.player == CABINET and event.action is Action.TEST:
            self.test_pressed()
        elif event.action in (Action.SERVICE, Action.B):
            self.back()

    def test_pressed(self) -> None:
        try:
            message = self.confirmed() or tr(self.done_message)
        except Exception as exc:  # the store logs its own trouble; the operator needs one line
            log.exception("%s failed", self.title.lower())
            message = tr(
                "FAILED: {reason}", reason=exc
            )  # the reason as written: it may name a file
        self.ctx.audio.play("menu_select")
        self.ctx.scenes.pop()
        under = self.ctx.scenes.top
        assert isinstance(under, Page), "a confirmation opens over a service page"
        under.say(message)

    def confirmed(self) -> str | None:
        """Do the reset; a message for the menu, or None for :attr:`done_message`."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for index, line in enumerate(map(tr, self.lines)):
            y = 120 + index * 48
            text(surface, line, (WIDTH // 2, y), 28, palette.WHITE, "midtop", max_width=WIDTH - 80)
        confirm, cancel = tr("PRESS TEST TO CONFIRM"), tr("PRESS SERVICE TO CANCEL")
        text(surface, confirm, (WIDTH // 2, 330), 35, palette.RED, "midtop", max_width=WIDTH - 80)
        text(surface, cancel, (WIDTH // 2, 384), 28, palette.GREEN, "midtop", max_width=WIDTH - 80)

    def draw_footer(self, surface, rows) -> None:
        draw_controls_line(surface, tr(self.controls))


class ScoresResetPage(ConfirmPage):
    title = N_("HIGH-SCORE RESET")
    lines = (N_("EVERY HIGH-SCORE TABLE GOES BACK"), N_("TO ITS DEFAULT ENTRIES."))
    done_message = N_("HIGH SCORES RESET")

    def confirmed(self):
        self.ctx.store.scores.reset()
        log.warning("service menu: every high-score table reset")


class BookkeepingResetPage(ConfirmPage):
    title = N_("BOOKKEEPING RESET")
    lines = (N_("EVERY BOOKKEEPING COUNTER GOES TO ZERO."), N_("CREDITS IN THE MACHINE ARE KEPT."))
    done_message = N_("BOOKKEEPING RESET")

    def confirmed(self):
        self.ctx.store.audits.reset()
        log.warning("service menu: bookkeeping reset")


class PeriodResetPage(ConfirmPage):
    title = N_("PERIOD RESET")
    lines = (N_("THE PERIOD FIGURES GO TO ZERO."), N_("EVERY TOTAL AND METER COUNT IS KEPT."))
    done_message = N_("PERIOD RESET")

    def confirmed(self):
        self.ctx.store.audits.reset_period()
        log.warning("service menu: bookkeeping period reset")


class FactoryResetPage(ConfirmPage):
    title = N_("FACTORY RESET")
    lines = (
        N_("HIGH SCORES, BOOKKEEPING, CREDITS,"),
        N_("REPLAYS AND EVERY SETTING GO BACK"),
        N_("TO THE STATE THE CABINET SHIPPED IN."),
    )
    done_message = N_("FACTORY RESET DONE")

    def confirmed(self):
        return factory_reset(self.ctx, self.menu)
