"""Drawing only what changed: the frame gate, the app's use of it, and honest looks."""

import random

import pytest

from cabinet.bench.scenes import _scenes
from cabinet.inputs.actions import Action
from cabinet.render.frames import FrameGate
from cabinet.scenes.kit.base import Scene
from support.app import make_app, press, run


class Counting(Scene):
    """A scene that counts its draws; its picture is whatever ``colour`` says."""

    name = "counting"

    def __init__(self, ctx, look=True):
        super().__init__(ctx)
        self.colour = (0, 0, 0)
        self.draws = 0
        self.gives_look = look

    def look(self):
        return self.colour if self.gives_look else None

    def draw(self, surface):
        self.draws += 1
        surface.fill(self.colour)


def test_a_still_scene_is_drawn_and_presented_once():
    app = make_app()
    scene = Counting(app.ctx)
    app.ctx.scenes.reset(scene)
    shown = [app.render() for _ in range(10)]
    assert shown == [True] + [False] * 9
    assert scene.draws == 1
    scene.colour = (255, 0, 0)
    assert app.render() is True and scene.draws == 2
    assert app.display.logical.get_at((5, 5))[:3] == (255, 0, 0)


def test_a_scene_without_a_look_is_drawn_every_frame_but_presented_only_when_its_pixels_change():
    app = make_app()
    scene = Counting(app.ctx, look=False)
    app.ctx.scenes.reset(scene)
    shown = [app.render() for _ in range(5)]
    assert shown == [True, False, False, False, False]
    assert scene.draws == 5
    scene.colour = (0, 0, 255)
    assert app.render() is True


def test_a_new_scene_with_the_same_look_is_still_drawn():
    app = make_app()
    first = Counting(app.ctx)
    app.ctx.scenes.reset(first)
    app.render()
    second = Counting(app.ctx)
    app.ctx.scenes.reset(second)
    assert app.render() is True and second.draws == 1


def test_an_invalidated_gate_shows_the_next_frame_again():
    gate = FrameGate()
    app = make_app()
    scene = Counting(app.ctx)
    assert gate.needs_drawing(scene, 1)
    gate.shows_new_picture(scene, 1, app.display.logical)
    assert not gate.needs_drawing(scene, 1)
    gate.invalidate()
    assert gate.needs_drawing(scene, 1)


def test_a_scene_whose_look_fails_is_logged_and_attract_takes_over(caplog):
    app = make_app()

    class BadLook(Counting):
        def look(self):
            raise ValueError("no look")

    app.ctx.scenes.reset(BadLook(app.ctx))
    assert app.render() is True
    assert app.ctx.scenes.top.name.startswith("attract")
    assert any("failed in look" in r.getMessage() for r in caplog.records)


def _pixels(app, scene):
    surface = app.display.logical
    scene.draw(surface)
    return surface.get_buffer().raw


def _scenes_with_looks(app):
    for name, make in _scenes(app.ctx):
        scene = make()
        app.ctx.scenes.reset(scene)
        if scene.look() is not None:
            yield name, scene


def test_every_look_is_honest_equal_looks_draw_equal_pixels():
    """The contract every scene that gives a look must keep (Scene.look).

    Each such scene runs a few hundred frames with presses now and then; every
    frame is drawn, and a frame whose look equals the previous one must have
    drawn exactly the same picture. A scene that adds a moving part without
    putting it in its look fails here.
    """
    app = make_app("attract: {title_seconds: 2, blocks_scores_seconds: 3, howto_seconds: 3}")
    rng = random.Random(7)
    checked = []
    for name, scene in _scenes_with_looks(app):
        checked.append(name)
        before_look, before = scene.look(), _pixels(app, scene)
        for frame in range(420):
            if app.ctx.scenes.top is not scene:
                break  # the scene chose to leave (a menu timing out, a ranking ending)
            if frame % 37 == 5:
                scene.handle(press(rng.choice([Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT])))
            scene.update()
            app.ctx.frame += 1
            look, pixels = scene.look(), _pixels(app, scene)
            if look is not None and look == before_look:
                assert pixels == before, (
                    f"{name}: frame {frame} drew something new under an unchanged look {look!r}"
                )
            before_look, before = look, pixels
    assert {
        "title",
        "attract (title part)",
        "blocks scores",
        "how to play blocks",
        "game select",
        "initials",
        "ranking",
        "screen test",
        "input test",
    } <= set(checked)


def test_attract_parts_with_looks_keep_their_contract_across_the_prompt_strip():
    app = make_app(
        "attract: {title_seconds: 1, blocks_demo_seconds: 5, blocks_scores_seconds: 2, howto_seconds: 2, "
        "antigravity_demo_seconds: 5, antigravity_scores_seconds: 1}"
    )
    attract = app.ctx.scenes.top
    names = set()
    before_look, before = attract.look(), _pixels(app, attract)
    for _ in range(60 * 40):
        if "anti-gravity scores" in names and attract.part_name != "anti-gravity scores":
            break
        run(app, 1)
        names.add(attract.part_name)
        look, pixels = attract.look(), _pixels(app, attract)
        if look is not None and look == before_look:
            assert pixels == before, (
                f"{attract.part_name}: drew something new under an unchanged look"
            )
        before_look, before = look, pixels
    assert {"title", "blocks scores", "how to play blocks", "anti-gravity scores"} <= names


@pytest.mark.parametrize("part", ["title", "blocks scores"])
def test_idle_attract_pages_present_only_a_few_frames_a_second(part):
    app = make_app("attract: {title_seconds: 30, blocks_scores_seconds: 30}")
    attract = app.ctx.scenes.top
    while attract.part_name != part:
        attract.next_part()
    presented = 0
    for _ in range(120):
        run(app, 1)
        presented += app.render()
    assert 0 < presented <= 30, presented


def test_a_picture_that_changed_for_a_while_and_then_stops_is_no_longer_presented_soon_after():
    app = make_app()
    scene = Counting(app.ctx, look=False)
    app.ctx.scenes.reset(scene)
    for shade in range(40):  # an animation: every frame new
        scene.colour = (shade, 0, 0)
        assert app.render() is True
    presented = [app.render() for _ in range(30)]  # then still
    assert presented[-20:] == [False] * 20
    assert sum(presented) <= 8


def test_the_gate_sees_a_one_pixel_change_anywhere_after_a_change_elsewhere():
    # The comparison looks first where the last change was, then strip by strip:
    # a change in any other strip, the last pixel included, must still be seen.
    import pygame

    surface = pygame.Surface((97, 31))  # a size that does not split into equal strips
    gate, scene = FrameGate(), Counting(None)
    assert gate.shows_new_picture(scene, None, surface)
    assert not gate.shows_new_picture(scene, None, surface)
    for spot in [(50, 15), (0, 0), (96, 30), (50, 15), (3, 29)]:
        surface.set_at(spot, (255, 255, 255))
        assert gate.shows_new_picture(scene, None, surface), spot
        assert not gate.shows_new_picture(scene, None, surface), spot
        surface.fill((0, 0, 0))
        assert gate.shows_new_picture(scene, None, surface), spot
