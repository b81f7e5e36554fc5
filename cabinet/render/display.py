"""The window or screen: a 960x540 logical picture, scaled by SDL and turned if asked.

The window asks SDL for vsync; :meth:`Display.measure_vsync` finds out from
timed flips whether the monitor's refresh really paces them (``vsync``), so
the main loop can let the flip do its waiting, or pace by the timer when not.

With rotation 0 the scenes draw straight onto the display surface that
``pygame.SCALED`` gives us, so showing a frame is one flip. With 90/180/270
they draw onto an off-screen logical surface that is shown turned on a
display of the turned size (540x960 for a vertical monitor): by the window's
renderer where it runs on a GPU (:mod:`cabinet.render.gpu_turn`), else
rotated on the CPU before the flip. SDL's software renderer turns a picture
several times slower than the CPU rotation does (6.0 ms against 0.73 ms with
the flip, natively), so without a GPU the CPU rotation stays. ``presentation``
says which path is in use and why; a renderer that fails, at the start or
later, leaves the CPU rotation, logged once, never a dead screen.
"""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cabinet.render import LOGICAL_SIZE
from cabinet.render.gpu_turn import GpuTurn
from cabinet.render.renderer import window_renderer

if TYPE_CHECKING:
    from cabinet.render.vsync import Reading

log = logging.getLogger(__name__)

FLIP, GPU, CPU = "flip", "gpu", "cpu"  # the presentation paths


@dataclass(frozen=True)
class Presentation:
    """How frames reach the screen: ``path`` (FLIP, GPU or CPU) and, in words, which and why."""

    path: str
    words: str


def display_size(rotation: int) -> tuple[int, int]:
    """The size of the display surface for a picture turned by ``rotation`` degrees."""
    width, height = LOGICAL_SIZE
    return (height, width) if rotation in (90, 270) else (width, height)


class Display:
    """Opens the screen and presents the logical surface on it.

    :param rotation: 0, 90, 180 or 270: how far the monitor is turned clockwise.
    :param fullscreen: the whole screen (a cabinet), else a window.
    :param gpu_turn: None (the default) turns a rotated picture on the renderer
        where it runs on a GPU; True on any renderer SDL gives (tests, the bench);
        False always on the CPU.
    """

    def __init__(self, rotation: int = 0, fullscreen: bool = True, gpu_turn: bool | None = None):
        self.rotation = rotation
        self.vsync: Reading | None = None  # once measure_vsync() ran
        self._gpu: GpuTurn | None = None
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
        _opened(self)
        if rotation:
            self.logical = pygame.Surface(LOGICAL_SIZE).convert()
            self.presentation = self._choose_turn(gpu_turn)
        else:
            self.logical = self.screen
            self.presentation = Presentation(
                FLIP, "not turned: the scenes draw on the SCALED screen, one flip shows it"
            )
            log.info("display: %s", self.presentation.words)
        if fullscreen:
            pygame.mouse.set_visible(False)

    def _choose_turn(self, wanted: bool | None) -> Presentation:
        turned = f"turned {self.rotation} degrees"
        if wanted is False:
            return self._on_cpu(f"{turned} on the CPU every frame, as asked")
        try:
            renderer = window_renderer()
            if renderer is None:
                return self._on_cpu(
                    f"{turned} on the CPU every frame: SDL reports no renderer for the window"
                )
            if wanted is None and not renderer.accelerated:
                return self._on_cpu(
                    f"{turned} on the CPU every frame: SDL's {renderer.name} renderer has no GPU "
                    "and turns slower than the CPU rotation"
                )
            self._gpu = GpuTurn(self.logical, self.rotation)
        except (
            Exception
        ) as exc:  # whatever SDL or pygame refuses, the CPU rotation still shows the picture
            return self._on_cpu(
                f"{turned} on the CPU every frame: the renderer could not turn it "
                f"({type(exc).__name__}: {exc or 'no reason given'})",
                failed=True,
            )
        where = "GPU" if renderer.accelerated else "no GPU"
        presentation = Presentation(
            GPU, f"{turned} by the {renderer.name} renderer ({where}) as it shows the picture"
        )
        log.info("display: %s", presentation.words)
        return presentation

    def _on_cpu(self, words: str, failed: bool = False) -> Presentation:
        log.log(logging.WARNING if failed else logging.INFO, "display: %s", words)
        return Presentation(CPU, words)

    def present(self) -> None:
        """Show the logical surface."""
        if self._gpu is not None:
            try:
                self._gpu.present()
                return
            except pygame.error as exc:
                self.close()
                self.presentation = self._on_cpu(
                    f"turned {self.rotation} degrees on the CPU every frame: the "
                    f"renderer failed to show a frame ({exc or 'no reason given'})",
                    failed=True,
                )
        if self.rotation:
            # pygame rotates counter-clockwise; a monitor turned clockwise needs the opposite.
            self.screen.blit(pygame.transform.rotate(self.logical, -self.rotation), (0, 0))
        pygame.display.flip()

    def shown(self) -> pygame.Surface:
        """A copy of the picture as the screen shows it (turned), read back after :meth:`present`."""
        return self._gpu.shown() if self._gpu is not None else self.screen.copy()

    def measure_vsync(self):
        """Flip a black picture a few times back to back: is vsync honoured? Sets ``vsync``."""
        from cabinet.render.vsync import measure

        if self._gpu is not None:
            flip = self._gpu.blank  # the renderer's present, which waits where vsync holds
        else:
            self.screen.fill((0, 0, 0))
            flip = pygame.display.flip
        self.vsync = measure(flip)
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

    def close(self) -> None:
        """Let go of the renderer's texture, while the window still lives. Safe twice."""
        if self._gpu is not None:
            self._gpu.release()
            self._gpu = None


_open: list[Display] = []  # SDL gives one SCALED window per process: the display showing it


def _opened(display: Display) -> None:
    _open[:] = [display]


def close_screen() -> None:
    """Close the window: the open display's texture first, which must not outlive its renderer."""
    while _open:
        _open.pop().close()
    pygame.display.quit()


def reopen_screen(rotation: int, fullscreen: bool) -> Display:
    """A new window for ``rotation``, any open one closed first: SDL gives one SCALED window per process."""
    if pygame.display.get_init():
        close_screen()
    pygame.display.init()
    return Display(rotation, fullscreen=fullscreen)
