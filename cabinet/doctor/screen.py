"""Doctor: the screen. Which SDL video driver and renderer the cabinet gets, how a frame is shown, and whether vsync holds.

The screen is opened exactly as the cabinet opens it (:class:`cabinet.render.display.Display`,
fullscreen, the settings' rotation, the environment's ``SDL_VIDEODRIVER``), which
says how it shows a frame (``presentation``: a turned picture by the GPU or on
the CPU, and why), then flipped back to back to time the refresh
(:mod:`cabinet.render.vsync`) through that same path.
"""

from __future__ import annotations

import os
from pathlib import Path

from cabinet.doctor import FAIL, OK, SKIP, WARN, Result

NO_SCREEN_DRIVERS = ("dummy", "offscreen", "evdev")
DRI = Path("/dev/dri")
NAMES = ("screen", "presentation", "vsync")


def check(context) -> list[Result]:
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver.lower() in NO_SCREEN_DRIVERS:
        why = f"SDL_VIDEODRIVER={driver}: no screen to check here (the cabinet's unit uses kmsdrm)"
        return [Result(name, SKIP, why) for name in NAMES]
    if context.cabinet_active:
        why = "the cabinet is running and holds the screen; sudo systemctl stop arcadeforge, then run doctor again"
        return [Result(name, SKIP, why) for name in NAMES]
    import pygame

    from cabinet.render.display import CPU, close_screen, reopen_screen
    from cabinet.render.display_failure import explain
    from cabinet.render.renderer import window_renderer
    try:
        # An SDL already started on another driver would be reused as it is: closed first.
        display = reopen_screen(context.settings.display.rotation, fullscreen=True)
    except pygame.error as exc:
        pygame.display.quit()
        if not context.is_pi and not sorted(DRI.glob("card*")):
            why = (f"no {DRI}/card* and not a Raspberry Pi: no display hardware here "
                   f"(SDL: {exc or 'no reason given'})")
            return _without_screen(Result("screen", SKIP, why))
        return _without_screen(Result("screen", FAIL, explain(str(exc) or "no reason given", DRI)))
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
        renderer = window_renderer()
        found = f"{pygame.display.get_driver()} driver, {width}x{height} screen, " + (
            renderer.describe() if renderer else "no renderer reported")
        screen = Result("screen", OK if renderer and renderer.accelerated else WARN, found)
        shown = display.presentation
        presentation = Result("presentation", WARN if shown.path == CPU else OK, shown.words)
        reading = display.measure_vsync()
        if reading.honoured:
            vsync = Result("vsync", OK, reading.describe())
        else:
            vsync = Result("vsync", WARN, reading.describe()
                           + "; the cabinet paces frames by its timer (expect some tearing)")
        return [screen, presentation, vsync]
    finally:
        close_screen()


def _without_screen(screen: Result) -> list[Result]:
    """The screen's line, and the lines that need a screen skipped."""
    return [screen] + [Result(name, SKIP, "no screen") for name in NAMES[1:]]
