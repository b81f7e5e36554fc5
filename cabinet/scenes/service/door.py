"""When the SERVICE button opens the menu: in attract mode or between games, never mid-game.

A press during a game (or while a player types initials) is remembered, and
the menu opens as soon as the cabinet is back between games, so the operator
never has to press twice and no player ever loses a game to the button. The
screen says so for a few seconds: SERVICE MENU AFTER THIS GAME.
"""

from __future__ import annotations

import logging

from cabinet import FPS
from cabinet.inputs.actions import CABINET, Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, palette
from cabinet.scenes.kit.base import Chutes, Scene, Standing
from cabinet.scenes.kit.widgets import draw_banner
from cabinet.scenes.service.menu import ServiceMenuScene

log = logging.getLogger(__name__)

LATER_MESSAGE = N_("SERVICE MENU AFTER THIS GAME")
LATER_FRAMES = 3 * FPS  # how long the message shows after a press during play


def between_games(scene: Scene | None) -> bool:
    """True for the scenes the menu may replace (:attr:`Scene.standing`): attract mode, game
    select, the ranking, the boot notice about the settings file."""
    return scene is not None and scene.standing is not Standing.IN_PLAY


def in_service(scene: Scene | None) -> bool:
    """True for the menu's own pages and the input test, where SERVICE means "back": the
    operator's screens, which close the coin chutes or test them."""
    return scene is not None and scene.chutes() is not Chutes.PAY


class ServiceDoor:
    """The app asks :meth:`offer` about each cabinet event and calls :meth:`update` each frame."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.pending = False
        self.later_frames = 0  # frames left of LATER_MESSAGE

    def offer(self, event) -> bool:
        """True if ``event`` was the SERVICE button and is dealt with here."""
        if event.player != CABINET or event.action is not Action.SERVICE:
            return False
        top = self.ctx.scenes.top
        if in_service(top):
            return False  # inside the menu SERVICE means "back"
        if event.pressed:
            if between_games(top):
                self.open()
            else:
                self.later_frames = LATER_FRAMES  # every press shows it again
                if not self.pending:
                    self.pending = True
                    log.info("service button during play: the menu opens when the game is over")
        return True

    def update(self) -> None:
        self.later_frames = max(0, self.later_frames - 1)
        if self.pending and between_games(self.ctx.scenes.top):
            self.open()

    def draw(self, surface) -> None:
        """Over the game: the message that the menu will open once it is over."""
        if self.pending and self.later_frames:
            draw_banner(
                surface, tr(LATER_MESSAGE), HEIGHT - 24, 21, palette.ORANGE
            )  # steady: players are busy

    def open(self) -> None:
        self.pending = False
        self.later_frames = 0
        log.info("service menu opened")
        self.ctx.music.play(None)  # the menu is quiet: only its MUSIC TEST plays music
        self.ctx.audio.play("menu_select")
        self.ctx.scenes.reset(ServiceMenuScene(self.ctx))
