"""Replays for the tests: one recorded by hand, and one saved by playing a real game."""

from cabinet.inputs.actions import Action, InputEvent
from cabinet.storage.replays import Replay, ReplayRecorder


def recorded(score=1234, game="blocks", mode="single", seed=42):
    rec = ReplayRecorder(game, mode, {"piece_set": "classic", "rotation": False}, seed)
    rec.record(0, InputEvent(1, Action.RIGHT, True, frame=900))
    rec.record(3, InputEvent(1, Action.RIGHT, True, frame=903, repeat=True))
    rec.record(4, InputEvent(1, Action.RIGHT, False, frame=904))
    rec.record(10, InputEvent(2, Action.A, True, frame=910))
    return rec.finish(score, ["#.......", "........"])


def play_until_saved(app, scene, presses, limit: int) -> Replay:
    """Step the app, injecting ``presses(frame)`` while ``scene`` runs, until its replay is saved."""
    for frame in range(limit):
        if app.ctx.scenes.top is not scene:
            break
        app.step(presses(frame))
    else:
        raise AssertionError("the game did not end")
    ids = app.ctx.store.replays.ids()
    assert ids, "the finished game saved its replay"
    return app.ctx.store.replays.load(ids[-1])
