"""The keyboard: RULES.md's layout, player 2's set, the cabinet keys, @ and : on any layout."""

import pygame
import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from support.inputs import key

P1_KEYS = [
    (pygame.K_a, Action.LEFT),
    (pygame.K_LEFT, Action.LEFT),
    (pygame.K_d, Action.RIGHT),
    (pygame.K_RIGHT, Action.RIGHT),
    (pygame.K_w, Action.UP),
    (pygame.K_UP, Action.UP),
    (pygame.K_s, Action.DOWN),
    (pygame.K_DOWN, Action.DOWN),
    (pygame.K_z, Action.A),
    (pygame.K_x, Action.B),
    (pygame.K_c, Action.C),
    (pygame.K_1, Action.START),
    (pygame.K_RETURN, Action.START),
    (pygame.K_SPACE, Action.START),
]
P2_KEYS = [
    (pygame.K_SEMICOLON, Action.LEFT),
    (pygame.K_KP1, Action.LEFT),
    (pygame.K_RIGHTBRACKET, Action.RIGHT),
    (pygame.K_KP3, Action.RIGHT),
    (pygame.K_AT, Action.UP),
    (pygame.K_QUOTE, Action.UP),
    (pygame.K_KP5, Action.UP),
    (pygame.K_COLON, Action.DOWN),
    (pygame.K_SLASH, Action.DOWN),
    (pygame.K_KP2, Action.DOWN),
    (pygame.K_m, Action.A),
    (pygame.K_KP0, Action.A),
    (pygame.K_COMMA, Action.B),
    (pygame.K_KP_PERIOD, Action.B),
    (pygame.K_PERIOD, Action.C),
    (pygame.K_KP_ENTER, Action.C),
    (pygame.K_2, Action.START),
]
CABINET_KEYS = [
    (pygame.K_5, Action.COIN1),
    (pygame.K_6, Action.COIN2),
    (pygame.K_F2, Action.SERVICE),
    (pygame.K_F1, Action.TEST),
    (pygame.K_F9, Action.PAUSE),
]
CASES = (
    [(1, *case) for case in P1_KEYS]
    + [(2, *case) for case in P2_KEYS]
    + [(CABINET, *case) for case in CABINET_KEYS]
)


@pytest.mark.parametrize("player, code, action", CASES)
def test_each_key_presses_and_releases_its_action(make_hub, player, code, action):
    hub = make_hub(cabinet_keys=True)  # a desktop: the cabinet keys too
    hub.handle_pygame_event(key(pygame.KEYDOWN, code))
    assert hub.poll(7) == [InputEvent(player, action, True, 7)]
    hub.handle_pygame_event(key(pygame.KEYUP, code))
    assert hub.poll(8) == [InputEvent(player, action, False, 8)]


def test_shift_2_typing_at_sign_is_player_2_up_not_start(make_hub):
    hub = make_hub()  # a US keyboard: "@" is Shift+2
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_2, "@"))
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_2))
    assert hub.poll(1) == [InputEvent(2, Action.UP, True, 1), InputEvent(2, Action.UP, False, 1)]


def test_shift_semicolon_typing_colon_is_player_2_down_not_left(make_hub):
    hub = make_hub()
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_SEMICOLON, ":"))
    assert hub.poll(1) == [InputEvent(2, Action.DOWN, True, 1)]
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_SEMICOLON))
    assert hub.poll(2) == [InputEvent(2, Action.DOWN, False, 2)]


def test_unmapped_keys_and_stray_key_ups_give_nothing(make_hub):
    hub = make_hub()
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_q, "q"))
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_q))
    hub.handle_pygame_event(key(pygame.KEYUP, pygame.K_z))  # pressed before the hub existed
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_ESCAPE))  # the app's, not ours
    assert hub.poll(1) == []


def test_losing_focus_releases_held_keys(make_hub):
    hub = make_hub()
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_LEFT))
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_m, "m"))
    hub.poll(1)
    hub.handle_pygame_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert sorted((e.player, e.action.name, e.pressed) for e in hub.poll(2)) == [
        (1, "LEFT", False),
        (2, "A", False),
    ]


def test_describe_lists_player_2_keys(make_hub):
    hub = make_hub()
    assert hub.describe(2, Action.UP) == ["GPIO 25", "key @", "key '", "key num 5"]
    assert hub.describe(CABINET, Action.PAUSE) == []  # the cabinet keys are off on a paid cabinet
    assert make_hub(cabinet_keys=True).describe(CABINET, Action.PAUSE) == ["key F9"]
