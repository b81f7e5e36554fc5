"""ANTI-GRAVITY rules (RULES.md, Game 2), clause by clause, on small hand-built fields."""

import random

import pytest

from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.field import bonus10
from cabinet.games.antigravity.results import BlockMove
from cabinet.settings.schema import AntiGravitySettings


def game(rows, top="R", bottom="G", **kw):
    return AntiGravityGame.from_text(rows, top=top, bottom=bottom, **kw)


# The push into column 2 from the top makes row "match_row" R R R; column 0 then
# holds hanging blocks whose fate is the relocation rule under test.


def test_relocation_toward_fewer_anchored_blocks_downward():
    # Column 0 after the clear: Gu = 2 (Y G), Gl = 0, B hangs in the upper field.
    g = game(["Y.B", "G.R", "RR.", "B..", "...", "...", "...", "..."], top="Y")
    turn = g.push("top", 2)
    (step,) = turn.steps
    assert step.moves == (BlockMove(0, 3, 7, "B", passed=True),)
    assert g.to_text() == ["Y.Y", "G.B", "...", "...", "...", "...", "...", "B.."]


def test_relocation_toward_fewer_anchored_blocks_upward():
    # Gl = 3 (G Y G) > Gu = 2: the lower field's hanging B flies up across the line.
    g = game(["Y.B", "G.R", "RR.", "...", "...", "B..", "...", "G..", "Y..", "G.."], top="Y")
    (step,) = g.push("top", 2).steps
    assert step.moves == (BlockMove(0, 5, 2, "B", passed=True),)
    assert [g.cell(r, 0) for r in range(10)] == [
        "Y",
        "G",
        "B",
        None,
        None,
        None,
        None,
        "G",
        "Y",
        "G",
    ]


def test_relocation_equal_anchors_side_with_more_hanging_blocks_throws_them_across():
    # Gl = Gu = 1; Su = 2 (B, G) > Sl = 1 (Y): all three pack down against the bottom G.
    g = game(["Y.R", "RR.", "B..", "G..", "...", "Y..", "...", "G.."], top="G")
    turn = g.push("top", 2)
    (step,) = turn.steps
    assert [g.cell(r, 0) for r in range(8)] == ["Y", None, None, None, "B", "G", "Y", "G"]
    assert sorted((m.from_row, m.to_row, m.passed) for m in step.moves) == [
        (2, 4, True),
        (3, 5, True),
        (5, 6, False),
    ]
    assert len(step.passed) == 2
    assert step.through_points == 2 * 20


def test_relocation_all_equal_falls_back_to_own_edge():
    # Gl = Gu = 1 and Su = Sl = 1: B returns up, G falls down; nothing passes.
    g = game(["Y.R", "RR.", "B..", "...", "...", "G..", "...", "Y.."], top="G")
    turn = g.push("top", 2)
    (step,) = turn.steps
    assert sorted((m.colour, m.from_row, m.to_row) for m in step.moves) == [
        ("B", 2, 1),
        ("G", 5, 6),
    ]
    assert step.passed == () and step.through_points == 0
    assert [g.cell(r, 0) for r in range(8)] == ["Y", "B", None, None, None, None, "G", "Y"]
    assert turn.points == 60


def test_through_bonus_is_base_times_chain_bonus_per_block():
    g = game(["Y.B", "G.R", "RR.", "B..", "...", "...", "...", "..."], top="Y")
    turn = g.push("top", 2)
    assert turn.steps[0].through_points == 20 * 10 // 10
    assert turn.points == 60 + 20 and g.score == 80
    hard = game(
        ["Y.B", "G.R", "RR.", "B..", "...", "...", "...", "..."], top="Y", difficulty="hard"
    )
    assert hard.push("top", 2).steps[0].through_points == 40


L_FIELD = ["...", "...", "...", ".RR", "RGB", "RBG"]


def test_l_of_five_counts_six_rules_example():
    g = game(L_FIELD, bottom="R")
    turn = g.push("bottom", 0)
    (step,) = turn.steps
    assert step.cleared_count == 6
    assert len(step.removed) == 5
    assert sorted(len(run) for run in step.runs) == [3, 3]
    assert step.points == 120 and turn.points == 120
    assert g.total_cleared == 5
    assert g.to_text() == ["...", "...", "...", "...", ".GB", ".BG"]


def test_cross_of_five_counts_six():
    # A plus sign read from text: the first push scans the whole field and clears it.
    g = game(["...", "...", "...", ".G.", "GGG", "RGB"], top="Y")
    (step,) = g.push("top", 0).steps
    assert step.cleared_count == 6 and len(step.removed) == 5
    assert step.points == 120 and g.total_cleared == 5
    assert g.to_text() == ["Y..", "...", "...", "...", "...", "R.B"]


def test_total_cleared_before_the_step_raises_points():
    g = game(L_FIELD, bottom="R", total_cleared=50)
    assert g.push("bottom", 0).points == 6 * 20 * 10 * 150 // 1000


@pytest.mark.parametrize(
    "chain, expected",
    [(1, 10), (2, 12), (3, 14), (4, 17), (5, 20), (6, 25), (7, 40), (8, 50), (9, 60), (12, 90)],
)
def test_chain_bonus_table(chain, expected):
    assert bonus10(chain) == expected


def test_chain_bonus_rejects_chain_zero():
    with pytest.raises(ValueError):
        bonus10(0)


def test_real_two_step_chain_scores_with_chain_bonus_and_total_cleared():
    # B falls from the upper field onto G, lands in row 4 beside B B: chain 2.
    g = game(["Y.R", "RR.", "B..", "...", ".BB", "GYG"], top="G")
    turn = g.push("top", 2)
    assert [s.chain for s in turn.steps] == [1, 2]
    first, second = turn.steps
    assert first.points == 60 and first.through_points == 20
    assert second.points == 3 * 20 * 12 * (100 + 3) // 1000 == 74
    assert turn.points == 154 == g.score
    assert g.total_cleared == 6
    assert g.to_text() == ["Y.G", "...", "...", "...", "...", "GYG"]


@pytest.mark.parametrize("mode", ["versus", "contest"])
def test_versus_and_contest_base_is_30_whatever_the_difficulty(mode):
    for difficulty in ("warmup", "hard"):
        g = game(L_FIELD, bottom="R", mode=mode, difficulty=difficulty)
        assert g.push("bottom", 0).points == 6 * 30 * 10 * 100 // 1000 == 180


@pytest.mark.parametrize(
    "difficulty, base", [("warmup", 10), ("normal", 20), ("advanced", 30), ("hard", 40)]
)
def test_single_base_follows_difficulty(difficulty, base):
    g = game(L_FIELD, bottom="R", difficulty=difficulty)
    assert g.push("bottom", 0).points == 6 * base


# ---------------------------------------------------------------- push, dispensers, jam, game over


def test_push_extrudes_the_anchored_run_and_advances_both_dispensers():
    g = game(["...", "...", "...", "...", "G..", "B.."], top="YR", bottom="RB")
    turn = g.push("bottom", 0)
    assert g.to_text()[3:] == ["G..", "B..", "R.."]
    assert turn.colour == "R" and turn.discarded == "Y"
    assert turn.shifted == (BlockMove(0, 4, 3, "G"), BlockMove(0, 5, 4, "B"))
    assert g.current("bottom") == "B" and g.current("top") == "R"
    assert g.next("top") is not None and g.cursor == 0 and g.turns == 1


def test_push_from_top_shifts_down():
    g = game(["Y..", "G..", "...", "...", "...", "..."], top="B")
    turn = g.push("top", 0)
    assert [g.cell(r, 0) for r in range(3)] == ["B", "Y", "G"]
    assert turn.shifted == (BlockMove(0, 0, 1, "Y"), BlockMove(0, 1, 2, "G"))


def test_jam_in_a_full_column_ends_the_game_at_once():
    rows = ["R..", "G..", "B..", "R..", "G..", "B.."]
    g = game(rows, bottom="Y")
    turn = g.push("bottom", 0)
    assert turn.jam and turn.game_over and g.game_over
    assert turn.steps == () and g.to_text() == rows


def test_stack_over_the_line_ends_the_game_at_turn_end():
    g = game(["...", "...", "...", "...", "R..", "G.."], bottom="B")
    assert not g.push("bottom", 0).game_over  # three blocks: exactly up to the line
    g._queues["bottom"][0] = 4  # a Y, which matches nothing
    turn = g.push("bottom", 0)
    assert turn.game_over and g.game_over
    assert g.to_text()[2] == "R.."


def test_upper_stack_over_the_line_ends_the_game():
    g = game(["R..", "G..", "R..", "...", "...", "..."], top="B")
    assert g.push("top", 0).game_over


def test_a_clear_that_brings_the_stack_back_saves_the_game():
    # Four blocks would cross the line, but the pushed R completes R R R along row 0;
    # G Y B then hang with no anchor on either side and the upper side throws them down.
    g = game(["GRR", "Y..", "B..", "...", "...", "..."], top="R")
    turn = g.push("top", 0)
    assert not turn.game_over and not g.game_over
    assert g.to_text() == ["...", "...", "...", "G..", "Y..", "B.."]
    assert sorted((m.from_row, m.to_row, m.passed) for m in turn.steps[0].moves) == [
        (1, 3, True),
        (2, 4, True),
        (3, 5, False),
    ]


def test_from_text_does_not_judge_the_field_until_a_turn_ends():
    assert not game(["R..", "G..", "B..", "Y..", "...", "..."]).game_over


# ---------------------------------------------------------------- timer, invert_push, cursor


def test_timer_forces_a_push_at_the_cursor_from_the_forced_side():
    g = game(["...", "...", "...", "...", "...", "..."], top="Y", bottom="B")
    assert g.turn_frames == 8 * 60
    g.move(-1)
    assert g.tick(g.turn_frames - 1) is None and g.frames_left == 1
    turn = g.tick()
    assert turn.forced and turn.side == "top" and turn.column == g.cursor == 0
    assert g.cell(0, 0) == "Y" and g.frames_left == g.turn_frames


def test_forced_side_bottom_from_settings():
    settings = AntiGravitySettings(forced_side="bottom")
    g = game(["...", "...", "...", "...", "...", "..."], top="Y", bottom="B", settings=settings)
    g.move(1)
    turn = g.tick(g.turn_frames)
    assert turn.side == "bottom" and turn.column == 2 and g.cell(5, 2) == "B"


def test_timer_restarts_after_every_push_and_follows_difficulty():
    g = AntiGravityGame(seed=3, difficulty="hard")
    assert g.turn_frames == 4 * 60
    g.tick(100)
    g.push("top")
    assert g.frames_left == g.turn_frames


def test_invert_push_swaps_the_keys():
    assert AntiGravityGame().push_side("up") == "bottom"
    assert AntiGravityGame().push_side("down") == "top"
    inverted = AntiGravityGame(settings=AntiGravitySettings(invert_push=True))
    assert inverted.push_side("up") == "top" and inverted.push_side("down") == "bottom"
    with pytest.raises(ValueError):
        inverted.push_side("left")


def test_cursor_stops_at_the_edges():
    g = AntiGravityGame(width=6)
    for _ in range(10):
        g.move(1)
    assert g.cursor == 5
    for _ in range(10):
        g.move(-1)
    assert g.cursor == 0


def test_settings_give_field_size_and_colours():
    settings = AntiGravitySettings(width=8, half_height=5)
    g = AntiGravityGame(settings=settings, difficulty="hard")
    assert (g.width, g.height, g.half, g.colours) == (8, 10, 5, 5)
    assert all(g.current(side) in "RGBYP" for side in ("top", "bottom"))
    assert AntiGravityGame(difficulty="warmup").colours == 3


# ---------------------------------------------------------------- determinism, copy, errors


def play_timed(seed, script):
    """script: (frame, action) pairs; every other frame just ticks."""
    g = AntiGravityGame(seed=seed)
    actions = dict(script)
    log = []
    for frame in range(3000):
        if g.game_over:
            break
        action = actions.get(frame)
        if action == "left":
            g.move(-1)
        elif action == "right":
            g.move(1)
        elif action in ("top", "bottom"):
            log.append(g.push(action))
        turn = g.tick()
        if turn:
            log.append(turn)
    return g, log


def test_same_seed_and_timed_actions_give_the_same_game():
    # Actions for 20 seconds, then the timer alone pushes.
    pick = random.Random(4).choice
    script = [
        (f, pick(("left", "right", "right", "left", "top", "bottom"))) for f in range(0, 1200, 23)
    ]
    a, log_a = play_timed(11, script)
    b, log_b = play_timed(11, script)
    assert log_a == log_b and a.to_text() == b.to_text() and a.score == b.score
    assert any(t.forced for t in log_a) and any(not t.forced for t in log_a)
    c, _ = play_timed(12, script)
    assert c.to_text() != a.to_text()


def test_copy_is_independent_and_continues_the_same_sequence():
    g = AntiGravityGame(seed=5)
    twin = g.copy()
    for i in range(20):
        assert g.current("top") == twin.current("top") and g.next("bottom") == twin.next("bottom")
        g.push(("top", "bottom")[i % 2], i % 6)
        twin.push(("top", "bottom")[i % 2], i % 6)
    assert g.to_text() == twin.to_text()
    twin.push("top", 0)
    assert g.turns == twin.turns - 1


def snapshot(g):
    return (
        g.to_text(),
        g.current("top"),
        g.next("top"),
        g.current("bottom"),
        g.next("bottom"),
        g.score,
        g.turns,
        g.cursor,
        g.frames_left,
        g.game_over,
    )


def test_bad_letters_are_refused():
    with pytest.raises(ValueError, match="X"):
        game(["X..", "...", "...", "...", "...", "..."])
    with pytest.raises(ValueError, match="P"):
        game(["P..", "...", "...", "...", "...", "..."])  # normal uses R G B Y only
    with pytest.raises(ValueError):
        game(["...", "..."], top="Q")
    with pytest.raises(ValueError):
        game(["...", "....", "...", "..."])
    with pytest.raises(ValueError):
        game(["...", "...", "..."])


@pytest.mark.parametrize("rows", [None, [1, 2], ["......"] * 11 + [None], "RGB..."])
def test_malformed_field_text_is_a_value_error(rows):
    with pytest.raises(ValueError):
        AntiGravityGame.from_text(rows)


@pytest.mark.parametrize("total", ["x", -1, 2.5, True])
def test_total_cleared_must_be_a_whole_number(total):
    with pytest.raises(ValueError, match="total_cleared"):
        AntiGravityGame.from_text(["...", "..."], total_cleared=total)


def test_illegal_actions_leave_the_state_unchanged():
    g = AntiGravityGame(seed=2)
    g.push("top", 3)
    before = snapshot(g)
    for bad in (
        lambda: g.push("top", 6),
        lambda: g.push("top", -1),
        lambda: g.push("left", 0),
        lambda: g.move(2),
        lambda: g.current("middle"),
    ):
        with pytest.raises(ValueError):
            bad()
        assert snapshot(g) == before


def test_moves_after_game_over_are_refused():
    g = game(["R..", "G..", "B..", "R..", "G..", "B.."], bottom="Y")
    g.push("bottom", 0)
    before = snapshot(g)
    for bad in (lambda: g.push("top", 1), lambda: g.move(1), lambda: g.move(-1)):
        with pytest.raises(ValueError):
            bad()
    assert g.tick(10_000) is None
    assert snapshot(g) == before


def anchored_only(g):
    """True when every block belongs to the run anchored at the top or the bottom edge."""
    for col in range(g.width):
        column = [g.cell(r, col) for r in range(g.height)]
        upper = next((r for r, c in enumerate(column) if c is None), g.height)
        lower = next((r for r, c in enumerate(reversed(column)) if c is None), g.height)
        if sum(c is not None for c in column) != min(g.height, upper + lower):
            return False
    return True


def test_random_play_keeps_the_rules_invariants():
    from cabinet.games.antigravity.field import find_runs

    rng = random.Random(8)
    for seed in range(6):
        g = AntiGravityGame(seed=seed, difficulty=("warmup", "hard")[seed % 2])
        points = cleared = 0
        while not g.game_over:
            turn = g.push(rng.choice(("top", "bottom")), rng.randrange(g.width))
            assert turn.points == sum(s.points + s.through_points for s in turn.steps)
            for s in turn.steps:
                assert s.through_points == len(s.passed) * (g.base * bonus10(s.chain) // 10)
                assert s.cleared_count == sum(len(run) for run in s.runs) >= len(s.removed)
                assert all(
                    m.passed == ((m.from_row >= g.half) != (m.to_row >= g.half)) for m in s.moves
                )
            points += turn.points
            cleared += sum(len(s.removed) for s in turn.steps)
            assert find_runs(g.board(), g.geometry, None) == {}
            assert anchored_only(g)
            assert sum(ch != "." for row in g.to_text() for ch in row) == g.turns - cleared
        assert g.score == points and g.total_cleared == cleared


def test_operator_numbers_come_from_the_yaml(tmp_path):
    from cabinet.settings.load import load_settings

    path = tmp_path / "cabinet.yaml"
    path.write_text(
        "antigravity:\n  width: 7\n  half_height: 5\n  forced_side: bottom\n"
        "  invert_push: true\n  difficulties:\n    hard: {colours: 3, turn_seconds: 5}\n"
    )
    loaded = load_settings(path)
    assert loaded.problems == []
    g = AntiGravityGame(settings=loaded.settings.antigravity, difficulty="hard")
    assert (g.width, g.height, g.colours, g.turn_frames) == (7, 10, 3, 300)
    assert g.push_side("up") == "top" and g.tick(300).side == "bottom"


def test_hanging_blocks_from_text_settle_at_the_first_clear_anywhere():
    # Column 3's B hangs (Gl = Gu = 0, upper side): the first clear, in columns 0-2, settles it too.
    g = game(["....", "...B", "....", "....", "....", "...."], top="Y", bottom="R")
    g.push("top", 0)  # no clear: B keeps hanging
    assert g.cell(1, 3) == "B" and g.needs_full_scan
    g._queues["bottom"][0] = 1
    g._cells[5 * 4 + 1] = g._cells[5 * 4 + 2] = 1  # R R at the bottom of columns 1 and 2
    turn = g.push("bottom", 0)
    assert turn.steps[0].removed == ((5, 0), (5, 1), (5, 2))
    assert BlockMove(3, 1, 5, "B", passed=True) in turn.steps[0].moves
    assert not g.needs_full_scan
