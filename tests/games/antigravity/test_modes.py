"""Versus matches (handicaps, winners, same blocks) and contest lists."""

import pytest

from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.modes import AntiGravityVersus, ContestGame, Progress
from cabinet.settings.schema import (
    AntiGravitySettings,
    ContestList,
    HandicapSettings,
    VersusSettings,
)

L_FIELD = [
    "...",
    "...",
    "...",
    ".RR",
    "RGB",
    "RBG",
]  # a bottom R push at column 0 clears 5, scores 180
FULL_COLUMN = ["R..", "G..", "B..", "R..", "G..", "B.."]  # a push into column 0 jams


def versus_settings(p1=None, p2=None, same_blocks=True):
    return AntiGravitySettings(
        versus=VersusSettings(
            same_blocks=same_blocks, p1=p1 or HandicapSettings(), p2=p2 or HandicapSettings()
        )
    )


def match_on(settings, rows1, rows2):
    """A match whose two fields are hand-built (same handicaps, bottom dispenser R)."""
    match = AntiGravityVersus(settings, seed=1)
    match._games = tuple(
        AntiGravityGame.from_text(rows, bottom="R", mode="versus", settings=settings)
        for rows in (rows1, rows2)
    )
    return match


def test_both_players_get_the_same_blocks_by_default():
    match = AntiGravityVersus(AntiGravitySettings(), seed=42)
    one, two = match.game(1), match.game(2)
    assert one.mode == two.mode == "versus" and one.base == 30
    for i in range(15):
        assert [one.current(s) for s in ("top", "bottom")] == [
            two.current(s) for s in ("top", "bottom")
        ]
        assert one.next("top") == two.next("top")
        one.push("top", i % 6)  # different play, same supply
        two.push("bottom", (i * 5) % 6)


def test_same_blocks_off_gives_different_sequences():
    match = AntiGravityVersus(versus_settings(same_blocks=False), seed=42)
    seq = [[], []]
    for player in (1, 2):
        game = match.game(player)
        for i in range(10):
            seq[player - 1].append(game.current("top"))
            game.push("top", i % 6)
    assert seq[0] != seq[1]


def test_handicaps_set_turn_time_and_colours_per_player():
    settings = versus_settings(
        HandicapSettings(turn_seconds=8, colours=3),
        HandicapSettings(turn_seconds=4, colours=5, target_kind="score"),
    )
    match = AntiGravityVersus(settings, seed=3)
    assert (match.game(1).turn_frames, match.game(1).colours) == (480, 3)
    assert (match.game(2).turn_frames, match.game(2).colours) == (240, 5)
    assert match.progress(2) == Progress("score", 0, 100)


def test_reaching_the_clears_target_wins():
    settings = versus_settings(HandicapSettings(target_value=5), HandicapSettings(target_value=5))
    match = match_on(settings, L_FIELD, ["......"] * 6)
    match.update()
    assert not match.over and match.winner is None
    match.game(1).push("bottom", 0)
    match.update()
    assert match.progress(1) == Progress("clears", 5, 5) and match.progress(1).reached
    assert match.over and match.winner == 1


def test_reaching_the_score_target_wins_and_the_other_kind_does_not_count():
    settings = versus_settings(
        HandicapSettings(target_kind="clears", target_value=6),
        HandicapSettings(target_kind="score", target_value=180),
    )
    match = match_on(settings, L_FIELD, L_FIELD)
    match.game(1).push("bottom", 0)  # 5 clears: short of 6
    match.update()
    assert not match.over
    match.game(2).push("bottom", 0)  # 180 points: on target
    match.update()
    assert match.winner == 2 and match.progress(2) == Progress("score", 180, 180)


def test_opponents_game_over_wins_and_the_result_sticks():
    match = match_on(AntiGravitySettings(), ["......"] * 6, FULL_COLUMN)
    match.game(2).push("bottom", 0)  # jam
    match.update()
    assert match.over and match.winner == 1
    match.game(1)._queues["bottom"][0] = 1
    match.update()
    assert match.winner == 1


def test_game_over_loses_even_on_the_turn_that_reaches_the_target():
    settings = versus_settings(HandicapSettings(target_value=1), HandicapSettings(target_value=1))
    # Column 0's upper run G B Y R already reaches past the line; the push clears row 5
    # (reaching the target) but the turn still ends over the line.
    match = match_on(settings, ["G..", "B..", "Y..", "R..", "...", "R.R"], ["......"] * 6)
    turn = match.game(1).push("bottom", 1)
    assert turn.points > 0 and turn.game_over
    match.update()
    assert match.progress(1).reached and match.winner == 2


def test_both_over_at_once_is_a_draw():
    match = match_on(AntiGravitySettings(), FULL_COLUMN, FULL_COLUMN)
    match.game(1).push("bottom", 0)
    match.game(2).push("bottom", 0)
    match.update()
    assert match.over and match.winner is None


def test_player_number_is_checked():
    match = AntiGravityVersus(AntiGravitySettings(), seed=1)
    with pytest.raises(ValueError):
        match.game(3)


# ---------------------------------------------------------------- contest


def test_contest_list_is_finite_readable_and_runs_out():
    contest = ContestList(name="TINY", seed=9, length=4, colours=3, turn_seconds=5)
    game = ContestGame(contest, AntiGravitySettings())
    assert game.name == "TINY" and game.mode == "contest" and game.base == 30
    assert game.colours == 3 and game.turn_frames == 300
    pairs = game.remaining_pairs()
    assert len(pairs) == 4 and all(t in "RGB" and b in "RGB" for t, b in pairs)
    for i in range(4):
        assert game.remaining_pairs() == pairs[i:]
        assert (game.current("top"), game.current("bottom")) == pairs[i]
        assert game.next("top") == (pairs[i + 1][0] if i < 3 else None)
        turn = game.push(("top", "bottom")[i % 2], i)
    assert turn.game_over and turn.out_of_blocks and game.game_over and game.out_of_blocks
    assert game.remaining_pairs() == [] and game.current("top") is None
    with pytest.raises(ValueError):
        game.push("top", 0)


def test_contest_is_the_same_for_everyone_and_differs_by_list():
    settings = AntiGravitySettings()
    first, second = settings.contests[0], settings.contests[1]
    assert (
        ContestGame(first, settings).remaining_pairs()
        == ContestGame(first, settings).remaining_pairs()
    )
    assert len(ContestGame(first, settings).remaining_pairs()) == first.length
    assert (
        ContestGame(first, settings).remaining_pairs()
        != ContestGame(second, settings).remaining_pairs()
    )


def test_contest_copy_keeps_its_list():
    game = ContestGame(ContestList(seed=5, length=6), AntiGravitySettings())
    twin = game.copy()
    game.push("top", 0)
    assert len(twin.remaining_pairs()) == 6 and len(game.remaining_pairs()) == 5
    assert twin.name == game.name
