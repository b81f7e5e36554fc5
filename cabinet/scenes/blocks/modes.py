"""BLOCKS' menu of modes, after the game select: single, versus, 1P vs CPU."""

from __future__ import annotations

from cabinet.scenes.kit.menu import VS_CPU, MenuScene, Option, Starter


class BlocksModeScene(MenuScene):
    title = "BLOCKS"
    name = "blocks mode select"

    def __init__(self, ctx, play: Starter, back=None):
        super().__init__(ctx, back)
        self.play = play

    def options(self) -> list[Option]:
        return [
            Option("SINGLE", "ONE PLAYER, PLAY FOR A HIGH SCORE", lambda: self.play.single(self, "blocks")),
            Option("VERSUS", "TWO PLAYERS - CLEAR LINES TO SEND STONES", lambda: self.play.versus(self)),
            Option(VS_CPU, "ONE PLAYER AGAINST THE COMPUTER", lambda: self.play.cpu(self)),
        ]
