"""The display: a turned picture shown by the renderer or rotated on the CPU, the same on screen either way.

The dummy video driver gives SDL's software renderer, on which a Renderer and
a streaming texture can really be made: the renderer path runs here for real
(``gpu_turn=True``), and the read-back picture is compared with the CPU's.
"""

import logging

import numpy
import pygame
import pytest

from cabinet.render import display as display_module
from cabinet.render import gpu_turn, vsync
from cabinet.render.display import CPU, FLIP, GPU, Display, close_screen, display_size
from cabinet.render.renderer import RendererInfo

TURNS = (90, 180, 270)


@pytest.fixture
def open_display():
    """Opens a Display on a fresh window, as the App does; the window is closed after the test."""

    def open_(rotation: int, **options) -> Display:
        close_screen()
        pygame.display.init()
        return Display(rotation, fullscreen=False, **options)

    yield open_
    close_screen()


def every_pixel_its_own(surface: pygame.Surface) -> None:
    """Paint each pixel a colour no other pixel has: red and green the low bits of x and y, blue the rest."""
    width, height = surface.get_size()
    x, y = numpy.meshgrid(numpy.arange(width), numpy.arange(height), indexing="ij")
    pixels = numpy.stack([x % 256, y % 256, (x // 256) * 16 + y // 256], axis=-1).astype(
        numpy.uint8
    )
    pygame.surfarray.blit_array(surface, pygame.surfarray.map_array(surface, pixels))


def rgb(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("rotation", TURNS)
@pytest.mark.parametrize("gpu", [True, False], ids=["renderer", "cpu"])
def test_both_paths_show_the_picture_turned_as_the_cpu_rotation_does(open_display, rotation, gpu):
    display = open_display(rotation, gpu_turn=gpu)
    assert display.presentation.path == (GPU if gpu else CPU)
    every_pixel_its_own(display.logical)
    display.present()
    shown = display.shown()
    assert shown.get_size() == display_size(rotation)
    assert rgb(shown) == rgb(pygame.transform.rotate(display.logical, -rotation))


@pytest.mark.parametrize("rotation", (0, *TURNS))
@pytest.mark.parametrize("gpu", [True, False], ids=["renderer", "cpu"])
def test_a_point_on_the_screen_maps_to_the_logical_pixel_shown_there(open_display, rotation, gpu):
    display = open_display(rotation, gpu_turn=gpu)
    every_pixel_its_own(display.logical)
    display.present()
    shown = display.shown()
    width, height = shown.get_size()
    points = [
        (x, y)
        for x in (*range(0, width, 37), width - 1)
        for y in (*range(0, height, 41), height - 1)
    ]
    wrong = [
        point
        for point in points
        if shown.get_at(point) != display.logical.get_at(display.to_logical(point))
    ]
    assert not wrong, f"{len(wrong)} of {len(points)} points map elsewhere, first {wrong[0]}"


def test_an_unturned_picture_keeps_the_one_flip(open_display):
    display = open_display(0, gpu_turn=True)
    assert display.presentation.path == FLIP and display.logical is display.screen


def test_by_default_a_turned_picture_goes_to_the_renderer_only_where_it_is_a_gpu(
    open_display, monkeypatch
):
    software = open_display(90)  # the dummy driver's software renderer turns slower than the CPU
    assert (
        software.presentation.path == CPU
        and "software renderer has no GPU" in software.presentation.words
    )
    monkeypatch.setattr(display_module, "window_renderer", lambda: RendererInfo("opengles2", True))
    gpu = open_display(90)
    assert (
        gpu.presentation.path == GPU and "by the opengles2 renderer (GPU)" in gpu.presentation.words
    )


class Refusing:
    """Stands in for a pygame._sdl2.video class whose SDL call fails."""

    def __init__(self, *args, **kwargs):
        raise pygame.error("Couldn't create texture")

    @classmethod
    def from_window(cls, window):
        raise pygame.error("Invalid renderer")


@pytest.mark.parametrize("refused", ["Renderer", "Texture"])
def test_a_renderer_or_texture_that_cannot_be_made_leaves_the_cpu_rotation_logged_once(
    open_display, monkeypatch, caplog, refused
):
    monkeypatch.setattr(gpu_turn, refused, Refusing)
    with caplog.at_level(logging.INFO, logger=display_module.__name__):
        display = open_display(90, gpu_turn=True)
        every_pixel_its_own(display.logical)
        for _ in range(3):
            display.present()
    assert display.presentation.path == CPU
    warned = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    said = {"Renderer": "Invalid renderer", "Texture": "Couldn't create texture"}[refused]
    assert len(warned) == 1 and said in warned[0] and said in display.presentation.words
    assert rgb(display.shown()) == rgb(pygame.transform.rotate(display.logical, -90))


def test_a_renderer_that_fails_mid_run_hands_the_next_frames_to_the_cpu(
    open_display, monkeypatch, caplog
):
    display = open_display(270, gpu_turn=True)
    every_pixel_its_own(display.logical)
    display.present()

    def lost():
        raise pygame.error("Texture was lost")

    monkeypatch.setattr(display._gpu, "present", lost)
    with caplog.at_level(logging.WARNING, logger=display_module.__name__):
        display.present()
        display.present()
    assert display.presentation.path == CPU and "Texture was lost" in display.presentation.words
    assert len(caplog.records) == 1
    assert rgb(display.shown()) == rgb(pygame.transform.rotate(display.logical, -270))


def test_the_vsync_measurement_times_the_renderers_present(open_display, monkeypatch):
    display = open_display(90, gpu_turn=True)
    presents = []
    monkeypatch.setattr(display._gpu, "blank", lambda: presents.append("renderer"))
    monkeypatch.setattr(pygame.display, "flip", lambda: presents.append("display.flip"))
    reading = display.measure_vsync()
    assert presents == ["renderer"] * (vsync.FLIPS + 1) and display.vsync is reading


def test_the_renderers_own_present_can_be_measured(open_display):
    display = open_display(90, gpu_turn=True)
    assert isinstance(display.measure_vsync(), vsync.Reading)
    assert display.presentation.path == GPU


def test_closing_the_screen_lets_go_of_the_texture_first(open_display):
    display = open_display(180, gpu_turn=True)
    turn = display._gpu
    close_screen()
    assert display._gpu is None and turn.texture is None
    again = open_display(180, gpu_turn=True)  # a new window after the old one's texture went
    every_pixel_its_own(again.logical)
    again.present()
    assert rgb(again.shown()) == rgb(pygame.transform.rotate(again.logical, -180))
