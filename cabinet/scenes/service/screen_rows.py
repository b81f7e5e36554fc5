"""Service-menu rows for the screen's sleep hours and power commands (DISPLAY page).

``display.sleep`` is one text setting ("02:00-10:00"); on the panel it is two
rows, SLEEP FROM and SLEEP UNTIL, stepped half an hour at a time, or OFF. The
monitor power commands are typed into cabinet.yaml, so the menu only shows them.
"""

from __future__ import annotations

from cabinet.language import tr
from cabinet.system.sleep_hours import DAY, SleepHours, clock

from .rows import InfoRow, Row, label_for

STEP = 30  # minutes per LEFT/RIGHT
FIRST_WINDOW = "02:00-10:00"  # what RIGHT on an OFF schedule proposes


class SleepHoursRow(Row):
    """One end (``part`` "start" or "end") of ``owner.sleep``; stepping below 00:00 from OFF stays OFF."""

    label = detail = ""  # set as the row is made

    def __init__(self, owner, part: str):
        self.owner = owner
        self.part = part
        self.label = tr("SLEEP FROM") if part == "start" else tr("SLEEP UNTIL")
        self.detail = tr("SCREEN OFF AT THESE HOURS; A COIN, START OR SERVICE WAKES IT")

    @property
    def editable(self) -> bool:
        return True

    def _hours(self) -> SleepHours | None:
        try:
            return SleepHours.parse(self.owner.sleep)
        except ValueError:
            return None

    def value(self) -> str:
        hours = self._hours()
        return tr("OFF") if hours is None else clock(getattr(hours, self.part))

    def change(self, direction: int) -> bool:
        hours = self._hours()
        if hours is None:
            if direction < 0:
                return False
            self.owner.sleep = FIRST_WINDOW
            return True
        start, end = hours.start, hours.end
        if self.part == "start":
            start = (start + direction * STEP) % DAY
        else:
            end = (end + direction * STEP) % DAY
        # Both ends meeting would be a window that never ends: that step turns the schedule off.
        self.owner.sleep = "" if start == end else str(SleepHours(start, end))
        return True

    def select(self) -> bool:
        return self.change(+1)


def display_rows(page, owner, name: str) -> list[Row]:
    """The rows standing for the display field ``name``."""
    if name == "sleep":
        return [SleepHoursRow(owner, "start"), SleepHoursRow(owner, "end")]
    command = getattr(owner, name)
    return [InfoRow(label_for(name), command or tr("NONE"), tr("SET IN CABINET.YAML (SEE README)"))]
