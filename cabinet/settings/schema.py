"""Typed description of every operator setting.

Each section is a dataclass; each field's default is the factory setting and its
``metadata`` (made with :func:`spec`) says what values are valid. The YAML
loader in :mod:`cabinet.settings.load` walks these classes, so adding a field here is
all it takes for the key to be read, validated and documented in tests.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass, field
from typing import Any

from cabinet.language import LANGUAGES, N_
from cabinet.language.drawable import PIXEL_ADVANCE, dots, font_problem
from cabinet.system.machine import machine_cabinet_id
from cabinet.system.money import MoneyFormat
from cabinet.system.price_table import PriceTable
from cabinet.system.sleep_hours import command_problem, sleep_hours_problem

DIFFICULTIES = ("warmup", "normal", "advanced", "hard")


def spec(
    default: Any = None,
    *,
    choices=None,
    min=None,
    max=None,
    factory=None,
    doc="",
    bad_disables: bool = False,
    check=None,
    secret: bool = False,
):
    """A dataclass field with validation metadata (choices, bounds, a doc line).

    ``bad_disables``: a bad value turns the setting off (None) rather than back to its
    default. For GPIO pins, where the default pin may already be wired to something else.
    ``check``: a function of the value giving why it is bad, or None (for rules beyond bounds).
    ``secret``: the value (a password) is never repeated in a problem message, a log line or on screen.
    """
    meta = {
        "choices": choices,
        "min": min,
        "max": max,
        "doc": doc,
        "bad_disables": bad_disables,
        "check": check,
        "secret": secret,
    }
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


# --------------------------------------------------------------------------- display


@dataclass
class DisplaySettings:
    fullscreen: bool = spec(True, doc=N_("fill the screen; off opens a window"))
    rotation: int = spec(
        0, choices=(0, 90, 180, 270), doc=N_("picture rotation for vertical monitors")
    )
    show_fps: bool = spec(False, doc=N_("draw the frame rate in a corner"))
    block_symbols: bool = spec(
        True, doc=N_("a shape on each ANTI-GRAVITY block, for colour-blind players")
    )
    language: str = spec(
        "en",
        choices=LANGUAGES,
        doc=N_("the language of every screen: en, ms (Malay) or ja (Japanese)"),
    )
    sleep: str = spec(
        "", check=sleep_hours_problem, doc='hours the screen sleeps, "HH:MM-HH:MM"; empty: never'
    )
    dim_after_minutes: int = spec(
        0, min=0, max=240, doc=N_("dim attract mode after this many idle minutes; 0: never")
    )
    sleep_command: str = spec(
        "", check=command_problem, doc=N_("run when the screen sleeps (monitor power off)")
    )
    wake_command: str = spec(
        "", check=command_problem, doc=N_("run when the screen wakes (monitor power on)")
    )


@dataclass
class AudioSettings:
    master_volume: int = spec(80, min=0, max=100)
    effects_volume: int = spec(100, min=0, max=100)
    music_volume: int = spec(
        60, min=0, max=100, doc=N_("the music, in percent of the master volume; 0: none")
    )
    attract_music: str = spec(
        "demo",
        choices=("off", "on", "demo"),
        doc=N_("attract mode's music: off; on; demo: on the demo sound's loops"),
    )
    demo_sounds: bool = spec(True, doc=N_("attract mode makes sound"))
    demo_sound_every: int = spec(
        1, min=1, max=10, doc=N_("attract mode sounds one loop in this many")
    )
    demo_volume: int = spec(
        100, min=0, max=100, doc=N_("attract mode's sound, in percent of the game's")
    )
    sample_rate: int = spec(44100, choices=(22050, 44100, 48000))
    buffer: int = spec(512, choices=(256, 512, 1024, 2048))


MAX_MESSAGE = 48  # letters: one line of the attract strip
MESSAGE_DOTS = (
    MAX_MESSAGE * PIXEL_ADVANCE
)  # that line's width in font dots (a Japanese character takes 8)


def attract_message_problem(message: str) -> str | None:
    """Why ``message`` cannot be the attract mode's operator line, or None.

    It is shown in capitals, each character in the font that has it (the pixel font, else the
    Misaki dot font: kana, kanji, 円), so it may hold whatever the two can draw, within one line.
    """
    shown = message.upper()
    if problem := font_problem(shown):
        return problem
    if dots(shown) > MESSAGE_DOTS:
        return (
            f"is too long for one line of the screen: {dots(shown)} dots wide, at most {MESSAGE_DOTS} "
            f"({MAX_MESSAGE} letters; a letter or digit is {PIXEL_ADVANCE} dots, a Japanese character 8)"
        )
    return None


@dataclass
class AttractSettings:
    title_seconds: float = spec(8.0, min=1, max=120)
    blocks_demo_seconds: float = spec(30.0, min=5, max=600)
    blocks_scores_seconds: float = spec(8.0, min=1, max=120)
    antigravity_demo_seconds: float = spec(30.0, min=5, max=600)
    antigravity_scores_seconds: float = spec(10.0, min=1, max=120)
    howto_seconds: float = spec(10.0, min=1, max=120)
    replays: bool = spec(True, doc=N_("alternate live AI demos with replays of top games"))
    message: str = spec(
        "", check=attract_message_problem, doc=N_("the operator's line in attract mode")
    )


MAX_PRICE_TEXT = 12


def price_text_problem(price: str) -> str | None:
    """Why ``price`` cannot be the price of a credit shown on the credit line, or None."""
    if len(price) > MAX_PRICE_TEXT:
        return f"must be at most {MAX_PRICE_TEXT} characters, got {len(price)}"
    if not price.isprintable() or price != price.strip():
        return "must be printable characters, without spaces at either end"
    return font_problem(price)


def money_format_problem(text: str) -> str | None:
    """Why ``text`` cannot be how the bookkeeping writes money, or None."""
    if not text.isprintable() or text != text.strip():
        return "must be printable characters, without spaces at either end"
    try:
        MoneyFormat.parse(text)
    except ValueError as problem:
        return str(problem)
    return font_problem(text)


@dataclass
class CreditSettings:
    free_play: bool = spec(True)
    price_table_1: PriceTable = spec(
        PriceTable(), doc="chute 1: [coins, credits] steps, e.g. [[1, 1], [5, 6]]"
    )
    price_table_2: PriceTable = spec(
        PriceTable(), doc="chute 2: [coins, credits] steps, e.g. [[1, 1], [5, 6]]"
    )
    credits_per_game: int = spec(1, min=1, max=9)
    versus_credits: int = spec(
        2, min=1, max=9, doc=N_("price of a versus match (one each, or all from one)")
    )
    max_credits: int = spec(9, min=1, max=99)
    # What a coin is worth, counted with the coin in the bookkeeping (MONEY CHUTE n). In the
    # venue's smallest unit (sen, cents, yen), so every sum is exact.
    coin_value_1: int = spec(
        0, min=0, max=100000, doc=N_("one coin in chute 1, in sen / cents / yen; 0: not counted")
    )
    coin_value_2: int = spec(
        0, min=0, max=100000, doc=N_("one coin in chute 2, in sen / cents / yen; 0: not counted")
    )
    price_text: str = spec(
        "",
        check=price_text_problem,
        doc=N_('the price of a credit on the credit line, e.g. "RM1" or "100円"; empty: none'),
    )
    money_format: str = spec(
        "",
        check=money_format_problem,
        doc=N_('how money reads, e.g. "RM0.00" or "0円"; empty: as counted'),
    )


# Keys of earlier versions that files may still hold: (section, old key) -> (the key that
# replaced it, the old key's spec, how its value becomes the new key's).
RENAMED = {
    (CreditSettings, f"coins_per_credit_{chute}"): (
        f"price_table_{chute}",
        spec(1, min=1, max=10),
        lambda coins: PriceTable([(coins, 1)]),
    )
    for chute in (1, 2)
}


@dataclass
class ScoreSettings:
    auto_reset_plays: int = spec(
        0, min=0, max=100000, doc=N_("reset tables to defaults every N plays; 0 = never")
    )


# --------------------------------------------------------------------------- games


@dataclass
class AttackPercents:
    p1: int = spec(100, min=50, max=200, doc=N_("player 1's attacks, in percent"))
    p2: int = spec(100, min=50, max=200, doc=N_("player 2's attacks, in percent"))


@dataclass
class BlocksVersusSettings:
    same_pieces: bool = spec(True, doc=N_("each player's n-th tray holds the same pieces"))
    land_max: int = spec(8, min=1, max=64, doc=N_("most pending stones that land at once"))
    move_seconds: float = spec(
        10.0, min=2, max=60, doc=N_("pending stones land when a player waits this long")
    )
    attack_percent: AttackPercents = spec(
        factory=AttackPercents, doc=N_("handicap: each player's attack strength")
    )
    rounds_to_win: int = spec(2, min=1, max=9, doc=N_("games a player must win to take the match"))


@dataclass
class BlocksSettings:
    piece_set: str = spec("classic", choices=("classic", "tetromino"))
    rotation: bool = spec(False, doc=N_("players may turn pieces 90 degrees"))
    gravity: bool = spec(True, doc=N_("rows above a cleared row drop (this game's own rule)"))
    ramp: bool = spec(True, doc=N_("stones land at tray refreshes as a game goes on, so it ends"))
    ramp_placements: int = spec(40, min=5, max=1000, doc=N_("placements per ramp level"))
    versus: BlocksVersusSettings = spec(factory=BlocksVersusSettings)


@dataclass
class DifficultySettings:
    colours: int = spec(4, min=2, max=5)
    turn_seconds: float = spec(8.0, min=1, max=60)


def _default_difficulties() -> dict[str, DifficultySettings]:
    return {
        "warmup": DifficultySettings(colours=3, turn_seconds=10.0),
        "normal": DifficultySettings(colours=4, turn_seconds=8.0),
        "advanced": DifficultySettings(colours=4, turn_seconds=6.0),
        "hard": DifficultySettings(colours=5, turn_seconds=4.0),
    }


@dataclass
class HandicapSettings:
    target_kind: str = spec("clears", choices=("clears", "score"))
    target_value: int = spec(100, min=1, max=10_000_000)
    turn_seconds: float = spec(8.0, min=1, max=60)
    colours: int = spec(4, min=2, max=5)
    attack_percent: int = spec(
        100, min=50, max=200, doc=N_("handicap: this player's attack strength")
    )


@dataclass
class VersusSettings:
    same_blocks: bool = spec(True, doc=N_("both players receive the same block sequence"))
    rounds_to_win: int = spec(2, min=1, max=5, doc=N_("games a player must win to take the match"))
    attacks: bool = spec(True, doc=N_("a chain sends grey stones to the other field"))
    stone_max: int = spec(
        6, min=1, max=12, doc=N_("most pending stones that land after a quiet turn")
    )
    p1: HandicapSettings = spec(factory=HandicapSettings)
    p2: HandicapSettings = spec(factory=HandicapSettings)


MAX_LIST_NAME = 24  # it must fit the menus and the table headings


def table_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a high-score table (``antigravity/contest/<name>``), or None."""
    if not name.strip():
        return "must not be empty (it names the list's high-score table)"
    if len(name) > MAX_LIST_NAME:
        return f"must be at most {MAX_LIST_NAME} characters, got {len(name)}"
    if "/" in name:
        return f"must not contain '/' (it names the list's high-score table), got {name!r}"
    if not name.isprintable():
        return f"must not contain a tab or control character (it is shown on screen), got {name!r}"
    return font_problem(name + name.upper())  # menus show it in capitals, table titles as written


@dataclass
class ContestList:
    name: str = spec("LIST A", check=table_name_problem)
    seed: int = spec(1, min=0, max=2**31 - 1)
    length: int = spec(60, min=1, max=999, doc=N_("number of dispenser pairs"))
    colours: int = spec(4, min=2, max=5)
    turn_seconds: float = spec(8.0, min=1, max=60)


def _default_contests() -> list[ContestList]:
    return [
        ContestList(name="BEGINNER", seed=101, length=40, colours=3, turn_seconds=10.0),
        ContestList(name="STANDARD", seed=202, length=60, colours=4, turn_seconds=8.0),
        ContestList(name="EXPERT", seed=303, length=80, colours=5, turn_seconds=6.0),
    ]


@dataclass
class RampSettings:
    """The ramp of RULES.md "Game length on a cabinet", for single ANTI-GRAVITY."""

    enabled: bool = spec(
        True, doc=N_("single games get faster and more colourful as blocks are cleared")
    )
    clears: int = spec(30, min=1, max=10_000, doc=N_("blocks cleared per ramp step"))
    step_seconds: float = spec(
        1.0, min=0.1, max=10, doc=N_("seconds taken off the turn time per step")
    )
    min_seconds: float = spec(2.0, min=1, max=60, doc=N_("the turn time never drops below this"))
    horizon_level: int = spec(
        3, min=0, max=100, doc=N_("ramp steps before the S line widens (4: from LEVEL 5); 0: never")
    )
    horizon_warning: int = spec(
        3, min=1, max=20, doc=N_("turns a new row of the band is announced before it counts")
    )


@dataclass
class AntiGravitySettings:
    width: int = spec(6, min=3, max=12)
    half_height: int = spec(6, min=3, max=10)
    difficulty: str = spec("normal", choices=DIFFICULTIES, doc=N_("operator's difficulty"))
    player_picks_difficulty: bool = spec(True)
    invert_push: bool = spec(False, doc=N_("swap which key pushes which side"))
    forced_side: str = spec("top", choices=("top", "bottom"))
    difficulties: dict = spec(
        factory=_default_difficulties, doc=N_("keys: warmup normal advanced hard")
    )
    versus: VersusSettings = spec(factory=VersusSettings)
    contests: list = spec(factory=_default_contests)
    ramp: RampSettings = spec(factory=RampSettings)


# Element types of the containers above, read by the loader.
CONTAINER_ITEMS: dict[tuple[type, str], tuple[type, tuple[str, ...] | None]] = {
    (AntiGravitySettings, "difficulties"): (DifficultySettings, DIFFICULTIES),
    (AntiGravitySettings, "contests"): (ContestList, None),
}


@dataclass
class MatchSettings:
    """What both games' versus matches share: the CPU opponent, rematches, challengers."""

    cpu_lowest_level: int = spec(1, min=1, max=5, doc=N_("weakest CPU level players may pick"))
    cpu_highest_level: int = spec(5, min=1, max=5, doc=N_("strongest CPU level players may pick"))
    cpu_level: int = spec(2, min=1, max=5, doc=N_("the CPU level offered first, or the only one"))
    player_picks_cpu_level: bool = spec(
        True, doc=N_("players pick the CPU level; off: the one above")
    )
    cpu_ladder: bool = spec(
        True, doc=N_("1P VS CPU can be a climb: beat level 1 to face level 2, up to 5 (MASTER)")
    )
    rematch: bool = spec(
        True, doc=N_("after a match, offer a rematch (a continue against the CPU) that takes coins")
    )
    rematch_seconds: int = spec(
        10, min=3, max=30, doc=N_("how long the offer counts down for coins and Start")
    )
    challenger: bool = spec(
        True, doc=N_("the other panel's Start interrupts a one-player game for a versus")
    )


@dataclass
class PlaySettings:
    """What every game shares while it is played: how a player pauses."""

    pause: str = spec(
        "hold_start",
        choices=("hold_start", "off"),
        doc=N_("hold_start: hold Start a second to pause, press it to go on; off: no pause"),
    )
    pause_seconds: int = spec(60, min=10, max=600, doc=N_("a pause ends by itself after this long"))


# --------------------------------------------------------------------------- inputs


@dataclass
class PanelPins:
    left: int | None = spec(None, min=0, max=27, bad_disables=True)
    right: int | None = spec(None, min=0, max=27, bad_disables=True)
    up: int | None = spec(None, min=0, max=27, bad_disables=True)
    down: int | None = spec(None, min=0, max=27, bad_disables=True)
    a: int | None = spec(None, min=0, max=27, bad_disables=True)
    b: int | None = spec(None, min=0, max=27, bad_disables=True)
    c: int | None = spec(None, min=0, max=27, bad_disables=True)
    start: int | None = spec(None, min=0, max=27, bad_disables=True)


@dataclass
class CabinetPins:
    coin1: int | None = spec(None, min=0, max=27, bad_disables=True)
    coin2: int | None = spec(None, min=0, max=27, bad_disables=True)
    service: int | None = spec(None, min=0, max=27, bad_disables=True)
    test: int | None = spec(None, min=0, max=27, bad_disables=True)


# Default wiring, BCM numbers: all 20 free pins of the 40-pin header. Avoids 14/15
# (UART), 18/19/20/21 (I2S audio) and 0/1 (HAT EEPROM); 2/3 (I2C, with their own
# pull-ups) take the coin chutes.
@dataclass
class GpioSettings:
    enabled: bool = spec(True)
    bounce_ms: int = spec(10, min=0, max=200)
    p1: PanelPins = spec(
        factory=lambda: PanelPins(left=4, right=17, up=27, down=22, a=5, b=6, c=13, start=26)
    )
    p2: PanelPins = spec(
        factory=lambda: PanelPins(left=23, right=24, up=25, down=8, a=7, b=12, c=16, start=11)
    )
    cabinet: CabinetPins = spec(factory=lambda: CabinetPins(coin1=2, coin2=3, service=9, test=10))


@dataclass
class RepeatSettings:
    delay_frames: int = spec(14, min=1, max=120)
    rate_frames: int = spec(4, min=1, max=60)


# USB encoders and gamepads (pygame joystick API). SDL numbers axes, hats and buttons from 0.
# The defaults suit the common "zero delay" encoders (DragonRise and clones): stick on axes 0/1,
# buttons K1-K3 = 0-2, SELECT = 8, START = 9; a gamepad's d-pad on hat 0 works too.
@dataclass
class JoystickSettings:
    name: str = spec("*", doc="device name as SDL reports it; part of it is enough; * = any device")
    player: int = spec(
        0,
        min=0,
        max=2,
        doc="1 or 2: this device always drives that player; 0 = order of connection",
    )
    x_axis: int | None = spec(0, min=0, max=15, doc="axis for left/right; null = none")
    y_axis: int | None = spec(1, min=0, max=15, doc="axis for up/down; null = none")
    invert_y: bool = spec(False, doc="true for a stick that reports up as positive")
    dead_zone: float = spec(0.5, min=0.05, max=0.95, doc="how far an axis must move to count")
    hat: int | None = spec(0, min=0, max=7, doc="hat (d-pad) for the directions; null = none")
    a: int | None = spec(0, min=0, max=31, doc="button numbers; null = not used")
    b: int | None = spec(1, min=0, max=31)
    c: int | None = spec(2, min=0, max=31)
    start: int | None = spec(9, min=0, max=31)
    coin: int | None = spec(
        8, min=0, max=31, doc="inserts a coin in this player's chute (COIN1 / COIN2)"
    )
    left: int | None = spec(
        None, min=0, max=31, doc="buttons for encoders that report the stick as buttons"
    )
    right: int | None = spec(None, min=0, max=31)
    up: int | None = spec(None, min=0, max=31)
    down: int | None = spec(None, min=0, max=31)


def _default_joysticks() -> list[JoystickSettings]:
    return [JoystickSettings()]


@dataclass
class InputSettings:
    stuck_seconds: float = spec(60.0, min=5, max=3600)
    keyboard_cabinet_keys: bool = spec(
        False,
        doc="coins (5, 6), service (F2), test (F1) and pause (F9) from any "
        "keyboard, coins from any gamepad; off on a paid cabinet",
    )
    gpio: GpioSettings = spec(factory=GpioSettings)
    joysticks: list = spec(factory=_default_joysticks, doc="per device, first match by name wins")
    blocks_repeat: RepeatSettings = spec(
        factory=lambda: RepeatSettings(delay_frames=12, rate_frames=4)
    )
    antigravity_repeat: RepeatSettings = spec(
        factory=lambda: RepeatSettings(delay_frames=16, rate_frames=6)
    )
    menu_repeat: RepeatSettings = spec(
        factory=lambda: RepeatSettings(delay_frames=20, rate_frames=6)
    )


CONTAINER_ITEMS[(InputSettings, "joysticks")] = (JoystickSettings, None)


# --------------------------------------------------------------------------- outputs


@dataclass
class OutputPin:
    """One output of the cabinet: its GPIO pin (BCM) and which level switches it on."""

    pin: int | None = spec(None, min=0, max=27, bad_disables=True, doc="BCM pin; null = not wired")
    active_high: bool = spec(
        True, doc="true: the pin high switches it on (a ULN2803 or NPN driver)"
    )


@dataclass
class MeterSettings:
    """The coin meters' pulse (the AAMA wiring guide asks for at least 60 ms per count)."""

    on_ms: int = spec(
        60, min=20, max=500, doc=N_("how long the meter's coil is energised per coin")
    )
    off_ms: int = spec(60, min=20, max=500, doc=N_("the rest between two counts"))
    counts: str = spec(
        "per_chute",
        choices=("per_chute", "total"),
        doc=N_("per_chute: meter 1 counts chute 1, meter 2 chute 2; total: meter 1 both"),
    )


# Shipped unwired: the inputs' default map takes the header's 20 free GPIO lines, and the six
# left (14/15 UART, 18-21 I2S) belong to a serial console or a sound HAT on many cabinets.
# config/cabinet.yaml and the wiring notes give the suggested map for a cabinet that uses neither.
@dataclass
class OutputSettings:
    accept_coins: bool = spec(
        True, doc=N_("off: the lockout refuses every coin (cabinet out of order)")
    )
    lockout1: OutputPin = spec(factory=OutputPin, doc="chute 1's lockout coil: energised = accept")
    lockout2: OutputPin = spec(
        factory=OutputPin, doc="chute 2's lockout coil (one driver for both: lockout1)"
    )
    meter1: OutputPin = spec(factory=OutputPin, doc=N_("coin meter 1"))
    meter2: OutputPin = spec(factory=OutputPin, doc=N_("coin meter 2"))
    start_lamp1: OutputPin = spec(factory=OutputPin, doc="player 1's Start button lamp")
    start_lamp2: OutputPin = spec(factory=OutputPin, doc="player 2's Start button lamp")
    marquee: OutputPin = spec(
        factory=OutputPin, doc="the marquee light: on while the screen is awake"
    )
    meter: MeterSettings = spec(factory=MeterSettings)


# --------------------------------------------------------------------------- storage


MIRROR_OFF = "off"  # storage.books_mirror: no mirror


def mirror_setting_problem(setting: str) -> str | None:
    """Why ``setting`` cannot be ``storage.books_mirror``, or None."""
    if setting in ("", MIRROR_OFF):
        return None
    if not setting.startswith("/") or "\n" in setting or "\0" in setting:
        return f'must be an absolute folder, "" (beside the state folder) or "off"; got {setting!r}'
    return None


@dataclass
class StorageSettings:
    books_mirror: str = spec(
        "",
        check=mirror_setting_problem,
        doc='folder of the mirror of the books, outside the state folder; "" = beside it; "off"',
    )


# --------------------------------------------------------------------------- network

# One MQTT topic level: no "/", "+" or "#", nothing a shell or a file name would trip on.
TOPIC_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}"


def topic_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a site or cabinet id (one level of the fleet's MQTT topics), or None."""
    if re.fullmatch(TOPIC_NAME, name):
        return None
    return f"must be 1-32 letters, digits, dots, dashes or underscores, starting with a letter or digit; got {name!r}"


def cabinet_id_problem(name: str) -> str | None:
    """Why ``name`` cannot be a cabinet id, or None; "" stands for this machine's own
    (:func:`cabinet.system.machine.machine_cabinet_id`, put in when the settings are read)."""
    return None if name == "" else topic_name_problem(name)


@dataclass
class NetworkSettings:
    """The fleet link over MQTT (issue 15); off unless ``enabled`` and ``host`` are set."""

    enabled: bool = spec(
        False, doc=N_("join the fleet: publish scores and audits, read the network rankings")
    )
    host: str = spec("", doc="MQTT broker host name or address")
    port: int = spec(8883, min=1, max=65535, doc="8883 with TLS, 1883 without")
    tls: bool = spec(True, doc="encrypt and check the broker's certificate")
    ca_file: str = spec(
        "", doc="CA certificate (PEM) that signed the broker's; empty = the system's CAs"
    )
    cert_file: str = spec("", doc="client certificate (PEM), when the broker asks for one")
    key_file: str = spec("", doc="the client certificate's private key (PEM)")
    username: str = spec("", doc="broker user; empty = the cabinet id")
    password: str = spec("", secret=True, doc="broker password; better kept in password_file")
    password_file: str = spec(
        "", doc="file whose first line is the password (readable by the cabinet only)"
    )
    site: str = spec(
        "site", check=topic_name_problem, doc="where the cabinet stands: letters, digits, . _ -"
    )
    cabinet: str = spec(
        factory=machine_cabinet_id,
        check=cabinet_id_problem,
        doc="this cabinet's id, unique in the fleet; empty = cabinet-<this machine's mark>",
    )
    show_rankings: bool = spec(
        True, doc="show the network tables in attract mode and NETWORK #n after a game"
    )
    group: str = spec(
        "",
        check=cabinet_id_problem,
        doc="release group whose updates this cabinet follows; empty = the site",
    )


# --------------------------------------------------------------------------- all


@dataclass
class Settings:
    display: DisplaySettings = spec(factory=DisplaySettings)
    audio: AudioSettings = spec(factory=AudioSettings)
    attract: AttractSettings = spec(factory=AttractSettings)
    credits: CreditSettings = spec(factory=CreditSettings)
    scores: ScoreSettings = spec(factory=ScoreSettings)
    blocks: BlocksSettings = spec(factory=BlocksSettings)
    antigravity: AntiGravitySettings = spec(factory=AntiGravitySettings)
    versus: MatchSettings = spec(factory=MatchSettings)
    play: PlaySettings = spec(factory=PlaySettings)
    inputs: InputSettings = spec(factory=InputSettings)
    outputs: OutputSettings = spec(factory=OutputSettings)
    storage: StorageSettings = spec(factory=StorageSettings)
    network: NetworkSettings = spec(factory=NetworkSettings)


def secret_keys(cls=Settings, prefix: str = "") -> list[str]:
    """The dotted key of every field marked ``secret`` (a list item's as ``key[]``, a keyed item's as
    ``key.*``): what the loader never quotes, walked by the tests that keep them unseen."""
    found = []
    hints = typing.get_type_hints(cls)
    for fld in dataclasses.fields(cls):
        dotted = f"{prefix}.{fld.name}" if prefix else fld.name
        container = CONTAINER_ITEMS.get((cls, fld.name))
        if container is not None:
            found += secret_keys(container[0], dotted + ("[]" if container[1] is None else ".*"))
        elif dataclasses.is_dataclass(hints[fld.name]):
            found += secret_keys(hints[fld.name], dotted)
        elif fld.metadata.get("secret"):
            found.append(dotted)
    return found
