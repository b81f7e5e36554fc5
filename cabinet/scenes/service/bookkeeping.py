"""BOOKKEEPING: the audit counters, as the store counts them in the same transaction as each event.

The figures are read again twice a second, so a coin dropped while the page
is open shows up on it.
"""

from __future__ import annotations

import logging

from cabinet.render.glyphs import TRIANGLE_DOWN, TRIANGLE_UP

from .page import Page
from .rows import InfoRow

log = logging.getLogger(__name__)

REFRESH_FRAMES = 30

MODE_NAMES = {
    "blocks/single": "BLOCKS",
    "antigravity/single": "ANTI-GRAVITY SINGLE",
    "antigravity/versus": "ANTI-GRAVITY VERSUS",
    "antigravity/contest": "ANTI-GRAVITY CONTEST",
    "blocks/versus": "BLOCKS VERSUS",
    "blocks/cpu": "BLOCKS VS CPU",
    "antigravity/cpu": "ANTI-GRAVITY VS CPU",
    "blocks/challenger": "BLOCKS CHALLENGERS",
    "antigravity/challenger": "ANTI-GRAVITY CHALLENGERS",
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
        return "NEVER"
    return str(value).replace("T", " ")[:16]


class BookkeepingPage(Page):
    """Coins per chute, credits, plays per game and mode, play time, uptime, last resets."""

    title = "BOOKKEEPING"
    controls = f"{TRIANGLE_UP}{TRIANGLE_DOWN} SCROLL   B BACK"

    def __init__(self, ctx, menu=None):
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

    def rows(self):
        f = self.figures
        if not f:
            return [InfoRow("THE BOOKKEEPING CANNOT BE READ", "SEE THE LOG")]
        rows = [
            InfoRow("COINS CHUTE 1", str(f["coins"][1])),
            InfoRow("COINS CHUTE 2", str(f["coins"][2])),
            InfoRow("CREDITS FROM COINS", str(f["credits_from_coins"])),
            InfoRow("SERVICE CREDITS", str(f["service_credits"])),
            InfoRow("CREDITS PLAYED", str(f["credits_spent"])),
            InfoRow("CREDITS OVER THE LIMIT", str(f["credits_over_max"]),
                    "COINS THAT CAME PAST MAXIMUM CREDITS, CREDITED ALL THE SAME"),
            InfoRow("METER 1 COUNTS", str(f["meter_pulses"][1]), "PULSES GIVEN TO COIN METER 1"),
            InfoRow("METER 2 COUNTS", str(f["meter_pulses"][2]), "PULSES GIVEN TO COIN METER 2"),
            InfoRow("CREDITS IN THE MACHINE", str(f["credits"])),
        ]
        modes = f["modes"]
        for key, label in MODE_NAMES.items():
            row = modes.get(key, {"plays": 0, "average_seconds": 0.0})
            continued = f["continues"].get(key, 0)
            extra = f"  +{continued} CONT" if continued else ""
            rows.append(InfoRow(f"{label} PLAYS", f"{row['plays']}{extra}  AVG {duration(row['average_seconds'])}",
                                "FIRST PLAYS (+ CONTINUES), AVERAGE LENGTH OF THOSE FINISHED"))
        rows += [
            InfoRow("TOTAL PLAYS", str(f["total_plays"])),
            InfoRow("TOTAL CONTINUES", str(f["total_continues"]), "PLAYED AGAIN ON THE REMATCH / CONTINUE OFFER"),
            InfoRow("TOTAL PLAY TIME", duration(f["total_play_seconds"])),
            InfoRow("AVERAGE PLAY TIME", duration(f["average_play_seconds"])),
            InfoRow("UPTIME", duration(f["uptime_seconds"]), "POWERED-ON TIME SINCE THE COUNTS WERE RESET"),
            InfoRow("COUNTS SINCE", stamp(f["counts_since"]), f"UTC: {f['counts_since_why'] or 'BEFORE THIS FIRMWARE'}"),
            InfoRow("COUNTS LAST RESET", stamp(f["counts_reset"]), "UTC"),
            InfoRow("SCORES LAST RESET", stamp(f["scores_reset"]), "UTC"),
        ]
        return rows
