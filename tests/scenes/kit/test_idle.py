"""Every versus match ends: a person who walks away is warned, then forfeits; nobody there, no result.

The matches are started from the menus and played frame by frame through ``App.step``
(60 frames a second of game time); nobody touches the panels unless a test says so.
"""

from __future__ import annotations

import pygame
import pytest

from cabinet import FPS
from cabinet.inputs.actions import Action
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.kit.idle import IDLE_END_FRAMES, IDLE_WARN_FRAMES, IdleWatch
from support.app import choose, make_app, press, tap

TWO_MINUTES = 120 * FPS


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    """Matches started from the menus get known seeds, so every run plays the same games."""
    seeds = iter(range(5000, 6000))
    monkeypatch.setattr("cabinet.scenes.flow.play.new_seed", lambda: next(seeds))


def open_versus(app, game: str):
    tap(app, Action.START)
    choose(app, game)
    choose(app, "VERSUS")
    return app.ctx.scenes.top


def steps_until_attract(app, limit: int, events_for=lambda frame: None, seen=None) -> int:
    """Frames until attract mode is back on top; ``seen(scene)`` looks at each frame's scene."""
    for frame in range(limit):
        if isinstance(app.ctx.scenes.top, AttractScene):
            return frame
        if seen is not None:
            seen(app.ctx.scenes.top)
        app.step(events_for(frame))
    raise AssertionError(f"still on {app.ctx.scenes.top.name} after {limit} frames")


def test_the_watch_warns_after_a_minute_and_gives_its_verdict_ten_seconds_later():
    watch = IdleWatch([1, 2])
    for _ in range(IDLE_WARN_FRAMES - 1):
        assert watch.tick() is None
        watch.moved(1)
    assert watch.seconds_left(2) is None
    watch.tick()
    watch.moved(1)
    assert watch.seconds_left(2) == 10 and watch.seconds_left(1) is None
    verdicts = []
    while not verdicts:
        verdict = watch.tick()
        watch.moved(1)
        if verdict is not None:
            verdicts.append(verdict)
    assert verdicts == [("forfeit", 2)] and watch.idle[2] == IDLE_END_FRAMES
    both = IdleWatch([1, 2])
    assert [both.tick() for _ in range(IDLE_END_FRAMES)][-1] == ("abandoned", None)
    alone = IdleWatch([1])  # against the CPU: the person forfeits
    assert [alone.tick() for _ in range(IDLE_END_FRAMES)][-1] == ("forfeit", 1)
    assert IdleWatch([]).tick() is None  # CPU against CPU (attract mode) never stops


@pytest.mark.parametrize("game", ["BLOCKS", "ANTI-GRAVITY"])
def test_an_untouched_versus_ends_with_no_result_within_two_minutes(game, tmp_path):
    app = make_app()
    scene = open_versus(app, game)
    warned = []

    def seen(top):
        if top is scene and scene.idle.seconds_left(1) is not None and not warned:
            surface = pygame.Surface((960, 540))
            scene.draw(surface)
            pygame.image.save(surface, str(tmp_path / "still-there.png"))
            warned.append((scene.idle.seconds_left(1), scene.idle.seconds_left(2)))

    frames = steps_until_attract(app, TWO_MINUTES, seen=seen)
    assert frames < TWO_MINUTES and warned == [(10, 10)]
    assert scene.match.abandoned and scene.match.winner is None
    mode = "blocks/versus" if game == "BLOCKS" else "antigravity/versus"
    assert app.ctx.store.audits.counter(f"ended.{mode}") == 1, "the match still counts as played"


def test_the_person_who_walks_away_forfeits_and_the_other_wins():
    app = make_app("versus: {rematch: false}")
    scene = open_versus(app, "BLOCKS")
    # Player 1 keeps moving the cursor (and never places a piece); player 2 does nothing.
    moves = (Action.LEFT, Action.RIGHT)
    frames = 0
    while not scene.end_frames:
        app.step([press(moves[frames // 30 % 2], player=1)] if frames % 30 == 0 else None)
        frames += 1
        assert frames < TWO_MINUTES
    assert scene.match.forfeited == 2 and scene.match.winner == 1 and scene.round_winner() == 1
    assert scene.match.wins[1] == scene.match.rounds_to_win and not scene.match.abandoned
    steps_until_attract(
        app, TWO_MINUTES, lambda frame: [press(Action.START, player=1)] if frame % 90 == 0 else None
    )
    assert app.ctx.store.audits.counter("ended.blocks/versus") == 1


def test_a_replay_of_a_forfeited_match_ends_the_same_way():
    from cabinet.scenes.flow.playback import play_replay

    app = make_app("versus: {rematch: false}")
    scene = open_versus(app, "ANTI-GRAVITY")
    frames = 0
    while not scene.match.over:  # player 1's idle time runs on over the rounds
        app.step(
            [press(Action.LEFT if frames % 120 else Action.RIGHT, player=2)]
            if frames % 60 == 0
            else None
        )
        frames += 1
        assert frames < TWO_MINUTES
    assert scene.match.forfeited == 1 and scene.round_winner() == 2
    steps_until_attract(
        app, TWO_MINUTES, lambda frame: [press(Action.START, player=2)] if frame % 90 == 0 else None
    )
    replay_id = app.ctx.store.replays.ids()[-1]
    play_replay(app.ctx, replay_id)
    watched = app.ctx.scenes.top
    for _ in range(2 * TWO_MINUTES):
        if watched.inner.match.over:
            break
        app.step()
    assert watched.inner.match.forfeited == 1 and watched.inner.round_winner() == 2


def test_a_versus_recorded_before_the_idle_rule_plays_back_without_it():
    from cabinet.scenes.flow.playback import game_scene
    from cabinet.storage.replays import Replay

    app = make_app()
    options = {"cpu": {}, "versus": {"rounds_to_win": 2}}
    old = Replay("blocks", "versus", options, 5, [], score=0)
    assert game_scene(app.ctx, old).idle.idle == {}
    new = Replay("blocks", "versus", {**options, "idle_forfeit": True}, 5, [], score=0)
    assert game_scene(app.ctx, new).idle.idle == {1: 0, 2: 0}
