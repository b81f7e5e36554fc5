"""The scene context protocol: the cabinet's context and a replay's answer all a scene may ask."""

from cabinet.scenes.flow.playback import ReplayContext
from cabinet.scenes.kit.scene_context import SceneContext
from support.app import make_app
from support.protocols import members, missing


def test_the_cabinets_context_and_a_replays_are_scene_contexts():
    app = make_app()
    assert {"settings", "bank", "audio", "go_to_attract", "finish", "free_play"} <= members(
        SceneContext
    )
    assert missing(app.ctx, SceneContext) == []
    assert missing(ReplayContext(app.ctx, app.ctx.settings), SceneContext) == []


def test_a_context_missing_a_member_is_found():
    app = make_app()
    del app.ctx.settings_listeners
    assert missing(app.ctx, SceneContext) == ["settings_listeners"]
