"""Opening the screen, a few tries, and one clear line naming the cause when it cannot be done.

On a cabinet the usual causes are: the kernel has no KMS display driver (no
``/dev/dri``), the program may not open the device (a group or the unit's
device list), the SDL has no KMSDRM driver, or no monitor answers. The program
then exits with :data:`EXIT_NO_DISPLAY`, which the systemd unit does not
restart (``RestartPreventExitStatus``): ``systemctl status`` shows the line
instead of a silent restart loop.
"""

from __future__ import annotations

import getpass
import os
import time
from pathlib import Path

import pygame

from cabinet.render import sdl_drivers

EXIT_NO_DISPLAY = 4
TRIES = 3
PAUSE_SECONDS = 2.0  # between tries: a monitor or the GPU may still be waking up


class DisplayUnavailable(RuntimeError):
    """The screen could not be opened; the message names the cause and the fix."""


def open_display(
    open_once, tries: int = TRIES, pause: float | None = None, dri: Path = Path("/dev/dri")
):
    """``open_once()`` (returns the display), tried ``tries`` times; DisplayUnavailable after the last."""
    pause = PAUSE_SECONDS if pause is None else pause
    for attempt in range(1, tries + 1):
        try:
            return open_once()
        except pygame.error as exc:
            error = str(exc) or "no reason given"
            if attempt == tries:
                raise DisplayUnavailable(explain(error, dri)) from exc
            time.sleep(pause)
    raise AssertionError("unreachable")  # pragma: no cover


def explain(error: str, dri: Path = Path("/dev/dri")) -> str:
    """One line: what SDL said, the likely cause, and what fixes it."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    said = f"cannot open the screen (SDL: {error})"
    if driver.lower() == "kmsdrm":
        if not sdl_drivers.has_driver("KMSDRM"):
            return (
                f"{said}: this SDL has no KMSDRM video driver; reinstall with systemd/install.sh, "
                "which installs pygame-ce's wheel"
            )
    cards = sorted(dri.glob("card*")) if dri.is_dir() else []
    if driver.lower() in ("", "kmsdrm") and not cards:
        return (
            f"{said}: there is no {dri}/card*, so the kernel has no KMS display driver; "
            "put dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt and reboot"
        )
    if cards and not any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return (
            f"{said}: user {getpass.getuser()} may not open {cards[0]}; add it to the video and "
            "render groups (systemd/install.sh does) and keep DeviceAllow=char-drm rw in the unit"
        )
    return f"{said}: is a monitor connected to HDMI 0 and switched on? Then sudo systemctl restart arcadeforge"
