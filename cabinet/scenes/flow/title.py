"""The title page: the cabinet's name, both games, and a blinking PRESS START."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.layer import Layer
from cabinet.render.sprites import block
from cabinet.render.text import text
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.credit_line import credit_line, draw_credit_line, prompt, prompt_blinks
from cabinet.scenes.kit.widgets import blink, draw_backdrop

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.scenes.kit.scene_context import SceneContext

# A row of blocks under the logo, in the colours both games use.
_STRIPE = palette.PIECE_COLOURS


class TitleScene(Scene):
    """Attract mode's opening page."""

    name = "title"

    def __init__(self, ctx: SceneContext):
        super().__init__(ctx)
        self.frames = 0
        self.still = Layer()  # the backdrop and every line that does not move (_paint_still)

    def enter(self) -> None:
        self.ctx.audio.play("title_jingle")

    def update(self) -> None:
        self.frames += 1

    def look(self):
        return (
            self._lifted(),
            blink(self.frames) or not prompt_blinks(self.ctx),
            prompt(self.ctx),
            credit_line(self.ctx),
            self.ctx.settings.attract.message,
        )

    def _lifted(self) -> int:
        """The stripe's block that is risen this frame."""
        return (self.frames // 6) % (len(_STRIPE) * 2)

    def draw(self, surface: pygame.Surface) -> None:
        # The stripe ripples ten times a second: the rest is one blit, not a backdrop and six lines.
        message = (
            self.ctx.settings.attract.message.upper()
        )  # the operator's line: the venue, the price
        self.still.show(surface, message, lambda layer: self._paint_still(layer, message))
        size = 28
        count = len(_STRIPE) * 2
        left = (WIDTH - count * (size + 4)) // 2
        # The stripe ripples: each block rises in turn.
        for index in range(count):
            lift = 6 if self._lifted() == index else 0
            surface.blit(
                block(size, _STRIPE[index % len(_STRIPE)]), (left + index * (size + 4), 232 - lift)
            )
        if blink(self.frames) or not prompt_blinks(self.ctx):  # what is already paid stays lit
            words = prompt(self.ctx)
            text(
                surface, words, (WIDTH // 2, 400), 42, palette.GREEN, "midtop", max_width=WIDTH - 40
            )
        draw_credit_line(surface, self.ctx)  # FREE PLAY or CREDITS n, as on every attract page

    @staticmethod
    def _paint_still(layer, message: str) -> None:
        draw_backdrop(layer)
        text(layer, "ARCADEFORGE", (WIDTH // 2, 70), 70, palette.YELLOW, "midtop")
        text(layer, "VERSE", (WIDTH // 2, 150), 56, palette.CYAN, "midtop")
        text(layer, "BLOCKS \u00b7 ANTI-GRAVITY", (WIDTH // 2, 300), 35, palette.WHITE, "midtop")
        if message:
            text(
                layer,
                message,
                (WIDTH // 2, 458),
                21,
                palette.YELLOW,
                "midtop",
                max_width=WIDTH - 40,
            )
        text(layer, "(C) 2026 ARCADEFORGE", (WIDTH // 2, HEIGHT - 40), 14, palette.GREY, "midtop")
