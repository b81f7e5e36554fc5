"""USB encoders through pygame's joystick events: axes, hats, buttons, hotplug, players."""

import dataclasses
import logging

import pygame
import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.settings.schema import InputSettings, JoystickSettings
from support.inputs import FakeJoystickPort


@pytest.fixture
def port():
    return FakeJoystickPort()


@pytest.fixture
def events():
    """pygame's own event queue, so synthetic events travel the way real ones do."""
    pygame.display.init()
    pygame.event.clear()
    yield
    pygame.display.quit()


def through_pygame(hub, *posted):
    for event in posted:
        pygame.event.post(event)
    for event in pygame.event.get():
        hub.handle_pygame_event(event)


def axis(iid, number, value):
    return pygame.event.Event(pygame.JOYAXISMOTION, instance_id=iid, axis=number, value=value)


def hat(iid, value, number=0):
    return pygame.event.Event(pygame.JOYHATMOTION, instance_id=iid, hat=number, value=value)


def button(iid, number, down=True):
    return pygame.event.Event(
        pygame.JOYBUTTONDOWN if down else pygame.JOYBUTTONUP, instance_id=iid, button=number
    )


def removed(iid):
    return pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=iid)


def pressed(events_):
    return [(e.player, e.action, e.pressed) for e in events_]


def test_zero_delay_encoder_stick_and_buttons_through_the_event_queue(make_hub, port, events):
    hub = make_hub(open_joystick=port, cabinet_keys=True)  # the catch-all mapping's coin needs them
    through_pygame(hub, port.plug(0, "DragonRise Inc.   Generic   USB  Joystick  ", 10))
    through_pygame(hub, axis(10, 0, -1.0), axis(10, 1, 1.0), button(10, 0), button(10, 9))
    assert hub.poll(1) == [
        InputEvent(1, Action.LEFT, True, 1),
        InputEvent(1, Action.DOWN, True, 1),
        InputEvent(1, Action.A, True, 1),
        InputEvent(1, Action.START, True, 1),
    ]
    through_pygame(hub, axis(10, 0, 0.0), axis(10, 1, 0.0), button(10, 0, False), button(10, 8))
    assert pressed(hub.poll(2)) == [
        (1, Action.LEFT, False),
        (1, Action.DOWN, False),
        (1, Action.A, False),
        (CABINET, Action.COIN1, True),
    ]


def test_axis_dead_zone_hysteresis_and_flip(make_hub, port):
    hub = make_hub(open_joystick=port)
    hub.handle_pygame_event(port.plug(0, "pad", 3))
    for value in (0.3, -0.49):  # inside the 0.5 dead zone
        hub.handle_pygame_event(axis(3, 0, value))
    assert hub.poll(1) == []
    hub.handle_pygame_event(axis(3, 0, -0.7))
    assert pressed(hub.poll(2)) == [(1, Action.LEFT, True)]
    hub.handle_pygame_event(axis(3, 0, -0.45))  # wobbling just inside: still held
    assert hub.poll(3) == []
    hub.handle_pygame_event(axis(3, 0, 0.9))  # straight across
    assert pressed(hub.poll(4)) == [(1, Action.LEFT, False), (1, Action.RIGHT, True)]
    hub.handle_pygame_event(axis(3, 0, 0.1))
    assert pressed(hub.poll(5)) == [(1, Action.RIGHT, False)]


def test_hat_diagonals_press_and_release_two_directions(make_hub, port):
    hub = make_hub(open_joystick=port)
    hub.handle_pygame_event(port.plug(0, "Gamepad", 4))
    hub.handle_pygame_event(hat(4, (-1, 1)))
    assert sorted(pressed(hub.poll(1)), key=str) == sorted(
        [(1, Action.LEFT, True), (1, Action.UP, True)], key=str
    )
    hub.handle_pygame_event(hat(4, (0, 1)))
    assert pressed(hub.poll(2)) == [(1, Action.LEFT, False)]
    hub.handle_pygame_event(hat(4, (0, 0)))
    assert pressed(hub.poll(3)) == [(1, Action.UP, False)]
    hub.handle_pygame_event(hat(4, (1, 0), number=1))  # not the mapped hat
    assert hub.poll(4) == []


def test_devices_take_players_in_order_and_a_third_waits_its_turn(make_hub, port, caplog):
    hub = make_hub(open_joystick=port, cabinet_keys=True)
    with caplog.at_level(logging.INFO, logger="cabinet.inputs"):
        for index, iid in enumerate((20, 21, 22)):
            hub.handle_pygame_event(port.plug(index, f"Encoder {index}", iid))
    assert hub.devices() == ["Encoder 0 (player 1)", "Encoder 1 (player 2)", "Encoder 2 (waiting)"]
    assert "players 1 and 2 already have one" in caplog.text
    hub.handle_pygame_event(button(21, 1))
    hub.handle_pygame_event(button(22, 1))  # waiting: ignored
    hub.handle_pygame_event(button(21, 8))  # player 2's coin button feeds chute 2
    assert pressed(hub.poll(1)) == [(2, Action.B, True), (CABINET, Action.COIN2, True)]
    hub.handle_pygame_event(button(20, 2))
    hub.poll(2)
    hub.handle_pygame_event(
        removed(20)
    )  # unplugged with C held: released, and its player passed on
    assert pressed(hub.poll(3)) == [(1, Action.C, False)]
    assert hub.devices() == ["Encoder 1 (player 2)", "Encoder 2 (player 1)"]
    hub.handle_pygame_event(button(22, 0))
    assert pressed(hub.poll(4)) == [(1, Action.A, True)]


def test_device_named_in_the_config_gets_its_player_and_mapping(make_hub, port):
    xinmo = JoystickSettings(
        name="xin-mo",
        player=2,
        x_axis=None,
        y_axis=None,
        hat=None,
        left=10,
        right=11,
        up=12,
        down=13,
        a=1,
        b=2,
        c=3,
        start=4,
        coin=None,
    )
    hub = make_hub(InputSettings(joysticks=[xinmo, JoystickSettings()]), open_joystick=port)
    hub.handle_pygame_event(port.plug(0, "Xin-Mo Xin-Mo Dual Arcade", 30))  # first, but player 2
    hub.handle_pygame_event(port.plug(1, "USB Gamepad", 31))  # the catch-all: next free player, 1
    hub.handle_pygame_event(button(30, 10))
    hub.handle_pygame_event(axis(30, 0, -1.0))  # axes unused on this one
    hub.handle_pygame_event(button(31, 9))
    assert pressed(hub.poll(1)) == [(2, Action.LEFT, True), (1, Action.START, True)]
    assert hub.describe(2, Action.LEFT) == ["GPIO 23", "key ;", "key num 1", "joy button 10"]
    assert "joy hat 0 \u2190" in hub.describe(1, Action.LEFT)


def test_no_matching_entry_falls_back_to_the_factory_mapping(make_hub, port):
    only_xinmo = JoystickSettings(name="xin-mo", a=5)
    hub = make_hub(InputSettings(joysticks=[only_xinmo]), open_joystick=port)
    hub.handle_pygame_event(port.plug(0, "Generic USB Joystick", 40))
    hub.handle_pygame_event(button(40, 0))
    assert pressed(hub.poll(1)) == [(1, Action.A, True)]


def test_a_button_given_twice_is_disabled_with_both_keys(make_hub, port):
    clash = dataclasses.replace(JoystickSettings(), b=0)  # a is 0 as well
    hub = make_hub(InputSettings(joysticks=[clash]), open_joystick=port)
    assert [str(p) for p in hub.problems] == [
        "inputs.joysticks[0].a and inputs.joysticks[0].b all use button 0; disabled"
    ]
    hub.handle_pygame_event(port.plug(0, "pad", 50))
    hub.handle_pygame_event(button(50, 0))
    hub.handle_pygame_event(button(50, 2))
    assert pressed(hub.poll(1)) == [(1, Action.C, True)]


def test_events_of_unknown_devices_and_failed_opens_are_ignored(make_hub, port):
    hub = make_hub(open_joystick=port)
    hub.handle_pygame_event(
        pygame.event.Event(pygame.JOYDEVICEADDED, device_index=7)
    )  # gone already
    hub.handle_pygame_event(button(99, 0))
    hub.handle_pygame_event(removed(99))
    assert hub.poll(1) == [] and hub.devices() == []


def test_the_same_device_announced_twice_is_one_device(make_hub, port):
    hub = make_hub(open_joystick=port)
    hub.handle_pygame_event(port.plug(0, "pad", 60))
    hub.handle_pygame_event(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0))
    assert hub.devices() == ["pad (player 1)"]


def test_invert_y(make_hub, port):
    hub = make_hub(InputSettings(joysticks=[JoystickSettings(invert_y=True)]), open_joystick=port)
    hub.handle_pygame_event(port.plug(0, "flight stick", 70))
    hub.handle_pygame_event(axis(70, 1, 1.0))
    assert pressed(hub.poll(1)) == [(1, Action.UP, True)]
