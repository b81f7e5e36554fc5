"""The widening horizon on screen: the band, the coming row, its sounds, danger and the cause."""

import pygame
import pytest

from cabinet.games.antigravity.animation import grid_from_text
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.seat import Seat
from cabinet.games.antigravity.stacks import crossed_columns, danger_columns
from cabinet.scenes.antigravity import alerts
from cabinet.scenes.antigravity.field_view import FieldView
from cabinet.scenes.antigravity.howto import HORIZON_RULE, STONES_RULE, SUDDEN_DEATH_RULE
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.flow.howto import HowToScene
from support.app import make_app

RAMP = {
    "clears": 60,
    "step_seconds": 0.5,
    "min_seconds": 2.0,
    "horizon_level": 4,
    "horizon_warning": 2,
}
# Column 0 holds 6 blocks from the bottom: at the S line, legal until the band is 1 deep.
AT_LINE = ["......"] * 6 + ["R.....", "G.....", "R.....", "G.....", "R.....", "G....."]
QUIET = ("top", 4), ("top", 3), ("top", 5)  # pushes that clear nothing on AT_LINE


def played(seat, side, column):
    seat.game.cursor = column
    seat._push("down" if seat.game.push_side("down") == side else "up")
    while seat.busy:
        seat.step()


def banded_seat(rows=AT_LINE, total_cleared=240, heard=None, **kwargs):
    game = AntiGravityGame.from_text(
        rows, top="BYB", bottom="YBY", total_cleared=total_cleared, ramp=RAMP, **kwargs
    )
    return Seat(game, play=(heard.append if heard is not None else lambda name: None))


def test_danger_and_the_cause_use_h_less_d():
    grid = grid_from_text(["......"] * 8 + ["R....."] * 4)  # 4 blocks: fine at the line
    assert not danger_columns(grid, 6, 12) and danger_columns(grid, 6, 12, depth=2) == {0}
    assert danger_columns(grid, 6, 12, depth=1) == {0}  # one block from h - 1
    assert crossed_columns(grid, 6, 12, depth=3) == {0} and not crossed_columns(
        grid, 6, 12, depth=2
    )


def test_the_seat_shows_the_row_coming_then_in_force_with_a_sound_for_each():
    heard = []
    seat = banded_seat(["......"] * 12, heard=heard)
    assert seat.horizon == (0, None)
    played(seat, "top", 0)
    assert seat.horizon == (0, 2) and heard.count("ag_horizon_warn") == 1
    assert seat.current_message().text == "HORIZON ROW IN 2"
    played(seat, "top", 1)
    assert seat.horizon == (0, 1) and "ag_horizon_grow" not in heard
    played(seat, "top", 2)
    assert seat.horizon == (1, None) and heard.count("ag_horizon_grow") == 1
    assert seat.current_message().text == "THE HORIZON WIDENS!"


def test_the_screen_shows_the_band_only_once_the_turn_has_played_out():
    seat = banded_seat(["......"] * 12, horizon=0)
    for column in (0, 1):
        played(seat, "top", column)
    seat.game.cursor = 2
    seat._push("down" if seat.game.push_side("down") == "top" else "up")
    assert seat.game.horizon == 1 and seat.horizon == (0, 1)  # still animating
    while seat.busy:
        seat.step()
    assert seat.horizon == (1, None)


def test_a_game_ended_by_the_band_is_marked_as_such(monkeypatch):
    heard = []
    seat = banded_seat(heard=heard)
    for side, column in QUIET:
        played(seat, side, column)
    assert seat.game.game_over and seat.last_turn.by_band and seat.horizon == (1, None)
    assert "ag_horizon_grow" in heard
    words = []
    monkeypatch.setattr(alerts, "text", lambda surface, shown, *args, **kw: words.append(shown))
    alerts.draw_cause(pygame.Surface((960, 540)), FieldView((300, 60), 6, 12, 30), seat, 0)
    assert " ".join(words) == "INTO THE HORIZON!", (
        "within the field, on two lines where one does not fit"
    )


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.close()


def test_the_play_screen_draws_the_band_dark_and_the_coming_row_with_its_turns(
    app, tmp_path, monkeypatch
):
    scene = AntiGravityScene(app.ctx, "single", seed=3, on_end=app.ctx.finish)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    view = scene.layout.views[0]
    inside = (view.x + 2 * view.cell + 4, view.y + view.half * view.cell - view.cell // 2)
    plain = surface.get_at(inside)
    game = AntiGravityGame.from_text(
        ["......"] * 12, top="R", bottom="G", total_cleared=300, horizon=1, ramp=RAMP
    )
    scene.seats[0] = Seat(game, 1, app.ctx.audio.play)
    played(scene.seats[0], "top", 0)  # level 5: the next row comes
    shown = []
    original = alerts.text
    monkeypatch.setattr(
        alerts,
        "text",
        lambda target, words, *args, **kw: (
            shown.append(words) or original(target, words, *args, **kw)
        ),
    )
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "band.png"))
    dark = surface.get_at(inside)
    assert sum(dark[:3]) < sum(plain[:3]) // 2, (dark, plain)  # the band is darker than the field
    assert shown.count("2") == 4  # both sides of both coming rows


def test_the_how_to_page_tells_of_the_band_and_its_sudden_death_when_it_is_on(app):
    rules = HowToScene(app.ctx, "antigravity").page["rules"]
    assert HORIZON_RULE in rules and SUDDEN_DEATH_RULE in rules
    app.ctx.settings.antigravity.ramp.horizon_level = 0
    rules = HowToScene(app.ctx, "antigravity").page["rules"]
    assert HORIZON_RULE not in rules and SUDDEN_DEATH_RULE not in rules


def test_the_how_to_page_tells_of_stones_when_versus_attacks(app):
    assert HowToScene(app.ctx, "antigravity").page["rules"][-1] == STONES_RULE
    app.ctx.settings.antigravity.versus.attacks = False
    assert STONES_RULE not in HowToScene(app.ctx, "antigravity").page["rules"]


def test_the_last_row_says_sudden_death_once_over_the_field_and_in_the_bar():
    heard = []
    seat = banded_seat(
        ["......"] * 12, horizon=4, total_cleared=540, heard=heard
    )  # level 9: target 5
    played(seat, "top", 0)  # the row h - 1 is announced ...
    played(seat, "top", 1)
    assert seat.horizon == (4, 1) and not seat.popups
    played(seat, "top", 2)  # ... and takes effect
    assert seat.horizon == (5, None) and heard.count("ag_horizon_grow") == 1
    assert seat.current_message().text == "SUDDEN DEATH!"
    assert [(popup.words, popup.detail, popup.big) for popup in seat.popups] == [
        ("SUDDEN", "DEATH!", True)
    ]
    played(seat, "top", 3)  # nothing more to come: said once
    assert heard.count("ag_horizon_grow") == 1 and seat.horizon == (5, None)
