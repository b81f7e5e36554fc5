"""The input test screen: lamps follow the switches, sources shown, the panel alone gets out."""

import types

import pygame
import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.render import palette
from cabinet.scenes.kit.base import Scene, SceneStack
from cabinet.scenes.service.input_test import EXIT_FRAMES, PANEL_TOP, InputTestScene


@pytest.fixture
def screen(make_hub):
    """The scene on top of another one, fed by a real hub on mock pins."""
    hub = make_hub()
    ctx = types.SimpleNamespace(inputs=hub, scenes=SceneStack(), attract_calls=0)

    def go_to_attract():
        ctx.attract_calls += 1

    ctx.go_to_attract = go_to_attract
    ctx.scenes.push(Scene(ctx))  # the service menu, say
    scene = InputTestScene(ctx)
    ctx.scenes.push(scene)
    return scene


def feed(scene, frame=1):
    for event in scene.ctx.inputs.poll(frame):
        scene.handle(event)


def lamp_colour(scene, row):
    """The colour at the centre of player 1's lamp on ``row``."""
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    x = 16 + 22
    y = PANEL_TOP + 40 + row * 34 + 17
    return tuple(surface.get_at((x, y)))[:3]


def test_a_pressed_switch_lights_and_counts(screen, pins, clock):
    assert lamp_colour(screen, 0) == palette.DIM
    pins.pin(4).drive_low()  # player 1 left
    feed(screen)
    assert (1, Action.LEFT) in screen.held and screen.presses[(1, Action.LEFT)] == 1
    assert lamp_colour(screen, 0) == palette.GREEN
    clock.advance(0.05)
    pins.pin(4).drive_high()
    feed(screen, 2)
    assert lamp_colour(screen, 0) == palette.DIM
    assert screen.presses[(1, Action.LEFT)] == 1


def test_auto_repeats_are_not_counted_as_presses(screen):
    screen.handle(InputEvent(1, Action.UP, True, 1))
    screen.handle(InputEvent(1, Action.UP, True, 30, repeat=True))
    assert screen.presses[(1, Action.UP)] == 1


def test_each_row_shows_where_the_switch_comes_from(screen):
    assert screen.sources(2, Action.UP, 900) == ["GPIO 25  KEY @  KEY '  KEY NUM 5"]
    assert screen.sources(1, Action.START, 100) == ["GPIO 26  KEY 1", "KEY ENTER", "KEY SPACE"]


def test_holding_both_starts_for_two_seconds_goes_back(screen):
    ctx = screen.ctx
    for player in (1, 2):
        screen.handle(InputEvent(player, Action.START, True))
    for _ in range(EXIT_FRAMES - 1):
        screen.update()
    assert ctx.scenes.top is screen
    screen.handle(InputEvent(2, Action.START, False))  # letting go starts the count again
    screen.update()
    screen.handle(InputEvent(2, Action.START, True))
    for _ in range(EXIT_FRAMES - 1):
        screen.update()
    assert ctx.scenes.top is screen
    screen.update()
    assert ctx.scenes.top is not screen and len(ctx.scenes) == 1


def test_holding_service_alone_leaves_to_attract_when_nothing_is_underneath(screen):
    ctx = screen.ctx
    ctx.scenes.reset(screen)
    screen.handle(InputEvent(CABINET, Action.SERVICE, True))
    for _ in range(EXIT_FRAMES):
        screen.update()
    assert ctx.attract_calls == 1


def test_one_start_alone_never_leaves(screen):
    screen.handle(InputEvent(1, Action.START, True))
    for _ in range(EXIT_FRAMES * 3):
        screen.update()
    assert screen.ctx.scenes.top is screen


def test_the_screen_draws_problems_and_devices(make_hub, pins):
    import dataclasses

    from cabinet.settings.schema import GpioSettings, InputSettings

    gpio = dataclasses.replace(GpioSettings(), p2=dataclasses.replace(GpioSettings().p2, a=17))
    hub = make_hub(InputSettings(gpio=gpio))
    ctx = types.SimpleNamespace(inputs=hub, scenes=SceneStack())
    scene = InputTestScene(ctx)
    ctx.scenes.push(scene)
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    red_rows = {
        y
        for y in range(60, 100)
        if any(tuple(surface.get_at((x, y)))[:3] == palette.RED for x in range(0, 960, 3))
    }
    assert red_rows  # the duplicate-pin error is on screen


def test_an_encoder_plugged_in_during_the_test_shows_its_controls(make_hub):
    from support.inputs import FakeJoystickPort

    port = FakeJoystickPort()
    hub = make_hub(open_joystick=port)
    ctx = types.SimpleNamespace(inputs=hub, scenes=SceneStack())
    scene = InputTestScene(ctx)
    ctx.scenes.push(scene)
    scene.update()
    assert "JOY BUTTON 0" not in scene.sources(1, Action.A, 900)[0]
    hub.handle_pygame_event(port.plug(0, "Generic USB Joystick", 8))
    scene.update()
    assert scene.sources(1, Action.A, 900) == ["GPIO 5  KEY Z  JOY BUTTON 0"]
