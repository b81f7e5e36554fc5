"""When the SERVICE button opens the menu: in attract mode or between games, never mid-game.

A press during a game (or while a player types initials) is remembered, and
the menu opens as soon as the cabinet is back between games, so the operator
never has to press twice and no player ever loses a game to the button.
"""

from __future__ import annotations

import logging

from cabinet.inputs.actions import CABINET, Action

log = logging.getLogger(__name__)


def between_games(scene) -> bool:
    """True for the scenes the menu may replace: attract mode, game select, the ranking,
    the boot notice about the settings file."""
    from cabinet.scenes.attract import AttractScene, SafeTitleScene
    from cabinet.scenes.ranking import RankingScene
    from cabinet.scenes.select import MenuScene
    from cabinet.scenes.settings_notice import SettingsNoticeScene
    return isinstance(scene, (AttractScene, SafeTitleScene, MenuScene, RankingScene, SettingsNoticeScene))


def in_service(scene) -> bool:
    """True for the menu's own pages and the input test, where SERVICE means "back"."""
    module = type(scene).__module__
    return module.startswith("cabinet.scenes.service") or module == "cabinet.scenes.input_test"


class ServiceDoor:
    """The app asks :meth:`offer` about each cabinet event and calls :meth:`update` each frame."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.pending = False

    def offer(self, event) -> bool:
        """True if ``event`` was the SERVICE button and is dealt with here."""
        if event.player != CABINET or event.action is not Action.SERVICE:
            return False
        top = self.ctx.scenes.top
        if in_service(top):
            return False            # inside the menu SERVICE means "back"
        if event.pressed:
            if between_games(top):
                self.open()
            elif not self.pending:
                self.pending = True
                log.info("service button during play: the menu opens when the game is over")
        return True

    def update(self) -> None:
        if self.pending and between_games(self.ctx.scenes.top):
            self.open()

    def open(self) -> None:
        from .menu import ServiceMenuScene
        self.pending = False
        log.info("service menu opened")
        self.ctx.audio.play("menu_select")
        self.ctx.scenes.reset(ServiceMenuScene(self.ctx))
