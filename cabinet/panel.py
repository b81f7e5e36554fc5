"""The cabinet's panel and its one owner: the coins, the coin lockout, the meters, the lamps, the cabinet keys.

The App opens one :class:`Panel` (:meth:`Panel.open`) over the
:class:`~cabinet.outputs.board.OutputBoard`, hands it every coin event
(:meth:`Panel.take`) and calls :meth:`Panel.update` at the end of every 60 Hz
step, after the coins and the scene of that step, so the lockout and the Start
lamps follow the credits within the same frame. It asks the scene on top, typed,
through the scene base (:class:`~cabinet.scenes.kit.base.Scene`): what the chutes
do there (``chutes()``), whose Start would start a game (``live_starts()``) and
whose player is in a game (``playing_panels()``).

* The lockout accepts coins only while nothing forbids them (:func:`refusal`):
  coins turned off by the operator, free play, an operator's page on top (but
  for the input test, where the operator tries the chutes), the storage unable
  to keep a coin, or the credits at ``max_credits``. A coin that comes anyway is
  credited (:meth:`Panel.coin`).
* Each coin owes its meter a pulse in the coin's own transaction; the board
  pulses it on its own thread and the pulse given is marked done here, in the
  frame after it, before the next one starts (:mod:`cabinet.outputs.meter`).
* A Start lamp blinks whenever that panel's Start would start a game, is lit
  during that player's game, and is off otherwise; the marquee is lit while the
  screen is awake (``display.sleep``).
* The cabinet keys (coins, service, test, pause) come from the operator's wired
  switches, and from a keyboard or gamepad only where :func:`cabinet_keys` says.

Nothing here reads SQLite between coins: the credits come from the bank, which
reads them again only after the database changed (:mod:`cabinet.storage.credits`).
"""

from __future__ import annotations

import logging

from cabinet.games.match import PLAYERS
from cabinet.inputs.actions import CABINET, Action
from cabinet.outputs.board import BLINK, OFF, ON, OutputBoard
from cabinet.scenes.kit.base import Chutes, Scene

log = logging.getLogger(__name__)

CHUTE_OF = {Action.COIN1: 1, Action.COIN2: 2}


def cabinet_keys(settings, desktop: bool) -> bool:
    """Whether any keyboard or gamepad gives coins and the service menu (see InputHub):
    the operator's ``inputs.keyboard_cabinet_keys``, or a desktop run (``--windowed``)."""
    return settings.inputs.keyboard_cabinet_keys or desktop


def storage_fault(ctx) -> str | None:
    """Why the state file cannot keep a coin now, or None: the one place the lockout asks.

    While the file cannot be read the credits are unknown (``accepting_coins``); while
    it refuses writes they wait and are retried (``writable``, :mod:`cabinet.storage.db`),
    and a coin taken meanwhile could be lost to a power cut. Either way none is taken.
    """
    db = ctx.store.db
    if not db.accepting_coins:
        return "STORAGE UNREADABLE"
    return None if db.writable else "STORAGE NOT WRITABLE"


def refusal(ctx) -> str | None:
    """Why the coin lockout refuses coins now, or None when it accepts them."""
    if not ctx.settings.outputs.accept_coins:
        return "COINS TURNED OFF"
    if ctx.bank.free_play:
        return "FREE PLAY"
    if ctx.scenes.top.chutes() is Chutes.CLOSED:
        return "SERVICE MENU"
    fault = storage_fault(ctx)
    if fault:
        return fault
    if ctx.bank.at_limit():
        return "CREDIT LIMIT"
    return None


def start_lamps(top: Scene | None) -> dict[int, str]:
    """Each panel's Start lamp under the scene ``top``: BLINK where its Start would start a game
    (attract mode with a credit, a challenger, a rematch), ON in its player's game, else OFF."""
    lamps = dict.fromkeys(PLAYERS, OFF)
    if top is not None:
        lamps.update(dict.fromkeys(top.playing_panels(), ON))
        lamps.update(dict.fromkeys(top.live_starts(), BLINK))
    return lamps


class Panel:
    """The board of ``ctx`` driven from the cabinet's state, and every coin that drops.

    ``ctx`` lends the settings, the bank, the store, the scene stack and the audio.
    """

    def __init__(self, ctx, board: OutputBoard):
        self.ctx = ctx
        self.board = board
        self.refused_for: str | None = "STARTING"
        # The board is made anew when its settings change, so what it has wired is fixed here.
        self._lamps = any(
            name.startswith("start_lamp") or name == "marquee" for name in board.devices
        )
        for meter in (1, 2):
            owed = ctx.bank.meter_owed(meter) if ctx.bank is not None else 0
            if not owed:
                continue
            if f"meter{meter}" in board.devices:
                log.info(
                    "coin meter %d: %d count(s) owed from before the restart; pulsing them",
                    meter,
                    owed,
                )
                board.owe_pulses(meter, owed)
            else:
                log.warning(
                    "coin meter %d owes %d count(s) but is not wired; they wait", meter, owed
                )

    @classmethod
    def open(cls, ctx, settings) -> Panel:
        """The lockouts, meters and lamps of ``settings``; what cannot be wired goes to ``ctx.notices``."""
        board = OutputBoard(settings.outputs, settings.inputs.gpio)
        ctx.notices.extend(board.problems)
        return cls(ctx, board)

    def wired_as(self, settings) -> bool:
        """True when the board already drives what ``settings`` wire (no need to open it again)."""
        return (settings.outputs, settings.inputs.gpio) == (self.board.settings, self.board.gpio)

    def pay(self, events) -> None:
        """This step's coins, paid on any screen (asleep too) in one transaction: coins queued
        behind a busy loop wait for one commit, not one each. Credited only once on disk."""
        chutes = [
            CHUTE_OF[event.action]
            for event in events
            if event.pressed and event.player == CABINET and event.action in CHUTE_OF
        ]
        if chutes:
            self.coins(chutes)

    def take(self, event) -> bool:
        """True when a cabinet event stops here (paid by :meth:`pay`): every coin, but where the
        top scene tests the chutes."""
        if event.player != CABINET or event.action not in CHUTE_OF:
            return False
        return self.ctx.scenes.top.chutes() is not Chutes.TESTED

    def coin(self, chute: int) -> int:
        """A coin through ``chute``, as :meth:`coins`; the credits it added."""
        return self.coins([chute])[0]

    def coins(self, chutes: list[int]) -> list[int]:
        """Coins through ``chutes`` at once: heard, credited (past the limit too), their meters'
        pulses owed once on disk (a pulse never runs ahead of its coin); the credits each added."""
        for _chute in chutes:
            self.ctx.audio.play("coin")
        if self.ctx.bank is None:
            return [0] * len(chutes)
        dropped = [(chute, self.board.meter_for(chute)) for chute in chutes]
        added = self.ctx.bank.coins(dropped)
        for _chute, meter in dropped:
            if meter is not None:
                self.board.owe_pulses(meter)
        if any(added):
            self.ctx.audio.play("credit")
        return added

    def update(self, awake: bool) -> None:
        """End of a step: pulses given marked done, then the lockout, the lamps and the marquee."""
        self._mark_pulsed(self.board.given())
        reason = refusal(self.ctx)
        if reason != self.refused_for:
            log.info(
                "coin lockout: %s",
                f"refusing coins ({reason.lower()})" if reason else "accepting coins",
            )
            self.refused_for = reason
        self.board.accept_coins(reason is None)
        if not self._lamps:
            return  # nothing to light: not worth working out 60 times a second
        lamps = start_lamps(self.ctx.scenes.top) if awake else dict.fromkeys(PLAYERS, OFF)
        for player, state in lamps.items():
            self.board.show_lamp(player, state)
        self.board.show_marquee(awake)

    def _mark_pulsed(self, given: dict[int, int], closed: bool = False) -> None:
        """Pulses given are marked done in the database, and only then may the next ones start."""
        for meter, count in given.items():
            self.ctx.bank.meter_pulsed(meter, count)
            if not closed:
                self.board.marked(meter, count)

    def close(self) -> None:
        """Every output off (the lockout refuses), the last pulses given marked done."""
        self._mark_pulsed(self.board.close(), closed=True)
