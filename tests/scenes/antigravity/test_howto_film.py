"""ANTI-GRAVITY's how-to film (issue 41.12, issue 36.7): the engine, driven through a player's
presses, really makes what each caption tells; every caption fits its box in every language;
the film follows the cabinet's rules and takes its place in attract mode."""

import itertools
import random

import pytest

from cabinet import FPS, language
from cabinet.render.text import Recorder, fit_size
from cabinet.scenes.antigravity import alerts
from cabinet.scenes.antigravity.howto_film import (
    CAPTION,
    CAPTION_LINES,
    HowToFilm,
    caption_lines,
    film_chapters,
)
from cabinet.scenes.antigravity.lessons import CHAPTER_SECONDS, LESSONS, seconds
from cabinet.scenes.flow.attract import default_parts
from cabinet.scenes.flow.howto import HowToScene
from cabinet.scenes.kit.match_view import PLAYER_COLOURS
from cabinet.scenes.kit.widgets import READABLE
from support.app import make_app

READ_FRAMES = 45  # a step's turn has shown this long before its caption gives way


def played(app) -> list[dict]:
    """The film run to its end; per step: what its pushes made, how many it made, and the
    last frame a field was still busy with them."""
    film = HowToFilm(app.ctx)
    steps = []
    while not film.finished:
        at = (film.lesson, film.step)
        if not steps or steps[-1]["at"] != at:
            steps.append({"at": at, "step": film.current, "busy_until": -1})
        film.update()
        record = steps[-1]
        if (film.lesson, film.step) == at:
            record["pushed"] = film.pushed
            if film.busy or film.pushed < len(film.current.pushes):
                record["busy_until"] = film.frame
        record["made"] = film.made[len(steps) - 1]
    return steps


@pytest.mark.parametrize(
    "settings", ["", "antigravity: {invert_push: true}"], ids=["shipped", "pushes swapped"]
)
def test_every_step_makes_what_its_caption_tells_through_the_engine(settings):
    steps = played(make_app(settings))
    assert [record["step"] for record in steps] == [
        step for lesson in LESSONS for step in lesson.steps
    ]
    for record in steps:
        step = record["step"]
        assert step.shows <= record["made"], f"{step.caption!r} shows {sorted(record['made'])}"
        assert record["pushed"] == len(step.pushes), f"{step.caption!r}: a push never came"
        assert record["busy_until"] <= step.frames - READ_FRAMES, (
            f"{step.caption!r} moves on before its turn is seen"
        )


def test_the_film_shows_a_fly_over_the_band_s_last_row_and_every_fate_of_a_stone():
    steps = played(make_app())
    shown = set().union(*(record["made"] for record in steps))
    assert {
        "clear",
        "chain",
        "fly over",
        "row coming",
        "band widens",
        "sudden death",
        "stones sent",
        "stones cancelled",
        "stones land",
        "stone breaks",
    } <= shown


def test_each_chapter_ends_by_itself_at_its_length_and_attract_shows_one_a_loop_after_the_page():
    app = make_app()
    films = film_chapters(app.ctx)
    assert len(films) > 1 and all(length <= CHAPTER_SECONDS for length, _ in films)
    shown = []
    for length, make in films:
        film = make()
        frames = 0
        while not film.finished:
            film.update()
            frames += 1
        assert frames == round(length * FPS)
        shown += film.lessons
    assert tuple(shown) == LESSONS, "the chapters together are the whole film, in order"
    (part,) = [
        part
        for part in default_parts(app.ctx, random.Random(1))
        if part.name == "how to play anti-gravity"
    ]
    assert (
        part.seconds == max(length for length, _ in films) > app.ctx.settings.attract.howto_seconds
    )
    turns = [part.make() for _ in range(len(films) + 2)]
    assert [type(turn) for turn in turns] == [HowToScene] + [HowToFilm] * len(films) + [HowToScene]
    assert [turn.lessons[0] for turn in turns[1:-1]] == [make().lessons[0] for _, make in films]
    page = turns[0]
    for _ in range(round(app.ctx.settings.attract.howto_seconds * FPS)):
        assert not page.finished
        page.update()
    assert page.finished, "the page keeps its own time within the longer slot"


@pytest.mark.parametrize("code", language.LANGUAGES)
def test_every_caption_and_heading_fits_its_box_readably(code):
    language.use(code)
    try:
        for lesson in LESSONS:
            heading = language.tr(lesson.heading)
            assert fit_size(heading, 28, CAPTION.width - 32) >= READABLE, heading
            for step in lesson.steps:
                assert len(caption_lines(step.caption)) <= CAPTION_LINES, language.tr(step.caption)
    finally:
        language.use("en")


def test_the_band_and_stones_are_taught_only_where_the_cabinet_plays_them():
    both = make_app()
    assert [lesson.needs for lesson in HowToFilm(both.ctx).lessons] == [
        "",
        "",
        "",
        "band",
        "stones",
        "stones",
    ]
    neither = make_app("antigravity: {ramp: {horizon_level: 0}, versus: {attacks: false}}")
    assert [lesson.needs for lesson in HowToFilm(neither.ctx).lessons] == ["", "", ""]
    assert len(film_chapters(neither.ctx)) < len(film_chapters(both.ctx))
    assert seconds(HowToFilm(neither.ctx).lessons) < seconds(HowToFilm(both.ctx).lessons)


@pytest.mark.parametrize("code", language.LANGUAGES)
def test_everything_the_film_writes_reads_from_two_metres(code, monkeypatch):
    # The fields' own callouts are versus play's, drawn as there (tests/scenes/antigravity/test_layouts.py).
    monkeypatch.setattr(alerts, "draw_popups", lambda *args: None)
    app = make_app()
    film = HowToFilm(app.ctx)
    small = set()
    language.use(code)
    try:
        while not film.finished:
            film.update()
            if film.frame % 10 == 0:
                with Recorder() as drawn:
                    film.draw(app.display.logical)
                small |= {(item.string, item.size) for item in drawn if item.size < READABLE}
    finally:
        language.use("en")
    assert not small


def test_each_push_lights_its_control_in_its_player_s_colour_then_goes_dark():
    film = HowToFilm(make_app().ctx)
    lit = []
    while not film.finished:
        film.update()
        lit.append(film.lit())
    lights = [shown for shown, _ in itertools.groupby(lit) if shown is not None]
    pushes = [push for lesson in LESSONS for step in lesson.steps for push in step.pushes]
    assert [colour for row, colour in lights if row] == [
        PLAYER_COLOURS[push.player] for push in pushes
    ]
    assert lit[-1] is None and sum(shown is not None for shown in lit) < len(lit) // 4
