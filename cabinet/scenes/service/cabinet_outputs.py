"""What the cabinet's outputs show, frame by frame: the coin lockout, the meters, the lamps.

The main loop builds one :class:`CabinetOutputs` over the
:class:`~cabinet.outputs.board.OutputBoard` and calls :meth:`CabinetOutputs.update`
at the end of every 60 Hz step, after the coins and the scene of that step, so
the lockout and the Start lamps follow the credits within the same frame.
It sits with the service door (:mod:`cabinet.scenes.service.door`), above the
flow: it reads which scene is on top, the service menu's pages included.

* The lockout accepts coins only while nothing forbids them (:meth:`refusal`):
  coins turned off by the operator, free play, the service menu open (but for
  its input test, where the operator tries the chutes), the storage unable to
  keep a coin, or the credits at ``max_credits``. A coin that comes anyway is
  credited (:meth:`CabinetOutputs.coin`).
* Each coin owes its meter a pulse in the coin's own transaction; the board
  pulses it on its own thread and the pulse given is marked done here, in the
  frame after it, before the next one starts (:mod:`cabinet.outputs.meter`).
* A Start lamp blinks whenever that panel's Start would start a game (attract
  mode with a credit at the price or free play, a challenger's Start, a
  rematch), is lit during that player's game, and is off otherwise.
* The marquee is lit while the screen is awake (``display.sleep``).
"""

from __future__ import annotations

import logging

from cabinet.outputs.board import BLINK, OFF, ON
from cabinet.scenes.flow.attract import AttractScene, SafeTitleScene
from cabinet.scenes.flow.rematch import RematchScene, rematch_offered
from cabinet.scenes.kit.common import can_play
from cabinet.scenes.service.door import in_service

log = logging.getLogger(__name__)

PLAYERS = (1, 2)


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
    top = ctx.scenes.top
    if in_service(top) and not getattr(top, "sees_coins", False):   # the input test tests the chutes
        return "SERVICE MENU"
    fault = storage_fault(ctx)
    if fault:
        return fault
    if ctx.bank.at_limit():
        return "CREDIT LIMIT"
    return None


def people_playing(scene) -> set[int]:
    """The panels whose player is in a game on ``scene`` (none for a demo or between games)."""
    return set() if scene is None else scene.playing_panels()


def start_lamps(ctx) -> dict[int, str]:
    """Each panel's Start lamp: BLINK when its Start would start a game, ON in its game, else OFF."""
    top = ctx.scenes.top
    lamps = dict.fromkeys(PLAYERS, OFF)
    if isinstance(top, (AttractScene, SafeTitleScene)):
        return dict.fromkeys(PLAYERS, BLINK if can_play(ctx) else OFF)
    if isinstance(top, RematchScene):
        match = top.end.match
        if rematch_offered(ctx, match):
            lamps.update(dict.fromkeys(match.people, BLINK))
        return lamps
    for player in people_playing(top):
        lamps[player] = ON
    seat = None if top is None else top.challenge_seat
    if seat is not None and ctx.settings.versus.challenger and ctx.bank.can_start("challenger"):
        lamps[3 - seat] = BLINK
    return lamps


class CabinetOutputs:
    """The board of ``ctx`` driven from the cabinet's state; the app's one handle on its outputs."""

    def __init__(self, ctx, board):
        self.ctx = ctx
        self.board = board
        self.refused_for: str | None = "STARTING"
        # The board is made anew when its settings change, so what it has wired is fixed here.
        self._lamps = any(name.startswith("start_lamp") or name == "marquee" for name in board.devices)
        for meter in (1, 2):
            owed = ctx.bank.meter_owed(meter) if ctx.bank is not None else 0
            if not owed:
                continue
            if f"meter{meter}" in board.devices:
                log.info("coin meter %d: %d count(s) owed from before the restart; pulsing them", meter, owed)
                board.owe_pulses(meter, owed)
            else:
                log.warning("coin meter %d owes %d count(s) but is not wired; they wait", meter, owed)

    def coin(self, chute: int) -> int:
        """A coin through ``chute``: credited (past the limit too), its meter's pulse owed; the credits."""
        meter = self.board.meter_for(chute)
        added = self.ctx.bank.coin(chute, meter)
        if meter is not None:
            self.board.owe_pulses(meter)
        return added

    def update(self, awake: bool) -> None:
        """End of a step: pulses given marked done, then the lockout, the lamps and the marquee."""
        self._mark_pulsed(self.board.given())
        reason = refusal(self.ctx)
        if reason != self.refused_for:
            log.info("coin lockout: %s", f"refusing coins ({reason.lower()})" if reason else "accepting coins")
            self.refused_for = reason
        self.board.accept_coins(reason is None)
        if not self._lamps:
            return      # nothing to light: not worth working out 60 times a second
        lamps = start_lamps(self.ctx) if awake else dict.fromkeys(PLAYERS, OFF)
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
