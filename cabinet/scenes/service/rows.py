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

from cabinet import language
from cabinet.language import N_, NAMES, tr
from cabinet.render.glyphs import POINT_RIGHT
from cabinet.settings.load import base_type

# Labels that read better than the field name spelled out.
LABELS = {
    "versus_credits": N_("VERSUS PRICE"),
    "max_credits": N_("MAXIMUM CREDITS"),
    "demo_sound_every": N_("DEMO SOUND EVERY N LOOPS"),
    "demo_volume": N_("DEMO VOLUME"),
    "auto_reset_plays": N_("AUTO RESET EVERY N PLAYS"),
    "player_picks_difficulty": N_("PLAYER PICKS DIFFICULTY"),
    "half_height": N_("HALF HEIGHT (ROWS)"),
    "width": N_("WIDTH (COLUMNS)"),
    "same_blocks": N_("SAME BLOCKS FOR BOTH"),
    "show_fps": N_("SHOW FRAME RATE"),
    "block_symbols": N_("SHAPES ON BLOCKS"),
    "rotation": N_("ROTATION"),
    "difficulties": N_("PER DIFFICULTY"),
    "contests": N_("CONTEST LISTS"),
    "howto_seconds": N_("HOW-TO PAGE SECONDS"),
    "antigravity_demo_seconds": N_("ANTI-GRAVITY DEMO SECONDS"),
    "antigravity_scores_seconds": N_("ANTI-GRAVITY SCORES SECONDS"),
    "replays": N_("REPLAYS OF BEST GAMES"),
    "target_kind": N_("TARGET KIND"),
    "target_value": N_("TARGET VALUE"),
    "p1": N_("PLAYER 1 HANDICAP"),
    "p2": N_("PLAYER 2 HANDICAP"),
    "rounds_to_win": N_("ROUNDS TO WIN"),
    "cpu_level": N_("CPU LEVEL"),
    "player_picks_cpu_level": N_("PLAYER PICKS CPU LEVEL"),
    "cpu_ladder": N_("CPU LADDER (CLIMB 1-5)"),
    "rematch_seconds": N_("REMATCH OFFER SECONDS"),
    "challenger": N_("NEW CHALLENGERS"),
    "pause": N_("PAUSE FROM THE PANEL"),
    "pause_seconds": N_("LONGEST PAUSE SECONDS"),
    "ramp": N_("RAMP (GAME LENGTH)"),
    "clears": N_("BLOCKS CLEARED PER STEP"),
    "step_seconds": N_("TURN TIME CUT PER STEP"),
    "min_seconds": N_("SHORTEST TURN TIME"),
    "horizon_level": N_("HORIZON WIDENS AFTER STEPS"),
    "horizon_warning": N_("HORIZON ROW WARNING TURNS"),
    "ramp_placements": N_("PLACEMENTS PER RAMP LEVEL"),
    "same_pieces": N_("SAME PIECES FOR BOTH"),
    "land_max": N_("MOST STONES AT ONCE"),
    "move_seconds": N_("MOVE TIMER SECONDS"),
    "accept_coins": N_("ACCEPT COINS"),
    "on_ms": N_("PULSE ON (MS)"),
    "off_ms": N_("PULSE OFF (MS)"),
    "counts": N_("METERS COUNT"),
    "attack_percent": N_("ATTACK PERCENT"),
    "attacks": N_("ATTACKS (STONES)"),
    "stone_max": N_("MOST STONES AT ONCE"),
    "blocks_demo_seconds": N_("BLOCKS DEMO SECONDS"),
    "blocks_scores_seconds": N_("BLOCKS SCORES SECONDS"),
    "buffer": N_("BUFFER"),
    "colours": N_("COLOURS"),
    "cpu_highest_level": N_("CPU HIGHEST LEVEL"),
    "cpu_lowest_level": N_("CPU LOWEST LEVEL"),
    "credits_per_game": N_("CREDITS PER GAME"),
    "demo_sounds": N_("DEMO SOUNDS"),
    "difficulty": N_("DIFFICULTY"),
    "dim_after_minutes": N_("DIM AFTER MINUTES"),
    "effects_volume": N_("EFFECTS VOLUME"),
    "music_volume": N_("MUSIC VOLUME"),
    "attract_music": N_("ATTRACT MUSIC"),
    "enabled": N_("ENABLED"),
    "forced_side": N_("FORCED SIDE"),
    "free_play": N_("FREE PLAY"),
    "fullscreen": N_("FULLSCREEN"),
    "gravity": N_("GRAVITY"),
    "invert_push": N_("INVERT PUSH"),
    "language": N_("LANGUAGE"),
    "length": N_("LENGTH"),
    "master_volume": N_("MASTER VOLUME"),
    "piece_set": N_("PIECE SET"),
    "rematch": N_("REMATCH"),
    "sample_rate": N_("SAMPLE RATE"),
    "seed": N_("SEED"),
    "sleep_command": N_("SLEEP COMMAND"),
    "title_seconds": N_("TITLE SECONDS"),
    "turn_seconds": N_("TURN SECONDS"),
    "versus": N_("VERSUS"),
    "wake_command": N_("WAKE COMMAND"),
    "message": N_("MESSAGE"),
    "name": N_("NAME"),
    "price_text": N_("PRICE TEXT"),
    "money_format": N_("MONEY FORMAT"),
}


def label_for(name: str) -> str:
    """The words a field is shown with: its LABELS entry (in the cabinet's language), else its
    name in capitals (every field a service page shows has an entry)."""
    if name in LABELS:
        return tr(LABELS[name])
    return name.replace("_", " ").upper()


class Row:
    """One line of a page. ``label`` on the left, :meth:`value` in the value column.

    ``label`` and ``detail`` are read-only here: a row sets them once (declaring them
    as attributes) or works them out in the language of the moment (as properties).
    """

    @property
    def label(self) -> str:
        return ""

    @property
    def detail(self) -> str:
        """The help line shown under the list while the row is chosen."""
        return ""

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

    label = detail = ""  # set as the row is made

    def __init__(self, owner, name: str, label: str | None = None):
        self.owner = owner
        self.name = name
        self.field = next(f for f in dataclasses.fields(owner) if f.name == name)
        self.kind = base_type(typing.get_type_hints(type(owner))[name])
        self.label = label or label_for(name)
        meta = self.field.metadata
        self.choices = meta.get("choices")
        self.low, self.high = meta.get("min"), meta.get("max")
        doc = meta.get("doc", "")
        self.detail = tr(doc).upper() if doc else _range_text(self.choices, self.low, self.high)

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

    label = detail = ""  # set as the row is made

    def __init__(
        self,
        label: str,
        open_page: Callable[[], None],
        detail: str = "",
        note: Callable[[], str] | None = None,
    ):
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

    label = detail = ""  # set as the row is made

    def __init__(
        self,
        label: str,
        command: Callable[[], None],
        detail: str = "",
        shown: Callable[[], str] | None = None,
    ):
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

    label = detail = ""  # set as the row is made

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
        return tr("ON") if value else tr("OFF")
    if isinstance(value, float):
        value = f"{value:g}"
    if name.endswith("_seconds"):
        return tr("{seconds} S", seconds=value)
    if name.endswith("_volume"):
        return f"{value}%"
    if name == "rotation" and isinstance(value, int):
        return tr("{degrees} DEG", degrees=value)
    if name == "language" and value in NAMES:
        return NAMES[value]
    if name == "horizon_level":  # counted in ramp steps; the screen's LEVEL starts at 1
        return (
            tr("NEVER")
            if value == 0
            else tr("{steps} (LEVEL {level})", steps=value, level=value + 1)
        )
    if name == "pause" and value == "hold_start":
        return tr("HOLD START")
    return choice_word(value)


def choice_word(value) -> str:
    """A value as the value column shows it: in the players' words where their screens have them
    (a difficulty's name), else in capitals as cabinet.yaml has it (CLASSIC, PER_CHUTE)."""
    word = str(value).upper()
    return language.catalogue(language.current()).get(word, word)


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
        return " / ".join(choice_word(choice) for choice in choices)
    if low is not None and high is not None:
        return tr("FROM {low} TO {high}", low=low, high=high)
    return ""
