"""ANTI-GRAVITY's widening horizon (RULES.md "Game length on a cabinet"), point by point."""

import dataclasses
from types import SimpleNamespace

import pytest

from cabinet.games.antigravity.engine import AntiGravityGame, IllegalMove
from cabinet.games.antigravity.modes import AntiGravityVersus, ContestGame
from cabinet.games.antigravity.ramp import Ramp, ramp_rules
from cabinet.inputs.actions import Action
from cabinet.scenes.flow.playback import replay_settings
from cabinet.settings.load import parse_settings
from cabinet.settings.schema import AntiGravitySettings, ContestList, RampSettings, Settings
from support.service import cabinet_on_file, choose, enter, service, step, tap, value_of

EMPTY = ["......"] * 12
# One step per 60 cleared, the band from level 4, each row announced 3 turns ahead.
RAMP = {
    "clears": 60,
    "step_seconds": 0.5,
    "min_seconds": 2.0,
    "horizon_level": 4,
    "horizon_warning": 3,
}
# Column 0's lower run: 6 blocks, touching the S line (legal while the band is 0 deep).
AT_LINE = ["......"] * 6 + ["R.....", "G.....", "R.....", "G.....", "R.....", "G....."]


def ramp(**changes):
    return {**RAMP, **changes}


def horizon_game(rows=EMPTY, total_cleared=240, **kwargs):
    """A single game read from text; 240 cleared is level 4, where the band's target is 1 row."""
    kwargs.setdefault("ramp", RAMP)
    return AntiGravityGame.from_text(
        rows, top="R", bottom="G", total_cleared=total_cleared, **kwargs
    )


def quiet_turn(game, columns=None, force=False):
    """Play one turn that clears nothing and keeps the game going, in the emptiest column
    (of ``columns``) that allows it; ``force``: the cursor goes there and the turn timer pushes."""
    width = game.width
    options = []
    for side in (game.forced_side,) if force else ("top", "bottom"):
        for column in columns if columns is not None else range(width):
            trial = game.copy()
            turn = trial.push(side, column)
            if not turn.steps and not turn.game_over:
                filled = sum(row[column] != "." for row in game.to_text())
                options.append((filled, column, side))
    assert options, "no quiet push left"
    _, column, side = min(options)
    if force:
        while game.cursor != column:
            game.move(1 if column > game.cursor else -1)
        turn = game.tick(game.frames_left)
        assert turn is not None and turn.forced
    else:
        turn = game.push(side, column)
    assert not turn.steps
    return turn


def states(game, turns, **kwargs):
    """(horizon, horizon_due) after each of ``turns`` quiet turns."""
    seen = []
    for _ in range(turns):
        quiet_turn(game, **kwargs)
        seen.append((game.horizon, game.horizon_due))
    return seen


# ---------------------------------------------------------------------- the depth and when it comes


def test_target_depth_is_min_h_less_1_and_level_less_horizon_level_plus_1():
    rules = Ramp(**RAMP)
    assert [rules.target_depth(level, 6) for level in range(10)] == [0, 0, 0, 0, 1, 2, 3, 4, 5, 5]
    assert [rules.target_depth(level, 3) for level in range(4, 8)] == [1, 2, 2, 2]
    never = Ramp(**ramp(horizon_level=0))
    assert never.target_depth(50, 6) == 0


def test_nothing_is_announced_at_creation_even_above_horizon_level():
    game = horizon_game(total_cleared=600)  # level 10: the target is the cap
    assert (game.ramp_level, game.horizon, game.horizon_due) == (10, 0, None)
    fresh = AntiGravityGame(seed=3, ramp=RAMP)
    assert (fresh.ramp_level, fresh.horizon, fresh.horizon_due) == (0, 0, None)
    quiet_turn(game)  # the first announcement: end of turn 1
    assert (game.horizon, game.horizon_due) == (0, 3)


def test_a_row_announced_at_the_end_of_turn_t_takes_effect_at_the_end_of_t_plus_warning():
    game = horizon_game()
    turn = quiet_turn(game)
    assert turn.announced and not turn.widened and game.horizon_due == 3
    turns = [quiet_turn(game) for _ in range(3)]
    assert [t.widened for t in turns] == [False, False, True]
    assert not any(t.announced for t in turns)  # level 4's target (1) is reached
    assert (game.horizon, game.horizon_due) == (1, None)
    assert states(game, 3) == [(1, None)] * 3


def test_horizon_warning_1_takes_effect_at_the_end_of_the_next_turn():
    game = horizon_game(ramp=ramp(horizon_warning=1))
    assert states(game, 2) == [(0, 1), (1, None)]


def test_rows_come_one_at_a_time_and_the_next_is_announced_as_the_last_takes_effect():
    game = horizon_game(total_cleared=300, ramp=ramp(horizon_warning=2))  # level 5: target 2
    assert states(game, 5) == [(0, 2), (0, 1), (1, 2), (1, 1), (2, None)]


def test_a_chain_that_jumps_levels_still_brings_one_row_at_a_time():
    # Three reds cleared at once on a ramp of one level per block: level 0 to 3.
    rows = EMPTY[:11] + ["RR...."]
    game = AntiGravityGame.from_text(
        rows, top="G", bottom="R", ramp=ramp(clears=1, horizon_level=1, horizon_warning=2)
    )
    turn = game.push("bottom", 2)
    assert turn.steps and game.ramp_level == 3  # the target is now 3 rows
    assert turn.announced and (game.horizon, game.horizon_due) == (0, 2)
    assert states(game, 6) == [(0, 1), (1, 2), (1, 1), (2, 2), (2, 1), (3, None)]


def test_the_band_stops_at_h_less_1_rows_a_side():
    game = AntiGravityGame.from_text(
        ["....."] * 8, top="R", bottom="G", total_cleared=6000, ramp=ramp(horizon_warning=1)
    )  # h = 4: at most 3 rows
    assert states(game, 6) == [(0, 1), (1, 1), (2, 1), (3, None), (3, None), (3, None)]


def test_the_level_a_turn_reaches_counts_for_its_own_announcement():
    # 239 cleared is level 3: no band. The turn that clears 3 reaches level 4 and announces.
    rows = EMPTY[:11] + ["RR...."]
    game = AntiGravityGame.from_text(rows, top="G", bottom="R", total_cleared=239, ramp=RAMP)
    assert game.ramp_level == 3
    turn = game.push("bottom", 2)
    assert game.ramp_level == 4 and turn.announced and game.horizon_due == 3


def test_forced_pushes_are_turns_too():
    game = horizon_game()
    turns = [quiet_turn(game, force=True) for _ in range(4)]
    assert [t.announced for t in turns] == [True, False, False, False]
    assert turns[-1].widened and game.horizon == 1


def test_horizon_level_0_never_widens():
    game = horizon_game(total_cleared=6000, ramp=ramp(horizon_level=0))
    assert states(game, 5) == [(0, None)] * 5


# ---------------------------------------------------------------------- the game-over test


def test_the_row_takes_effect_before_the_game_over_test_of_its_turn():
    game = horizon_game(AT_LINE)
    quiet_turn(game, columns=range(2, 6))  # announced, 3 turns left
    for due in (2, 1):
        turn = quiet_turn(game, columns=range(2, 6))
        assert not turn.game_over and game.horizon_due == due  # 6 blocks are fine with d = 0
    turn = quiet_turn_that_ends(game)
    assert turn.widened and turn.game_over and game.game_over and turn.by_band
    assert game.horizon == 1


def quiet_turn_that_ends(game):
    """The turn whose end brings in the row: column 0's 6 blocks now reach into the band."""
    side, column = "top", 4
    assert not game.copy().push(side, column).steps
    return game.push(side, column)


def test_the_test_uses_h_less_d_from_both_edges():
    upper = list(reversed(AT_LINE))  # the same run hanging from the top edge
    for rows in (AT_LINE, upper):
        assert not horizon_game(rows).push("top", 4).game_over
        started_deep = horizon_game(rows, horizon=1)
        turn = started_deep.push("top", 4)
        assert turn.game_over and turn.by_band and started_deep.horizon == 1
    five = AT_LINE[:6] + ["......"] + AT_LINE[7:]  # 5 blocks: inside h - 1
    assert not horizon_game(five, horizon=1).push("top", 4).game_over


def test_a_game_over_past_the_line_itself_is_not_marked_as_the_band():
    game = horizon_game(AT_LINE, horizon=1)
    turn = game.push("bottom", 0)  # 7 blocks: past the S line
    assert turn.game_over and not turn.by_band


def test_matching_and_the_through_bonus_still_use_the_s_line():
    # Column 0 after the clear: Gu = 2 (Y G), Gl = 0, B hangs in the upper field and
    # falls across the S line to the bottom: the through bonus, band or no band.
    rows = ["Y.B", "G.R", "RR.", "B..", "...", "...", "...", "..."]
    plain = AntiGravityGame.from_text(rows, top="Y", bottom="G")
    banded = AntiGravityGame.from_text(
        rows, top="Y", bottom="G", horizon=2, ramp=ramp(horizon_level=1)
    )
    assert plain.push("top", 2) == banded.push("top", 2)
    assert plain.to_text() == banded.to_text() and plain.score == banded.score


def test_from_text_horizon_is_checked():
    with pytest.raises(IllegalMove, match="horizon must be a whole number from 0 to 5"):
        horizon_game(horizon=6)
    with pytest.raises(IllegalMove, match="horizon"):
        horizon_game(horizon=-1)
    with pytest.raises(IllegalMove, match="versus game has no horizon"):
        AntiGravityGame.from_text(EMPTY, top="R", bottom="G", mode="versus", horizon=1)
    game = horizon_game(horizon=3)
    assert (game.horizon, game.horizon_due) == (3, None)
    assert horizon_game(horizon=5).horizon == 5  # h - 1: sudden death from the start


# ---------------------------------------------------------------------- the ramp= keyword


def test_ramp_as_an_object_or_a_mapping_plays_alike():
    as_object = horizon_game(ramp=RampSettings(**RAMP))
    as_mapping = horizon_game(ramp=RAMP)
    assert states(as_object, 6) == states(as_mapping, 6)
    assert as_object.horizon == 1
    assert horizon_game(ramp=RampSettings(enabled=False)).ramp is None
    assert horizon_game(ramp=None).ramp is None


@pytest.mark.parametrize(
    "bad, message",
    [
        ({k: v for k, v in RAMP.items() if k != "horizon_warning"}, "missing horizon_warning"),
        (ramp(enabled=True), "unknown enabled"),
        (ramp(horizon_warning=0), "horizon_warning must be a whole number of at least 1"),
        (ramp(horizon_level=-1), "horizon_level must be"),
        (ramp(clears=0), "clears must be"),
        (ramp(step_seconds="fast"), "step_seconds must be a number above 0"),
        (
            SimpleNamespace(clears=60, step_seconds=0.5, min_seconds=2),
            "lacks horizon_level, horizon_warning",
        ),
    ],
)
def test_a_bad_ramp_is_refused_naming_the_key(bad, message):
    with pytest.raises(ValueError, match=message):
        ramp_rules(bad)
    with pytest.raises(ValueError, match=message):
        AntiGravityGame(seed=1, ramp=bad)


# ---------------------------------------------------------------------- versus and contest


def test_versus_and_contest_never_widen():
    settings = AntiGravitySettings()
    match = AntiGravityVersus(settings, 3)
    contest = ContestGame(ContestList(name="T", seed=4, length=40, colours=4), settings)
    for game in (match.game(1), match.game(2), contest):
        for _ in range(12):
            quiet_turn(game)
        assert (game.horizon, game.horizon_due, game.ramp) == (0, None, None)
    with pytest.raises(ValueError, match="the ramp is for single games"):
        AntiGravityGame(seed=1, mode="versus", ramp=RAMP)


# ---------------------------------------------------------------------- settings and replays


def test_the_shipped_settings_carry_the_horizon_and_check_it():
    shipped = AntiGravitySettings().ramp
    assert (shipped.horizon_level, shipped.horizon_warning) == (3, 3)
    loaded = parse_settings(
        "antigravity:\n  ramp:\n    horizon_warning: 0\n    horizon_level: -2\n", "op.yaml"
    )
    assert loaded.settings.antigravity.ramp == RampSettings()
    messages = [str(problem) for problem in loaded.problems]
    assert messages[0].startswith("op.yaml:3: antigravity.ramp.horizon_warning:")
    assert messages[1].startswith("op.yaml:4: antigravity.ramp.horizon_level:")


def test_a_replay_recorded_before_the_horizon_plays_without_it():
    ctx = SimpleNamespace(settings=Settings())
    recorded = dataclasses.asdict(AntiGravitySettings())
    replay = SimpleNamespace(id=1, game="antigravity", settings=recorded)
    assert replay_settings(ctx, replay).antigravity.ramp.horizon_level == 3
    del recorded["ramp"]["horizon_level"], recorded["ramp"]["horizon_warning"]
    played = replay_settings(ctx, replay).antigravity.ramp
    assert played.enabled and played.clears == 30 and played.horizon_level == 0


def test_the_operator_sets_the_horizon_in_the_service_menu(tmp_path):
    app, _ = cabinet_on_file(tmp_path)
    step(app, frames=3)
    service(app)
    enter(app, "GAME SETTINGS", "ANTI-GRAVITY", "RAMP (GAME LENGTH)")
    assert [
        value_of(app, label)
        for label in ("HORIZON WIDENS AFTER STEPS", "HORIZON ROW WARNING TURNS")
    ] == [
        "3 (LEVEL 4)",
        "3",
    ], "3 steps up from the screen's LEVEL 1"
    choose(app, "HORIZON ROW WARNING TURNS")
    for _ in range(4):
        tap(app, Action.LEFT)  # stops at 1: a row is always announced
    choose(app, "HORIZON WIDENS AFTER STEPS")
    for _ in range(5):
        tap(app, Action.LEFT)
    assert value_of(app, "HORIZON ROW WARNING TURNS") == "1"
    assert value_of(app, "HORIZON WIDENS AFTER STEPS") == "NEVER"
    app.close()
