"""HERE COMES A NEW CHALLENGER: the other panel's Start turns a lone game into a versus match.

During a one-player game, or a match against the CPU, the panel nobody plays
at may press Start (``versus.challenger`` on, and a credit in the machine or
free play). The game stops under the banner; the interrupted score still goes
to its high-score table (initials first, if it makes it); then the two people
play a versus match of the same game.

The flow wraps every game it starts with this check (:func:`challenge`, given
to the scene as its ``check``); the scene takes part by answering the two
questions of :class:`~cabinet.scenes.kit.ending.Challengeable`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cabinet.inputs.actions import Action
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, palette, sprites
from cabinet.render.text import text
from cabinet.scenes.flow.finish import finish_interrupted, kept_entry
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.ending import Challengeable, GameOver
from cabinet.scenes.kit.widgets import blink
from cabinet.storage.scores import ladder_table

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

BANNER_FRAMES = 180  # the banner, before the initials or the match


def challenge(scene: Challengeable, event, then: Callable[[object, str], None]) -> bool:
    """Handle ``event`` as a challenger's Start at ``scene`` if it is one; True when it was.

    The challenger pays one game's price; in free play, nothing. After the banner
    and the interrupted game's record (a climb up the CPU ladder: its levels beaten),
    ``then(ctx, game)`` starts the versus match.
    """
    if not event.pressed or event.action is not Action.START or event.player not in (1, 2):
        return False
    ctx = scene.ctx
    person = scene.challenge_seat
    if person is None or event.player == person or not ctx.settings.versus.challenger:
        return False
    record = climb_record(scene, scene.interrupted())
    if not ctx.bank.start(record.game, "challenger"):
        return False
    ctx.audio.play("start")
    ctx.scenes.reset(ChallengerScene(ctx, scene, record, then))
    return True


def climb_record(scene: Challengeable, record: GameOver) -> GameOver:
    """``record``, or for a climb up the CPU ladder cut short, the climb's levels beaten on its table."""
    climb = (
        scene.series.climb if scene.series is not None else None
    )  # a one-player game has no series
    if climb is None or not climb.beaten:
        return record
    return dataclasses.replace(record, table=ladder_table(climb.game), score=climb.beaten)


class ChallengerScene(Scene):
    """The banner over the interrupted game, then its record, then the versus match."""

    name = "new challenger"

    def __init__(
        self, ctx: SceneContext, behind, record: GameOver, then: Callable[[object, str], None]
    ):
        super().__init__(ctx)
        self.behind = behind
        self.record = record
        self.then = then
        self.frames = 0

    def enter(self) -> None:
        self.ctx.audio.play("versus_challenger")

    def update(self) -> None:
        self.frames += 1
        if self.frames == BANNER_FRAMES:
            finish_interrupted(
                self.ctx, self.record, self._versus, kept_entry(self.behind, self.record.table)
            )

    def _versus(self) -> None:
        self.then(self.ctx, self.record.game)

    def draw(self, surface: pygame.Surface) -> None:
        self.behind.draw(surface)
        surface.blit(sprites.veil(WIDTH, HEIGHT, (0, 0, 12, 150)), (0, 0))
        band = pygame.Rect(0, HEIGHT // 2 - 95, WIDTH, 190)
        stripe = palette.RED if blink(self.frames, 6) else palette.YELLOW
        surface.fill(palette.SHADOW, band)
        surface.fill(stripe, (0, band.y, WIDTH, 8))
        surface.fill(stripe, (0, band.bottom - 8, WIDTH, 8))
        # The words slide in from the right, then hold.
        offset = max(0, WIDTH - self.frames * 48)
        text(
            surface,
            tr("HERE COMES A"),
            (WIDTH // 2 + offset, band.y + 22),
            42,
            palette.WHITE,
            "midtop",
        )
        text(
            surface,
            tr("NEW CHALLENGER!"),
            (WIDTH // 2 + offset, band.y + 82),
            63,
            palette.YELLOW if blink(self.frames, 10) else palette.ORANGE,
            "midtop",
        )
