"""The pause screen every play scene shows: the game veiled, PAUSED, and how to resume."""

from __future__ import annotations

import pygame

from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, fit_size, palette, sprites, text
from cabinet.scenes.kit.common import blink

RESUME_HINT = N_("PRESS F9 TO RESUME")   # the pause key (Action.PAUSE) is F9 on the keyboard


def draw_pause(surface: pygame.Surface, frame: int) -> None:
    """PAUSED in a framed box in the middle of the screen, and the resume key, which stays lit:
    a player who looks up at any moment must read how to go on."""
    surface.blit(sprites.veil(WIDTH, HEIGHT, (0, 0, 12, 170)), (0, 0))
    box = pygame.Rect(0, 0, 460, 170)
    box.center = (WIDTH // 2, HEIGHT // 2 - 10)
    surface.blit(sprites.panel(box.width, box.height, palette.YELLOW), box)
    text(surface, tr("PAUSED"), (box.centerx, box.y + 34), 56, palette.YELLOW, "midtop")
    hint = tr(RESUME_HINT)
    text(surface, hint, (box.centerx, box.bottom - 42), fit_size(hint, 21, box.width - 24),
         palette.YELLOW if blink(frame) else palette.WHITE, "midtop")
