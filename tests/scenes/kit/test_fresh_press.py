"""A guarded screen takes only presses meant for it: none in its first moment, and none
from a button pressed then or held from the screen before until it is pressed again."""

from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.kit.fresh_press import SETTLE_FRAMES, FreshPresses


def _settled() -> FreshPresses:
    guard = FreshPresses()
    for _ in range(SETTLE_FRAMES):
        guard.tick()
    return guard


def test_a_press_in_the_first_moment_is_dropped_and_a_later_one_taken():
    guard = FreshPresses()
    assert not guard.admit(InputEvent(1, Action.START, True))
    assert not guard.settled
    for _ in range(SETTLE_FRAMES):
        guard.tick()
    assert guard.settled
    assert guard.admit(InputEvent(1, Action.A, True))


def test_a_button_pressed_too_soon_counts_again_only_after_its_release():
    guard = FreshPresses(settle_frames=2)
    assert not guard.admit(InputEvent(1, Action.UP, True))
    guard.tick()
    guard.tick()
    assert not guard.admit(InputEvent(1, Action.UP, True, repeat=True)), (
        "still held: its repeats are not for us"
    )
    assert not guard.admit(InputEvent(1, Action.UP, False)), "its release ends nothing begun here"
    assert guard.admit(InputEvent(1, Action.UP, True))
    assert guard.admit(InputEvent(1, Action.UP, True, repeat=True)), (
        "held from this screen: it repeats"
    )
    assert guard.admit(InputEvent(1, Action.UP, False))


def test_a_direction_held_from_the_screen_before_does_not_repeat_here():
    guard = _settled()
    assert not guard.admit(InputEvent(2, Action.DOWN, True, repeat=True))
    assert not guard.admit(InputEvent(2, Action.DOWN, True, repeat=True))
    assert not guard.admit(InputEvent(2, Action.DOWN, False))
    assert guard.admit(InputEvent(2, Action.DOWN, True))


def test_each_player_and_button_is_guarded_on_its_own():
    guard = FreshPresses(settle_frames=1)
    assert not guard.admit(InputEvent(1, Action.START, True))
    guard.tick()
    assert guard.admit(InputEvent(2, Action.START, True))
    assert guard.admit(InputEvent(1, Action.A, True))
    assert not guard.admit(InputEvent(1, Action.START, True)), "player 1's Start was never released"
