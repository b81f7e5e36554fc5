"""TAKINGS PER DAY: coins, credits and plays of each of the last 30 days, newest first.

Only the days with takings are listed; the figures come from the same
transactions as the coins and game starts (:mod:`cabinet.storage.takings`), and
are read again twice a second. What was counted while the cabinet's clock was
not set is listed apart, and the page ends with the cabinet's own date and time,
so that an operator sees at once when the clock is wrong.
"""

from __future__ import annotations

import logging
import time
from datetime import date
from typing import TYPE_CHECKING

from cabinet.language import N_, tr
from cabinet.render import WIDTH, palette
from cabinet.render.text import text
from cabinet.storage.takings import DAYS, EARLIEST_YEAR, UNDATED

from .page import LABEL_X, TOP, VALUE_X, Page
from .rows import InfoRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)

REFRESH_FRAMES = 30
WEEKDAYS = (N_("MON"), N_("TUE"), N_("WED"), N_("THU"), N_("FRI"), N_("SAT"), N_("SUN"))
MONTHS = (
    N_("JAN"),
    N_("FEB"),
    N_("MAR"),
    N_("APR"),
    N_("MAY"),
    N_("JUN"),
    N_("JUL"),
    N_("AUG"),
    N_("SEP"),
    N_("OCT"),
    N_("NOV"),
    N_("DEC"),
)


def day_label(day: str) -> str:
    """ "2026-12-01" as the page shows it, "TUE 01 DEC 2026" in English: in the cabinet's
    language, whatever the system's locale."""
    when = date.fromisoformat(day)
    return tr(
        "{weekday} {day} {month} {year}",
        weekday=tr(WEEKDAYS[when.weekday()]),
        day=f"{when.day:02d}",
        month=tr(MONTHS[when.month - 1]),
        year=when.year,
    )


def figures(row: dict) -> str:
    """A day's figures under the headings, right-aligned (the font's digits are all one width)."""
    return f"{row['coins']:>5} {row['credits']:>7} {row['plays']:>5}"


def clock_now(now: float | None = None) -> str:
    """The cabinet's local date and time, or NOT SET for a clock before this firmware was made."""
    moment = time.localtime(now)
    if moment.tm_year < EARLIEST_YEAR:
        return tr("NOT SET")
    return (
        f"{day_label(time.strftime('%Y-%m-%d', moment))} {moment.tm_hour:02d}:{moment.tm_min:02d}"
    )


class TakingsPage(Page):
    """The takings per day, a total of the days shown, and the cabinet's clock."""

    title = N_("TAKINGS PER DAY")
    controls = N_("{up}{down} SCROLL   B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.days = self.read()

    def read(self) -> list[dict] | None:
        try:
            return self.ctx.bank.takings.days()
        except Exception:
            log.exception("the takings per day could not be read")
            return None

    def update(self) -> None:
        super().update()
        if self.frames % REFRESH_FRAMES == 0:
            self.days = self.read()

    def rows(self) -> list[Row]:
        if self.days is None:
            return [InfoRow(tr("THE TAKINGS CANNOT BE READ"), tr("SEE THE LOG"))]
        rows: list[Row] = []
        for row in self.days:
            if row["day"] == UNDATED:
                rows.append(
                    InfoRow(
                        tr("CLOCK NOT SET"),
                        figures(row),
                        tr("COUNTED WHILE THE CLOCK WAS NOT SET (NO NETWORK TIME, NO RTC)"),
                    )
                )
            else:
                rows.append(
                    InfoRow(
                        day_label(row["day"]),
                        figures(row),
                        tr("COINS, CREDITS THEY BOUGHT, GAMES STARTED"),
                    )
                )
        if not rows:
            rows.append(InfoRow(tr("NO TAKINGS IN THE LAST {days} DAYS", days=DAYS), ""))
        total = {
            kind: sum(row[kind] for row in self.days) for kind in ("coins", "credits", "plays")
        }
        rows.append(
            InfoRow(
                tr("ALL DAYS SHOWN"),
                figures(total),
                tr("THE LAST {days} DAYS, AND ANY UNDATED", days=DAYS),
            )
        )
        rows.append(
            InfoRow(tr("CABINET CLOCK"), clock_now(), tr("LOCAL TIME: A COIN COUNTS ON THIS DAY"))
        )
        return rows

    def draw_title(self, surface) -> None:
        """A smaller title, and the column headings above the line (they stay while the days scroll)."""
        text(surface, self.heading(), (WIDTH // 2, 8), 28, palette.YELLOW, "midtop")
        text(surface, tr("DAY"), (LABEL_X, 42), 14, palette.CYAN)
        # Each heading right-aligned over its column of figures (14 px, 12 px a digit), whatever its language.
        for heading, end in ((tr("COINS"), 5), (tr("CREDITS"), 13), (tr("PLAYS"), 19)):
            text(surface, heading, (VALUE_X + end * 12 - 1, 42), 14, palette.CYAN, "topright")
        surface.fill(palette.PANEL_EDGE, (24, TOP - 12, WIDTH - 48, 2))
