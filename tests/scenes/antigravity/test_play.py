"""The ANTI-GRAVITY play screen, driven through the real main loop by injected events.

Every game here is played frame by frame through ``App.step`` (no sleeping):
events go through the scene's pilots exactly as the panel's would, and the
screens are saved under the test's temp dir for a person to look at.
"""

from __future__ import annotations

import random

import pygame
import pytest

from cabinet.games.antigravity.animation import TurnAnimation, grid_from_text
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.pilots import HumanPilot, Pilot
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.antigravity.layouts import FINAL_BOARD_FRAMES
from cabinet.scenes.antigravity.play import END_SKIP_AFTER, AntiGravityScene
from cabinet.scenes.flow.playback import game_scene
from cabinet.settings.schema import ContestList
from support.app import make_app, settled


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.close()


@pytest.fixture
def shots(tmp_path):
    folder = tmp_path / "screens"
    folder.mkdir()

    def save(app, name: str):
        app.ctx.scenes.top.draw(app.display.logical)
        path = folder / f"{name}.png"
        pygame.image.save(app.display.logical, str(path))
        return path

    return save


def press(player: int, action: Action) -> list[InputEvent]:
    return [InputEvent(player, action, True), InputEvent(player, action, False)]


def start(app, **kwargs) -> AntiGravityScene:
    scene = AntiGravityScene(app.ctx, **kwargs, on_end=app.ctx.finish)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    return scene


def run(app, frames: int, events_for=None) -> None:
    """Step the main loop ``frames`` times; ``events_for(i)`` injects events on step i."""
    for i in range(frames):
        app.step(events_for(i) if events_for else None)


def run_until(app, condition, limit: int, events_for=None) -> int:
    for i in range(limit):
        if condition():
            return i
        app.step(events_for(i) if events_for else None)
    raise AssertionError(f"condition not met within {limit} frames")


def robot(scene, player: int, **pace):
    """An AI at the panel: its presses are injected as live input, not given to the scene."""
    pilot = AIPilot(player, seed=player, **pace)
    pilot.bind(scene)
    return lambda i: pilot.events(scene.game_frame, [])


def stack_column(player: int, key: Action):
    """A careless player: push into the same column every few frames until it overflows."""
    return lambda i: press(player, key) if i % 3 == 0 else []


# ---------------------------------------------------------------------- animation


def test_animation_ends_on_the_engines_grid_for_every_turn():
    """The film of a turn is built from its results alone and must end where the engine is."""
    rng = random.Random(4)
    for seed in range(6):
        game = AntiGravityGame(seed=seed, difficulty="warmup")
        while not game.game_over:
            before = grid_from_text(game.to_text())
            game.cursor = rng.randrange(game.width)
            turn = game.push(rng.choice(("top", "bottom")))
            animation = TurnAnimation(before, turn, game.height)
            assert animation.final == grid_from_text(game.to_text())
            shown = [animation.advance() for _ in range(animation.length)]
            assert animation.done and animation.shown_points() == turn.points
            flashes = [phase for phase in shown if phase is not None and phase.kind == "flash"]
            assert [phase.step.chain for phase in flashes] == [step.chain for step in turn.steps]


def test_a_push_slides_the_new_block_in_and_shifts_the_column():
    game = AntiGravityGame.from_text(
        ["R.....", "G.....", "B....."] + ["......"] * 9, top="Y", bottom="G"
    )
    game.cursor = 0
    before = grid_from_text(game.to_text())
    animation = TurnAnimation(before, game.push("top"), game.height)
    assert animation.advance().cues == ("ag_push_top",)
    movers = {m.colour: m.row for m in animation.picture().movers}
    assert set(movers) == {"Y", "R", "G", "B"}
    assert -1 < movers["Y"] < 0 and 0 < movers["R"] < 1  # on their way one row down
    assert animation.picture().cells == {}  # nothing else in the field
    while not animation.done:
        animation.advance()
    assert animation.final == {(0, 0): "Y", (1, 0): "R", (2, 0): "G", (3, 0): "B"}


def test_a_jammed_column_flashes_and_ends_on_the_same_grid():
    rows = ["RGBYRG", "GBYRGB", "BYRGBY", "YRGBYR", "RGBYRG", "GBYRGB"] * 2
    full = [row[0] + "....." for row in rows]
    game = AntiGravityGame.from_text(full, top="R", bottom="G")
    game.cursor = 0
    before = grid_from_text(game.to_text())
    turn = game.push("top")
    assert turn.jam
    animation = TurnAnimation(before, turn, game.height)
    animation.advance()
    assert animation.picture().jam_column == 0 and animation.final == before


# ---------------------------------------------------------------------- single


def test_single_game_to_initials_and_the_table(app, shots):
    scene = start(app, mode="single", difficulty="warmup", pilots=[HumanPilot(1)], seed=11)
    table = "antigravity/single/warmup"
    lowest = app.ctx.store.scores.top(table)[-1].score
    game = scene.seats[0].game
    run_until(
        app, lambda: game.score > lowest, 40_000, robot(scene, 1, step_frames=2, think_frames=2)
    )
    shots(app, "single")
    assert not game.game_over
    run_until(app, lambda: scene.end_frames > 30, 3_000, stack_column(1, Action.UP))
    shots(app, "single-game-over")
    assert "game_over" in app.ctx.audio.played
    run_until(app, lambda: app.ctx.scenes.top.name == "initials", 400)
    initials = app.ctx.scenes.top
    assert initials.player == 1 and initials.score == game.score
    settled(app)  # the initials take no press in their first moment
    run(app, 1, lambda i: press(1, Action.START))
    entries = app.ctx.store.scores.top(table)
    assert any(e.score == game.score and e.initials == "AAA" for e in entries)
    sounds = set(app.ctx.audio.played)
    assert {"ag_move", "ag_push_bottom", "ag_chain_1"} <= sounds


def test_player_two_who_pressed_start_drives_a_single_game(app):
    scene = start(app, mode="single", pilots=[HumanPilot(2)], seed=3)
    game = scene.seats[0].game
    before = game.cursor
    run(app, 2, lambda i: press(1, Action.LEFT) if i == 0 else [])
    assert game.cursor == before
    run(app, 2, lambda i: press(2, Action.LEFT) if i == 0 else [])
    assert game.cursor == before - 1
    run(app, 2, lambda i: press(2, Action.DOWN) if i == 0 else [])
    assert game.turns == 1


def test_held_directions_repeat_the_cursor_but_never_the_push(app, monkeypatch):
    profiles = []
    monkeypatch.setattr(app.ctx.inputs, "set_repeat_profile", profiles.append)
    scene = start(app, mode="single", pilots=[HumanPilot(1)], seed=3)
    assert profiles == ["antigravity"]
    game = scene.seats[0].game
    game.cursor = 0
    held = [InputEvent(1, Action.RIGHT, True)] + [
        InputEvent(1, Action.RIGHT, True, repeat=True)
    ] * 2
    run(app, 1, lambda i: held)
    assert game.cursor == 3
    run(
        app,
        1,
        lambda i: [InputEvent(1, Action.UP, True), InputEvent(1, Action.UP, True, repeat=True)],
    )
    run_until(app, lambda: not scene.seats[0].busy, 400)
    run(app, 1, lambda i: [InputEvent(1, Action.UP, True, repeat=True)])
    assert game.turns == 1


def test_a_replay_of_what_the_scene_obeyed_reproduces_the_game(app):
    scene = start(app, mode="single", difficulty="hard", pilots=[HumanPilot(1)], seed=8)
    game = scene.seats[0].game
    run(app, 2 * game.turn_frames + 40)  # the ring runs out twice: forced pushes
    assert game.turns == 2
    run_until(app, lambda: game.turns >= 25, 20_000, robot(scene, 1, step_frames=3, think_frames=9))
    run_until(app, lambda: game.game_over, 3_000, stack_column(1, Action.DOWN))
    replay = scene.recorder.finish(game.score, game.to_text())
    app.ctx.settings.antigravity.difficulties[
        "hard"
    ].turn_seconds = 9  # the operator changes it later

    again = game_scene(app.ctx, replay)  # the playback path attract mode and `replay ID` use
    app.ctx.scenes.reset(again)
    run_until(app, lambda: again.seats[0].game.game_over, 40_000)
    assert again.seats[0].game.to_text() == game.to_text()
    assert again.seats[0].game.score == game.score


# ---------------------------------------------------------------------- versus


def test_versus_each_player_drives_only_their_own_field(app, shots):
    scene = start(app, mode="versus", seed=5)
    left, right = (seat.game for seat in scene.seats)
    l0, r0 = left.cursor, right.cursor
    run(app, 2, lambda i: press(2, Action.LEFT) if i == 0 else [])
    assert (left.cursor, right.cursor) == (l0, r0 - 1)
    run(app, 2, lambda i: press(1, Action.RIGHT) if i == 0 else [])
    assert (left.cursor, right.cursor) == (l0 + 1, r0 - 1)
    run(app, 2, lambda i: press(2, Action.UP) if i == 0 else [])
    assert (left.turns, right.turns) == (0, 1)
    run(app, 2, lambda i: press(1, Action.DOWN) if i == 0 else [])
    assert (left.turns, right.turns) == (1, 1)


def test_versus_match_played_to_a_winner(app, shots):
    app.ctx.settings.antigravity.versus.rounds_to_win = (
        1  # one game decides it (rounds: test_versus_flow)
    )
    app.ctx.settings.versus.rematch = False
    scene = start(app, mode="versus", seed=9)
    lowest = app.ctx.store.scores.top("antigravity/versus")[-1].score
    second = scene.seats[1].game
    two = robot(scene, 2, step_frames=2, think_frames=2)
    run_until(app, lambda: second.score > lowest, 20_000, two)
    shots(app, "versus")
    # Player 1 stacks one column until it crosses the S line; player 2 keeps playing.
    careless = stack_column(1, Action.UP)
    run_until(app, lambda: scene.seats[0].game.game_over, 4_000, lambda i: careless(i) + two(i))
    assert scene.round_winner() == 2  # decided on the very frame player 1's game ended
    run_until(app, lambda: scene.end_frames > 30, 400)
    shots(app, "versus-winner")
    run_until(app, lambda: app.ctx.scenes.top.name == "initials", 400)
    initials = app.ctx.scenes.top
    assert (initials.player, initials.table, initials.score) == (
        2,
        "antigravity/versus",
        second.score,
    )
    settled(app)  # the initials take no press in their first moment
    run(app, 1, lambda i: press(1, Action.START))
    assert app.ctx.scenes.top is initials  # player 1 lost: not their entry
    run(app, 1, lambda i: press(2, Action.START))
    entries = app.ctx.store.scores.top("antigravity/versus")
    assert any(e.score == second.score and e.replay_id is not None for e in entries)


def test_both_rings_running_out_into_game_over_on_one_frame_is_a_draw(app, shots):
    versus = app.ctx.settings.antigravity.versus
    versus.rounds_to_win = 2
    versus.p1.turn_seconds = versus.p2.turn_seconds = 1  # both idle: a forced push a second
    scene = start(app, mode="versus", seed=9)
    one, two = (seat.game for seat in scene.seats)
    # The same blocks and the same forced pushes on the same frames: the fields stay alike.
    run_until(app, lambda: scene.versus.over, 3_000)
    assert one.game_over and two.game_over, "player 2's forced push is played on that frame too"
    assert one.to_text() == two.to_text()
    run_until(app, lambda: scene.end_frames, 600)
    assert scene.round_winner() is None and scene.match.wins == {1: 0, 2: 0}, (
        "a draw: nobody takes the round"
    )
    assert scene.match.round == 2
    run_until(app, lambda: scene.end_frames > FINAL_BOARD_FRAMES + 30, 300)
    shots(app, "versus-draw")


# ---------------------------------------------------------------------- contest


def test_contest_list_scrolls_and_runs_out(app, shots):
    short = ContestList(name="SHORT", seed=7, length=14, colours=4, turn_seconds=8.0)
    scene = start(app, mode="contest", contest=short, pilots=[HumanPilot(1)], seed=0)
    game = scene.seats[0].game
    pairs = scene.layout.pairs
    assert pairs.offset == 0 and pairs.rows < len(game.remaining_pairs())
    run(app, 6, lambda i: press(1, Action.C) if i % 2 == 0 else [])
    assert pairs.offset == 3 and game.turns == 0  # the player's own C scrolls, pushes nothing
    shots(app, "contest")
    run(app, 2, lambda i: press(1, Action.B) if i == 0 else [])
    assert pairs.offset == 2
    run(app, 4, lambda i: press(2, Action.DOWN) if i % 2 == 0 else [])
    assert pairs.offset == 2 and game.turns == 0, "the other panel's stick never scrolls"
    run(app, 2, lambda i: [InputEvent(2, Action.DOWN, True, switch="key num 2")] if i == 0 else [])
    assert pairs.offset == 3, "the keyboard's numpad 2 scrolls down"
    run(app, 2, lambda i: [InputEvent(2, Action.UP, True, switch="key num 5")] if i == 0 else [])
    assert pairs.offset == 2 and game.turns == 0
    columns = [0, 5, 1, 4, 2, 3] * 3
    for turn in range(short.length):
        target = columns[turn]
        for _ in range(game.width):
            if game.cursor != target:
                run(
                    app,
                    1,
                    lambda i: press(1, Action.LEFT if target < game.cursor else Action.RIGHT),
                )
        assert game.cursor == target and not game.game_over
        run_until(app, lambda: not scene.seats[0].busy, 400)
        run(app, 1, lambda i: press(1, Action.UP if game.turns % 2 else Action.DOWN))
    run_until(app, lambda: scene.end_frames > 30, 600)
    assert game.game_over and game.remaining_pairs() == []
    shots(app, "contest-complete")
    run_until(app, lambda: scene.end_frames > END_SKIP_AFTER, 200)
    run(app, 2, lambda i: press(1, Action.START) if i == 0 else [])  # Start cuts the banner short
    assert app.ctx.scenes.top.name in ("initials", "ranking")
    assert app.ctx.scenes.top.table == "antigravity/contest/SHORT"


# ---------------------------------------------------------------------- pause, timer


def test_pause_stops_the_turn_timer(app, shots):
    scene = start(app, mode="single", pilots=[HumanPilot(1)], seed=2)
    game = scene.seats[0].game
    run(app, 30)
    left = game.frames_left
    run(app, 1, lambda i: [InputEvent(CABINET, Action.PAUSE, True)])
    assert scene.paused
    run(app, 600, lambda i: press(1, Action.UP) if i % 10 == 0 else [])
    assert game.frames_left == left and game.turns == 0  # nothing obeyed while paused
    shots(app, "paused")
    run(app, 1, lambda i: [InputEvent(CABINET, Action.PAUSE, True)])
    run(app, 10)
    assert not scene.paused and game.frames_left < left


def test_the_ring_running_out_forces_a_push(app, shots):
    scene = start(app, mode="single", difficulty="hard", pilots=[HumanPilot(1)], seed=6)
    game = scene.seats[0].game
    run(app, game.turn_frames - 1)
    assert game.turns == 0 and "ag_tick" in app.ctx.audio.played
    run(app, 3)
    assert game.turns == 1 and scene.seats[0].last_turn.forced
    assert "ag_forced" in app.ctx.audio.played
    assert scene.seats[0].current_message().text.startswith("TIME UP")
    shots(app, "forced-push")
    # The timer stands still while the turn is shown, then runs again from full.
    while scene.seats[0].busy:
        assert game.frames_left == game.turn_frames
        run(app, 1)


# ---------------------------------------------------------------------- the AI pilot


class Spy(Pilot):
    """Wraps a pilot and notes every press it makes, with its game frame."""

    def __init__(self, pilot):
        self.pilot, self.presses = pilot, []

    def bind(self, scene):
        self.pilot.bind(scene)

    def events(self, game_frame, live_events):
        events = self.pilot.events(game_frame, live_events)
        self.presses += [(game_frame, e.action) for e in events if e.pressed]
        return events


class Careless(Pilot):
    """A scripted pilot for player 1: pushes from the top every 4 frames."""

    player = 1

    def events(self, game_frame, live_events):
        return press(1, Action.DOWN) if game_frame % 4 == 0 else []


def test_ai_pilot_presses_like_a_player_a_few_frames_apart(app):
    spy = Spy(AIPilot(1, seed=1, step_frames=5, think_frames=10))
    scene = start(app, mode="single", pilots=[spy], seed=4, demo=True)
    assert spy.pilot.budget is scene.thinking_time  # on screen it thinks within the frame's time
    run(app, 900)
    frames = [frame for frame, _ in spy.presses]
    assert len(frames) >= 10 and all(b - a >= 5 for a, b in zip(frames, frames[1:]))
    assert {action for _, action in spy.presses} <= {
        Action.LEFT,
        Action.RIGHT,
        Action.UP,
        Action.DOWN,
    }
    assert scene.seats[0].game.turns >= 5


def test_demo_plays_itself_cannot_pause_and_says_when_it_is_finished(app, shots):
    scene = start(
        app, mode="single", pilots=[AIPilot(1, step_frames=2, think_frames=2)], seed=1, demo=True
    )
    run(app, 300, lambda i: [InputEvent(CABINET, Action.PAUSE, True)] if i == 100 else [])
    assert scene.seats[0].game.turns >= 3 and scene.recorder is None and not scene.paused
    shots(app, "demo")
    ending = start(app, mode="single", pilots=[Careless()], seed=1, demo=True)
    run_until(app, lambda: ending.finished, 3_000)
    assert app.ctx.scenes.top is ending  # attract mode, not the scene, moves on
