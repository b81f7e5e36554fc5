"""The hub: merging sources, auto-repeat in frames, the stuck-switch guard."""

import logging

import pygame

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.settings.schema import InputSettings, RepeatSettings
from support.inputs import key


def run_frames(hub, first, last):
    """Every event from polling frames first..last inclusive."""
    events = []
    for frame in range(first, last + 1):
        events += hub.poll(frame)
    return events


# ------------------------------------------------------------------ merging


def test_two_switches_with_one_meaning_make_one_press_until_both_let_go(make_hub, pins, clock):
    hub = make_hub()
    pins.pin(4).drive_low()  # player 1 left on the panel
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_LEFT))
    assert hub.poll(1) == [InputEvent(1, Action.LEFT, True, 1)]
    clock.advance(0.05)
    pins.pin(4).drive_high()
    assert hub.poll(2) == []
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_LEFT))
    assert hub.poll(3) == [InputEvent(1, Action.LEFT, False, 3)]


def test_events_are_stamped_with_the_polled_frame(make_hub):
    hub = make_hub(cabinet_keys=True)
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_5, "5"))
    assert hub.poll(123456) == [InputEvent(CABINET, Action.COIN1, True, 123456)]


# ------------------------------------------------------------------ auto-repeat


def test_held_direction_repeats_after_the_delay_then_at_the_rate(make_hub):
    hub = make_hub()  # the menu profile: delay 20, rate 6
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_DOWN))
    assert hub.poll(10) == [InputEvent(1, Action.DOWN, True, 10)]
    repeats = run_frames(hub, 11, 44)
    assert [e.frame for e in repeats] == [30, 36, 42]
    assert all(e.repeat and e.pressed and e.action is Action.DOWN for e in repeats)
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_DOWN))
    assert hub.poll(45) == [InputEvent(1, Action.DOWN, False, 45)]
    assert run_frames(hub, 46, 120) == []


def test_each_game_has_its_own_repeat_feel(make_hub):
    settings = InputSettings(
        blocks_repeat=RepeatSettings(delay_frames=5, rate_frames=2),
        antigravity_repeat=RepeatSettings(delay_frames=9, rate_frames=3),
    )
    hub = make_hub(settings)
    hub.set_repeat_profile("blocks")
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_RIGHT))
    assert [e.frame for e in run_frames(hub, 0, 10) if e.repeat] == [5, 7, 9]
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_RIGHT))
    hub.set_repeat_profile("antigravity")
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_RIGHT))
    assert [e.frame for e in run_frames(hub, 20, 32) if e.repeat] == [29, 32]


def test_buttons_never_repeat(make_hub):
    hub = make_hub(cabinet_keys=True)
    for code in (pygame.K_z, pygame.K_1, pygame.K_5):
        hub.handle_pygame_event(key(pygame.KEYDOWN, code))
    assert len(hub.poll(0)) == 3
    assert run_frames(hub, 1, 200) == []


def test_two_players_repeat_independently(make_hub):
    hub = make_hub()
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_LEFT))
    hub.poll(0)
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_KP3))
    hub.poll(3)
    repeats = [(e.player, e.frame) for e in run_frames(hub, 4, 27)]
    assert repeats == [(1, 20), (2, 23), (1, 26)]


def test_a_stalled_loop_gets_one_repeat_not_a_burst(make_hub):
    hub = make_hub()
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_UP))
    hub.poll(0)
    assert [e.frame for e in hub.poll(500)] == [500]
    assert hub.poll(505) == [] and [e.frame for e in hub.poll(506)] == [506]


def test_unknown_repeat_profile_is_logged_once_and_changes_nothing(make_hub, caplog):
    hub = make_hub()
    with caplog.at_level(logging.ERROR, logger="cabinet.inputs"):
        hub.set_repeat_profile("pinball")
        hub.set_repeat_profile("pinball")
    assert len(caplog.records) == 1 and "'pinball'" in caplog.text
    assert hub.repeat.profile == "menu"


# ------------------------------------------------------------------ stuck switches


def test_a_switch_held_too_long_is_released_once_and_ignored_until_let_go(
    make_hub, pins, clock, caplog
):
    hub = make_hub(InputSettings(stuck_seconds=5))  # 300 frames
    pins.pin(26).drive_low()  # player 1 start jams
    assert hub.poll(0) == [InputEvent(1, Action.START, True, 0)]
    with caplog.at_level(logging.WARNING, logger="cabinet.inputs"):
        assert run_frames(hub, 1, 299) == []
        assert hub.poll(300) == [InputEvent(1, Action.START, False, 300)]
        assert run_frames(hub, 301, 2000) == []
    assert [r.getMessage() for r in caplog.records] == [
        "inputs: GPIO 26 (player 1 START) held for 5 s; ignored until released"
    ]
    hub.handle_pygame_event(
        key(pygame.KEYDOWN, pygame.K_1, "1")
    )  # the keyboard's start still works
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_1))
    assert [e.pressed for e in hub.poll(2001)] == [True, False]
    clock.advance(0.05)
    pins.pin(26).drive_high()  # freed: its release was already sent
    assert hub.poll(2002) == []
    clock.advance(0.05)
    pins.pin(26).drive_low()  # and it works again
    assert hub.poll(2003) == [InputEvent(1, Action.START, True, 2003)]


def test_a_stuck_direction_stops_repeating(make_hub):
    hub = make_hub(InputSettings(stuck_seconds=5))
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_a, "a"))
    events = run_frames(hub, 0, 400)
    assert events[-1] == InputEvent(1, Action.LEFT, False, 300)
    assert all(e.frame < 300 for e in events[:-1])


def test_a_jammed_switch_does_not_release_what_another_still_holds(make_hub, pins):
    hub = make_hub(InputSettings(stuck_seconds=5))
    pins.pin(17).drive_low()  # player 1 right, jamming
    hub.poll(0)
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_d, "d"))
    hub.poll(299)
    assert [e for e in hub.poll(300) if not e.repeat] == []  # D is still held down
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_d))
    assert hub.poll(301) == [InputEvent(1, Action.RIGHT, False, 301)]
