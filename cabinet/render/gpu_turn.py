"""Turning the picture on the renderer as it is shown, instead of on the CPU every frame.

The window is still the one ``pygame.SCALED`` opened (on a Pi: KMSDRM with the
``opengles2`` renderer, vsync asked for), so fullscreen, scaling and SDL's
mapping of touches to the turned size stay as they are. Only the showing
changes: the 960x540 logical picture is uploaded into a streaming texture of
that renderer and drawn turned (``SDL_RenderCopyEx`` with the angle), then the
renderer presents, waiting for the refresh where vsync holds. On a GPU the
turn costs the CPU nothing beyond the upload, which the unturned picture pays
too.

:class:`GpuTurn` raises whatever pygame raises when the renderer or the
texture cannot be had; :class:`cabinet.render.display.Display` then keeps the
CPU rotation.
"""

from __future__ import annotations

import warnings

import pygame
from pygame._sdl2.video import Renderer, Texture, Window

BLACK = (0, 0, 0, 255)


class GpuTurn:
    """Shows ``logical`` turned clockwise by ``rotation`` degrees on the SCALED window's renderer.

    :param logical: the surface the scenes draw on (960x540).
    :param rotation: 90, 180 or 270, as the monitor is turned.
    """

    def __init__(self, logical: pygame.Surface, rotation: int):
        self.logical = logical
        self.rotation = rotation
        with warnings.catch_warnings():
            warnings.simplefilter(
                "ignore"
            )  # from_display_module is deprecated, and the one way to the window
            window = Window.from_display_module()
        renderer = Renderer.from_window(window)  # SCALED's own renderer, borrowed: SDL keeps it
        self.renderer: Renderer | None = renderer  # both None once released
        self.texture: Texture | None = Texture(renderer, logical.get_size(), streaming=True)
        # The turned picture fills the renderer's logical size (the turned screen) when drawn
        # around its centre: SDL turns a copy about the middle of its target rectangle.
        width, height = renderer.logical_size
        self.target = pygame.Rect((0, 0), logical.get_size())
        self.target.center = (width // 2, height // 2)

    def _held(self) -> tuple[Renderer, Texture]:
        """The renderer and the texture, until :meth:`release`."""
        if self.renderer is None or self.texture is None:
            raise RuntimeError("the GPU turn was released")
        return self.renderer, self.texture

    def upload(self) -> None:
        """Copy the logical picture into the texture: the CPU's whole share where a GPU turns it."""
        self._held()[1].update(self.logical)

    def compose(self) -> None:
        """Upload the picture and draw it turned on the renderer's back buffer (not yet shown)."""
        self.upload()
        renderer, texture = self._held()
        renderer.draw_color = BLACK
        renderer.clear()
        texture.draw(dstrect=self.target, angle=self.rotation)  # SDL's angle turns clockwise

    def present(self) -> None:
        """Show the logical picture turned."""
        self.compose()
        self._held()[0].present()

    def blank(self) -> None:
        """Show a black picture (the vsync measurement flips these back to back)."""
        renderer = self._held()[0]
        renderer.draw_color = BLACK
        renderer.clear()
        renderer.present()

    def shown(self) -> pygame.Surface:
        """The turned picture as the renderer draws it, read back (tests and screenshots)."""
        self.compose()  # the back buffer is undefined after a present: draw it again to read it
        return self._held()[0].to_surface()

    def release(self) -> None:
        """Free the texture while its renderer lives (before ``pygame.display.quit``). Safe twice."""
        self.texture = None  # dropping the last reference destroys the SDL texture now
        self.renderer = None
