"""Pausing from the panel: a held Start pauses, a press resumes, the field is hidden, a pause ends."""

from types import SimpleNamespace

import pygame

from cabinet.games.pilots import HumanPilot
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.kit.pause import HOLD_FRAMES, Pause, draw_pause
from support.app import make_app, run, start_blocks_single


def start_event(pressed: bool, player: int = 1) -> InputEvent:
    return InputEvent(player, Action.START, pressed)


def a_pause(pause="hold_start", pause_seconds=60, players=(1,)) -> tuple[Pause, list[str]]:
    heard = []
    return Pause(
        SimpleNamespace(pause=pause, pause_seconds=pause_seconds), players, heard.append
    ), heard


def hold(pause: Pause, frames: int, player: int = 1) -> None:
    assert pause.press(start_event(True, player))
    for _ in range(frames):
        pause.tick()


def test_holding_start_for_a_second_pauses_and_a_press_resumes():
    pause, heard = a_pause()
    hold(pause, HOLD_FRAMES - 1)
    assert not pause.paused, "a tap of Start is no pause"
    pause.tick()
    assert pause.paused and heard == ["menu_select"]
    assert pause.press(start_event(False)) and pause.paused, (
        "letting go of the held Start does not resume"
    )
    assert pause.press(start_event(True)) and not pause.paused


def test_a_start_let_go_too_soon_starts_counting_again():
    pause, _ = a_pause()
    hold(pause, HOLD_FRAMES - 1)
    pause.press(start_event(False))
    hold(pause, HOLD_FRAMES - 1)
    assert not pause.paused


def test_only_the_people_at_the_game_pause_it():
    pause, _ = a_pause(players=(1,))
    assert not pause.press(start_event(True, player=2)), (
        "the other panel's Start is the challenger's"
    )
    for _ in range(2 * HOLD_FRAMES):
        pause.tick()
    assert not pause.paused


def test_with_the_pause_off_start_reaches_the_game_and_nothing_pauses():
    pause, _ = a_pause(pause="off")
    assert not pause.press(start_event(True))
    for _ in range(2 * HOLD_FRAMES):
        pause.tick()
    assert not pause.paused
    pause.toggle()  # the cabinet's pause key still works
    assert pause.paused and pause.press(start_event(True)) and not pause.paused


def test_a_pause_ends_by_itself_after_pause_seconds():
    pause, _ = a_pause(pause_seconds=10)
    pause.toggle()
    for _ in range(10 * 60 - 1):
        pause.tick()
    assert pause.paused and pause.seconds_left == 1
    pause.tick()
    assert not pause.paused


def hold_start_in(app, player: int = 1) -> None:
    app.step([start_event(True, player)])
    run(app, HOLD_FRAMES)


def test_a_blocks_game_held_paused_hides_its_field_and_stops(tmp_path):
    app = make_app()
    scene = start_blocks_single(app)
    hold_start_in(app)
    assert scene.paused
    frame, idle = scene.game_frame, dict(scene.idle.idle)
    run(app, 120)
    app.step([start_event(False)])
    assert (scene.game_frame, scene.idle.idle) == (frame, idle), "no time passes for the game"
    shown = pygame.Surface((960, 540))
    scene.draw(shown)
    pygame.image.save(shown, str(tmp_path / "blocks-paused.png"))
    bare = pygame.Surface((960, 540))
    draw_pause(bare, app.ctx.frame, scene.pause.seconds_left)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(bare, "RGB"), (
        "nothing of the field shows"
    )
    app.step([start_event(True)])
    app.step([start_event(False)])
    run(app, 2)
    assert not scene.paused and scene.game_frame > frame


def test_an_antigravity_game_held_paused_stops_its_turn_timer(tmp_path):
    app = make_app()
    scene = AntiGravityScene(
        app.ctx, mode="single", pilots=[HumanPilot(1)], seed=2, on_end=app.ctx.finish
    )
    scene.countdown.skip()
    app.ctx.scenes.reset(scene)
    run(app, 10)
    game = scene.seats[0].game
    hold_start_in(app)
    left = game.frames_left
    run(app, 300)
    assert scene.paused and game.frames_left == left
    scene.draw(app.display.logical)
    pygame.image.save(app.display.logical, str(tmp_path / "antigravity-paused.png"))
    app.step([start_event(False)])
    app.step([start_event(True)])
    run(app, 5)
    assert not scene.paused and game.frames_left < left


def test_either_player_of_a_blocks_versus_pauses_it_and_the_move_timers_stop():
    from cabinet.games.match import Match
    from cabinet.scenes.flow.play import match_scene

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    run(app, 5)
    hold_start_in(app, player=2)
    timers = [seat.timer for seat in scene.seats]
    run(app, 300)
    assert scene.paused and [seat.timer for seat in scene.seats] == timers
    app.step([start_event(False, 2)])
    app.step([start_event(True, 1)])
    run(app, 5)
    assert not scene.paused and scene.seats[0].timer < timers[0]


def test_a_held_start_shows_how_far_the_pause_has_come():
    pause, _ = a_pause(players=(1, 2))
    assert pause.holding() == {}
    hold(pause, HOLD_FRAMES // 2, player=2)
    assert pause.holding() == {2: 0.5}
    pause.press(start_event(False, player=2))
    assert pause.holding() == {}, "let go before the second: the bar goes"
    hold(pause, HOLD_FRAMES)
    assert pause.paused and pause.holding() == {}, "paused: the pause screen shows instead"


def test_no_hold_bar_where_start_does_not_pause():
    pause, _ = a_pause(pause="off")
    pause.press(start_event(True))
    pause.tick()
    assert pause.holding() == {}


def _hold_hint_drawn(monkeypatch, scene, player: int, app) -> list:
    """Where the lines of HOLD START TO PAUSE land while ``player`` holds Start half a second on ``scene``."""
    from cabinet.scenes.kit import pause as pause_module
    from support.drawn import spy_text

    drawn = spy_text(monkeypatch, pause_module)
    app.step([start_event(True, player)])
    run(app, HOLD_FRAMES // 2)
    scene.draw(pygame.Surface((960, 540)))
    assert " ".join(words for words, _ in drawn) == "HOLD START TO PAUSE"
    return [rect for _, rect in drawn]


def test_each_game_screen_shows_the_hold_on_the_holding_players_field(monkeypatch):
    from cabinet.games.match import Match
    from cabinet.scenes.blocks.versus_view import board_rect
    from cabinet.scenes.flow.play import match_scene

    app = make_app()
    scene = start_blocks_single(app)
    assert _hold_hint_drawn(monkeypatch, scene, 1, app)
    versus = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(versus)
    versus.countdown.skip()
    run(app, 5)
    lines = _hold_hint_drawn(monkeypatch, versus, 2, app)
    assert all(board_rect(2).contains(line) for line in lines)
    anti = AntiGravityScene(
        app.ctx, mode="versus", pilots=[HumanPilot(1), HumanPilot(2)], seed=2, on_end=app.ctx.finish
    )
    anti.countdown.skip()
    app.ctx.scenes.reset(anti)
    run(app, 5)
    lines = _hold_hint_drawn(monkeypatch, anti, 1, app)
    assert all(anti.layout.views[0].rect.inflate(16, 0).contains(line) for line in lines), (
        "over player 1's field"
    )
