"""Doctor: the screen. Which SDL video driver and renderer the cabinet gets, and whether vsync holds.

The screen is opened exactly as the cabinet opens it (:class:`cabinet.render.display.Display`,
fullscreen, the settings' rotation, the environment's ``SDL_VIDEODRIVER``), then
flipped back to back to time the refresh (:mod:`cabinet.render.vsync`).
"""

from __future__ import annotations

import os
from pathlib import Path

from cabinet.doctor import FAIL, OK, SKIP, WARN, Result

NO_SCREEN_DRIVERS = ("dummy", "offscreen", "evdev")
DRI = Path("/dev/dri")


def check(context) -> list[Result]:
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver.lower() in NO_SCREEN_DRIVERS:
        why = f"SDL_VIDEODRIVER={driver}: no screen to check here (the cabinet's unit uses kmsdrm)"
        return [Result("screen", SKIP, why), Result("vsync", SKIP, why)]
    if context.cabinet_active:
        why = "the cabinet is running and holds the screen; sudo systemctl stop arcadeforge, then run doctor again"
        return [Result("screen", SKIP, why), Result("vsync", SKIP, why)]
    import pygame

    from cabinet.render.display import Display
    from cabinet.render.display_failure import explain
    from cabinet.render.renderer import window_renderer
    try:
        pygame.display.quit()      # an SDL already started on another driver would be reused as it is
        pygame.display.init()
        display = Display(context.settings.display.rotation, fullscreen=True)
    except pygame.error as exc:
        pygame.display.quit()
        if not context.is_pi and not sorted(DRI.glob("card*")):
            why = (f"no {DRI}/card* and not a Raspberry Pi: no display hardware here "
                   f"(SDL: {exc or 'no reason given'})")
            return [Result("screen", SKIP, why), Result("vsync", SKIP, "no screen")]
        return [Result("screen", FAIL, explain(str(exc) or "no reason given", DRI)),
                Result("vsync", SKIP, "no screen")]
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
        renderer = window_renderer()
        found = f"{pygame.display.get_driver()} driver, {width}x{height} screen, " + (
            renderer.describe() if renderer else "no renderer reported")
        screen = Result("screen", OK if renderer and renderer.accelerated else WARN, found)
        reading = display.measure_vsync()
        if reading.honoured:
            vsync = Result("vsync", OK, reading.describe())
        else:
            vsync = Result("vsync", WARN, reading.describe()
                           + "; the cabinet paces frames by its timer (expect some tearing)")
        return [screen, vsync]
    finally:
        pygame.display.quit()
