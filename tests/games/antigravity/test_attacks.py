"""ANTI-GRAVITY versus attacks (RULES.md "Versus attacks"), point by point."""

import dataclasses
import random

import pytest

from cabinet.games.antigravity.animation import TurnAnimation, grid_from_text
from cabinet.games.antigravity.attacks import StoneRules
from cabinet.games.antigravity.engine import AntiGravityGame, IllegalMove
from cabinet.games.antigravity.modes import AntiGravityVersus, ContestGame
from cabinet.games.antigravity.seat import BREAK_FRAMES, Seat
from cabinet.settings.schema import AntiGravitySettings, ContestList, HandicapSettings

EMPTY = ["..."] * 8  # 3 wide, h = 4
# A top G push at column 2 makes chain 1 (3 blocks) then chain 2 (3 blocks): attack 1 + 2.
TWO_CHAINS = ["RBGB", "BGG.", "..B.", "..G.", "...R", "BG.G", "BR.G", "GGRB"]
QUIET = ["...."] * 8


def match(field1, field2=None, **kwargs):
    field2 = field2 or ["." * len(field1[0])] * len(field1)
    kwargs.setdefault("attacks", True)
    for key in ("tops", "bottoms"):
        kwargs.setdefault(key, ("GGGG", "GGGG"))
    return AntiGravityVersus.from_text(fields=(field1, field2), **kwargs)


# ---------------------------------------------------------------------- stones in every rule


def test_stones_are_blocks_in_every_rule_but_runs():
    m = match(["...", "...", "...", "...", "+..", "G..", "RR.", "BGR"], bottoms=("R", "R"))
    turn = m.push(1, "bottom", 2)  # row 6 becomes RRR
    (step,) = turn.steps
    assert step.removed == ((6, 0), (6, 1), (6, 2)) and step.popped == ()
    # Column 0 keeps B anchored below; G and the stone above hang and fly to the lighter
    # (upper) side, keeping their order: both pass the S line, the stone earns its bonus too.
    assert m.game(1).to_text() == ["+..", "G..", "...", "...", "...", "...", "...", "BGR"]
    assert sorted(move.colour for move in step.passed) == ["+", "G"]
    assert step.through_points == 2 * 30
    assert step.cleared_count == 3 and m.game(1).total_cleared == 3


def test_three_stones_in_a_line_make_no_run():
    m = match(["...."] * 7 + ["+++."], bottoms=("R", "R"))
    m.game(1).pending = 0
    turn = m.push(1, "bottom", 3)
    assert turn.steps == () and m.game(1).to_text()[7] == "+++R"


def test_a_push_shifts_stones_in_the_anchored_run_and_they_count_for_game_over():
    m = match(["...", "...", "...", "...", "+..", "G..", "+..", "B.."], bottoms=("Y", "Y"))
    turn = m.push(1, "bottom", 0)  # five blocks in the lower run: past the line
    assert [row[0] for row in m.game(1).to_text()[3:]] == list("+G+BY")
    assert turn.game_over and m.winner == 2


# ---------------------------------------------------------------------- popping


def test_popping_takes_stones_beside_runs_across_the_line_and_not_beside_popped_stones():
    rows = [".GY", ".BB", ".+G", ".+R", "RR.", "+B.", "BG.", "GB."]
    m = match(rows, tops=("Y", "Y"))
    turn = m.push(1, "top", 2)  # row 4 becomes RRR
    (step,) = turn.steps
    assert step.removed == ((4, 0), (4, 1), (4, 2))
    assert step.popped == ((3, 1), (5, 0))  # (3, 1) lies across the S line
    assert m.game(1).to_text() == [".GY", ".BY", ".+B", "..G", "...", ".B.", "BG.", "GB."]
    assert step.cleared_count == 3 and m.game(1).total_cleared == 3  # popped stones earn nothing
    assert step.points == 3 * 30


# ---------------------------------------------------------------------- the attack


@pytest.mark.parametrize("percent, stones", [(100, 3), (150, 4), (50, 1), (200, 6), (130, 3)])
def test_the_attack_sums_cleared_less_2_times_chain_with_the_handicap_rounded_down(percent, stones):
    m = match(TWO_CHAINS, tops=("G", "G"), attack_percent=(percent, 100))
    turn = m.push(1, "top", 2)
    assert [(s.chain, s.cleared_count) for s in turn.steps] == [(1, 3), (2, 3)]
    assert turn.attack == stones and turn.cancelled == 0
    assert (m.pending(1), m.pending(2)) == (0, stones)


def test_a_cross_counted_6_attacks_with_4():
    m = match(["...", "...", "...", ".RR", "RGB", "RBG"], bottoms=("R", "R"))
    turn = m.push(1, "bottom", 0)
    assert [s.cleared_count for s in turn.steps] == [6] and turn.attack == 4


def test_a_turn_without_a_chain_step_attacks_with_0():
    m = match(QUIET)
    turn = m.push(1, "bottom", 0)
    assert turn.attack == 0 and m.pending(2) == 0


# ---------------------------------------------------------------------- cancelling


def test_the_attack_cancels_the_movers_own_pending_stones_first():
    m = match(TWO_CHAINS, tops=("G", "G"), pending=(2, 1))
    turn = m.push(1, "top", 2)
    assert (turn.attack, turn.cancelled, turn.landed) == (3, 2, ())
    assert (m.pending(1), m.pending(2)) == (0, 2)


def test_an_attack_smaller_than_the_pending_stones_sends_nothing_and_lands_nothing():
    m = match(TWO_CHAINS, tops=("G", "G"), pending=(5, 0))
    turn = m.push(1, "top", 2)
    assert (turn.attack, turn.cancelled, turn.landed) == (3, 3, ())
    assert (m.pending(1), m.pending(2)) == (2, 0)  # a turn with a chain step holds them back


# ---------------------------------------------------------------------- landing


def test_stones_land_after_a_quiet_turn_one_per_column_up_to_stone_max():
    m = match(
        ["......"] * 8, pending=(8, 0), stone_max=4, bottoms=("GRGRGR", "G"), tops=("BYBYBY", "B")
    )
    turn = m.push(1, "bottom", 5)  # column 5 now holds a block: it is the fullest
    assert turn.landed == (0, 1, 2, 3) and turn.attack == 0
    assert turn.landed_cells == ((7, 0), (7, 1), (7, 2), (7, 3))
    assert m.game(1).to_text()[7] == "++++.G" and m.pending(1) == 4
    turn = m.push(1, "top", 4)  # every column holds one block now: the left four
    assert turn.landed == (0, 1, 2, 3) and m.pending(1) == 0
    # Columns 0-3 hold a stone at the bottom: the upper run (none) is the shorter.
    assert m.game(1).to_text()[0] == "++++Y."


def test_a_forced_push_lands_stones_too():
    m = match(QUIET, pending=(2, 0))
    game = m.game(1)
    turn = m.tick(1, game.frames_left)
    assert turn.forced and turn.landed == (0, 1) and m.pending(1) == 0


def test_the_emptiest_columns_take_the_stones_ties_to_the_left():
    rows = ["..R.B.", "......", "......", "......", "......", "......", "B.G.R.", "R.B.G."]
    m = match(rows, pending=(2, 0), tops=("G", "G"))
    turn = m.push(1, "top", 5)  # counts now 2 0 3 0 3 1: columns 1 and 3
    assert turn.landed == (1, 3) and turn.landed_cells == ((7, 1), (7, 3))


def test_a_stone_rests_past_the_shorter_anchored_run_the_lower_on_a_tie():
    rows = ["RG..Y", "B...G", ".....", ".....", ".....", ".....", "..BR.", "Y.GBR"]
    m = match(rows, pending=(5, 0), bottoms=("Y", "Y"))
    turn = m.push(1, "bottom", 4)
    # Column 0: upper 2, lower 1 -> above the lower run. Column 1: upper 1, lower 0 -> bottom.
    # Column 2: upper 0, lower 2 -> under the top edge. Column 3: upper 0, lower 2 -> top.
    # Column 4: upper 2, lower 2 (after the push) -> the lower run, on the tie.
    assert turn.steps == ()
    assert turn.landed_cells == ((6, 0), (7, 1), (0, 2), (0, 3), (5, 4))


def test_a_full_column_takes_no_stone():
    rows = ["R..", "G..", "B..", "R..", "G..", "B..", "R..", "G.."]
    m = match(rows, pending=(3, 0), bottoms=("Y", "Y"))
    turn = m.push(1, "bottom", 2)
    assert turn.landed == (1, 2)
    assert turn.game_over and m.winner == 2  # the full column ends the game as it always did


def test_a_landing_can_end_the_movers_game():
    rows = ["R..", "G..", "B..", "...", "Y..", "R..", "G..", "B.."]
    m = match(rows, pending=(1, 0), bottoms=("Y", "Y"), stone_max=1)
    turn = m.push(1, "bottom", 1)  # one stone: column 2, the emptiest
    assert turn.landed == (2,) and not turn.game_over
    m = match(rows, pending=(3, 0), bottoms=("Y", "Y"))
    turn = m.push(1, "bottom", 1)
    assert turn.landed == (0, 1, 2) and turn.landed_cells[0] == (3, 0)
    assert turn.game_over and m.winner == 2
    with pytest.raises(IllegalMove, match="match is over"):
        m.push(2, "bottom", 0)
    assert m.tick(2, 10_000) is None


# ---------------------------------------------------------------------- off, single, contest


def test_attacks_off_send_nothing_and_land_nothing():
    m = match(TWO_CHAINS, tops=("G", "G"), attacks=False, pending=(3, 0))
    turn = m.push(1, "top", 2)
    assert len(turn.steps) == 2 and (turn.attack, turn.cancelled) == (0, 0)
    assert (m.pending(1), m.pending(2)) == (3, 0)
    assert m.push(1, "bottom", 0).landed == ()


def test_single_and_contest_games_have_no_stones():
    with pytest.raises(IllegalMove, match="stones"):
        AntiGravityGame.from_text(["+.."] + ["..."] * 7, top="R", bottom="G")
    with pytest.raises(ValueError, match="stones are for versus"):
        AntiGravityGame(mode="single", stones=StoneRules())
    contest = ContestGame(ContestList(name="T", seed=3, length=40, colours=3, turn_seconds=8))
    single = AntiGravityGame(seed=3)
    for game in (contest, single):
        for i in range(20):
            if game.game_over:
                break
            turn = game.push(("top", "bottom")[i % 2], i % game.width)
            assert (turn.attack, turn.cancelled, turn.landed) == (0, 0, ())
        assert "+" not in "".join(game.to_text())


def test_stone_rules_are_checked():
    with pytest.raises(IllegalMove, match="attack_percent must be a whole number from 50 to 200"):
        match(QUIET, attack_percent=(100, 201))
    with pytest.raises(IllegalMove, match="stone_max must be a whole number from 1 to 12"):
        match(QUIET, stone_max=0)
    with pytest.raises(IllegalMove, match="pending"):
        match(QUIET, pending=(-1, 0))
    with pytest.raises(IllegalMove, match="same size"):
        match(QUIET, ["..."] * 8)


# ---------------------------------------------------------------------- the cabinet's constructor


def versus_settings(attacks=True, p2_percent=100, stone_max=6):
    settings = AntiGravitySettings(width=4, half_height=4)
    return dataclasses.replace(
        settings,
        versus=dataclasses.replace(
            settings.versus,
            attacks=attacks,
            stone_max=stone_max,
            p2=HandicapSettings(attack_percent=p2_percent),
        ),
    )


def test_the_settings_constructor_plays_the_same_rule():
    m = AntiGravityVersus(versus_settings(p2_percent=150, stone_max=2), seed=7)
    assert (m.game(1).stones, m.game(2).stones) == (StoneRules(100, 2), StoneRules(150, 2))
    assert AntiGravityVersus(versus_settings(attacks=False), seed=7).game(1).stones is None
    # Player 1's field holds a ready chain (a top G at column 2): its attack of 3 cancels
    # the one stone pending and sends 2 to player 2's meter; player 2's quiet turn lands them.
    one = m.game(1)
    one._cells = AntiGravityGame.from_text(TWO_CHAINS).board()
    one._queues["top"][0] = 2  # G
    one.pending = 1
    turn = m.push(1, "top", 2)
    assert (turn.attack, turn.cancelled) == (3, 1) and (m.pending(1), m.pending(2)) == (0, 2)
    turn = m.push(2, "top", 0)
    assert turn.steps == () and len(turn.landed) == 2 and m.pending(2) == 0


# ---------------------------------------------------------------------- the film of a turn


def test_every_turns_film_ends_on_the_engines_field_with_pops_and_landings():
    """Random play with attacks on: the animation, built from the turn alone, ends where the
    engine is, and the turns seen include popped stones and landings."""
    rng = random.Random(8)
    popped = landed = 0
    for seed in range(6):
        m = AntiGravityVersus(versus_settings(stone_max=6), seed=seed)
        m.game(1).pending = m.game(2).pending = 4
        while m.winner is None and not m.over:
            player = rng.choice((1, 2))
            game = m.game(player)
            before = grid_from_text(game.to_text())
            turn = m.push(player, rng.choice(("top", "bottom")), rng.randrange(game.width))
            film = TurnAnimation(before, turn, game.height)
            assert film.final == grid_from_text(game.to_text())
            popped += sum(len(step.popped) for step in turn.steps)
            landed += len(turn.landed)
            phases = [film.advance() for _ in range(film.length)]
            lands = [phase for phase in phases if phase is not None and phase.kind == "land"]
            assert len(lands) == (1 if turn.landed else 0)
            if lands:
                assert lands[0].cues == ("versus_stones",)
                assert {move.from_row for move in lands[0].moves} == {game.height / 2 - 0.5}
    assert popped and landed


def test_a_popped_stone_flashes_with_the_run_it_breaks_beside():
    rows = [".GY", ".BB", ".+G", ".+R", "RR.", "+B.", "BG.", "GB."]
    m = match(rows, tops=("Y", "Y"))
    before = grid_from_text(m.game(1).to_text())
    film = TurnAnimation(before, m.push(1, "top", 2), 8)
    while (phase := film.advance()) is None or phase.kind != "flash":
        pass
    assert film.picture().flashing == {(4, 0), (4, 1), (4, 2), (3, 1), (5, 0)}


def _played(seat) -> None:
    while seat.busy or seat.breaking:
        seat.step()


def _push_at(seat, column: int) -> None:
    seat.game.cursor = column
    seat._push("down" if seat.game.push_side("down") == "top" else "up")


def _chain_played(heard: list, pending: int) -> Seat:
    """Player 1's seat once its ready chain (an attack of 3) has played, ``pending`` stones waiting."""
    m = match(TWO_CHAINS, tops=("G", "G"), pending=(pending, 0))
    seat = Seat(m.game(1), 1, heard.append)
    _push_at(seat, 2)
    _played(seat)
    return seat


def test_the_seat_says_what_a_turns_attack_did_once_its_film_is_over():
    heard = []
    seat = _chain_played(heard, 1)
    assert seat.current_message().text == "ATTACK 2" and heard.count("versus_attack") == 1
    assert [(launch.kind, launch.count) for launch in seat.launches] == [
        ("attack", 2),
        ("cancel", 1),
    ]
    assert [(popup.words, popup.detail, popup.tone) for popup in seat.popups] == [
        ("ATTACK {count}", "CANCEL {cancelled}", "attack")
    ]
    seat = _chain_played(heard, 5)
    assert seat.current_message().text == "CANCEL 3" and heard.count("versus_attack") == 1
    assert [(launch.kind, launch.count) for launch in seat.launches] == [("cancel", 3)]
    assert [popup.words for popup in seat.popups] == ["CANCEL {cancelled}"], (
        "over the field that cancelled"
    )


def test_an_attack_a_cancel_a_landing_and_a_pop_each_sound_once_their_own_sound():
    heard = []
    _chain_played(heard, 1)
    assert (heard.count("versus_attack"), heard.count("versus_cancel")) == (1, 0), (
        "one sound of stones a turn: the attack's carries its cancel"
    )
    heard.clear()
    _chain_played(heard, 5)
    assert (heard.count("versus_attack"), heard.count("versus_cancel")) == (0, 1)
    assert heard.count("versus_stones") == heard.count("versus_pop") == 0
    heard.clear()
    quiet = match(QUIET, pending=(2, 0))
    seat = Seat(quiet.game(1), 1, heard.append)
    _push_at(seat, 0)
    _played(seat)
    assert (
        heard.count("versus_stones") == 1
        and "versus_attack" not in heard
        and "versus_cancel" not in heard
    )
    heard.clear()
    popping = match([".GY", ".BB", ".+G", ".+R", "RR.", "+B.", "BG.", "GB."], tops=("Y", "Y"))
    seat = Seat(popping.game(1), 1, heard.append)
    _push_at(seat, 2)
    assert sum(len(step.popped) for step in seat.last_turn.steps) == 2
    _played(seat)
    assert heard.count("versus_pop") == 1, "two stones break together: one crack"


def test_a_popped_stone_breaks_into_pieces_after_its_runs_flash():
    popping = match([".GY", ".BB", ".+G", ".+R", "RR.", "+B.", "BG.", "GB."], tops=("Y", "Y"))
    seat = Seat(popping.game(1), 1)
    _push_at(seat, 2)
    frames = 0
    while not seat.breaking:
        seat.step()
        frames += 1
    cells = {piece.cell for piece in seat.breaking}
    assert cells == {(3, 1), (5, 0)}
    assert all(piece.age < 0 for piece in seat.breaking), "still flashing with its run"
    ages = []
    while seat.breaking:
        ages.append(seat.breaking[0].age)
        seat.step()
    assert max(ages) == BREAK_FRAMES - 1 and ages.count(0) == 1
