"""The BLOCKS play screen: cursor and tray, ghost colours, drag and drop, animation, replays."""

import pygame
import pytest

from cabinet.games.blocks.cursor import BOARD, TRAY, Cursor, route
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.pilots import HumanPilot, ReplayPilot
from cabinet.inputs.actions import Action
from cabinet.render import palette
from cabinet.scenes.blocks import play as blocks_scene
from cabinet.scenes.blocks import play_view
from cabinet.scenes.blocks.animation import DROP_FRAMES, FLASH_FRAMES
from cabinet.scenes.blocks.play import BlocksScene
from support.app import make_app, press, run

EMPTY = ["........"] * 8


@pytest.fixture
def app():
    return make_app()


def start(
    app, rows=EMPTY, tray=(["#"], ["##"], ["###"]), rotation=False, score=0, seed=3, player=1
):
    """A BLOCKS scene on top of the app, in a given position."""
    scene = BlocksScene(app.ctx, HumanPilot(player), seed, on_end=app.ctx.finish)
    scene.game = BlocksGame.from_text(
        list(rows), tray=list(tray), seed=seed, rotation=rotation, score=score
    )
    scene.cursor = Cursor()
    scene.cursor.settle(scene.game)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    return scene


def test_stick_moves_the_piece_and_stops_at_the_left_edge(app):
    scene = start(app)
    scene.cursor.col = 1
    run(app, 1, [press(Action.LEFT), press(Action.LEFT), press(Action.DOWN)])
    assert (scene.cursor.row, scene.cursor.col) == (3, 0)


def test_right_at_the_board_edge_enters_the_tray_where_up_down_choose_and_a_returns(app):
    scene = start(app)
    scene.cursor.col = 7  # the single cell touches the right edge
    run(app, 1, [press(Action.RIGHT, repeat=True)])
    assert scene.cursor.focus == BOARD, "auto-repeat must not fall off the board into the tray"
    run(app, 1, [press(Action.RIGHT)])
    assert scene.cursor.focus == TRAY
    run(app, 1, [press(Action.DOWN), press(Action.DOWN)])
    assert scene.cursor.slot == 2
    run(app, 1, [press(Action.A)])
    assert scene.cursor.focus == BOARD
    assert scene.cursor.col == 5, "the straight three comes back flush with the right edge"
    assert not scene.game.cell(scene.cursor.row, 5), "A in the tray picks up; it does not place"


def test_c_cycles_through_the_pieces_left_in_the_tray(app):
    scene = start(app, tray=(["#"], None, ["###"]))
    assert scene.cursor.slot == 0
    run(app, 1, [press(Action.C)])
    assert scene.cursor.slot == 2
    run(app, 1, [press(Action.C)])
    assert scene.cursor.slot == 0


def test_a_places_the_piece_and_the_next_piece_is_selected(app):
    scene = start(app)
    scene.cursor.row, scene.cursor.col = 4, 4
    run(app, 1, [press(Action.A)])
    assert scene.game.cell(4, 4)
    assert scene.game.score == 1
    assert scene.cursor.slot == 1
    assert "blocks_place" in app.ctx.audio.played


def test_an_illegal_place_changes_nothing_and_sounds_wrong(app):
    rows = ["#......."] + ["........"] * 7
    scene = start(app, rows=rows)
    scene.cursor.row, scene.cursor.col = 0, 0
    run(app, 1, [press(Action.A)])
    assert scene.game.score == 0 and scene.game.tray[0] is not None
    assert app.ctx.audio.played[-1] == "blocks_invalid"
    assert scene.shake


def test_rotation_is_refused_when_off_and_turns_the_piece_when_on(app):
    scene = start(app, tray=(["###"], ["#"], ["#"]))
    run(app, 1, [press(Action.B)])
    assert scene.game.piece_size(0) == (1, 3)
    assert app.ctx.audio.played[-1] == "blocks_invalid"
    scene = start(app, tray=(["###"], ["#"], ["#"]), rotation=True)
    run(app, 1, [press(Action.B)])
    assert scene.game.piece_size(0) == (3, 1)
    assert app.ctx.audio.played[-1] == "blocks_rotate"


def _pixel_colour_of_ghost(app, scene, row, col):
    app.render()
    x = blocks_scene.BOARD_X + col * blocks_scene.CELL + 2
    y = blocks_scene.BOARD_Y + row * blocks_scene.CELL + blocks_scene.CELL // 2
    return tuple(app.display.logical.get_at((x, y)))[:3]


def test_ghost_is_green_where_the_piece_fits_and_red_where_it_does_not(app):
    rows = ["........", "...#....", *["........"] * 6]
    scene = start(app, rows=rows)
    scene.cursor.row, scene.cursor.col = 1, 1
    assert _pixel_colour_of_ghost(app, scene, 1, 1) == palette.GHOST_OK
    scene.cursor.col = 3
    assert _pixel_colour_of_ghost(app, scene, 1, 3) == palette.GHOST_BAD


@pytest.mark.parametrize("player", [1, 2])
def test_dragging_a_tray_piece_onto_the_board_places_it_there(app, player):
    scene = start(app, player=player)
    tray_slot = play_view.tray_rect(2)
    scene.pointer("down", tray_slot.center)
    assert scene.drag is not None
    # Where the finger must be for the straight three to land at row 5, col 2.
    piece = scene.game.tray[2]
    x = blocks_scene.BOARD_X + 2 * blocks_scene.CELL + piece.width * blocks_scene.CELL // 2
    y = (
        blocks_scene.BOARD_Y
        + 5 * blocks_scene.CELL
        + piece.height * blocks_scene.CELL // 2
        + blocks_scene.CELL
    )
    scene.pointer("move", (x, y))
    assert scene._drop_target(2, (x, y)) == (5, 2)
    scene.pointer("up", (x, y))
    run(app, 1)
    assert [scene.game.cell(5, c) for c in range(2, 5)] == [True, True, True]
    assert scene.game.tray[2] is None


def test_a_drop_off_the_board_snaps_back(app):
    scene = start(app)
    scene.pointer("down", play_view.tray_rect(0).center)
    scene.pointer("up", (5, 5))
    run(app, 1)
    assert scene.game.tray[0] is not None and scene.game.score == 0


def test_a_row_clear_flashes_then_the_rows_above_drop(app):
    rows = ["........"] * 5 + ["##......", "........", "#######."]
    scene = start(app, rows=rows)
    scene.cursor.row, scene.cursor.col = 7, 7
    run(app, 1, [press(Action.A)])
    assert scene.busy
    assert any(name.startswith("blocks_clear_") for name in app.ctx.audio.played)
    run(app, FLASH_FRAMES + DROP_FRAMES - 2)
    assert scene.busy
    run(app, 2)
    assert not scene.busy
    # Row 7 was cleared, so everything above it moved down one row: row 5's cells are on row 6.
    assert scene.game.to_text()[6] == "##......"
    assert scene.grid[6][0] is not None and scene.grid[5][0] is None and scene.grid[7][0] is None


def test_a_wipe_out_stands_for_the_streaks_fanfare_and_a_clear_for_the_thunk(app):
    """The streak's fanfare and step under the wipe-out's, on the clear's tail, summed past
    the mixer's full scale."""
    rows = ["#######."] + ["........"] * 7
    scene = start(app, rows=rows)
    scene.game.streak = 2
    scene.cursor.row, scene.cursor.col = 0, 7
    run(app, 1, [press(Action.A)])
    assert app.ctx.audio.played[-1:] == ["blocks_clear_1"]
    assert "blocks_place" not in app.ctx.audio.played
    app.ctx.audio.played.clear()
    run(app, FLASH_FRAMES + 1)
    assert app.ctx.audio.played == ["blocks_wipeout", "ag_chain_3"], "the step tells the streak"


def test_a_recorded_game_replays_to_the_same_board_and_score(app):
    seed = 11
    scene = BlocksScene(app.ctx, HumanPilot(1), seed, on_end=app.ctx.finish)
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    ai_moves = 0
    from cabinet.games.blocks.ai import BlocksAI

    ai = BlocksAI(seed=1, level="casual")
    while not scene.game.game_over and ai_moves < 12:
        move = ai.choose(scene.game)
        for action in route(scene.cursor, scene.game, move.slot, move.row, move.col, move.turns):
            run(app, 3, [press(action)])
        ai_moves += 1
    replay = scene.recorder.finish(scene.game.score, scene.game.to_text())
    assert replay.actions, "the scene recorded what it obeyed"

    again = BlocksScene(app.ctx, ReplayPilot(replay), seed, on_end=app.ctx.finish)
    app.ctx.scenes.reset(again)
    run(app, again.countdown.length + scene.game_frame + 2)
    assert again.game.to_text() == scene.game.to_text()
    assert again.game.score == scene.game.score > 0


def test_demo_pilot_plays_through_the_cursor_and_scores():
    app = make_app()
    from cabinet.games.blocks.pilot import BlocksDemoPilot

    scene = BlocksScene(app.ctx, BlocksDemoPilot(seed=5), 5, demo=True, on_end=app.ctx.finish)
    assert scene.pilot.budget is scene.thinking_time  # on screen it thinks within the frame's time
    app.ctx.scenes.reset(scene)
    run(app, 60 * 20)
    assert scene.game.placements >= 5
    assert scene.recorder is None


def test_points_for_a_piece_on_the_top_row_stay_on_the_board(app):
    scene = start(app)
    scene.cursor.slot, scene.cursor.row, scene.cursor.col = 2, 0, 0
    run(app, 2, [press(Action.A)])
    shown = scene.callouts.shown
    assert shown is not None and shown.words.startswith("+"), "placing a piece shows its points"
    surface = pygame.Surface((960, 540))
    for _ in range(20):
        scene.draw(surface)
        run(app, 1)
    assert shown.rect is not None and play_view.BOARD_RECT.contains(shown.rect)


def test_the_demo_moves_its_pieces_without_a_red_cross_on_the_way(monkeypatch, tmp_path):
    app = make_app()
    from cabinet.games.blocks.pilot import BlocksDemoPilot

    scene = BlocksScene(app.ctx, BlocksDemoPilot(seed=5), 5, demo=True, on_end=app.ctx.finish)
    app.ctx.scenes.reset(scene)
    crossed, passing = [], []
    real_ghost = play_view.ghost

    def spy(size, fits, passing_by=False):
        (passing if passing_by and not fits else crossed if not fits else []).append(
            scene.game_frame
        )
        return real_ghost(size, fits, passing_by)

    monkeypatch.setattr(play_view, "ghost", spy)
    surface = pygame.Surface((960, 540))
    while scene.game.placements < 25 and not scene.game.game_over:
        run(app, 1)
        scene.draw(surface)
        if passing and passing[-1] == scene.game_frame and not (tmp_path / "passing.png").exists():
            pygame.image.save(surface, str(tmp_path / "passing.png"))
    assert scene.game.placements >= 25
    assert crossed == [], "no piece of the demo is crossed out on its way"
