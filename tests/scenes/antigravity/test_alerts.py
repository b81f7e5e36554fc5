"""What an ANTI-GRAVITY field shows over its blocks: the danger cue, which never changes a
block's colour, and its popups, one at a time and inside the field; and beside it, the forced
push's countdown."""

import math

import pygame
import pytest

from cabinet import FPS
from cabinet.games.antigravity.animation import grid_from_text
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.seat import POPUP_FRAMES, Popup, Seat
from cabinet.render.text import Recorder
from cabinet.scenes.antigravity import alerts
from cabinet.scenes.antigravity.field_view import FieldView
from cabinet.scenes.antigravity.play import AntiGravityScene
from support.app import make_app

ROWS = ["......"] * 7 + ["Y.....", "Y.....", "G.....", "Y.....", "Y....."]


def pixels(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_a_block_in_danger_keeps_its_exact_pixels_while_its_column_throbs(tmp_path):
    view = FieldView((300, 90), 6, 12, 30)
    cells = {cell: letter for cell, letter in grid_from_text(ROWS).items() if letter}
    normal = pygame.Surface((960, 540))
    view.draw_static(normal)
    view.draw_settled(normal, cells)
    for frame in range(0, 24, 3):  # every phase of the throb
        shown = normal.copy()
        alerts.draw_danger(shown, view, {0}, frame, cells)
        for row, column in cells:
            block = pygame.Rect(*view.cell_pos(row, column), view.cell, view.cell)
            assert pixels(shown, block) == pixels(normal, block), (
                f"block {row},{column} at frame {frame}"
            )
        empty = pygame.Rect(*view.cell_pos(0, 0), view.cell, view.cell)
        assert pixels(shown, empty) != pixels(normal, empty), "the column's empty cells glow"
        cap = pygame.Rect(view.x, view.outer.y, view.cell, view.rect.y - view.outer.y)
        assert pixels(shown, cap) != pixels(normal, cap), "the frame throbs at the column's ends"
    pygame.image.save(shown.subsurface(view.bounds), str(tmp_path / "danger.png"))


def test_a_field_shows_one_popup_at_a_time():
    # A push into column 2 from the top lines up R R R; column 0's blocks then fly across:
    # the clear's points, then the through bonus.
    game = AntiGravityGame.from_text(
        ["Y.B", "G.R", "RR.", "B..", "...", "...", "...", "..."], top="Y", bottom="G"
    )
    seat = Seat(game)
    game.cursor = 2
    seat._push("down" if game.push_side("down") == "top" else "up")
    view = FieldView((300, 90), game.width, game.height, 30)
    seen = set()
    while seat.busy or seat.popups:
        assert len(seat.popups) <= 1
        seen.update(popup.tone for popup in seat.popups)
        alerts.draw_popups(pygame.Surface((960, 540)), view, seat.popups)
        seat.step()
    assert len(seen) == 2, "the through bonus took the place of the clear's points"


def test_a_popup_earned_at_the_field_edge_never_rises_over_the_dispenser():
    view = FieldView((300, 90), 6, 12, 30)
    for popup in (
        Popup("+1250", "chain", 0.2, 0.0),
        Popup("5 CHAIN!", "chain", 0.0, 3.0, big=True, detail="+900"),
    ):
        surface = pygame.Surface(
            (960, 540), pygame.SRCALPHA
        )  # clear: what is drawn shows in its alpha
        for _ in range(POPUP_FRAMES):
            alerts.draw_popups(surface, view, [popup])
            popup.age += 1
        assert surface.get_bounding_rect().width, "it was drawn"
        assert view.rect.contains(surface.get_bounding_rect()), (
            f"{popup.words} drawn outside its field"
        )


LAYOUTS = {
    "single": {"mode": "single"},
    "versus": {"mode": "versus"},
    "contest": {"mode": "contest", "contest": "STANDARD"},
}


@pytest.mark.parametrize("rotation", [0, 90], ids=["upright", "turned"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_forced_push_countdown_covers_nothing_of_the_field(layout, rotation, tmp_path):
    """Issue 41.4: in its last two seconds the digit stands beside the block about to be pushed,
    in the dispenser strip, never over the column the player must read."""
    app = make_app(f"display: {{rotation: {rotation}}}")
    scene = AntiGravityScene(app.ctx, seed=9, **LAYOUTS[layout], on_end=app.ctx.finish)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    app.step()
    for side in ("top", "bottom"):
        for cursor, left in ((0, 110), (3, 70), (5, 30)):
            for seat in scene.seats:
                seat.game.forced_side, seat.game.cursor, seat.game.frames_left = side, cursor, left
            with Recorder() as drawn:
                scene.draw(app.display.logical)
            seconds = str(math.ceil(left / FPS))
            for view in scene.layout.views:
                digits = [
                    item.rect
                    for item in drawn
                    if item.string == seconds and view.bounds.colliderect(item.rect)
                ]
                assert digits, f"{layout}: a countdown beside the {side} dispenser"
                block = pygame.Rect(
                    view.x + cursor * view.cell, view.bounds.y, view.cell, view.bounds.height
                )
                for rect in digits:
                    assert not rect.colliderect(view.rect), (
                        f"{layout}: {rect} covers the field {view.rect}"
                    )
                    assert not rect.colliderect(block), (
                        f"{layout}: {rect} covers the dispenser's blocks"
                    )
                    assert view.dispenser_rect(side).contains(rect)
            pygame.image.save(app.display.logical, str(tmp_path / f"{layout}-{side}-{cursor}.png"))
