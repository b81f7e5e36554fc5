"""Coins and the service menu come from the cabinet's own switches only, unless allowed (issue 20).

On a paid cabinet a USB keyboard in a free port must not give coins (5, 6), the
service menu (F2) or its resets (F1), and no gamepad's button 8 is a coin, until
``inputs.keyboard_cabinet_keys`` (or a desktop run, ``--windowed``) allows it.
"""

import pygame

from cabinet.inputs.actions import CABINET, Action
from cabinet.settings.load import SHIPPED_CONFIG, load_settings
from cabinet.settings.schema import InputSettings, JoystickSettings
from support.inputs import FakeJoystickPort, key

CABINET_KEYS = {
    pygame.K_5: Action.COIN1,
    pygame.K_6: Action.COIN2,
    pygame.K_F2: Action.SERVICE,
    pygame.K_F1: Action.TEST,
    pygame.K_F9: Action.PAUSE,
}


def _press(hub, code, frame):
    hub.handle_pygame_event(key(pygame.KEYDOWN, code))
    events = [(e.player, e.action) for e in hub.poll(frame)]
    hub.handle_pygame_event(key(pygame.KEYUP, code))
    hub.poll(frame + 1)
    return events


def test_the_shipped_settings_keep_the_cabinet_keys_off():
    assert load_settings(SHIPPED_CONFIG).settings.inputs.keyboard_cabinet_keys is False
    assert InputSettings().keyboard_cabinet_keys is False  # an older file without the key: off too


def test_a_keyboard_on_a_paid_cabinet_plays_but_gives_no_coin_and_no_service_menu(
    make_hub, pins, clock
):
    hub = make_hub()
    for frame, code in enumerate(CABINET_KEYS, start=1):
        assert _press(hub, code, frame * 2) == [], pygame.key.name(code)
    assert hub.refused is not None and hub.label(hub.refused.switch) == "keyboard key F9"
    assert _press(hub, pygame.K_z, 20) == [(1, Action.A)]
    pins.pin(2).drive_low()  # the coin mechanism on GPIO 2: always a coin
    assert [(e.player, e.action) for e in hub.poll(30)] == [(CABINET, Action.COIN1)]
    assert hub.describe(CABINET, Action.COIN1) == ["GPIO 2"]  # the input test lists no key for it


def test_with_the_cabinet_keys_allowed_the_keyboard_gives_all_of_them(make_hub):
    hub = make_hub(InputSettings(keyboard_cabinet_keys=True))
    for frame, (code, action) in enumerate(CABINET_KEYS.items(), start=1):
        assert _press(hub, code, frame * 2) == [(CABINET, action)]
    assert hub.describe(CABINET, Action.SERVICE) == ["GPIO 9", "key F2"]


def _gamepad(make_hub, entries, cabinet_keys=None):
    port = FakeJoystickPort()
    hub = make_hub(InputSettings(joysticks=entries), open_joystick=port, cabinet_keys=cabinet_keys)
    hub.handle_pygame_event(port.plug(0, "Generic USB Gamepad", 7))
    hub.handle_pygame_event(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=8))
    hub.handle_pygame_event(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0))
    return hub, [(e.player, e.action) for e in hub.poll(1)]


def test_any_gamepads_button_8_is_no_coin_but_the_operators_named_encoder_gives_coins(make_hub):
    hub, events = _gamepad(make_hub, [JoystickSettings()])  # the shipped catch-all entry
    assert events == [(1, Action.A)]
    assert hub.label(hub.refused.switch) == "Generic USB Gamepad (player 1) button 8"
    assert hub.describe(CABINET, Action.COIN1) == ["GPIO 2"]
    _, events = _gamepad(make_hub, [JoystickSettings(name="generic usb")])  # named by the operator
    assert events == [(CABINET, Action.COIN1), (1, Action.A)]
    _, events = _gamepad(make_hub, [JoystickSettings()], cabinet_keys=True)  # a desktop run
    assert events == [(CABINET, Action.COIN1), (1, Action.A)]


def _credits_after_key_5(**options) -> int:
    from support.app import make_app, run

    app = make_app("credits: {free_play: false}\n", **options)
    app.ctx.inputs.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_5, "5"))
    app.ctx.inputs.handle_pygame_event(key(pygame.KEYUP, pygame.K_5, "5"))
    run(app, 3)
    return app.ctx.bank.credits


def test_a_desktop_run_turns_the_cabinet_keys_on_and_a_cabinet_run_leaves_them_off():
    assert _credits_after_key_5() == 0
    assert _credits_after_key_5(windowed=True) == 1


def test_the_setting_applied_from_the_service_menu_takes_effect_at_once():
    from support.app import make_app, run

    app = make_app("credits: {free_play: false}\n")
    settings = app.ctx.settings
    settings.inputs.keyboard_cabinet_keys = True
    for listener in app.ctx.settings_listeners:
        listener(settings)
    app.ctx.inputs.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_5, "5"))
    run(app, 3)
    assert app.ctx.bank.credits == 1


def _input_test(hub):
    import types

    from cabinet.scenes.kit.base import Scene, SceneStack
    from cabinet.scenes.service.input_test import InputTestScene

    ctx = types.SimpleNamespace(inputs=hub, scenes=SceneStack(), go_to_attract=lambda: None)
    ctx.scenes.push(Scene(ctx))
    scene = InputTestScene(ctx)
    ctx.scenes.push(scene)
    return scene


def _feed(scene, frame):
    for event in scene.ctx.inputs.poll(frame):
        scene.handle(event)
    scene.update()


def test_the_input_test_says_where_each_press_came_from_and_what_was_ignored(make_hub, pins, clock):
    port = FakeJoystickPort()
    hub = make_hub(open_joystick=port)
    scene = _input_test(hub)
    hub.handle_pygame_event(port.plug(0, "Generic USB Gamepad", 7))
    pins.pin(2).drive_low()
    _feed(scene, 1)
    assert scene.last_press == "LAST PRESS: COIN 1 FROM GPIO 2"
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_z))
    _feed(scene, 2)
    assert scene.last_press == "LAST PRESS: PLAYER 1 A FROM KEYBOARD KEY Z"
    hub.handle_pygame_event(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=1))
    _feed(scene, 3)
    assert scene.last_press == "LAST PRESS: PLAYER 1 B FROM GENERIC USB GAMEPAD (PLAYER 1) BUTTON 1"
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_6))
    _feed(scene, 4)
    assert (
        scene.last_press == "IGNORED: KEYBOARD KEY 6 (COIN 2), inputs.keyboard_cabinet_keys is off"
    )
    assert scene.presses.get((CABINET, Action.COIN2), 0) == 0
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    pygame.image.save(surface, "/tmp/fleet-trust-input-test.png")
