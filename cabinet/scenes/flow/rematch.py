"""After a versus match: the rematch (or, against the CPU, continue) offer, counting
down over the final boards.

The offer shows after every match a person played while ``versus.rematch`` is on,
paid for or not: during its countdown coins are accepted, and each new credit starts
the count afresh. A person who played the match presses Start once the price is in:
the credits are taken (counted as a continue) and a new match between the same sides
begins, in the same series, so win streaks go on; against the CPU it is the level just
played. When the count runs out, the series is over and its records are entered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cabinet import FPS
from cabinet.games.match import PLAYERS, Match, Series
from cabinet.inputs.actions import Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette, sprites
from cabinet.render.text import text
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.credit_line import coins_short, paid_so_far, price_words
from cabinet.scenes.kit.ending import MatchEnd
from cabinet.scenes.kit.fresh_press import FreshPresses
from cabinet.scenes.kit.widgets import blink, side_name

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext


def rematch_offered(ctx, match: Match) -> bool:
    """A rematch is offered: the operator allows it and a person played a match that ended
    (one nobody finished is not). Credits need not be in yet: the offer takes coins."""
    return ctx.settings.versus.rematch and bool(match.people) and not match.abandoned


class RematchScene(Scene):
    """REMATCH? (CONTINUE? against the CPU) with a countdown, over the finished match's boards.

    ``again(ctx, match, series)`` is the screen of a rematch of ``match`` (on a new
    seed) in the same series; ``then(ctx, end)``
    follows when the count runs out (the series' records).
    """

    name = "rematch offer"

    def __init__(
        self,
        ctx: SceneContext,
        end: MatchEnd,
        again: Callable[[object, Match, Series], Scene],
        then: Callable[[object, MatchEnd], None],
    ):
        super().__init__(ctx)
        self.end = end
        self.again = again
        self.then = then
        self.frames_left = self._full_count()
        self.frames = 0
        self.message = ""
        self._credits = ctx.bank.credits
        self.fresh = FreshPresses()  # a press meant for the match does not buy a rematch

    def _full_count(self) -> int:
        return self.ctx.settings.versus.rematch_seconds * FPS

    @property
    def title(self) -> str:
        return tr("CONTINUE?") if self.end.match.cpu else tr("REMATCH?")

    def live_starts(self) -> set[int]:
        """The people of the match while the offer stands (a coin may still be on its way)."""
        match = self.end.match
        return set(match.people) if rematch_offered(self.ctx, match) else set()

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")

    def handle(self, event: InputEvent) -> None:
        match = self.end.match
        if (
            not self.fresh.admit(event)
            or not event.pressed
            or event.action is not Action.START
            or event.player not in PLAYERS
        ):
            return
        if match.is_cpu(event.player):
            return  # that panel is nobody's: the CPU played there
        if not self.ctx.bank.start(match.game, match.mode, continued=True):
            self.message = N_("INSERT COIN")
            return
        self.ctx.audio.play("start")
        self.ctx.scenes.reset(self.again(self.ctx, match, self.end.series))

    def update(self) -> None:
        self.fresh.tick()
        self.frames += 1
        self.frames_left -= 1
        credits = self.ctx.bank.credits
        if credits > self._credits:
            # A coin made a credit: the count starts afresh, so there is time to press Start.
            self.frames_left = max(self.frames_left, self._full_count())
            self.message = ""
        self._credits = credits
        if self.frames_left % FPS == 0 and self.frames_left > 0:
            self.ctx.audio.play("ag_tick")
        if self.frames_left <= 0:
            self.then(self.ctx, self.end)

    def draw(self, surface: pygame.Surface) -> None:
        self.end.scene.draw(surface)
        box = pygame.Rect(0, 0, 600, 210)
        box.center = (WIDTH // 2, HEIGHT // 2)
        surface.blit(sprites.panel(box.width, box.height, palette.YELLOW, palette.SHADOW), box)
        match = self.end.match
        winner = match.winner
        if winner is not None:
            words = tr(
                "{side} WINS {score}", side=side_name(match, winner), score=match.score_line(winner)
            )
            text(
                surface,
                words,
                (box.centerx, box.y + 16),
                28,
                palette.WHITE,
                "midtop",
                max_width=box.width - 24,
            )
        title = self.title
        text(
            surface,
            title,
            (box.centerx - 50, box.y + 52),
            56,
            palette.YELLOW,
            "midtop",
            max_width=box.width - 150,
        )
        seconds = max(0, (self.frames_left + FPS - 1) // FPS)
        text(
            surface,
            str(seconds),
            (box.right - 30, box.y + 52),
            56,
            palette.RED if seconds <= 3 else palette.CYAN,
            "topright",
        )
        bank = self.ctx.bank
        paid = bank.can_start(match.mode)
        so_far = paid_so_far(
            self.ctx, match.mode
        )  # a coin is in: it stays lit, no more INSERT COIN
        prompt = tr("PRESS START") if paid else (so_far or tr(self.message or N_("INSERT COIN")))
        if blink(self.frames, 16) or so_far:
            text(
                surface,
                prompt,
                (box.centerx, box.y + 120),
                35,
                palette.GREEN if paid else palette.ORANGE,
                "midtop",
                max_width=box.width - 24,
            )
        cost = self.cost_line()
        text(
            surface,
            cost,
            (box.centerx, box.bottom - 34),
            21,
            palette.WHITE if paid else palette.GREY,
            "midtop",
            max_width=box.width - 24,
        )

    def cost_line(self) -> str:
        """The price, and how much of it is in: "2 CREDITS (RM2)  CREDITS 1  1/2 COINS"."""
        bank = self.ctx.bank
        if self.ctx.free_play:
            return tr("FREE PLAY")
        price = bank.price(self.end.match.mode)
        return "  ".join(
            filter(
                None,
                [
                    price_words(self.ctx, price),
                    tr("CREDITS {credits}", credits=bank.credits),
                    coins_short(bank),
                ],
            )
        )
