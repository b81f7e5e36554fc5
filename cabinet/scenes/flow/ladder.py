"""The CPU ladder's screen between rungs: the five levels, the ones beaten, the one to face next.

A lone player's climb (:class:`~cabinet.games.match.Climb`) shows it before its
first match ("CPU LADDER", level 1 next), after each level beaten ("LEVEL 2
BEATEN!", the next one blinking) and after the last ("YOU BEAT MASTER!", every
rung lit). It lasts a few seconds; the climber's Start cuts it short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cabinet import FPS
from cabinet.games.cpu import LEVELS
from cabinet.games.match import Climb
from cabinet.inputs.actions import Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, palette, sprites
from cabinet.render.text import text
from cabinet.scenes.flow.cpu_names import CPU_DETAILS, CPU_NAMES
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.widgets import blink, draw_backdrop, heading

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

RUNG_SECONDS = 4  # the screen between two rungs
MASTER_SECONDS = 6  # the MASTER clear, a moment to enjoy
SKIP_AFTER = FPS  # Start may cut it short after this many frames

# Every word this screen shows, in one place.
HEADING_FIRST = N_("CPU LADDER")
HEADING_BEATEN = N_("LEVEL {level} BEATEN!")
HEADING_MASTER = N_("YOU BEAT MASTER!")
RUNG_LEVEL = N_("LV{level}")
RUNG_BEATEN = N_("BEATEN")
RUNG_NEXT = N_("NEXT")
NEXT_LINE = N_("NEXT: LEVEL {level}")
MASTER_LINE = N_("ALL {levels} LEVELS BEATEN")
MASTER_TAG = N_("MASTER CLEAR")
PLAYER_LINE = N_("PLAYER {player}")
READY_LINE = N_("GET READY!")
CHEER_LINE = N_("CONGRATULATIONS!")

RUNG_W, RUNG_H, RUNG_GAP = 400, 60, 12
LADDER_LEFT = 40
LADDER_TOP = 96
INFO_CENTRE = 700  # the right-hand column: who is next
INFO_WIDTH = 480


class LadderScene(Scene):
    """The ladder of ``climb``, then ``then()``: the next rung's match, or the climb's records."""

    name = "cpu ladder"

    def __init__(self, ctx: SceneContext, climb: Climb, then: Callable[[], None]):
        super().__init__(ctx)
        self.climb = climb
        self.then = then
        self.frames = 0
        self.length = (MASTER_SECONDS if climb.cleared else RUNG_SECONDS) * FPS
        self.done = False

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")
        if self.climb.cleared:
            self.ctx.audio.play("ladder_master")
        elif self.climb.beaten:
            self.ctx.audio.play("ladder_next")

    def handle(self, event: InputEvent) -> None:
        if (
            event.pressed
            and event.action is Action.START
            and event.player == self.climb.person
            and self.frames >= SKIP_AFTER
        ):
            self._leave()

    def update(self) -> None:
        self.frames += 1
        if self.frames >= self.length:
            self._leave()

    def _leave(self) -> None:
        if not self.done:
            self.done = True
            self.then()

    def look(self):
        return blink(self.frames, 16), blink(self.frames, 8)

    @property
    def title(self) -> str:
        climb = self.climb
        if climb.cleared:
            return tr(HEADING_MASTER)
        if climb.beaten:
            return tr(HEADING_BEATEN, level=LEVELS[climb.beaten - 1])
        return tr(HEADING_FIRST)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        climb = self.climb
        colour = (
            (palette.YELLOW if blink(self.frames, 8) else palette.ORANGE)
            if climb.cleared
            else palette.YELLOW
        )
        heading(surface, self.title, 22, colour, 49)
        for index, level in enumerate(LEVELS):
            self._draw_rung(surface, level, index)
        self._draw_info(surface)

    def _rung_rect(self, index: int) -> pygame.Rect:
        # Level 1 at the bottom, the last level at the top: a ladder to climb.
        row = len(LEVELS) - 1 - index
        return pygame.Rect(LADDER_LEFT, LADDER_TOP + row * (RUNG_H + RUNG_GAP), RUNG_W, RUNG_H)

    def _draw_rung(self, surface, level: int, index: int) -> None:
        climb = self.climb
        rect = self._rung_rect(index)
        beaten = index < climb.beaten
        facing = not climb.cleared and level == climb.level
        lit = facing and blink(self.frames, 16)
        edge = palette.GREEN if beaten else palette.YELLOW if lit else palette.PANEL_EDGE
        surface.blit(sprites.panel(rect.width, rect.height, edge), rect)
        colour = palette.GREEN if beaten else palette.WHITE if facing else palette.DIM
        text(
            surface, tr(RUNG_LEVEL, level=level), (rect.x + 18, rect.centery), 21, colour, "midleft"
        )
        name = tr(CPU_NAMES[level])
        text(surface, name, (rect.x + 100, rect.centery), 28, colour, "midleft", max_width=180)
        tag = tr(RUNG_BEATEN) if beaten else tr(RUNG_NEXT) if facing else ""
        if tag:
            text(
                surface,
                tag,
                (rect.right - 18, rect.centery),
                21,
                palette.GREEN if beaten else palette.YELLOW,
                "midright",
            )

    def _draw_info(self, surface) -> None:
        climb = self.climb
        x = INFO_CENTRE
        text(surface, tr(PLAYER_LINE, player=climb.person), (x, 110), 28, palette.CYAN, "midtop")
        if climb.cleared:
            tag = tr(MASTER_TAG)
            text(
                surface,
                tag,
                (x, 190),
                49,
                palette.YELLOW if blink(self.frames, 8) else palette.WHITE,
                "midtop",
                max_width=INFO_WIDTH,
            )
            line = tr(MASTER_LINE, levels=len(LEVELS))
            text(surface, line, (x, 270), 28, palette.GREEN, "midtop", max_width=INFO_WIDTH)
            if blink(self.frames, 16):
                cheer = tr(CHEER_LINE)
                text(
                    surface,
                    cheer,
                    (x, HEIGHT - 120),
                    35,
                    palette.CYAN,
                    "midtop",
                    max_width=INFO_WIDTH,
                )
            return
        level = climb.level
        line = tr(NEXT_LINE, level=level)
        text(surface, line, (x, 184), 42, palette.WHITE, "midtop", max_width=INFO_WIDTH - 80)
        text(surface, tr(CPU_NAMES[level]), (x, 250), 42, palette.YELLOW, "midtop")
        detail = tr(CPU_DETAILS[level])
        text(surface, detail, (x, 310), 21, palette.CYAN, "midtop", max_width=INFO_WIDTH)
        if blink(self.frames, 16):
            text(surface, tr(READY_LINE), (x, HEIGHT - 120), 35, palette.GREEN, "midtop")
