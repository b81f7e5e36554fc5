"""The ANTI-GRAVITY ramp (RULES.md "Game length on a cabinet"), on hand-built fields."""

import dataclasses
from types import SimpleNamespace

from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.modes import AntiGravityVersus, ContestGame
from cabinet.inputs.actions import Action
from cabinet.scenes.flow.playback import replay_settings
from cabinet.settings.schema import AntiGravitySettings, ContestList, RampSettings, Settings
from support.service import cabinet_on_file, choose, enter, service, step, tap, value_of

EMPTY = ["......"] * 12
# Two reds at the bottom of columns 0 and 1: a red pushed from the bottom of column 2 clears 3.
READY = EMPTY[:11] + ["RR...."]
RAMP = RampSettings(enabled=True, clears=60, step_seconds=0.5, min_seconds=2.0)


def clear_three(total_cleared, ramp=RAMP, difficulty="normal", **kwargs):
    game = AntiGravityGame.from_text(
        READY,
        top="G",
        bottom="R",
        total_cleared=total_cleared,
        difficulty=difficulty,
        ramp=ramp,
        **kwargs,
    )
    before = (game.ramp_level, game.turn_frames, game.colours)
    turn = game.push("bottom", 2)
    assert turn.steps and turn.steps[0].cleared_count == 3
    return game, before


def test_the_engine_has_no_ramp_unless_asked():
    game, before = clear_three(58, ramp=None)
    assert before == (0, 480, 4)
    assert (game.ramp_level, game.turn_frames, game.colours, game.ramp) == (0, 480, 4, None)
    game, _ = clear_three(58, ramp=RampSettings(enabled=False))
    assert (game.ramp_level, game.turn_frames, game.ramp) == (0, 480, None)


def test_a_step_every_60_blocks_cleared_takes_half_a_second_off_the_next_turn():
    game, before = clear_three(56)
    assert before == (0, 480, 4) and game.total_cleared == 59
    assert (game.ramp_level, game.turn_frames) == (0, 480)
    game, _ = clear_three(58)
    assert game.total_cleared == 61
    assert (game.ramp_level, game.turn_frames, game.frames_left, game.colours) == (1, 450, 450, 4)


def test_colours_rise_by_one_after_the_first_two_steps_up_to_five():
    game, before = clear_three(118)  # 121 cleared: step 2
    assert before == (1, 450, 4) and (game.ramp_level, game.turn_frames, game.colours) == (
        2,
        420,
        4,
    )
    game, _ = clear_three(178)  # 181: step 3, one colour more
    assert (game.ramp_level, game.turn_frames, game.colours) == (3, 390, 5)
    game, _ = clear_three(178, difficulty="warmup")  # 3 colours and 10 s to start with
    assert (game.ramp_level, game.turn_frames, game.colours) == (3, 510, 4)
    game, _ = clear_three(238, difficulty="warmup")
    assert (game.ramp_level, game.colours) == (4, 5)
    game, _ = clear_three(60 * 9 - 2, difficulty="warmup")
    assert game.colours == 5  # never more than R G B Y P


def test_blocks_drawn_after_the_step_use_the_added_colour():
    game, _ = clear_three(178)
    drawn = []
    for turn in range(12):
        drawn += [game.next("top"), game.next("bottom")]
        game.push(("top", "bottom")[turn % 2], turn % 6)
    assert "P" in drawn and not game.game_over


def test_the_turn_time_stops_at_the_minimum():
    game, _ = clear_three(60 * 30 - 2)
    assert game.ramp_level == 30 and game.turn_frames == 120
    hard, _ = clear_three(60 * 30 - 2, difficulty="hard")
    assert hard.turn_frames == 120 and hard.colours == 5
    short, before = clear_three(60 * 3 - 2, turn_frames=90)  # already shorter than the minimum
    assert before[1] == 90 and short.turn_frames == 90


def test_a_field_read_from_text_starts_on_its_level():
    game = AntiGravityGame.from_text(EMPTY, top="R", bottom="G", total_cleared=130, ramp=RAMP)
    assert (game.ramp_level, game.turn_frames, game.frames_left) == (2, 420, 420)


def test_versus_and_contest_never_ramp():
    settings = AntiGravitySettings()
    assert settings.ramp.enabled  # on in the shipped settings
    match = AntiGravityVersus(settings, 3)
    contest = ContestGame(ContestList(name="T", seed=4, length=12, colours=4), settings)
    assert match.game(1).ramp is None and match.game(2).ramp is None and contest.ramp is None


def test_a_replay_recorded_before_the_ramp_existed_plays_without_it():
    ctx = SimpleNamespace(settings=Settings())
    recorded = dataclasses.asdict(AntiGravitySettings())
    with_ramp = SimpleNamespace(id=1, game="antigravity", settings=recorded)
    assert replay_settings(ctx, with_ramp).antigravity.ramp.enabled
    del recorded["ramp"]
    assert not replay_settings(ctx, with_ramp).antigravity.ramp.enabled


def test_the_operator_sets_the_ramp_in_the_service_menu(tmp_path):
    app, _ = cabinet_on_file(tmp_path)
    step(app, frames=3)
    service(app)
    enter(app, "GAME SETTINGS", "ANTI-GRAVITY", "RAMP (GAME LENGTH)")
    assert [
        value_of(app, label)
        for label in (
            "ENABLED",
            "BLOCKS CLEARED PER STEP",
            "TURN TIME CUT PER STEP",
            "SHORTEST TURN TIME",
        )
    ] == ["ON", "30", "1 S", "2 S"]
    choose(app, "SHORTEST TURN TIME")
    tap(app, Action.RIGHT)
    choose(app, "ENABLED")
    tap(app, Action.A)
    assert value_of(app, "SHORTEST TURN TIME") == "2.5 S" and value_of(app, "ENABLED") == "OFF"
    app.close()
