"""ANTI-GRAVITY's versus result names the CPU as the CPU and lays its rows out with no word over another."""

import pygame
import pytest

from cabinet.games.antigravity.animation import grid_from_text
from cabinet.games.match import Match
from cabinet.render import palette
from cabinet.scenes.antigravity import layouts
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.kit.widgets import READABLE
from support.app import make_app
from support.drawn import overlapping, spy_sizes


def _words(monkeypatch, scene) -> list[tuple[str, int, pygame.Rect]]:
    seen, _ = spy_sizes(monkeypatch, layouts)
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
    assert not overlapping(drawn)
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
    return sum(
        surface.get_at((x, y))[:3] == palette.STONE
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
    )


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
    assert all(size >= READABLE for _, size, _ in drawn), (
        "a CPU's name beside GAME OVER still reads"
    )
    assert not overlapping(drawn)


# ---------------------------------------------------------------------- attacks on screen

TWO_CHAINS = [
    "RBGB",
    "BGG.",
    "..B.",
    "..G.",
    "...R",
    "BG.G",
    "BR.G",
    "GGRB",
]  # a top G at 2: ATTACK 3


def _attack(pending: int = 1):
    """A small versus whose player 1 has a chain ready; its push made (attack 3)."""
    from cabinet.games.antigravity.engine import AntiGravityGame

    app, scene = _versus("antigravity:\n  width: 4\n  half_height: 4\n")
    scene.countdown.skip()
    game = scene.seat_for(1).game
    game._cells = AntiGravityGame.from_text(TWO_CHAINS).board()
    game._queues["top"][0] = 2  # G
    game.pending = pending
    scene.seat_for(1)._grid = grid_from_text(game.to_text())
    game.cursor = 2
    scene.seat_for(1)._push("down" if game.push_side("down") == "top" else "up")
    assert scene.seat_for(1).last_turn.attack == 3
    return app, scene


def _ring_near(surface, pos, colour, radius: int = 26) -> bool:
    x0, y0 = int(pos[0]), int(pos[1])
    return any(
        surface.get_at((x, y))[:3] == colour
        for x in range(x0 - radius, x0 + radius + 1)
        for y in range(y0 - radius, y0 + radius + 1)
        if 0 <= x < 960 and 0 <= y < 540
    )


def test_an_attack_flies_from_field_to_field_and_counts_on_the_meter_when_it_lands(tmp_path):
    app, scene = _attack()
    layout = scene.layout
    mover, target = scene.seat_for(1), scene.seat_for(2)
    assert target.game.pending == 2, "the engine moved the stones at once"
    surface = pygame.Surface((960, 540))
    while mover.busy:
        assert layout.shown_pending(target) == 0, "not shown before the film has thrown them"
        assert layout.shown_pending(mover) == 1, "the stone it cancels waits until the film is over"
        app.step()
    attacks = [flight for flight in scene.flights.flights if not flight.cancel]
    cancels = [flight for flight in scene.flights.flights if flight.cancel]
    assert [(f.count, f.end[0]) for f in attacks] == [(2, layout.meters[1].centerx)]
    assert [(f.count, f.end[0]) for f in cancels] == [(1, layout.meters[0].centerx)]
    assert layout.views[0].rect.collidepoint(attacks[0].start)
    crossed = False
    while scene.flights.flights:
        scene.draw(surface)
        head = attacks[0].position()
        assert _ring_near(surface, head, palette.ORANGE), f"the flight is drawn at {head}"
        crossed |= layout.views[0].rect.right < head[0] < layout.views[1].rect.x
        if attacks[0].age == attacks[0].frames // 2:
            pygame.image.save(surface, str(tmp_path / "flight.png"))
        assert layout.shown_pending(target) == (0 if attacks[0] in scene.flights.flights else 2)
        app.step()
    assert crossed, "it passes between the fields"
    assert layout.shown_pending(target) == 2 and layout.shown_pending(mover) == 0


def test_a_cancel_is_shown_over_the_field_that_cancelled(monkeypatch, tmp_path):
    from cabinet.scenes.kit import callout
    from support.drawn import spy_text

    app, scene = _attack(pending=5)  # all 3 cancel: nothing is sent
    drawn = spy_text(monkeypatch, callout)
    surface = pygame.Surface((960, 540))
    while scene.seat_for(1).busy:
        app.step()
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "cancel.png"))
    shown = dict(drawn)
    assert scene.layout.views[0].rect.contains(shown["CANCEL 3"])
    assert [flight.cancel for flight in scene.flights.flights] == [True]
    assert (
        app.ctx.audio.played.count("versus_cancel") == 1
        and "versus_attack" not in app.ctx.audio.played
    )
