"""Attract mode worth watching: replays play long waits fast and still end exactly as
played; only a table's top three are shown; the loop comes back to the title within two minutes."""

from cabinet.games.blocks import pilot as blocks_pilot
from cabinet.games.pilots import HumanPilot
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.antigravity.play import END_FRAMES, AntiGravityScene
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.flow.playback import FAST, PlaybackScene, ReplayReel, play_replay
from support.app import make_app
from support.replays import play_until_saved

SMALL = """
antigravity:
  width: 4
  half_height: 4
"""


def record(app, scene, presses, limit: int = 60_000):
    """Play ``scene`` with ``presses(frame)`` until it saves its replay; the replay."""
    app.ctx.scenes.reset(scene)
    return play_until_saved(app, scene, presses, limit)


def record_demo_game(app, seed: int = 5):
    """A whole BLOCKS game the demo AI plays at a player's panel; its saved replay."""
    scene = BlocksScene(app.ctx, HumanPilot(1), seed=seed, on_end=app.ctx.finish)
    robot = blocks_pilot.BlocksDemoPilot(seed=seed)
    robot.bind(scene)
    return record(
        app, scene, lambda frame: [] if scene.ended else robot.events(scene.game_frame, [])
    )


def watch(app, replay) -> tuple[PlaybackScene, int, bool]:
    """Play ``replay`` back; (the scene, frames shown, whether any stretch went fast)."""
    ended = []
    scene = play_replay(app.ctx, replay.id, on_end=lambda: ended.append(True))
    shown, fast = 0, False
    while not ended:
        app.step()
        fast = fast or scene.fast
        shown += 1
        assert shown < 100_000, "the replay did not end"
    return scene, shown, fast


def test_a_slow_blocks_player_replays_fast_to_the_same_board_and_score():
    app = make_app()
    scene = BlocksScene(app.ctx, HumanPilot(1), seed=5, on_end=app.ctx.finish)
    robot = blocks_pilot.BlocksDemoPilot(seed=5)
    robot.bind(scene)
    pauses = {"next": 0}

    def presses(frame):
        # A player who stops to think for three seconds before every fifth press.
        if scene.ended or frame < pauses["next"]:
            return []
        events = robot.events(scene.game_frame, [])
        if events and len(scene.recorder.actions) % 5 == 4:
            pauses["next"] = frame + 180
        return events

    replay = record(app, scene, presses)
    watched, shown, fast = watch(app, replay)
    assert fast
    assert watched.score() == replay.score and watched.final_text() == replay.final_text
    assert shown < watched.inner.game_frame + watched.inner.countdown.length, "waits went by faster"
    app.close()


def test_an_anti_gravity_game_left_to_its_timer_replays_fast_and_exactly():
    """Forced pushes come by the frame: at high speed they must still land on the same frames."""
    app = make_app(SMALL)
    scene = AntiGravityScene(app.ctx, "single", difficulty="hard", seed=4, on_end=app.ctx.finish)

    def presses(frame):
        # Now and then a move, then the timer pushes on its own for a while.
        if frame % 400 == 100:
            return [InputEvent(1, Action.RIGHT, True)]
        if frame % 400 == 101:
            return [InputEvent(1, Action.RIGHT, False)]
        return []

    replay = record(app, scene, presses)
    assert scene.seats[0].game.turns > 3
    watched, shown, fast = watch(app, replay)
    assert fast and watched.score() == replay.score and watched.final_text() == replay.final_text
    playing = shown - watched.inner.countdown.length - END_FRAMES  # frames shown while the game ran
    assert playing * 2 < watched.inner.game_frame
    app.close()


def test_fast_forward_is_hushed_and_tagged():
    app = make_app(SMALL)
    scene = AntiGravityScene(app.ctx, "single", difficulty="hard", seed=4, on_end=app.ctx.finish)
    replay = record(app, scene, lambda frame: [])
    heard = app.ctx.audio.played
    heard.clear()
    ended = []
    watched = play_replay(app.ctx, replay.id, on_end=lambda: ended.append(True))
    while not watched.fast:
        app.step()
    before = len(heard)
    app.step()
    assert watched.caption.endswith(f"{FAST}x") and watched.caption.startswith("REPLAY")
    assert len(heard) == before, "no sound while it races"
    app.close()


def test_only_the_top_three_of_a_table_are_replayed_in_attract():
    app = make_app()
    replay = record_demo_game(app)
    scores = app.ctx.store.scores
    for score in (90_000, 80_000, 70_000):
        scores.add("blocks", "TOP", score)
    scores.add("blocks", "4TH", 60_000, replay_id=replay.id)
    live = object()
    reel = ReplayReel(app.ctx)
    assert [reel.next("blocks", lambda: live) for _ in range(4)] == [live] * 4, (
        "fourth place is not shown"
    )
    scores.add("blocks", "NEW", 85_000, replay_id=replay.id)
    shown = [reel.next("blocks", lambda: live) for _ in range(2)]
    assert isinstance(shown[1], PlaybackScene) and shown[1].replay.id == replay.id
    app.close()


def test_the_factory_attract_loop_lasts_at_most_about_two_minutes():
    import random

    from cabinet.scenes.flow.attract import default_parts

    app = make_app()
    parts = default_parts(app.ctx, random.Random(1))
    assert parts[0].name == "title" and sum(part.seconds for part in parts) <= 125
    app.close()


def test_a_record_longer_than_the_demo_races_to_its_last_part_and_ends_in_time(tmp_path):
    import pygame

    from cabinet.scenes.flow.playback import SKIP

    app = make_app()
    replay = record_demo_game(app)
    last_input = max(event.frame for event in replay.events())
    assert last_input > 30 * 60, "a game longer than the demo's 30 s"
    app.ctx.store.scores.add("blocks", "REC", replay.score + 100_000, replay_id=replay.id)
    reel = ReplayReel(app.ctx)
    reel.next("blocks", lambda: None)  # a live demo's turn first
    watched = reel.next("blocks", lambda: None, seconds=30)
    app.ctx.scenes.reset(watched)
    surface = pygame.Surface((960, 540))
    app.step()
    assert watched.skipping and watched.caption.endswith(f"{SKIP}x")
    watched.draw(surface)
    pygame.image.save(surface, str(tmp_path / "racing.png"))
    shown = 1
    while not watched.finished:
        app.step()
        shown += 1
        assert shown <= 30 * 60, "the game over shows within the demo's 30 s"
    assert watched.inner.game_frame >= last_input, "the whole game was played, its start at speed"
    assert watched.score() == replay.score and watched.final_text() == replay.final_text
    assert shown > 20 * 60, "most of the part shows the last part at its own pace"
    app.close()


def test_the_replay_command_shows_a_long_game_from_its_start():
    app = make_app()
    replay = record_demo_game(app)
    watched = play_replay(app.ctx, replay.id)
    app.step()
    assert not watched.skipping and watched.inner.countdown.running
    app.close()
