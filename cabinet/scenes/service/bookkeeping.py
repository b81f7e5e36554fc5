"""BOOKKEEPING: the audit counters, as the store counts them in the same transaction as each event.

The figures are read again twice a second, so a coin dropped while the page
is open shows up on it. Beside each total of money and plays stands its figure
for the period (since the operator's last collection), which PERIOD RESET, at
the foot of the page, begins again without touching a total.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cabinet.language import N_, tr
from cabinet.storage.mirror import RESTORED
from cabinet.system.money import money_text

from .confirm import PeriodResetPage
from .page import Page
from .rows import InfoRow, PageRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)

REFRESH_FRAMES = 30

MODE_NAMES = {
    "blocks/single": N_("BLOCKS PLAYS"),
    "antigravity/single": N_("ANTI-GRAVITY SINGLE PLAYS"),
    "antigravity/versus": N_("ANTI-GRAVITY VERSUS PLAYS"),
    "antigravity/contest": N_("ANTI-GRAVITY CONTEST PLAYS"),
    "blocks/versus": N_("BLOCKS VERSUS PLAYS"),
    "blocks/cpu": N_("BLOCKS VS CPU PLAYS"),
    "antigravity/cpu": N_("ANTI-GRAVITY VS CPU PLAYS"),
    "blocks/challenger": N_("BLOCKS CHALLENGERS PLAYS"),
    "antigravity/challenger": N_("ANTI-GRAVITY CHALLENGERS PLAYS"),
}


def duration(seconds: float) -> str:
    """A time span as an operator reads it: 1:05:09, or 3:07 under an hour."""
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours >= 24:
        days, hours = divmod(hours, 24)
        return f"{days}D {hours}:{minutes:02d}:{secs:02d}"
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def stamp(value) -> str:
    """A UTC stamp from the store, shortened to the minute; NEVER when there is none."""
    if not value:
        return tr("NEVER")
    return str(value).replace("T", " ")[:16]


class BookkeepingPage(Page):
    """Coins per chute, credits, plays per game and mode, play time, uptime, last resets."""

    title = N_("BOOKKEEPING")
    controls = N_("{up}{down} SCROLL   B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.figures = self.read()

    def read(self) -> dict:
        try:
            return self.ctx.store.audits.snapshot()
        except Exception:
            log.exception("bookkeeping could not be read")
            return {}

    def update(self) -> None:
        super().update()
        if self.frames % REFRESH_FRAMES == 0:
            self.figures = self.read()

    def rows(self) -> list[Row]:
        f = self.figures
        if not f:
            return [InfoRow(tr("THE BOOKKEEPING CANNOT BE READ"), tr("SEE THE LOG"))]
        period = f["period"]

        def both(total: int | str, since: int | str) -> str:
            return tr("{total}  PERIOD {period}", total=total, period=since)

        def money(chute: int) -> str:
            shown = self.ctx.bank.settings.money_format
            return both(
                money_text(f["money"][chute], shown), money_text(period["money"][chute], shown)
            )

        rows: list[Row] = [
            InfoRow(tr("COINS CHUTE {chute}", chute=1), both(f["coins"][1], period["coins"][1])),
            InfoRow(tr("COINS CHUTE {chute}", chute=2), both(f["coins"][2], period["coins"][2])),
            InfoRow(
                tr("MONEY CHUTE {chute}", chute=1),
                money(1),
                tr("EACH COIN AT ITS CHUTE'S COIN VALUE WHEN IT CAME"),
            ),
            InfoRow(
                tr("MONEY CHUTE {chute}", chute=2),
                money(2),
                tr("EACH COIN AT ITS CHUTE'S COIN VALUE WHEN IT CAME"),
            ),
            InfoRow(
                tr("CREDITS FROM COINS"),
                both(f["credits_from_coins"], period["credits_from_coins"]),
            ),
            InfoRow(tr("SERVICE CREDITS"), both(f["service_credits"], period["service_credits"])),
            InfoRow(tr("CREDITS PLAYED"), both(f["credits_spent"], period["credits_spent"])),
            InfoRow(
                tr("CREDITS OVER THE LIMIT"),
                both(f["credits_over_max"], period["credits_over_max"]),
                tr("COINS THAT CAME PAST MAXIMUM CREDITS, CREDITED ALL THE SAME"),
            ),
            InfoRow(
                tr("METER {meter} COUNTS", meter=1),
                both(f["meter_pulses"][1], period["meter_pulses"][1]),
                tr("PULSES GIVEN TO COIN METER {meter}", meter=1),
            ),
            InfoRow(
                tr("METER {meter} COUNTS", meter=2),
                both(f["meter_pulses"][2], period["meter_pulses"][2]),
                tr("PULSES GIVEN TO COIN METER {meter}", meter=2),
            ),
            InfoRow(tr("CREDITS IN THE MACHINE"), str(f["credits"])),
        ]
        modes = f["modes"]
        for key, label in MODE_NAMES.items():
            row = modes.get(key, {"plays": 0, "average_seconds": 0.0})
            continued = f["continues"].get(key, 0)
            average = duration(row["average_seconds"])
            shown = (
                tr(
                    "{plays}  +{continues} CONT  AVG {average}",
                    plays=row["plays"],
                    continues=continued,
                    average=average,
                )
                if continued
                else tr("{plays}  AVG {average}", plays=row["plays"], average=average)
            )
            rows.append(
                InfoRow(
                    tr(label),
                    shown,
                    tr("FIRST PLAYS (+ CONTINUES), AVERAGE LENGTH OF THOSE FINISHED"),
                )
            )
        rows += [
            InfoRow(tr("TOTAL PLAYS"), both(f["total_plays"], period["plays"])),
            InfoRow(
                tr("TOTAL CONTINUES"),
                both(f["total_continues"], period["continues"]),
                tr("PLAYED AGAIN ON THE REMATCH / CONTINUE OFFER"),
            ),
            InfoRow(tr("TOTAL PLAY TIME"), duration(f["total_play_seconds"])),
            InfoRow(tr("AVERAGE PLAY TIME"), duration(f["average_play_seconds"])),
            InfoRow(
                tr("UPTIME"),
                duration(f["uptime_seconds"]),
                tr("POWERED-ON TIME SINCE THE COUNTS WERE RESET"),
            ),
            InfoRow(
                tr("COUNTS SINCE"),
                stamp(f["counts_since"]),
                "UTC: " + tr(f["counts_since_why"] or N_("BEFORE THIS FIRMWARE")),
            ),  # the store's why: an English message
        ]
        if f["counts_since_why"] == RESTORED and f.get("books_restored"):
            rows.append(
                InfoRow(
                    tr("RESTORED FROM MIRROR"),
                    stamp(f.get("books_restored")),
                    tr("UTC: THE MIRROR'S DATE; WHAT CAME AFTER IT WAS NOT COUNTED"),
                )
            )
        rows += [
            InfoRow(tr("COUNTS LAST RESET"), stamp(f["counts_reset"]), "UTC"),
            InfoRow(tr("SCORES LAST RESET"), stamp(f["scores_reset"]), "UTC"),
            InfoRow(
                tr("PERIOD SINCE"),
                stamp(period["since"]),
                tr("UTC: THE LAST PERIOD RESET (COLLECTION)"),
            ),
            PageRow(
                tr("PERIOD RESET"),
                lambda: self.ctx.scenes.push(PeriodResetPage(self.ctx, self.menu)),
                tr("PERIOD FIGURES TO ZERO; TOTALS AND METERS KEPT"),
            ),
        ]
        return rows
