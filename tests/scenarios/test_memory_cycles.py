"""A finished scene is freed by reference counting alone: no reference cycles keep it (issue 14.3).

Every test runs with the garbage collector switched off, so anything that
survives the end of its scene was kept by a cycle (or a leak), not merely
waiting for a collection.
"""

import gc
import weakref

import pytest

from cabinet.bench.scenes import _scenes
from cabinet.render import layer
from cabinet.scenes.kit.base import Scene
from support.app import make_app, run


class Blank(Scene):
    name = "blank"


@pytest.fixture
def no_gc():
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _surfaces_of(scene) -> list:
    """Weak references to the big surfaces a scene owns (the ANTI-GRAVITY layout's cached screen),
    which its end frees or hands back for the next screen (cabinet.render.layer)."""
    layout = getattr(scene, "layout", None)
    return [weakref.ref(layout.static())] if layout is not None else []


def _kept(refs: list) -> list:
    """Those of ``refs`` still alive, a picture handed back for reuse not counted."""
    return [
        ref
        for ref in refs
        if ref() is not None and not any(ref() is spare for spare in layer._spares)
    ]


def test_every_scene_is_freed_when_it_ends(no_gc):
    app = make_app()
    names = []
    for name, make in _scenes(app.ctx):
        scene = make()
        app.ctx.scenes.reset(scene)
        run(app, 40, draw_every=1)
        refs = [weakref.ref(scene), *_surfaces_of(scene)]
        del scene
        app.ctx.scenes.reset(Blank(app.ctx))
        app.render()
        alive = _kept(refs)
        assert not alive, f"{name}: still alive after it ended: {alive}"
        names.append(name)
    assert "anti-gravity versus demo" in names and "blocks demo" in names


def test_a_replay_is_freed_when_it_ends(no_gc):
    from cabinet.scenes.flow.playback import PlaybackScene

    app = make_app()
    _record_a_replay(app)
    scene = PlaybackScene(app.ctx, app.ctx.store.replays.load(app.ctx.store.replays.ids()[-1]))
    app.ctx.scenes.reset(scene)
    run(app, 120, draw_every=1)
    refs = [weakref.ref(scene), weakref.ref(scene.inner), *_surfaces_of(scene.inner)]
    del scene
    app.ctx.scenes.reset(Blank(app.ctx))
    assert _kept(refs) == []


def test_attract_parts_are_freed_as_attract_moves_on(no_gc):
    app = make_app(
        "attract: {title_seconds: 1, blocks_demo_seconds: 5, antigravity_demo_seconds: 5, "
        "blocks_scores_seconds: 1, antigravity_scores_seconds: 1, howto_seconds: 1}"
    )
    attract = app.ctx.scenes.top
    parts = []
    kinds = set()
    for _ in range(60 * 70):
        part = attract.part
        if not parts or parts[-1][1]() is not part:
            parts.append(
                (attract.part_name, weakref.ref(part), *_surfaces_of(getattr(part, "inner", part)))
            )
            kinds.add(type(part).__name__)
        del part
        run(app, 1)
        app.render()
    assert {"BlocksScene", "AntiGravityScene", "ScoreTablesScene", "HowToScene"} <= kinds, kinds
    finished = parts[:-1]
    alive = [name for name, *refs in finished if _kept(refs)]
    assert not alive, f"attract parts kept after they ended: {alive}"


def _record_a_replay(app) -> None:
    """A real (non-demo) ANTI-GRAVITY game, pushed carelessly to a quick end, so attract has a replay."""
    from cabinet.games.pilots import HumanPilot
    from cabinet.inputs.actions import Action, InputEvent
    from cabinet.scenes.antigravity.play import AntiGravityScene

    scene = AntiGravityScene(
        app.ctx, "single", difficulty="hard", pilots=[HumanPilot(1)], seed=3, on_end=app.ctx.finish
    )
    app.ctx.scenes.reset(scene)
    for frame in range(60 * 60 * 5):
        if app.ctx.scenes.top is not scene:
            break
        app.step([InputEvent(1, Action.UP, frame % 2 == 0)])
    assert app.ctx.store.replays.ids(), "the game saved a replay"


@pytest.mark.parametrize("game", ["blocks", "antigravity"])
def test_a_versus_demo_ended_mid_animation_is_freed(no_gc, game):
    """Ended while stones fly or a turn animates: callbacks in flight must not keep the scene."""
    from cabinet.scenes.flow.attract import versus_demo

    app = make_app()
    scene = versus_demo(app.ctx, game, 7)
    app.ctx.scenes.reset(scene)

    def animating():
        if game == "blocks":
            return bool(scene.flights.flights)  # noqa: F821  (stones in the air; scene is deleted below)
        return any(seat.animation is not None for seat in scene.seats)  # noqa: F821

    for _ in range(60 * 120):
        run(app, 1)
        if animating():
            break
    assert animating()
    app.render()
    refs = [weakref.ref(scene), *_surfaces_of(scene)]
    del scene
    app.ctx.scenes.reset(Blank(app.ctx))
    assert _kept(refs) == []
