"""ANTI-GRAVITY's versus result names the CPU as the CPU and lays its rows out with no word over another."""

import pygame
import pytest

from cabinet.games.match import Match
from cabinet.render import palette
from cabinet.scenes.antigravity import layouts
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.kit.widgets import READABLE
from support.app import make_app
from support.drawn import spy_sizes


def _words(monkeypatch, scene) -> list[tuple[str, int, pygame.Rect]]:
    seen, spy = spy_sizes(monkeypatch, layouts)
    monkeypatch.setattr(
        layouts,
        "fitted",
        lambda surface, words, pos, size, colour, width, align="topleft": spy(surface, words, pos, size, colour, align),
    )
    scene.layout.draw_banner(pygame.Surface((960, 540)))
    return seen


def _won_match(cpu_level: int | None):
    app = make_app()
    match = Match("antigravity", 2, 3, {2: cpu_level} if cpu_level else {})
    scene = match_scene(app.ctx, match)
    app.ctx.scenes.reset(scene)
    match.record(2)
    match.record(2)
    for seat, score in zip(scene.seats, (12345, 99999)):
        seat.game.score = score
    return scene


def test_the_match_result_against_the_cpu_names_it_and_no_two_words_meet(monkeypatch):
    drawn = _words(monkeypatch, _won_match(5))
    words = [words for words, _, _ in drawn]
    assert "CPU LV5 WINS!" in words and "CPU LV5" in words and "1P" in words and "2P" not in words
    assert "MATCH 2 - 0" in words, "the winner's wins first"
    meeting = [(a, b) for i, (a, _, ra) in enumerate(drawn) for b, _, rb in drawn[i + 1 :] if ra.colliderect(rb)]
    assert not meeting
    assert all(size >= READABLE for _, size, _ in drawn)


def test_two_people_keep_the_big_rows(monkeypatch):
    drawn = _words(monkeypatch, _won_match(None))
    sizes = {words: size for words, size, _ in drawn}
    assert sizes["1P"] == sizes["2P"] == 28 and sizes["MATCH 2 - 0"] == 28


def _versus(yaml_text: str = ""):
    app = make_app(yaml_text)
    scene = match_scene(app.ctx, Match("antigravity", 2, 3, {}))
    app.ctx.scenes.reset(scene)
    return app, scene


def _stones_in(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the stone's grey face inside ``rect``."""
    return sum(surface.get_at((x, y))[:3] == palette.STONE for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom))


def test_each_versus_field_has_a_pending_meter_between_its_panel_and_field():
    _app, scene = _versus()
    layout = scene.layout
    for meter, panel, view in zip(layout.meters, layout.panels, layout.views):
        assert not meter.colliderect(panel) and not meter.colliderect(view.outer)
    scene.seats[0].game.pending, scene.seats[1].game.pending = 3, 40
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    one, two = (_stones_in(surface, meter) for meter in layout.meters)
    assert 0 < one < two, "more stones waiting stack higher"
    scene.seats[0].game.pending = 0
    scene.draw(surface)
    assert _stones_in(surface, layout.meters[0]) == 0


def test_without_attacks_there_is_no_meter():
    _app, scene = _versus("antigravity:\n  versus:\n    attacks: false\n")
    assert scene.seats[0].game.stones is None
    scene.seats[0].game.pending = 3  # never set without attacks; shown only with them
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    assert _stones_in(surface, scene.layout.meters[0]) == 0


def test_the_match_result_shows_what_decided_the_race_not_the_scores(monkeypatch):
    scene = _won_match(None)
    scene.seats[0].game.total_cleared, scene.seats[1].game.total_cleared = 61, 100
    words = [words for words, _, _ in _words(monkeypatch, scene)]
    assert "61" in words and "100" in words, "a race on clears shows the clears"
    assert "12345" not in words and "99999" not in words


@pytest.mark.parametrize("cpus", [{}, {1: 5}])
def test_a_stack_that_ended_the_match_reads_game_over(monkeypatch, cpus):
    app = make_app()
    match = Match("antigravity", 2, 3, cpus)
    scene = match_scene(app.ctx, match)
    app.ctx.scenes.reset(scene)
    match.record(2)
    match.record(2)
    loser = scene.seat_for(1).game  # a person, or the CPU
    loser.total_cleared, loser.game_over = 80, True
    drawn = _words(monkeypatch, scene)
    words = [words for words, _, _ in drawn]
    assert "GAME OVER" in words and "80" not in words, "more clears, but the stack lost it"
    assert all(size >= READABLE for _, size, _ in drawn), "a CPU's name beside GAME OVER still reads"
    meeting = [(a, b) for i, (a, _, ra) in enumerate(drawn) for b, _, rb in drawn[i + 1 :] if ra.colliderect(rb)]
    assert not meeting
