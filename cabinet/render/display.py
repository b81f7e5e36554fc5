"""The window or screen: a 960x540 logical picture, scaled by SDL and turned if asked.

The window asks SDL for vsync; :meth:`Display.measure_vsync` finds out from
timed flips whether the monitor's refresh really paces them (``vsync``), so
the main loop can let the flip do its waiting, or pace by the timer when not.

With rotation 0 the scenes draw straight onto the display surface that
``pygame.SCALED`` gives us, so showing a frame is one flip. With 90/180/270
they draw onto an off-screen logical surface that is rotated onto a display of
the turned size (540x960 for a vertical monitor) before the flip.
"""

from __future__ import annotations

import warnings

import pygame

from cabinet.render import LOGICAL_SIZE


def display_size(rotation: int) -> tuple[int, int]:
    """The size of the display surface for a picture turned by ``rotation`` degrees."""
    width, height = LOGICAL_SIZE
    return (height, width) if rotation in (90, 270) else (width, height)


class Display:
    """Opens the screen and presents the logical surface on it."""

    def __init__(self, rotation: int = 0, fullscreen: bool = True):
        self.rotation = rotation
        self.vsync = None            # a cabinet.render.vsync.Reading once measure_vsync() ran
        flags = pygame.SCALED | (pygame.FULLSCREEN if fullscreen else 0)
        pygame.display.set_caption("ArcadeForge Verse")
        with warnings.catch_warnings():
            # SDL's software renderer (dummy driver, no GPU) is fine at 960x540.
            warnings.simplefilter("ignore")
            try:
                self.screen = pygame.display.set_mode(display_size(rotation), flags, vsync=1)
            except pygame.error as exc:
                if "vsync" not in str(exc).lower():
                    raise
                # A renderer that cannot wait for the refresh ("could not enable vsync"): the timer paces.
                self.screen = pygame.display.set_mode(display_size(rotation), flags)
        if rotation:
            self.logical = pygame.Surface(LOGICAL_SIZE).convert()
        else:
            self.logical = self.screen
        if fullscreen:
            pygame.mouse.set_visible(False)

    def present(self) -> None:
        """Show the logical surface."""
        if self.rotation:
            # pygame rotates counter-clockwise; a monitor turned clockwise needs the opposite.
            self.screen.blit(pygame.transform.rotate(self.logical, -self.rotation), (0, 0))
        pygame.display.flip()

    def measure_vsync(self):
        """Flip the (black) picture a few times back to back: is vsync honoured? Sets ``vsync``."""
        from cabinet.render.vsync import measure
        self.screen.fill((0, 0, 0))
        self.vsync = measure(pygame.display.flip)
        return self.vsync

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point on the display (e.g. a touch) in logical coordinates."""
        x, y = pos
        width, height = LOGICAL_SIZE
        if self.rotation == 90:
            return y, height - 1 - x
        if self.rotation == 180:
            return width - 1 - x, height - 1 - y
        if self.rotation == 270:
            return width - 1 - y, x
        return x, y
