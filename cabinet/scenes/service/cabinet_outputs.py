"""Which Start lamps the cabinet lights, frame by frame: the panel's lamp rule.

The panel (:mod:`cabinet.panel`) asks :func:`start_lamps` at the end of every
60 Hz step. A Start lamp blinks whenever that panel's Start would start a game
(attract mode with a credit at the price or free play, a challenger's Start, a
rematch), is lit during that player's game, and is off otherwise. It sits above
the flow: it reads which scene is on top.
"""

from __future__ import annotations

from cabinet.outputs.board import BLINK, OFF, ON
from cabinet.scenes.flow.attract import AttractScene, SafeTitleScene
from cabinet.scenes.flow.rematch import RematchScene, rematch_offered
from cabinet.scenes.kit.credit_line import can_play

PLAYERS = (1, 2)


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
