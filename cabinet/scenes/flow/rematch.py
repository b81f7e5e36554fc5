"""After a versus match: the rematch offer, counting down over the final boards.

The offer shows only while a rematch can be paid (free play, or enough
credits for the match's price) and ``versus.rematch`` is on. A person who
played the match presses Start: the credits are taken and a new match between
the same sides begins, in the same series, so win streaks go on. When the
count runs out, the series is over and its records are entered.
"""

from __future__ import annotations

from typing import Callable

import pygame

from cabinet import FPS
from cabinet.games.match import PLAYERS, Match, Series
from cabinet.inputs.actions import Action
from cabinet.render import HEIGHT, WIDTH, palette, sprites, text
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.common import blink
from cabinet.scenes.kit.ending import MatchEnd


def rematch_offered(ctx, match: Match) -> bool:
    """A rematch is offered: the operator allows it, a person played, and it can be paid now."""
    return ctx.settings.versus.rematch and bool(match.people) and ctx.bank.can_start(match.mode)


class RematchScene(Scene):
    """REMATCH? with a countdown, over the finished match's boards.

    ``again(ctx, match, series)`` is the screen of a rematch of ``match`` (on a new
    seed) in the same series; ``then(ctx, end)``
    follows when the count runs out (the series' records).
    """

    name = "rematch offer"

    def __init__(self, ctx, end: MatchEnd, again: Callable[[object, Match, Series], Scene],
                 then: Callable[[object, MatchEnd], None]):
        super().__init__(ctx)
        self.end = end
        self.again = again
        self.then = then
        self.frames_left = ctx.settings.versus.rematch_seconds * FPS
        self.frames = 0
        self.message = ""

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")

    def handle(self, event) -> None:
        match = self.end.match
        if not event.pressed or event.action is not Action.START or event.player not in PLAYERS:
            return
        if match.is_cpu(event.player):
            return   # that panel is nobody's: the CPU played there
        if not self.ctx.bank.start(match.game, match.mode):
            self.message = "INSERT COIN"
            return
        self.ctx.audio.play("start")
        self.ctx.scenes.reset(self.again(self.ctx, match, self.end.series))

    def update(self) -> None:
        self.frames += 1
        self.frames_left -= 1
        if self.frames_left % FPS == 0 and self.frames_left > 0:
            self.ctx.audio.play("ag_tick")
        if self.frames_left <= 0:
            self.then(self.ctx, self.end)

    def draw(self, surface) -> None:
        self.end.scene.draw(surface)
        box = pygame.Rect(0, 0, 600, 210)
        box.center = (WIDTH // 2, HEIGHT // 2)
        surface.blit(sprites.panel(box.width, box.height, palette.YELLOW, palette.SHADOW), box)
        match = self.end.match
        winner = match.winner
        if winner is not None:
            text(surface, f"{match.name(winner)} WINS {match.score_line()}", (box.centerx, box.y + 16), 28,
                 palette.WHITE, "midtop")
        text(surface, "REMATCH?", (box.centerx - 50, box.y + 52), 56, palette.YELLOW, "midtop")
        seconds = max(0, (self.frames_left + FPS - 1) // FPS)
        text(surface, str(seconds), (box.right - 30, box.y + 52), 56, palette.RED if seconds <= 3 else palette.CYAN,
             "topright")
        prompt = self.message or "PRESS START"
        if blink(self.frames, 16):
            text(surface, prompt, (box.centerx, box.y + 124), 35, palette.GREEN, "midtop")
        price = self.ctx.bank.price(match.mode)
        cost = "FREE PLAY" if self.ctx.free_play else f"{price} CREDIT{'S' if price > 1 else ''}"
        text(surface, cost, (box.centerx, box.bottom - 28), 14, palette.GREY, "midtop")
