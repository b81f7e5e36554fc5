"""READY / GO before every game: the game waits, and nothing pressed meanwhile is lost."""

from cabinet.games.pilots import HumanPilot
from cabinet.inputs.actions import Action
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.kit.countdown import Countdown
from support.app import make_app, press, run


def test_countdown_holds_events_and_hands_them_over_on_the_first_game_frame():
    heard = []
    countdown = Countdown(heard.append, ready_frames=3, go_frames=2)
    assert [countdown.admit([n]) for n in range(5)] == [None] * 5
    assert heard == ["ready", "go"]
    assert countdown.admit([5]) == [0, 1, 2, 3, 4, 5]
    assert countdown.admit([6]) == [6] and not countdown.running


def test_blocks_waits_for_go_and_obeys_a_press_made_during_ready():
    app = make_app()
    scene = BlocksScene(app.ctx, HumanPilot(1), seed=3, on_end=app.ctx.finish)
    app.ctx.scenes.reset(scene)
    start = (scene.cursor.row, scene.cursor.col)
    run(app, 5, [press(Action.DOWN)])
    assert scene.countdown.word == "READY" and scene.game_frame == 0
    assert (scene.cursor.row, scene.cursor.col) == start, "nothing moves before GO"
    app.render()
    run(app, scene.countdown.length)
    assert scene.cursor.row == start[0] + 1, "the press made during READY is obeyed"
    assert scene.recorder.actions and scene.recorder.actions[0][0] == 0, "recorded on game frame 0"
    assert "ready" in app.ctx.audio.played and "go" in app.ctx.audio.played


def test_anti_gravity_turn_timer_stands_still_while_ready_shows():
    app = make_app()
    scene = AntiGravityScene(app.ctx, "single", seed=4, on_end=app.ctx.finish)
    app.ctx.scenes.reset(scene)
    game = scene.seats[0].game
    full, cursor = game.frames_left, game.cursor
    run(app, scene.countdown.length - 1, [press(Action.RIGHT)])
    assert game.frames_left == full and game.cursor == cursor and scene.countdown.running
    run(app, 2)
    assert game.cursor == cursor + 1, (
        "the press made during READY moved the cursor on the first frame"
    )
    assert game.frames_left < full
