"""The ranking after a game: the table, named with its game, with the new entry blinking.
Start (Space on a keyboard) or A leaves it for attract mode: START TO EXIT, since it offers
no continue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.inputs.actions import Action
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import text
from cabinet.scenes.flow.network_tables import draw_network_place, network_place
from cabinet.scenes.flow.tables import draw_table, full_title, read_table, table_rects, table_words
from cabinet.scenes.kit.base import Scene, Standing
from cabinet.scenes.kit.fresh_press import FreshPresses
from cabinet.scenes.kit.widgets import blink, draw_backdrop, heading

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

RANKING_SECONDS = 10
RANKING_WIDTH = 600


class RankingScene(Scene):
    """Shows ``table``; ``rank`` is the player's new place (None if they did not make it).

    ``player`` names whose ``score`` it is after a two-player match, where YOUR SCORE says nobody.
    """

    name = "ranking"
    standing = Standing.BETWEEN_GAMES  # the game is over and recorded

    def __init__(
        self,
        ctx: SceneContext,
        table: str,
        rank: int | None = None,
        score: int | None = None,
        player: int | None = None,
    ):
        super().__init__(ctx)
        self.table = table
        self.rank = rank
        self.score = score
        self.player = player
        self.entries = read_table(ctx, table)
        self.network_place = network_place(
            ctx, table, score, rank, self.entries
        )  # "NETWORK #3" (issue 15)
        self.frames = 0
        self.fresh = FreshPresses()  # the button that ended the initials does not skip this too

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")

    def handle(self, event: InputEvent) -> None:
        if self.fresh.admit(event) and event.pressed and event.action in (Action.START, Action.A):
            self.ctx.go_to_attract()

    def update(self) -> None:
        self.fresh.tick()
        self.frames += 1
        if self.frames >= RANKING_SECONDS * 60:
            self.ctx.go_to_attract()

    def look(self):
        highlight = blink(self.frames, 10) if self.rank is not None else None
        return highlight, blink(self.frames)

    def score_line(self) -> str | None:
        """The score that made no table, under it: YOUR SCORE, or whose (2P SCORE) after a match."""
        if self.rank is not None or self.score is None:
            return None
        if self.player is not None:
            return tr("{player}P SCORE {score}", player=self.player, score=self.score)
        return tr("YOUR SCORE {score}", score=self.score)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        heading(surface, tr("RANKING"), 20, palette.YELLOW, 42)
        # Wider than an attract page's table, so the game's name fits beside the table's.
        rect = table_rects(1)[0].inflate(RANKING_WIDTH - table_rects(1)[0].width, 0)
        draw_table(
            surface,
            rect,
            full_title(self.table),
            self.entries,
            self.rank,
            self.frames,
            words=table_words(self.table),
        )
        draw_network_place(surface, self.network_place)
        line = self.score_line()
        if line:
            text(surface, line, (WIDTH // 2, HEIGHT - 62), 21, palette.WHITE, "midtop")
        if blink(self.frames):
            text(
                surface, tr("START TO EXIT"), (WIDTH // 2, HEIGHT - 30), 14, palette.GREEN, "midtop"
            )
