"""Game screens hand the music their track, danger and pause; demos and replays leave it alone."""

from cabinet.games.blocks.cursor import Cursor
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.match import Match
from cabinet.games.pilots import HumanPilot
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.flow.play import match_scene
from support.app import make_app


def blocks_scene(app, rows, demo=False):
    scene = BlocksScene(app.ctx, HumanPilot(1), 3, demo=demo, on_end=app.ctx.finish)
    scene.game = BlocksGame.from_text(list(rows), tray=[["#"], ["##"], ["###"]], seed=3)
    scene.cursor = Cursor()
    scene.cursor.settle(scene.game)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    return scene


def test_a_blocks_game_plays_its_theme_and_its_danger():
    app = make_app()
    blocks_scene(app, ["........"] * 8)
    app.step()
    assert (app.ctx.music.track, app.ctx.music.danger) == ("blocks", 0.0)
    blocks_scene(app, ["########"] * 6 + ["........"] * 2)
    app.step()
    assert app.ctx.music.danger >= 0.7


def test_a_pause_reaches_the_music():
    app = make_app()
    scene = blocks_scene(app, ["........"] * 8)
    scene.pause.toggle()
    app.step()
    assert app.ctx.music.paused


def test_a_demo_leaves_the_music_to_attract_mode():
    app = make_app()
    app.ctx.music.play("title")
    blocks_scene(app, ["........"] * 8, demo=True)
    app.step()
    assert app.ctx.music.track == "title"


def test_antigravity_single_and_versus_pick_their_tracks():
    app = make_app()
    scene = AntiGravityScene(app.ctx, "single", seed=3, on_end=app.ctx.finish)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    app.step()
    assert app.ctx.music.track == "antigravity"
    scene = match_scene(app.ctx, Match("antigravity", 1, 5))
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    app.step()
    assert app.ctx.music.track == "versus"


def test_blocks_versus_plays_the_versus_theme():
    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    app.step()
    assert app.ctx.music.track == "versus"
