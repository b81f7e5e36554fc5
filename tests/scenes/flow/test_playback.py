"""Replays: a game recorded through the real scene, saved, then played back to the same score and board.

Each game is played by AI pilots at the panel (their presses are injected as
live input, exactly as a player's would be), ends on its own, and is saved by
the scene's own finish. It is then loaded from the store and played back by a
PlaybackScene (the real game scene and a ReplayPilot, on the settings saved
with the replay), which must reach exactly the same final score and board.
"""

from __future__ import annotations

import pytest

from cabinet.app import App
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.antigravity.seat import Seat
from cabinet.games.blocks import pilot as blocks_pilot
from cabinet.games.pilots import HumanPilot
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.playback import HushableAudio, PlaybackScene, ReplayReel, play_replay
from cabinet.settings.load import parse_settings
from cabinet.storage.replays import REPLAY_VERSION, Replay
from support.app import Heard
from support.replays import play_until_saved

SMALL_FIELDS = """
antigravity:
  width: 4
  half_height: 4
  difficulties: {hard: {colours: 5, turn_seconds: 2}}
  versus:
    p1: {target_kind: clears, target_value: 12, turn_seconds: 2}
    p2: {target_kind: score, target_value: 200, turn_seconds: 3, colours: 3}
"""


def make_app(yaml_text: str = "") -> App:
    loaded = parse_settings(yaml_text or "{}", "test.yaml")
    assert not loaded.problems
    return App(loaded, headless=True, audio=Heard())


@pytest.fixture
def fast_blocks_ai(monkeypatch):
    """The attract pilot, pressing every frame or two instead of at a watcher's pace."""
    monkeypatch.setattr(blocks_pilot, "THINK_FRAMES", 2)
    monkeypatch.setattr(blocks_pilot, "MOVE_FRAMES", 1)
    monkeypatch.setattr(blocks_pilot, "AIM_FRAMES", 1)


def watch(app, replay_id: int, limit: int = 100_000) -> PlaybackScene:
    ended = []
    scene = play_replay(app.ctx, replay_id, on_end=lambda: ended.append(True))
    for _ in range(limit):
        if ended:
            return scene
        app.step()
    raise AssertionError("the replay did not end")


def blocks_recorded(app) -> tuple[BlocksScene, Replay]:
    scene = BlocksScene(app.ctx, HumanPilot(1), seed=5, on_end=app.ctx.finish)
    app.ctx.scenes.reset(scene)
    robot = blocks_pilot.BlocksDemoPilot(seed=5, level="casual")
    robot.bind(scene)
    replay = play_until_saved(
        app, scene, lambda f: [] if scene.ended else robot.events(scene.game_frame, []), 20_000
    )
    return scene, replay


def test_blocks_replay_reproduces_the_final_score_and_board(fast_blocks_ai):
    app = make_app()
    scene, replay = blocks_recorded(app)
    assert scene.game.game_over and replay.score == scene.game.score > 0
    assert replay.final_text == scene.game.to_text()
    assert replay.settings["piece_set"] == "classic"
    app.ctx.settings.blocks.piece_set = (
        "tetromino"  # today's settings differ: the replay's own are used
    )
    watched = watch(app, replay.id)
    assert watched.score() == replay.score
    assert watched.final_text() == replay.final_text
    assert watched.game.placements == scene.game.placements
    app.close()


def antigravity_recorded(app, mode: str) -> tuple[AntiGravityScene, Replay]:
    players = (1, 2) if mode == "versus" else (1,)
    scene = AntiGravityScene(
        app.ctx,
        mode,
        difficulty="hard",
        pilots=[HumanPilot(p) for p in players],
        seed=9,
        on_end=app.ctx.finish,
    )
    app.ctx.scenes.reset(scene)
    robots = [AIPilot(p, seed=p, step_frames=3, think_frames=5) for p in players]
    for robot in robots:
        robot.bind(scene)
    careless_from = 2_500  # then player 1 stacks one column, so a single game ends too

    def presses(frame):
        events = [e for robot in robots[1:] for e in robot.events(scene.game_frame, [])]
        if frame < careless_from:
            events += robots[0].events(scene.game_frame, [])
        elif frame % 3 == 0:
            events += [InputEvent(1, Action.UP, True), InputEvent(1, Action.UP, False)]
        return events

    return scene, play_until_saved(app, scene, presses, 40_000)


@pytest.mark.parametrize("mode", ["single", "contest"])
def test_antigravity_single_and_contest_replays_reproduce_the_final_score_and_board(mode):
    app = make_app(SMALL_FIELDS)
    scene, replay = antigravity_recorded(app, mode)
    game = scene.seats[0].game
    assert game.game_over and replay.score == game.score and game.turns > 20
    app.ctx.settings.antigravity.width = 6  # the replay keeps its own field size
    watched = watch(app, replay.id)
    assert watched.score() == replay.score
    assert watched.final_text() == replay.final_text == game.to_text()
    app.close()


def test_a_single_game_on_the_ramp_replays_exactly():
    app = make_app(
        SMALL_FIELDS + "  ramp: {enabled: true, clears: 4, step_seconds: 0.5, min_seconds: 1}\n"
    )
    scene, replay = antigravity_recorded(app, "single")
    game = scene.seats[0].game
    assert (
        game.game_over and game.ramp_level >= 3 and game.turn_frames == 60
    )  # 2 s ramped to its floor
    app.ctx.settings.antigravity.ramp.enabled = (
        False  # today's settings differ: the replay's own are used
    )
    watched = watch(app, replay.id)
    assert watched.score() == replay.score
    assert watched.final_text() == replay.final_text == game.to_text()
    app.close()


def test_versus_replay_reproduces_both_fields_and_the_winner():
    app = make_app(SMALL_FIELDS)
    scene, replay = antigravity_recorded(app, "versus")
    assert scene.versus.over and scene.match.round > 2, "the match went to more than one round"
    watched = watch(app, replay.id)
    assert watched.inner.round_winner() == scene.round_winner()
    assert watched.inner.match.wins == scene.match.wins
    assert watched.score() == replay.score
    assert watched.final_text() == replay.final_text
    for mine, theirs in zip(watched.inner.seats, scene.seats):
        assert (mine.game.score, mine.game.to_text()) == (theirs.game.score, theirs.game.to_text())
    app.close()


def test_a_replay_is_labelled_with_initials_and_score_and_never_saved_again(fast_blocks_ai):
    app = make_app()
    _, replay = blocks_recorded(app)
    app.ctx.store.db.write([("UPDATE replays SET initials = ? WHERE id = ?", ("ACE", replay.id))])
    before = app.ctx.store.replays.ids()
    audits = app.ctx.store.audits.snapshot()["modes"]
    watched = watch(app, replay.id)
    assert watched.label == f"REPLAY  ACE  {replay.score}"
    app.render()
    assert app.ctx.store.replays.ids() == before
    assert app.ctx.store.audits.snapshot()["modes"] == audits
    assert isinstance(app.ctx.scenes.top, PlaybackScene), "no initials, no ranking: it just ends"
    app.close()


def on_top_of_the_table(app, replay) -> None:
    """Enter ``replay``'s game first in the BLOCKS table: attract replays only a table's top three."""
    app.ctx.store.scores.add("blocks", "ACE", 99_999, replay_id=replay.id)


def test_attract_alternates_live_demos_with_the_best_replays(fast_blocks_ai):
    app = make_app()
    _, replay = blocks_recorded(app)
    on_top_of_the_table(app, replay)
    reel = ReplayReel(app.ctx)
    live = object()
    shown = [reel.next("blocks", lambda: live) for _ in range(4)]
    assert shown[0] is live and shown[2] is live
    assert isinstance(shown[1], PlaybackScene) and shown[1].replay.id == replay.id
    assert isinstance(shown[3], PlaybackScene)
    app.ctx.settings.attract.replays = False
    assert all(reel.next("blocks", lambda: live) is live for _ in range(4))
    app.close()


def test_attract_plays_a_replay_part_with_its_label(fast_blocks_ai):
    app = make_app()
    on_top_of_the_table(app, blocks_recorded(app)[1])
    app.ctx.go_to_attract()
    attract = app.ctx.scenes.top
    assert isinstance(attract, AttractScene)
    names = []
    # Three loops: live demos take turns (a versus round, then a single game) and
    # every other BLOCKS demo slot is the replay.
    for _ in range(3 * len(attract.parts)):
        attract.next_part()
        names.append(type(attract.part).__name__)
        app.step()
        app.render()
    assert "PlaybackScene" in names and "BlocksScene" in names


def test_a_replay_of_an_unknown_version_is_skipped_with_a_log_line(fast_blocks_ai, caplog):
    app = make_app()
    _, replay = blocks_recorded(app)
    on_top_of_the_table(app, replay)
    data = replay.to_json().replace(f'"version":{REPLAY_VERSION}', '"version":99')
    app.ctx.store.db.write([("UPDATE replays SET data = ? WHERE id = ?", (data, replay.id))])
    reel = ReplayReel(app.ctx)
    live = object()
    assert [reel.next("blocks", lambda: live) for _ in range(2)] == [live, live]
    assert "version 99" in caplog.text
    with pytest.raises(ValueError):
        play_replay(app.ctx, replay.id)
    app.close()


def test_the_replay_command_plays_one_replay_and_exits_at_its_end(
    fast_blocks_ai, tmp_path, monkeypatch
):
    from cabinet import app as app_module
    from cabinet.__main__ import build_parser

    recorder = make_app()
    _, replay = blocks_recorded(recorder)
    recorder.close()

    finished = {}

    def run_fast(self):
        """The real loop without the 60 Hz pacing: step and draw until the app stops."""
        for _ in range(100_000):
            if not self.running:
                break
            self.step()
        finished["top"] = self.ctx.scenes.top
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run_fast)
    args = build_parser().parse_args(["replay", str(replay.id), "--headless"])
    assert app_module.main(args, replay_id=args.id) == 0
    watched = finished["top"]
    assert isinstance(watched, PlaybackScene) and watched.finished
    assert watched.final_text() == replay.final_text
    args = build_parser().parse_args(["replay", "999", "--headless"])
    assert app_module.main(args, replay_id=999) == 1, "an unknown replay is a clear error"


def test_a_versus_replay_plays_its_own_attacks_whatever_the_cabinet_now_says(monkeypatch):
    turns = {"recorded": [], "watched": []}
    seen = turns["recorded"]
    start = Seat._start
    monkeypatch.setattr(
        Seat,
        "_start",
        lambda seat, turn: (seen.append((turn.attack, turn.landed)), start(seat, turn)),
    )
    app = make_app(SMALL_FIELDS + "    stone_max: 3\n")
    scene, replay = antigravity_recorded(app, "versus")
    assert (
        replay.settings["versus"]["attacks"] is True and replay.settings["versus"]["stone_max"] == 3
    )
    assert any(attack for attack, _ in seen) and any(landed for _, landed in seen)
    seen = turns["watched"]
    app.ctx.settings.antigravity.versus.attacks = (
        False  # today's settings differ: the replay's own are used
    )
    watched = watch(app, replay.id)
    assert watched.inner.match.wins == scene.match.wins
    assert watched.final_text() == replay.final_text
    for mine, theirs in zip(watched.inner.seats, scene.seats):
        assert (mine.game.pending, mine.game.to_text()) == (
            theirs.game.pending,
            theirs.game.to_text(),
        )
    assert turns["watched"] == turns["recorded"]
    app.close()


def test_a_hushed_replay_plays_nothing_and_reads_the_cabinets_status():
    heard = Heard()
    heard.status = "on: 48000 Hz, 2 channel(s)"
    hushable = HushableAudio(heard)
    hushable.hushed = True
    assert not hushable.play("clear") and heard.played == []
    assert hushable.status == heard.status
