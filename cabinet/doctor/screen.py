"""Doctor: the screen. Which SDL video driver and renderer the cabinet gets, how a frame is shown, and whether vsync holds.

The screen is opened exactly as the cabinet opens it (:class:`cabinet.render.display.Display`,
fullscreen, the settings' rotation, the environment's ``SDL_VIDEODRIVER``), which
says how it shows a frame (``presentation``: a turned picture by the GPU or on
the CPU, and why), then flipped back to back to time the refresh
(:mod:`cabinet.render.vsync`) through that same path. The screen's line names
the DRM card SDL opened and its driver: with a DSI panel, a Pi 5 has more than
one card that can show a picture, and SDL may open the wrong one (SDL #13705).

Unpaced flips are a warning on most machines (the timer paces frames instead),
but a failure on a Pi 5: there SDL asks for asynchronous page flips, which its
display driver refuses (SDL #8579).
"""

from __future__ import annotations

import os
from pathlib import Path

from cabinet.doctor import FAIL, OK, SKIP, WARN, Result

NO_SCREEN_DRIVERS = ("dummy", "offscreen", "evdev")
DRI = Path("/dev/dri")
SYS_DRM = Path("/sys/class/drm")
OPEN_FILES = Path("/proc/self/fd")
NAMES = ("screen", "presentation", "vsync")
PI5_VSYNC_FIX = (
    "a Pi 5 cannot show unpaced flips (SDL asks for asynchronous page flips, which its display "
    "driver refuses: SDL #8579): set Environment=SDL_RENDER_VSYNC=1 (sudo systemctl edit "
    "arcadeforge), keep dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt, and give the monitor "
    "a 60 Hz mode"
)


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
            why = f"no {DRI}/card* and not a Raspberry Pi: no display hardware here (SDL: {exc or 'no reason given'})"
            return _without_screen(Result("screen", SKIP, why))
        return _without_screen(Result("screen", FAIL, explain(str(exc) or "no reason given", DRI)))
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
        renderer = window_renderer()
        found = (
            f"{pygame.display.get_driver()} driver, {width}x{height} screen, "
            + (renderer.describe() if renderer else "no renderer reported")
            + cards_words(opened_cards())
        )
        screen = Result("screen", OK if renderer and renderer.accelerated else WARN, found)
        shown = display.presentation
        presentation = Result("presentation", WARN if shown.path == CPU else OK, shown.words)
        return [screen, presentation, vsync_result(display.measure_vsync(), context.board)]
    finally:
        close_screen()


def vsync_result(reading, board) -> Result:
    """The vsync line: unpaced flips warn, except on a Pi 5, where they fail with the fix."""
    if reading.honoured:
        return Result("vsync", OK, reading.describe())
    if board.is_pi5:
        return Result("vsync", FAIL, f"{reading.describe()}; {PI5_VSYNC_FIX}")
    return Result(
        "vsync",
        WARN,
        reading.describe() + "; the cabinet paces frames by its timer (expect some tearing)",
    )


def opened_cards(open_files: Path = OPEN_FILES, dri: Path = DRI) -> list[str]:
    """The DRM cards (``card1``) this process has open, from its open files."""
    names = set()
    for entry in open_files.iterdir():
        try:
            target = Path(entry.readlink())
        except OSError:
            continue  # closed meanwhile
        if target.parent == dri and target.name.startswith("card"):
            names.add(target.name)
    return sorted(names)


def card_driver(card: str, sys_drm: Path = SYS_DRM) -> str:
    """The kernel driver behind a DRM card (``vc4-drm``, ``v3d``, ``drm-rp1-dsi``), or '?'."""
    try:
        return (sys_drm / card / "device" / "driver").resolve(strict=True).name
    except OSError:
        return "?"


def cards_words(opened: list[str], sys_drm: Path = SYS_DRM, dri: Path = DRI) -> str:
    """', on /dev/dri/card1 (vc4-drm); also card2 (drm-rp1-dsi)': the card SDL opened, and the others."""
    if not opened:
        return ""
    others = [p.name for p in sorted(dri.glob("card*")) if p.name not in opened]
    words = ", on " + ", ".join(f"{dri}/{card} ({card_driver(card, sys_drm)})" for card in opened)
    if others:
        words += "; also " + ", ".join(f"{card} ({card_driver(card, sys_drm)})" for card in others)
    return words


def _without_screen(screen: Result) -> list[Result]:
    """The screen's line, and the lines that need a screen skipped."""
    return [screen] + [Result(name, SKIP, "no screen") for name in NAMES[1:]]
