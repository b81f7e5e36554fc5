"""ANTI-GRAVITY game feel: the flight across the line, what shows when, danger, the forced
push's countdown, the ending, and the contest list's own buttons."""

import pygame
import pytest

from cabinet import FPS
from cabinet.games.antigravity.animation import (
    FLIGHT_FRAMES,
    SLIDE_FRAMES,
    TurnAnimation,
    grid_from_text,
)
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.seat import Seat
from cabinet.games.antigravity.stacks import crossed_columns, danger_columns
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.antigravity import alerts, layouts
from cabinet.scenes.antigravity.play import END_FRAMES, AntiGravityScene, list_scroll
from support.app import make_app, run


def said(popup) -> tuple[str, str]:
    """A popup's words and detail as English fills them (the screen translates the same way)."""
    return popup.words.format(**popup.fields), popup.detail.format(**popup.fields)


# A push into column 2 from the top lines up R R R; column 0's blocks then hang and fly across.
THROUGH = ["Y.B", "G.R", "RR.", "B..", "...", "...", "...", "..."]


def through_game():
    return AntiGravityGame.from_text(THROUGH, top="Y", bottom="G")


def test_a_crossing_flies_for_about_0_4_seconds_with_a_trail():
    game = through_game()
    animation = TurnAnimation(grid_from_text(game.to_text()), game.push("top", 2), game.height)
    assert 0.3 * FPS <= FLIGHT_FRAMES <= 0.5 * FPS and SLIDE_FRAMES < FLIGHT_FRAMES
    flights = []
    while not animation.done:
        phase = animation.advance()
        if phase is not None and phase.kind == "slide":
            flights.append(phase.length)
        now = animation.phase_now()
        if (
            now is not None
            and now.kind == "slide"
            and animation.frame - now.start > FLIGHT_FRAMES // 2
        ):
            passing = [m for m in animation.picture().movers if m.passed]
            assert passing and all(len(m.trail) == 3 for m in passing), "a trail follows the block"
            trail = passing[0].trail
            going_down = now.moves[0].to_row > now.moves[0].from_row
            assert list(trail) == sorted(trail, reverse=going_down), (
                "newest first, back along the path"
            )
    assert flights == [FLIGHT_FRAMES]


def test_points_show_as_the_blocks_flash_and_the_through_bonus_as_they_fly():
    heard = []
    seat = Seat(through_game(), play=heard.append)
    seat.game.cursor = 2
    turn = seat._push("down" if seat.game.push_side("down") == "top" else "up")
    (step,) = turn.steps
    assert step.passed
    while seat.animation.phase_now().kind == "shift":
        assert seat.shown_score() == 0, "nothing cleared yet"
        seat.step()
    assert seat.animation.phase_now().kind == "flash"
    assert seat.shown_score() == step.points
    seat.step()
    assert any(f"+{step.points}" in said(p) for p in seat.popups)
    while seat.animation.phase_now().kind != "slide":
        assert seat.shown_score() == step.points, "the through bonus waits for the flight"
        seat.step()
    seat.step()
    assert seat.shown_score() == step.points + step.through_points
    assert seat.current_message().text.startswith("THROUGH")
    assert any(f"+{step.through_points}" in said(p) and p.tone == "through" for p in seat.popups)


def test_a_stack_one_block_from_the_line_is_a_danger_and_beyond_it_ends_the_game():
    for height in (5, 6):  # one block from the line, and touching it
        grid = grid_from_text(["......"] * (12 - height) + ["R....."] * height)
        assert danger_columns(grid, 6, 12) == {0} and not crossed_columns(grid, 6, 12)
    grid = grid_from_text([".G...."] * 5 + ["......"] * 7)  # from the top as well
    assert danger_columns(grid, 6, 12) == {1}
    grid = grid_from_text(["......"] * 5 + ["R....."] * 7)
    assert crossed_columns(grid, 6, 12) == {0}
    grid = grid_from_text(["......"] * 8 + ["R....."] * 4)
    assert not danger_columns(grid, 6, 12)


def test_the_seat_warns_once_when_a_push_brings_a_stack_near_the_line():
    heard = []
    rows = ["......"] * 8 + ["R.....", "G.....", "R.....", "G....."]
    game = AntiGravityGame.from_text(rows, top="B", bottom="B")
    seat = Seat(game, play=heard.append)
    assert not seat.danger
    game.cursor = 0
    seat._push("up" if game.push_side("up") == "bottom" else "down")
    while seat.busy:
        seat.step()
    assert seat.danger == {0} and heard.count("danger") == 1
    game.cursor = 3
    seat._push("up" if game.push_side("up") == "bottom" else "down")
    while seat.busy:
        seat.step()
    assert heard.count("danger") == 1, "the same danger is not sounded again"


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.close()


def start(app, **options):
    scene = AntiGravityScene(app.ctx, **options, on_end=app.ctx.finish)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    return scene


def test_the_last_two_seconds_before_a_forced_push_are_counted_beside_the_field(app, monkeypatch):
    scene = start(app, mode="single", seed=3)
    game = scene.seats[0].game
    digits, bar = [], []
    monkeypatch.setattr(alerts, "text", lambda surface, words, *args, **kw: digits.append(words))
    text = layouts.text
    monkeypatch.setattr(
        layouts,
        "text",
        lambda surface, words, *args, **kw: bar.append(words) or text(surface, words, *args, **kw),
    )
    surface = pygame.Surface((960, 540))
    while game.frames_left > 2 * FPS + 1:
        scene.draw(surface)
        run(app, 1)
    assert "FORCED PUSH" not in bar and not [words for words in digits if words.isdigit()]
    counted = set()
    while game.turns == 0:
        digits.clear()
        bar.clear()
        scene.draw(surface)
        if "FORCED PUSH" in bar:
            counted.update(words for words in digits if words.isdigit())
        run(app, 1)
    assert counted == {"2", "1"}


def test_pushes_pressed_during_a_turns_animation_all_happen_where_they_were_pressed(app):
    scene = start(app, mode="single", seed=3)
    seat, game = scene.seats[0], scene.seats[0].game
    first = game.cursor
    run(app, 1, [InputEvent(1, Action.UP, True)])
    assert seat.busy and game.turns == 1
    # A quick player, all within the push's short animation: push, right, push, right.
    taps = [
        (Action.UP, False),
        (Action.UP, True),
        (Action.UP, False),
        (Action.RIGHT, True),
        (Action.RIGHT, False),
        (Action.UP, True),
        (Action.UP, False),
        (Action.RIGHT, True),
        (Action.RIGHT, False),
    ]
    run(app, 1, [InputEvent(1, action, pressed) for action, pressed in taps])
    assert seat.busy and game.turns == 1 and game.cursor == first + 2
    columns = []
    while game.turns < 3:
        run(app, 1)
        if seat.last_turn is not None and len(columns) < game.turns:
            columns.append(seat.last_turn.column)
    assert columns == [first, first, first + 1], "each push where it was pressed, none lost"
    assert game.cursor == first + 2, "the cursor stays where the player moved it"


def test_game_over_shows_the_field_with_its_cause_then_the_banner(app, monkeypatch):
    scene = start(app, mode="single", seed=3)
    causes, banners = [], []
    monkeypatch.setattr(
        alerts, "draw_cause", lambda surface, view, seat, frame: causes.append(frame)
    )
    monkeypatch.setattr(
        layouts.SingleLayout, "draw_banner", lambda self, surface: banners.append(scene.end_frames)
    )
    surface = pygame.Surface((960, 540))
    for index in range(3000):
        if scene.end_frames:
            break
        run(app, 1, [InputEvent(1, Action.UP, index % 2 == 0)])
    assert scene.seats[0].game.game_over
    while app.ctx.scenes.top is scene:
        scene.draw(surface)
        run(app, 1)
    assert causes and min(banners) == layouts.FINAL_BOARD_FRAMES + 1
    assert max(banners) == END_FRAMES - 1
    game = scene.seats[0].game
    final = grid_from_text(game.to_text())
    assert crossed_columns(final, game.width, game.height) or scene.seats[0].last_turn.jam


@pytest.mark.parametrize("driver", [1, 2])
def test_the_pair_list_scrolls_with_the_players_own_b_and_c_and_the_numpad(driver):
    other = 3 - driver

    def scroll(player, action, switch=""):
        return list_scroll(InputEvent(player, action, True, switch=switch), driver)

    assert scroll(driver, Action.B) == -1 and scroll(driver, Action.C) == 1
    assert scroll(other, Action.B) == 0 and scroll(other, Action.C) == 0, "never the other panel"
    assert (
        scroll(other, Action.DOWN, "GPIO 8") == 0
        and scroll(other, Action.UP, "joystick 1 axis 1") == 0
    )
    numpad = scroll(2, Action.DOWN, "key num 2"), scroll(2, Action.UP, "key num 5")
    assert numpad == ((1, -1) if driver == 1 else (0, 0)), (
        "numpad 5 / 2 are player 2's pushes when they play"
    )


def test_a_key_press_carries_the_switch_that_made_it(app):
    app.ctx.inputs.handle_pygame_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP2, unicode="2")
    )
    events = app.ctx.inputs.poll(app.ctx.frame)
    assert [(e.player, e.action, e.switch) for e in events] == [(2, Action.DOWN, "key num 2")]
