"""The video drivers compiled into the SDL that pygame actually loaded.

pygame-ce's wheels bundle their own SDL; whether it can draw straight to a
Raspberry Pi's screen depends on its KMSDRM driver being compiled in. SDL's own
``SDL_GetNumVideoDrivers``/``SDL_GetVideoDriver`` list them (whether or not
this machine could open them), read here through ctypes from the library
pygame loaded. ``python -m cabinet.render.sdl_drivers [--require NAME]``
prints them; the installer uses it to refuse an SDL without KMSDRM.
"""

from __future__ import annotations

import ctypes
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def loaded_sdl() -> str:
    """The path of the core SDL2 library in this process (loading pygame if needed)."""
    import pygame  # noqa: F401  (loads SDL)

    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if "/" in line}
    core = sorted(p for p in paths if os.path.basename(p).startswith(("libSDL2-2", "libSDL2.so")))
    if not core:
        raise RuntimeError("pygame is loaded but no libSDL2 is mapped into this process")
    return core[0]


def video_drivers() -> list[str]:
    """Names of the video drivers compiled into the loaded SDL, e.g. ["x11", "KMSDRM", "dummy"]."""
    sdl = ctypes.CDLL(loaded_sdl())
    sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
    sdl.SDL_GetVideoDriver.argtypes = [ctypes.c_int]
    return [sdl.SDL_GetVideoDriver(index).decode() for index in range(sdl.SDL_GetNumVideoDrivers())]


def has_driver(name: str) -> bool:
    """True when the loaded SDL has the video driver ``name`` (case does not matter)."""
    return name.lower() in (driver.lower() for driver in video_drivers())


def main(argv: list[str]) -> int:
    drivers = video_drivers()
    print(f"{loaded_sdl()}: {' '.join(drivers)}")
    if len(argv) == 2 and argv[0] == "--require" and not has_driver(argv[1]):
        print(f"this SDL has no {argv[1]} video driver", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
