"""HERE COMES A NEW CHALLENGER: the other panel's Start turns a lone game into a versus match.

During a one-player game, or a match against the CPU, the panel nobody plays
at may press Start (``versus.challenger`` on, and a credit in the machine or
free play). The game stops under the banner; the interrupted score still goes
to its high-score table (initials first, if it makes it); then the two people
play a versus match of the same game.

A game scene takes part by answering two questions: ``challenge_seat`` (the
panel of the person playing, or None when no challenge may come now) and
``interrupted()`` (the game cut short, as an :class:`Interruption`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from cabinet.inputs.actions import Action
from cabinet.render import HEIGHT, WIDTH, palette, sprites, text
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.common import blink

BANNER_FRAMES = 180       # the banner, before the initials or the match


@dataclass
class Interruption:
    """A game cut short by a challenger: what is saved and entered of it.

    ``table`` is None for a game that plays for no table (a match against the CPU).
    """

    game: str
    mode: str
    player: int
    table: str | None
    score: int
    replay: Any
    seconds: float


def challenge(scene, event) -> bool:
    """Handle ``event`` as a challenger's Start if it is one; True when it was.

    The challenger pays one game's price; in free play, nothing.
    """
    if not event.pressed or event.action is not Action.START or event.player not in (1, 2):
        return False
    ctx = scene.ctx
    person = scene.challenge_seat
    if person is None or event.player == person or not ctx.settings.versus.challenger:
        return False
    record = scene.interrupted()
    if not ctx.bank.start(record.game, "challenger"):
        return False
    ctx.audio.play("start")
    ctx.scenes.reset(ChallengerScene(ctx, scene, record))
    return True


class ChallengerScene(Scene):
    """The banner over the interrupted game, then its record, then the versus match."""

    name = "new challenger"

    def __init__(self, ctx, behind, record: Interruption):
        super().__init__(ctx)
        self.behind = behind
        self.record = record
        self.frames = 0

    def enter(self) -> None:
        self.ctx.audio.play("versus_challenger")

    def update(self) -> None:
        self.frames += 1
        if self.frames == BANNER_FRAMES:
            from cabinet.scenes.flow.finish import finish_interrupted
            finish_interrupted(self.ctx, self.record, self._versus)

    def _versus(self) -> None:
        from cabinet.games.match import Match, rounds_to_win
        from cabinet.scenes.flow.select import match_scene, new_seed
        game = self.record.game
        self.ctx.scenes.reset(match_scene(self.ctx, Match(game, rounds_to_win(self.ctx.settings, game), new_seed())))

    def draw(self, surface) -> None:
        self.behind.draw(surface)
        surface.blit(sprites.veil(WIDTH, HEIGHT, (0, 0, 12, 150)), (0, 0))
        band = pygame.Rect(0, HEIGHT // 2 - 95, WIDTH, 190)
        stripe = palette.RED if blink(self.frames, 6) else palette.YELLOW
        surface.fill(palette.SHADOW, band)
        surface.fill(stripe, (0, band.y, WIDTH, 8))
        surface.fill(stripe, (0, band.bottom - 8, WIDTH, 8))
        # The words slide in from the right, then hold.
        offset = max(0, WIDTH - self.frames * 48)
        text(surface, "HERE COMES A", (WIDTH // 2 + offset, band.y + 22), 42, palette.WHITE, "midtop")
        text(surface, "NEW CHALLENGER!", (WIDTH // 2 + offset, band.y + 82), 63,
             palette.YELLOW if blink(self.frames, 10) else palette.ORANGE, "midtop")
