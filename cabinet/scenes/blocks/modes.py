"""BLOCKS' menu of modes, after the game select: single, versus, 1P vs CPU."""

from __future__ import annotations

from cabinet.scenes.kit.menu import VS_CPU, ModeMenu, Option


class BlocksModeScene(ModeMenu):
    title = "BLOCKS"
    name = "blocks mode select"

    def options(self) -> list[Option]:
        return [
            Option("SINGLE", "ONE PLAYER, PLAY FOR A HIGH SCORE", lambda: self.play.single(self, "blocks")),
            Option("VERSUS", "TWO PLAYERS - CLEAR LINES TO SEND STONES", lambda: self.play.versus(self)),
            Option(VS_CPU, "ONE PLAYER AGAINST THE COMPUTER", lambda: self.play.cpu(self)),
        ]
