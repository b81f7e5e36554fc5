"""BLOCKS game feel: where the next piece appears, what shows when, danger, pause, the ending."""

import pygame
import pytest

from cabinet.games.blocks.cursor import Cursor
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.pilots import HumanPilot
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.blocks import marks, play_view
from cabinet.scenes.blocks.animation import FLASH_FRAMES
from cabinet.scenes.blocks.play import FINAL_BOARD_FRAMES, GAME_OVER_FRAMES, BlocksScene
from cabinet.scenes.kit import pause
from support.app import make_app, press, run

EMPTY = ["........"] * 8


@pytest.fixture
def app():
    return make_app()


def start(app, rows=EMPTY, tray=(["#"], ["##"], ["###"]), **options):
    scene = BlocksScene(app.ctx, HumanPilot(1), 3, on_end=app.ctx.finish)
    scene.game = BlocksGame.from_text(list(rows), tray=list(tray), seed=3, **options)
    scene.cursor = Cursor()
    scene.cursor.settle(scene.game)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    run(app, 1)
    return scene


def test_after_a_placement_the_first_piece_left_is_taken_at_the_nearest_legal_spot(app):
    scene = start(app, tray=(["##", "##"], ["#"], ["#"]))
    scene.cursor.slot, scene.cursor.row, scene.cursor.col = 1, 3, 5
    run(app, 1, [press(Action.A)])
    assert scene.game.tray[1] is None and scene.game.cell(3, 5)
    assert scene.cursor.slot == 0, "the first piece left in the tray, not the next slot"
    assert not scene.game.can_place(0, 3, 5), "where the hand was, the square no longer fits"
    row, col = scene.cursor.row, scene.cursor.col
    assert scene.game.can_place(0, row, col), "its ghost starts green"

    def distance(spot):  # from the square's centre to the single's
        return (spot[0] + 1 - 3.5) ** 2 + (spot[1] + 1 - 5.5) ** 2

    assert distance((row, col)) == min(map(distance, scene.game.legal_positions(0))) == 2.5


def test_the_clears_points_and_streak_show_only_when_the_cells_break(app):
    rows = ["........"] * 7 + ["#######."]
    scene = start(app, rows=rows, streak=1)
    scene.cursor.row, scene.cursor.col = 7, 7
    run(app, 1, [press(Action.A)])
    assert scene.game.score > 1 and scene.game.streak == 2
    assert scene.shown_score == 1 and scene.shown_streak == 1, (
        "the flash is the cause: only the cell counts yet"
    )
    run(app, FLASH_FRAMES - 1)
    assert scene.shown_score == scene.game.score and scene.shown_streak == 2
    assert "ag_chain_2" in app.ctx.audio.played, "a streak sounds higher as it grows"


def test_input_during_a_clear_animation_is_obeyed_at_once(app):
    rows = ["........"] * 7 + ["#######."]
    scene = start(app, rows=rows)
    scene.cursor.row, scene.cursor.col = 7, 7
    run(app, 1, [press(Action.A)])
    assert scene.busy
    run(app, 1, [press(Action.C)])
    run(app, 1, [press(Action.A)])
    assert scene.game.placements == 2, "a press during the animation is not lost"


def test_no_ghost_is_drawn_over_rows_still_dropping(app, monkeypatch):
    rows = ["........"] * 5 + ["##......", "........", "#######."]
    scene = start(app, rows=rows)
    scene.cursor.row, scene.cursor.col = 7, 7
    run(app, 1, [press(Action.A)])
    ghosts = []
    monkeypatch.setattr(
        play_view, "_draw_ghost", lambda surface, scene: ghosts.append(scene.game_frame)
    )
    surface = pygame.Surface((960, 540))
    while scene.busy:
        scene.draw(surface)
        run(app, 1)
    assert not ghosts
    scene.draw(surface)
    assert ghosts


def test_danger_warns_once_when_at_most_one_piece_fits(app):
    rows = ["#.#.#.#.", ".#.#.#.#"] * 3 + ["........", "........"]
    scene = start(app, rows=rows, tray=(["#####"], ["###", "###", "###"], ["##"]))
    assert not scene.danger, "two pieces still fit"
    scene.cursor.slot, scene.cursor.row, scene.cursor.col = 2, 6, 0
    run(app, 1, [press(Action.A)])
    assert scene.danger and scene.fits == (True, False, None)
    run(app, 5)
    assert app.ctx.audio.played.count("danger") == 1


def test_game_over_shows_the_board_then_the_banner_then_moves_on(app, monkeypatch):
    rows = ["#.#.#.#.", ".#.#.#.#"] * 4
    scene = start(app, rows=rows, tray=(["#"], ["##"], None))
    scene.cursor = Cursor(slot=0, row=0, col=1)
    banners, crosses = [], []
    monkeypatch.setattr(play_view, "draw_banner", lambda *args: banners.append(scene.over_frames))
    monkeypatch.setattr(play_view, "cross_out", lambda surface, rect: crosses.append(rect))
    run(app, 1, [press(Action.A)])
    assert scene.game.game_over
    surface = pygame.Surface((960, 540))
    for _ in range(GAME_OVER_FRAMES - 2):
        scene.draw(surface)
        run(app, 1)
        assert app.ctx.scenes.top is scene
    assert banners and min(banners) == FINAL_BOARD_FRAMES, (
        "about two seconds of the bare board first"
    )
    assert crosses, "the piece that fits nowhere is crossed out"
    run(app, 2)
    assert app.ctx.scenes.top is not scene


def test_f9_pauses_blocks_and_says_how_to_resume(app, monkeypatch):
    scene = start(app)
    words = []
    monkeypatch.setattr(pause, "text", lambda surface, string, *args, **kw: words.append(string))
    pause_key = InputEvent(CABINET, Action.PAUSE, True)
    run(app, 1, [pause_key])
    assert scene.paused
    frame, cursor = scene.game_frame, (scene.cursor.row, scene.cursor.col)
    surface = pygame.Surface((960, 540))
    for _ in range(80):
        run(app, 1, [press(Action.DOWN)])
        scene.draw(surface)
    assert scene.game_frame == frame and (scene.cursor.row, scene.cursor.col) == cursor
    assert pause.RESUME_HINT in words
    run(app, 1, [pause_key])
    run(app, 1, [press(Action.DOWN)])
    assert not scene.paused and scene.cursor.row == cursor[0] + 1


def test_tray_mode_is_framed_and_the_board_dimmed(app, monkeypatch):
    scene = start(app)
    drawn = []
    monkeypatch.setattr(play_view, "draw_tray_mode", lambda *args: drawn.append("tray"))
    monkeypatch.setattr(play_view, "dim", lambda surface, rect: drawn.append(rect))
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    assert drawn == []
    scene.cursor.col = 7
    run(app, 1, [press(Action.RIGHT)])
    scene.draw(surface)
    assert drawn == [play_view.BOARD_RECT, "tray"]


def test_the_ghost_where_it_does_not_fit_reads_over_a_piece_of_its_own_colour(app):
    # A red piece under a red "does not fit" preview: the preview's white ring still shows.
    rows = ["########"] + ["........"] * 7
    scene = start(app, rows=rows)
    scene.grid[0] = [(255, 64, 72)] * 8
    scene.grid_board = scene.game.board
    scene.cursor.row, scene.cursor.col = 0, 3
    app.render()
    x = play_view.BOARD_X + 3 * play_view.CELL + 1
    y = play_view.BOARD_Y + 1
    edge = max(2, (play_view.CELL - 2) // 12)
    ring = tuple(app.display.logical.get_at((x + edge, y + play_view.CELL // 2)))[:3]
    assert ring == marks.palette.WHITE
