"""Attract mode: every part shows, demos never stall, Start leaves it."""

import logging

from cabinet.inputs.actions import Action
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.blocks.versus import BlocksVersusScene
from cabinet.scenes.flow.attract import AttractScene, Part
from cabinet.scenes.flow.select import GameSelectScene
from cabinet.scenes.kit.base import Scene
from support.app import make_app, run, tap

TEN_MINUTES = 10 * 60 * 60


def test_ten_simulated_minutes_of_attract_show_every_part_without_an_error(caplog):
    app = make_app()
    attract = app.ctx.scenes.top
    expected = {part.name for part in attract.parts}
    demo_seeds = set()
    with caplog.at_level(logging.ERROR):
        for frame in range(TEN_MINUTES):
            app.step()
            if frame % 120 == 0:
                app.render()
            part = app.ctx.scenes.top.part
            if isinstance(part, BlocksScene):
                demo_seeds.add(part.seed)
            elif isinstance(part, BlocksVersusScene):
                demo_seeds.add(part.match.seed)
    assert app.ctx.scenes.top is attract, "attract mode never left or restarted"
    assert attract.parts_shown == expected
    assert {
        "title",
        "blocks demo",
        "blocks scores",
        "how to play blocks",
        "anti-gravity demo",
        "anti-gravity scores",
        "how to play anti-gravity",
    } <= expected
    assert len(demo_seeds) >= 3, (
        "every BLOCKS demo (single game or versus round) is a different game"
    )
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_part_that_finishes_early_hands_over_at_once():
    app = make_app()

    class Short(Scene):
        name = "short"
        finished = False

        def update(self):
            self.finished = True

    attract = AttractScene(
        app.ctx,
        [Part("short", 100, lambda: Short(app.ctx)), Part("long", 100, lambda: Short(app.ctx))],
    )
    app.ctx.scenes.reset(attract)
    assert attract.part_name == "short"
    run(app, 1)
    assert attract.part_name == "long"


def test_a_part_that_cannot_start_is_skipped():
    app = make_app()

    def broken():
        raise RuntimeError("no such demo")

    attract = AttractScene(
        app.ctx, [Part("broken", 5, broken), Part("fine", 5, lambda: Scene(app.ctx))]
    )
    app.ctx.scenes.reset(attract)
    assert attract.part_name == "fine"


def test_start_from_either_player_leaves_attract_for_game_select():
    for player in (1, 2):
        app = make_app()
        run(app, 600)
        tap(app, Action.START, player=player)
        assert isinstance(app.ctx.scenes.top, GameSelectScene)
        assert app.ctx.audio.attract is False


def test_attract_mode_marks_audio_as_attract():
    app = make_app()
    assert app.ctx.audio.attract is True


def test_how_to_play_pages_follow_the_operators_rules():
    from cabinet.scenes.blocks.howto import GRAVITY_RULE
    from cabinet.scenes.flow.howto import HowToScene

    app = make_app()
    assert GRAVITY_RULE in [line for _, line in HowToScene(app.ctx, "blocks").page["rules"]]
    assert ("\u2191", "PUSH FROM BELOW") in HowToScene(app.ctx, "antigravity").page["controls"]
    app = make_app("blocks:\n  gravity: false\nantigravity:\n  invert_push: true\n")
    assert GRAVITY_RULE not in [line for _, line in HowToScene(app.ctx, "blocks").page["rules"]]
    assert ("\u2191", "PUSH FROM ABOVE") in HowToScene(app.ctx, "antigravity").page["controls"]
