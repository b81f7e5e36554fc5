"""In BLOCKS versus each tray sits on its player's outer side, and the stick goes into it that way."""

from cabinet.games.blocks.cursor import BOARD, TRAY, route
from cabinet.games.blocks.seat import VersusSeat
from cabinet.games.blocks.versus import BlocksVersus
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.blocks import versus_view

EMPTY = ["........"] * 8
SINGLES = [["#"], ["#"], ["#"]]


def _seat(player: int) -> VersusSeat:
    match = BlocksVersus.from_text((EMPTY, EMPTY), trays=(SINGLES, SINGLES), seed=5)
    return VersusSeat(match, player)


def _push(seat, action, times=1):
    return [seat.act(InputEvent(seat.player, action, True)).kind for _ in range(times)]


def test_each_tray_is_drawn_on_the_side_its_player_pushes_into():
    assert versus_view.tray_rect(1, 0).right < versus_view.board_rect(1).x
    assert versus_view.tray_rect(2, 0).x > versus_view.board_rect(2).right


def test_player_one_goes_left_into_the_tray_on_the_left_and_right_back_to_the_board():
    seat = _seat(1)
    assert _push(seat, Action.RIGHT, 8)[-1] == "edge" and seat.cursor.focus == BOARD
    assert _push(seat, Action.LEFT, 8)[-1] == "tray" and seat.cursor.focus == TRAY
    assert _push(seat, Action.DOWN) == ["select"] and seat.cursor.slot == 1
    assert (
        _push(seat, Action.RIGHT) == ["board"]
        and seat.cursor.focus == BOARD
        and seat.cursor.col == 0
    )


def test_player_two_goes_right_into_the_tray_on_the_right_as_in_the_one_player_game():
    seat = _seat(2)
    assert _push(seat, Action.LEFT, 8)[-1] == "edge" and seat.cursor.focus == BOARD
    assert _push(seat, Action.RIGHT, 8)[-1] == "tray"
    assert _push(seat, Action.LEFT) == ["board"] and seat.cursor.col == 7


def test_a_route_from_the_tray_leaves_it_the_way_the_tray_lies():
    for player in (1, 2):
        seat = _seat(player)
        seat.cursor.focus = TRAY
        presses = route(seat.cursor, seat.game, 1, 4, 4)
        assert presses and presses[0] is (Action.RIGHT if player == 1 else Action.LEFT)
        for action in presses:
            seat.act(InputEvent(player, action, True))
        assert seat.versus.game(player).cell(4, 4), "the piece was placed where the route aimed"
