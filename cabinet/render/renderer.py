"""Which SDL renderer draws the window that ``pygame.SCALED`` opened, read through ctypes.

With ``pygame.SCALED`` SDL picks a renderer itself: on a Raspberry Pi with
KMSDRM it should be ``opengles2`` (the GPU scales the 960x540 picture to the
screen); ``software`` means the CPU does that scale every frame, the slow
path. pygame does not say which one it got, so this asks SDL directly
(``SDL_GetRenderer`` / ``SDL_GetRendererInfo``) in the library pygame loaded.
"""

from __future__ import annotations

import ctypes
import warnings
from dataclasses import dataclass

SOFTWARE, ACCELERATED, PRESENTVSYNC = 0x1, 0x2, 0x4  # SDL_RendererFlags


class _RendererInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("flags", ctypes.c_uint32),
        ("num_texture_formats", ctypes.c_uint32),
        ("texture_formats", ctypes.c_uint32 * 16),
        ("max_texture_width", ctypes.c_int),
        ("max_texture_height", ctypes.c_int),
    ]


@dataclass(frozen=True)
class RendererInfo:
    """The window's renderer: SDL's name for it, and whether it runs on the GPU."""

    name: str
    accelerated: bool

    def describe(self) -> str:
        return f"{self.name} renderer ({'GPU' if self.accelerated else 'CPU: the slow path'})"


def window_renderer() -> RendererInfo | None:
    """The renderer of pygame's display window; None without one (no SCALED window open)."""
    import pygame
    from pygame._sdl2.video import Window

    from cabinet.render.sdl_drivers import loaded_sdl

    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore"
        )  # from_display_module is deprecated, and the one way to the id
        window_id = Window.from_display_module().id
    sdl = ctypes.CDLL(loaded_sdl())
    sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
    sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
    sdl.SDL_GetRenderer.restype = ctypes.c_void_p
    sdl.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
    sdl.SDL_GetRendererInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(_RendererInfo)]
    window = sdl.SDL_GetWindowFromID(window_id)
    renderer = sdl.SDL_GetRenderer(window) if window else None
    info = _RendererInfo()
    if not renderer or sdl.SDL_GetRendererInfo(renderer, ctypes.byref(info)) != 0:
        return None
    name = info.name.decode() if info.name else "unnamed"
    return RendererInfo(name, bool(info.flags & ACCELERATED) and not info.flags & SOFTWARE)
