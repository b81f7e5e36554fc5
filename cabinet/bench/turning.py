"""The cost of showing a turned picture (display.rotation 90) by each path, for ``bench scenes``.

Measured on this machine's renderer, which headless is SDL's software
renderer (the dummy driver): the CPU path (``pygame.transform.rotate`` onto the
turned screen, then SCALED's flip) against the renderer path
(:class:`cabinet.render.gpu_turn.GpuTurn`: texture upload, a turned copy, the
renderer's present). Where the renderer is a GPU (a Pi's ``opengles2``) the
turned copy and the scale run there, so the renderer path's CPU cost is its
texture upload alone, reported apart; how long the GPU itself takes only a
real Pi can show (``doctor`` and the vsync line).
"""

from __future__ import annotations

import statistics
import time

from cabinet.bench import Figure

ROTATION = 90
FRAME_SHARE = (
    "<= 1.0"  # natively a whole frame's median is to stay within 1 ms; the present is part of it
)


def _median_ms(call, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time_ns()
        call()
        times.append((time.process_time_ns() - start) / 1e6)
    return statistics.median(times)


def turned_present_figures(picture, repeats: int) -> list[Figure]:
    """Figures for showing ``picture`` (a 960x540 frame) turned, by each path; opens and closes its own window."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    import pygame

    from cabinet.render.display import Display, close_screen
    from cabinet.render.gpu_turn import GpuTurn
    from cabinet.render.renderer import window_renderer

    close_screen()
    pygame.display.init()
    try:
        display = Display(ROTATION, fullscreen=False, gpu_turn=False)
        display.logical.blit(picture, (0, 0))
        renderer = window_renderer()
        name = renderer.name if renderer else "unknown"
        rotate = pygame.transform.rotate

        def cpu_rotation():
            display.screen.blit(rotate(display.logical, -ROTATION), (0, 0))

        figures = [
            Figure(
                f"turned {ROTATION}, CPU path: rotate + flip ({name} renderer), median",
                _median_ms(display.present, repeats),
                "ms",
                FRAME_SHARE,
            ),
            Figure(
                f"turned {ROTATION}, CPU path: the rotation alone, median",
                _median_ms(cpu_rotation, repeats),
                "ms",
                FRAME_SHARE,
            ),
        ]
        turn = GpuTurn(
            display.logical, ROTATION
        )  # on the same window, as Display(gpu_turn=True) makes it
        try:
            figures += [
                Figure(
                    f"turned {ROTATION}, renderer path: all ({name} renderer), median",
                    _median_ms(turn.present, repeats),
                    "ms",
                    "<= 16.7",
                ),
                Figure(
                    f"turned {ROTATION}, renderer path: upload (CPU share on a GPU), median",
                    _median_ms(turn.upload, repeats),
                    "ms",
                    FRAME_SHARE,
                ),
            ]
        finally:
            turn.release()
        return figures
    finally:
        close_screen()
