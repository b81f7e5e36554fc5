"""Attract mode: every part shows, demos never stall, Start leaves it."""

import logging

from app_helpers import make_app, run, tap
from cabinet.games.blocks.scene import BlocksScene
from cabinet.inputs.actions import Action
from cabinet.scenes.attract import AttractScene, Part
from cabinet.scenes.base import Scene
from cabinet.scenes.select import GameSelectScene

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
    assert app.ctx.scenes.top is attract, "attract mode never left or restarted"
    assert attract.parts_shown == expected
    assert {"title", "blocks demo", "blocks scores", "how to play blocks", "anti-gravity scores",
            "how to play anti-gravity"} <= expected
    assert len(demo_seeds) >= 3, "every BLOCKS demo is a different game"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_part_that_finishes_early_hands_over_at_once():
    app = make_app()

    class Short(Scene):
        name = "short"
        finished = False

        def update(self):
            self.finished = True

    attract = AttractScene(app.ctx, [Part("short", 100, lambda: Short(app.ctx)),
                                     Part("long", 100, lambda: Short(app.ctx))])
    app.ctx.scenes.reset(attract)
    assert attract.part_name == "short"
    run(app, 1)
    assert attract.part_name == "long"


def test_a_part_that_cannot_start_is_skipped():
    app = make_app()

    def broken():
        raise RuntimeError("no such demo")

    attract = AttractScene(app.ctx, [Part("broken", 5, broken), Part("fine", 5, lambda: Scene(app.ctx))])
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


def _record_short_blocks_game(app, seed=21):
    from cabinet.games.blocks.cursor import route
    from cabinet.scenes.pilots import HumanPilot
    from app_helpers import press
    scene = BlocksScene(app.ctx, HumanPilot(1), seed)
    app.ctx.scenes.reset(scene)
    for _ in range(4):
        slot, (row, col) = next((s, pos) for s in range(3) if scene.game.tray[s] is not None
                                for pos in scene.game.legal_positions(s))
        for action in route(scene.cursor, scene.game, slot, row, col):
            run(app, 2, [press(action)])
    replay = scene.recorder.finish(scene.game.score, scene.game.to_text())
    return app.ctx.store.replays.save(replay), scene.game.to_text()


def test_every_other_blocks_demo_is_a_stored_replay_played_exactly():
    from cabinet.scenes.pilots import ReplayPilot
    app = make_app()
    _, final = _record_short_blocks_game(app)
    app.ctx.go_to_attract()
    attract = app.ctx.scenes.top
    demos = []
    for _ in range(3 * 60 * 60):
        run(app, 1)
        part = attract.part
        if isinstance(part, BlocksScene) and part not in demos:
            demos.append(part)
        if len(demos) == 2:
            break
    assert not isinstance(demos[0].pilot, ReplayPilot)
    replayed = demos[1]
    assert isinstance(replayed.pilot, ReplayPilot)
    run(app, 200)
    assert replayed.game.to_text() == final


def test_the_replay_command_shows_a_replay_then_attract_mode():
    from cabinet.scenes.flow import play_replay
    from cabinet.scenes.pilots import ReplayPilot
    app = make_app()
    replay_id, final = _record_short_blocks_game(app)
    play_replay(app.ctx, replay_id)
    attract = app.ctx.scenes.top
    assert isinstance(attract.part, BlocksScene) and isinstance(attract.part.pilot, ReplayPilot)
    run(app, 200)
    assert attract.part.game.to_text() == final
    run(app, 6 * 60)
    assert attract.part_name == "title", "a replay that ran out hands over to attract mode"
