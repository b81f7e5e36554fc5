"""A tour of every screen with --screenshots on: each one is saved under the test's temp dir."""

from cabinet.games.blocks.cursor import Cursor
from cabinet.games.blocks.engine import BlocksGame
from cabinet.inputs.actions import Action
from cabinet.scenes.blocks.play import GAME_OVER_FRAMES
from support.app import make_app, past_countdown, run, tap


def _choose(app, label: str) -> None:
    menu = app.ctx.scenes.top
    labels = [option.label for option in menu.options()]
    while labels[menu.index] != label:
        tap(app, Action.DOWN)
    tap(app, Action.A)


def tour(app) -> None:
    """Attract mode once round, every menu, a BLOCKS game to its table, and each ANTI-GRAVITY mode."""
    attract = app.ctx.scenes.top
    for _ in range(600):  # once round the playlist: about two minutes
        if attract.parts_shown == {part.name for part in attract.parts} and attract.index == 0:
            break
        run(app, 30)
        app.render()
    assert app.ctx.scenes.top is attract, "attract mode restarted: a part failed"
    for path in (
        ["ANTI-GRAVITY", "SINGLE", "NORMAL"],
        ["ANTI-GRAVITY", "VERSUS"],
        ["ANTI-GRAVITY", "CONTEST", "STANDARD"],
    ):
        app.ctx.go_to_attract()
        tap(app, Action.START)
        for label in path:
            app.render()
            _choose(app, label)
        run(app, 200, draw_every=50)
    app.ctx.go_to_attract()
    tap(app, Action.START)
    app.render()
    _choose(app, "BLOCKS")
    app.render()
    _choose(app, "SINGLE")
    scene = past_countdown(app)
    scene.game = BlocksGame.from_text(
        ["#.#.#.#.", ".#.#.#.#"] * 4, tray=[["#"], ["##"], None], seed=4, score=9500
    )
    scene.cursor = Cursor(slot=0, row=0, col=1)
    run(app, 30)
    app.render()
    tap(app, Action.A)
    run(app, GAME_OVER_FRAMES + 1, draw_every=60)
    for action in (Action.UP, Action.RIGHT, Action.DOWN):
        tap(app, action)
    app.render()
    tap(app, Action.START)
    run(app, 30)
    app.render()


def test_every_screen_is_saved(tmp_path):
    app = make_app(screenshots=tmp_path)
    tour(app)
    saved = {path.name.split("-", 1)[1] for path in tmp_path.glob("*.png")}
    for name in (
        "attract-title",
        "attract-blocks-demo",
        "attract-blocks-scores",
        "attract-how-to-play-blocks",
        "attract-anti-gravity-scores",
        "attract-how-to-play-anti-gravity",
        "game-select",
        "mode-select",
        "difficulty-select",
        "contest-select",
        "antigravity-single",
        "antigravity-versus",
        "antigravity-contest",
        "blocks",
        "initials",
        "ranking",
    ):
        assert f"{name}.png" in saved, f"no screenshot of {name}: {sorted(saved)}"
