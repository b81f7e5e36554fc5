"""The lines of a service page: a setting to change, a page to open, a figure to read, a command.

A :class:`SettingRow` edits one field of a settings dataclass, driven entirely
by the schema's metadata (:func:`cabinet.settings.schema.spec`): booleans
toggle, ``choices`` cycle, numbers step between ``min`` and ``max``. One row
class serves every setting, so a field added to the schema is editable with
no new code here.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections.abc import Callable

from cabinet.language import NAMES
from cabinet.render.glyphs import POINT_RIGHT
from cabinet.settings.load import base_type

# Labels that read better than the field name spelled out.
LABELS = {
    "versus_credits": "VERSUS PRICE",
    "max_credits": "MAXIMUM CREDITS",
    "demo_sound_every": "DEMO SOUND EVERY N LOOPS",
    "demo_volume": "DEMO VOLUME",
    "auto_reset_plays": "AUTO RESET EVERY N PLAYS",
    "player_picks_difficulty": "PLAYER PICKS DIFFICULTY",
    "half_height": "HALF HEIGHT (ROWS)",
    "width": "WIDTH (COLUMNS)",
    "same_blocks": "SAME BLOCKS FOR BOTH",
    "show_fps": "SHOW FRAME RATE",
    "block_symbols": "SHAPES ON BLOCKS",
    "rotation": "ROTATION",
    "difficulties": "PER DIFFICULTY",
    "contests": "CONTEST LISTS",
    "howto_seconds": "HOW-TO PAGE SECONDS",
    "antigravity_demo_seconds": "ANTI-GRAVITY DEMO SECONDS",
    "antigravity_scores_seconds": "ANTI-GRAVITY SCORES SECONDS",
    "replays": "REPLAYS OF BEST GAMES",
    "target_kind": "TARGET KIND",
    "target_value": "TARGET VALUE",
    "p1": "PLAYER 1 HANDICAP",
    "p2": "PLAYER 2 HANDICAP",
    "rounds_to_win": "ROUNDS TO WIN",
    "cpu_level": "CPU LEVEL",
    "player_picks_cpu_level": "PLAYER PICKS CPU LEVEL",
    "rematch_seconds": "REMATCH OFFER SECONDS",
    "challenger": "NEW CHALLENGERS",
    "pause": "PAUSE FROM THE PANEL",
    "pause_seconds": "LONGEST PAUSE SECONDS",
    "ramp": "RAMP (GAME LENGTH)",
    "clears": "BLOCKS CLEARED PER STEP",
    "step_seconds": "TURN TIME CUT PER STEP",
    "min_seconds": "SHORTEST TURN TIME",
    "horizon_level": "HORIZON WIDENS FROM LEVEL",
    "horizon_warning": "HORIZON ROW WARNING TURNS",
    "ramp_placements": "PLACEMENTS PER RAMP LEVEL",
    "same_pieces": "SAME PIECES FOR BOTH",
    "land_max": "MOST STONES AT ONCE",
    "move_seconds": "MOVE TIMER SECONDS",
    "accept_coins": "ACCEPT COINS",
    "on_ms": "PULSE ON (MS)",
    "off_ms": "PULSE OFF (MS)",
    "counts": "METERS COUNT",
}


def label_for(name: str) -> str:
    """The words a field is shown with: its LABELS entry, else its name in capitals."""
    return LABELS.get(name, name.replace("_", " ").upper())


class Row:
    """One line of a page. ``label`` on the left, :meth:`value` in the value column."""

    label = ""
    detail = ""        # the help line shown under the list while the row is chosen

    def value(self) -> str:
        return ""

    def change(self, direction: int) -> bool:
        """LEFT (-1) or RIGHT (+1); True if something changed."""
        return False

    def select(self) -> bool:
        """A pressed on the row; True if it did something."""
        return False

    @property
    def editable(self) -> bool:
        return False


class SettingRow(Row):
    """One scalar field of ``owner`` (a dataclass inside the service menu's draft settings)."""

    def __init__(self, owner, name: str, label: str | None = None):
        self.owner = owner
        self.name = name
        self.field = next(f for f in dataclasses.fields(owner) if f.name == name)
        self.kind = base_type(typing.get_type_hints(type(owner))[name])
        self.label = label or label_for(name)
        meta = self.field.metadata
        self.choices = meta.get("choices")
        self.low, self.high = meta.get("min"), meta.get("max")
        self.detail = meta.get("doc", "").upper() or _range_text(self.choices, self.low, self.high)

    @property
    def editable(self) -> bool:
        return True

    @property
    def current(self):
        return getattr(self.owner, self.name)

    def value(self) -> str:
        return format_value(self.name, self.current)

    def change(self, direction: int) -> bool:
        new = self.next_value(direction)
        if new == self.current:
            return False
        setattr(self.owner, self.name, new)
        return True

    def select(self) -> bool:
        """A on a switch or a list of choices steps it forward, like RIGHT."""
        if self.kind is bool or self.choices is not None:
            return self.change(+1)
        return False

    def next_value(self, direction: int):
        """The value one step ``direction`` from the current one, inside the schema's limits."""
        value = self.current
        if self.kind is bool:
            return not value
        if self.choices is not None:
            choices = list(self.choices)
            index = choices.index(value) if value in choices else 0
            return choices[(index + direction) % len(choices)]
        if self.kind in (int, float):
            stepped = value + direction * step_for(value, direction, self.kind)
            if self.kind is float:
                stepped = round(stepped, 3)
            if self.low is not None:
                stepped = max(self.low, stepped)
            if self.high is not None:
                stepped = min(self.high, stepped)
            return self.kind(stepped)
        return value  # text is edited on its own page (see NameRow)


class PageRow(Row):
    """Opens another page; ``open`` is called with no arguments."""

    def __init__(self, label: str, open_page: Callable[[], None], detail: str = "", note: Callable[[], str] | None = None):
        self.label = label
        self.open_page = open_page
        self.detail = detail
        self.note = note

    def value(self) -> str:
        return self.note() if self.note else POINT_RIGHT

    def select(self) -> bool:
        self.open_page()
        return True


class CommandRow(Row):
    """Does something when A is pressed (add a service credit, play a sound, save)."""

    def __init__(self, label: str, command: Callable[[], None], detail: str = "",
                 shown: Callable[[], str] | None = None):
        self.label = label
        self.command = command
        self.detail = detail
        self.shown = shown

    def value(self) -> str:
        return self.shown() if self.shown else ""

    def select(self) -> bool:
        self.command()
        return True


class InfoRow(Row):
    """A figure to read (bookkeeping): ``shown`` gives its text each time it is drawn."""

    def __init__(self, label: str, shown: Callable[[], str] | str, detail: str = ""):
        self.label = label
        self.shown = shown
        self.detail = detail

    def value(self) -> str:
        return self.shown() if callable(self.shown) else self.shown


# ---------------------------------------------------------------------- values

def format_value(name: str, value) -> str:
    """A setting as the value column shows it: ON/OFF, seconds with S, volumes with %."""
    if isinstance(value, bool):
        return "ON" if value else "OFF"
    if isinstance(value, float):
        value = f"{value:g}"
    if name.endswith("_seconds"):
        return f"{value} S"
    if name.endswith("_volume"):
        return f"{value}%"
    if name == "rotation" and isinstance(value, int):
        return f"{value} DEG"
    if name == "language" and value in NAMES:
        return NAMES[value]
    if name == "horizon_level" and value == 0:
        return "NEVER"
    if name == "pause" and value == "hold_start":
        return "HOLD START"
    return str(value).upper()


def step_for(value, direction: int, kind) -> float:
    """How far one press moves a number: fine near small values, coarser for large ones.

    Stepping down from a power of ten takes the finer step (100 -> 99, 10 -> 9.5),
    so every value on the way stays reachable.
    """
    magnitude = abs(value)
    if direction < 0:
        magnitude = max(0, magnitude - 1e-9)
    if kind is float and magnitude < 10:
        return 0.5
    if magnitude < 20:
        return 1
    return 10 ** max(0, int(math.floor(math.log10(magnitude))) - 1)


def _range_text(choices, low, high) -> str:
    if choices is not None:
        return " / ".join(str(choice).upper() for choice in choices)
    if low is not None and high is not None:
        return f"FROM {low} TO {high}"
    return ""
