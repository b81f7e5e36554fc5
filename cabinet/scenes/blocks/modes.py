"""BLOCKS' menu of modes, after the game select: single, versus, 1P vs CPU."""

from __future__ import annotations

from cabinet.language import N_, tr
from cabinet.scenes.kit.menu import VS_CPU, ModeMenu, Option


class BlocksModeScene(ModeMenu):
    title = N_("BLOCKS")
    name = "blocks mode select"

    def options(self) -> list[Option]:
        return [
            Option(
                tr("SINGLE"),
                tr("ONE PLAYER, PLAY FOR A HIGH SCORE"),
                lambda: self.play.single(self, "blocks"),
                "blocks",
            ),
            Option(
                tr("VERSUS"),
                tr("TWO PLAYERS - CLEAR LINES TO SEND STONES"),
                lambda: self.play.versus(self),
                "versus",
            ),
            Option(
                tr(VS_CPU),
                tr("ONE PLAYER AGAINST THE COMPUTER"),
                lambda: self.play.cpu(self),
                "cpu",
            ),
        ]
