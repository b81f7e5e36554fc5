"""Shared helpers for the cabinet program's tests: a headless App and scripted input."""

from __future__ import annotations

from cabinet.app import App
from cabinet.inputs.actions import Action, InputEvent
from cabinet.settings.load import parse_settings


class Heard:
    """Stands in for Audio in tests (a :class:`~cabinet.audio.sounds.Sounds`): remembers every
    effect asked for, and the settings the service menu gave it."""

    def __init__(self):
        self.played: list[str] = []
        self.attract = False
        self.attract_loop = 0
        self.status = ""
        self.settings = None
        self.resting = False

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True

    def configure(self, settings) -> None:
        self.settings = settings

    def rest(self) -> None:
        self.resting = True

    def wake(self) -> None:
        self.resting = False


_open_apps: list[App] = []


def make_app(yaml_text: str = "", problems_ok: bool = False, **options) -> App:
    """A headless cabinet on the given settings (YAML text; defaults otherwise), which
    must have no problems unless ``problems_ok``.

    The previous test's cabinet is closed first, as a real one would be: it
    frees the (mock) GPIO pins, the state file and the window.
    """
    while _open_apps:
        _open_apps.pop().close()
    loaded = parse_settings(yaml_text or "{}", "test.yaml")
    assert problems_ok or not loaded.problems, loaded.problems
    app = App(loaded, headless=True, audio=Heard(), **options)
    _open_apps.append(app)
    return app


def press(action: Action, player: int = 1, repeat: bool = False) -> InputEvent:
    return InputEvent(player, action, True, repeat=repeat)


def run(app: App, steps: int, events=None, draw_every: int = 0) -> None:
    """Advance ``steps`` frames; ``events`` go in on the first one."""
    for index in range(steps):
        app.step(events if index == 0 else None)
        if draw_every and index % draw_every == 0:
            app.render()


def end_blocks_on_the_table(app: App, score: int = 9500) -> int:
    """From attract mode, start BLOCKS and end it with ``score`` + 1 through the real
    scenes: the single square fits, then the domino cannot. Returns the final score."""
    from cabinet.games.blocks.cursor import Cursor
    from cabinet.games.blocks.engine import BlocksGame
    from cabinet.scenes.blocks.play import GAME_OVER_FRAMES

    start_blocks_single(app)
    scene = app.ctx.scenes.top
    scene.game = BlocksGame.from_text(
        ["#.#.#.#.", ".#.#.#.#"] * 4, tray=[["#"], ["##"], None], seed=4, score=score
    )
    scene.cursor = Cursor(slot=0, row=0, col=1)
    tap(app, Action.A)
    assert scene.game.game_over, "the position must end the game"
    run(app, GAME_OVER_FRAMES + 1)
    return scene.game.score


def start_blocks_single(app: App, player: int = 1):
    """From attract mode, start a one-player BLOCKS game on ``player``'s panel and
    let its READY / GO run out; return the game scene."""
    tap(app, Action.START, player=player)
    tap(app, Action.A, player=player)  # BLOCKS is the first option
    tap(app, Action.A, player=player)  # and SINGLE the first of its modes
    return past_countdown(app)


def tap(app: App, action: Action, player: int = 1, settle: int = 2) -> None:
    """Press ``action`` for one frame, then let ``settle`` frames pass. Like a player, the
    press waits until the screen on top takes presses (its ``fresh`` guard has settled)."""
    settled(app)
    run(app, 1 + settle, [press(action, player)])


def settled(app: App) -> None:
    """Step until the screen on top takes presses: a guarded screen drops them at first."""
    guard = getattr(app.ctx.scenes.top, "fresh", None)
    while guard is not None and not guard.settled:
        app.step()


def past_countdown(app: App):
    """Let the READY / GO of the game scene on top run out; return that scene."""
    scene = app.ctx.scenes.top
    while scene.countdown.running:
        app.step()
    return scene


def choose(app: App, label: str, player: int = 1) -> None:
    """Move the menu on top to ``label`` and pick it, from ``player``'s panel."""
    menu = app.ctx.scenes.top
    labels = [option.label for option in menu.options()]
    assert label in labels, f"{label} is not offered: {labels}"
    while labels[menu.index] != label:
        tap(app, Action.DOWN, player=player)
    tap(app, Action.A, player=player)
