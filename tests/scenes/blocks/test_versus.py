"""The BLOCKS versus screen's popups: over a board, never across the meters."""

import pygame

from cabinet.games.blocks.versus import BlocksVersus
from cabinet.games.match import Match
from cabinet.render.popups import popup_rect
from cabinet.scenes.blocks import versus_view as view
from cabinet.scenes.blocks.shown_seat import ShownSeat
from cabinet.scenes.flow.play import match_scene
from support.app import make_app


def test_a_cancel_shows_over_the_board_that_cancelled_not_across_the_meters(tmp_path):
    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    seat = scene.seat_for(1)
    scene._launch(seat, seat, view.board_centre(1), 2, cancel=True)
    while not any(p.words == "CANCEL 2" for p in scene.popups):
        app.step()
    app.step()
    (cancel,) = [p for p in scene.popups if p.words == "CANCEL 2"]
    rect = popup_rect(cancel)
    assert view.board_rect(1).contains(rect)
    assert rect.collidelist([view.meter_rect(1), view.meter_rect(2)]) == -1
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "cancel.png"))


def test_the_attract_versus_shows_no_red_cross_on_the_way(monkeypatch):
    from cabinet.games.match import DEMO_CPU_LEVELS

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 9, dict(DEMO_CPU_LEVELS["blocks"])), demo=True)
    app.ctx.scenes.reset(scene)
    crossed = []
    real_ghost = view.ghost

    def spy(size, fits, passing=False):
        if not fits and not passing:
            crossed.append(scene.game_frame)
        return real_ghost(size, fits, passing)

    monkeypatch.setattr(view, "ghost", spy)
    surface = pygame.Surface((960, 540))
    while sum(scene.seat_for(p).game.placements for p in (1, 2)) < 30 and not scene.end_frames:
        app.step()
        scene.draw(surface)
    assert sum(scene.seat_for(p).game.placements for p in (1, 2)) >= 30
    assert crossed == [], "no CPU piece is crossed out on its way"


def test_the_round_result_says_the_loser_had_no_room(monkeypatch):
    from support.drawn import spy_text

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    drawn = spy_text(monkeypatch, view)
    scene.versus.game(2).game_over = True
    scene.versus.winner = 1
    view._draw_result(pygame.Surface((960, 540)), scene)
    shown = dict(drawn)
    assert view.board_rect(2).contains(shown["NO ROOM!"]), "under the LOSE of the board that filled"
    assert shown["LOSE"].bottom <= shown["NO ROOM!"].top
    drawn.clear()
    scene.versus.game(2).game_over = False  # a forfeit: the board still had room
    view._draw_result(pygame.Surface((960, 540)), scene)
    assert "NO ROOM!" not in [words for words, _ in drawn]


def two_cells_a_line() -> list[str]:
    """Full but for (r, r) and (r, r+1 mod 8): 16 stones fill it without completing a line."""
    grid = [["#"] * 8 for _ in range(8)]
    for r in range(8):
        grid[r][r] = grid[r][(r + 1) % 8] = "."
    return ["".join(line) for line in grid]


def test_both_boards_filling_on_one_frame_is_a_draw(tmp_path, monkeypatch):
    from support.drawn import spy_text

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 2, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    singles = [["#"]] * 3
    position = BlocksVersus.from_text(
        boards=(two_cells_a_line(), two_cells_a_line()), trays=(singles, singles), pending=(16, 16), land_max=16
    )
    position.by_frame = True  # as the screen makes its rules: decided once a frame is played out
    scene.versus = position
    scene.seats = [ShownSeat(position, player, 600) for player in (1, 2)]
    for seat in scene.seats:
        seat.timer = 1  # both move timers run out on the next frame: both boards fill
    app.step()
    assert position.game(1).game_over and position.game(2).game_over, "player 2's stones land on that frame too"
    while not scene.end_frames:
        app.step()
    assert scene.round_winner() is None and scene.match.wins == {1: 0, 2: 0}, "a draw: nobody takes the round"
    assert scene.match.round == 2
    drawn = spy_text(monkeypatch, view)
    for _ in range(30):
        app.step()
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "draw.png"))
    assert [words for words, _ in drawn].count("DRAW") == 2 and "WIN" not in [words for words, _ in drawn]
