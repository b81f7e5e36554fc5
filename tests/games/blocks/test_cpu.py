"""BLOCKS CPU: its levels, the pilot at a versus panel, the seat's move timer, the headless match."""

import numpy as np
import pytest

from cabinet.games.blocks.cpu import CPU_LEVELS, cpu_pilot, cpu_style
from cabinet.games.blocks.seat import VersusSeat
from cabinet.games.blocks.simulate import VersusSimulation
from cabinet.games.blocks.tactics import Sight, VersusGains, sight_of
from cabinet.games.blocks.versus import BlocksVersus
from cabinet.games.cpu import CpuLevel
from cabinet.inputs.actions import Action, InputEvent
from support.thinking import SlicesPerFrame, count_slices

EMPTY = ["........"] * 8
SINGLE = ["#"]


def test_five_levels_each_faster_and_more_careful_than_the_last():
    assert sorted(CPU_LEVELS) == [1, 2, 3, 4, 5]
    levels = [CPU_LEVELS[k] for k in range(1, 6)]
    assert all(
        isinstance(entry, CpuLevel) and entry.level == k for k, entry in enumerate(levels, 1)
    )
    for lower, higher in zip(levels, levels[1:]):
        assert higher.input_frames < lower.input_frames
        assert higher.think_frames < lower.think_frames
        assert higher.slip_percent <= lower.slip_percent
        assert higher.lookahead >= lower.lookahead
    assert levels[-1].slip_percent == 0
    assert cpu_style(5).refine_top and cpu_style(5).depth == 3 and cpu_style(1).depth == 1


@pytest.mark.parametrize("level", [0, 6, "5"])
def test_an_unknown_level_is_refused(level):
    with pytest.raises(ValueError, match="CPU level"):
        cpu_pilot(1, level)


def press_frames(level: int, player: int, frames: int = 400):
    """(frame, event) of every press the CPU makes in a simulated match against nobody."""
    match = BlocksVersus(seed=3)
    pilot = cpu_pilot(player, level, seed=1)
    simulation = VersusSimulation(match, [pilot])
    seen = []
    original = pilot.events

    def spy(frame, live):
        events = original(frame, live)
        seen.extend((frame, event) for event in events)
        return events

    pilot.events = spy
    simulation.run(frames)
    return seen, match, simulation


@pytest.mark.parametrize("level", [1, 5])
def test_the_cpu_presses_its_own_buttons_one_at_a_time_at_its_levels_pace(level):
    entry = CPU_LEVELS[level]
    seen, match, simulation = press_frames(level, player=2, frames=max(400, 4 * entry.think_frames))
    assert seen and all(event.player == 2 and event.pressed for _, event in seen)
    frames = [frame for frame, _ in seen]
    assert frames[0] >= entry.think_frames
    assert all(b - a >= entry.input_frames for a, b in zip(frames, frames[1:]))
    placements = sum(event.action is Action.A for _, event in seen)
    assert placements >= 2
    assert match.game(2).placements == simulation.placements == placements  # every A placed a piece
    assert match.game(1).placements == 0


def test_a_faster_level_places_more_in_the_same_time():
    slow = press_frames(1, player=1, frames=900)[1].game(1).placements
    fast = press_frames(5, player=1, frames=900)[1].game(1).placements
    assert fast > 2 * slow


def test_the_cpu_never_sees_the_trays_to_come():
    """Two matches alike but for the seed of later trays: the CPU plays the first tray alike."""
    boards = (["#......."] + EMPTY[1:], EMPTY)
    trays = ([["##"], ["#", "#"], ["###"]], None)

    def first_tray(seed):
        match = BlocksVersus.from_text(boards=boards, trays=trays, seed=seed)
        simulation = VersusSimulation(match, [cpu_pilot(1, 5, seed=0)])
        while match.game(1).placements < 3:
            simulation.step()
        return match.game(1).to_text(), match.game(1).tray_text()

    board_a, tray_a = first_tray(1)
    board_b, tray_b = first_tray(2)
    assert board_a == board_b and tray_a != tray_b


def test_sight_is_what_the_panel_shows():
    match = BlocksVersus.from_text(
        boards=(EMPTY, ["#......."] + EMPTY[1:]),
        trays=([SINGLE] * 3, [SINGLE] * 3),
        pending=(4, 7),
        attack_percent=(150, 100),
        land_max=6,
    )
    assert sight_of(match, 1) == Sight(4, 1, 7, 150, 6)
    assert sight_of(match, 2) == Sight(7, 0, 4, 100, 6)


def test_versus_gains_follow_streak_and_pending_along_a_path():
    gains = VersusGains(Sight(pending=5, land_max=8), streak=0)
    lines = np.array([0, 1, 2, 3], dtype=np.uint8)
    after = np.array([7, 7, 0, 7], dtype=np.uint64)  # the third path wipes the board out
    carry = np.array([[0, 5], [2, 1], [4, 0], [0, 9]], dtype=np.int64)
    gain, carry_after = gains.step(lines, after, carry)
    # no clear: 5 stones land, streak ends | 1 line + streak 2 = 3: cancels 1, sends 2
    # 2 lines + streak 4 + wipe-out 6 = 12, sends all | 3 lines = 4: cancels 4 of 9
    assert carry_after.tolist() == [[0, 0], [3, 0], [5, 0], [1, 5]]
    v, send = gains.values, gains.send_value
    assert gain == pytest.approx(
        [
            -(v.stone - v.deferred) * 5,
            v.line + v.deferred + send * 2,
            2 * v.line + send * 12,
            3 * v.line + v.deferred * 4,
        ]
    )


def test_the_handicap_scales_the_attack_the_cpu_expects():
    def sent(percent):
        gains = VersusGains(Sight(pending=0, attack_percent=percent), streak=0)
        gain, carry = gains.step(
            np.array([3], dtype=np.uint8),
            np.array([1], dtype=np.uint64),
            np.array([[1, 0]], dtype=np.int64),
        )  # 3 lines on a streak of 1
        assert carry.tolist() == [[2, 0]]
        return (gain[0] - 3 * gains.values.line) / gains.send_value

    assert sent(100) == pytest.approx(5)  # 4 + 1
    assert sent(50) == pytest.approx(2)  # 5 * 50 // 100
    assert sent(200) == pytest.approx(10)


def test_the_move_timer_lands_stones_and_a_placement_restarts_it():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=([SINGLE] * 3, [SINGLE] * 3), pending=(3, 0)
    )
    seat = VersusSeat(match, 1, move_frames=5)
    assert [seat.step() for _ in range(4)] == [[]] * 4
    for action in (Action.A,):
        assert seat.act(InputEvent(1, action, True)).kind == "place"
    assert (
        seat.timer == 5 and match.pending(1) == 0
    )  # the placement landed them, restarted the timer
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=([SINGLE] * 3, [SINGLE] * 3), pending=(3, 0)
    )
    seat = VersusSeat(match, 1, move_frames=5)
    landed = [seat.step() for _ in range(5)]
    assert landed[:4] == [[]] * 4 and len(landed[4]) == 3 and seat.timer == 5
    assert match.pending(1) == 0


def test_a_seat_places_through_the_match_so_its_clears_attack():
    board = ["#......."] + EMPTY[1:7] + ["#######."]
    match = BlocksVersus.from_text(boards=(board, EMPTY), trays=([SINGLE] * 3, [SINGLE] * 3))
    seat = VersusSeat(match, 1)
    seat.cursor.row, seat.cursor.col = 7, 7
    outcome = seat.act(InputEvent(1, Action.A, True))
    assert outcome.kind == "place" and outcome.result.attack == 1
    assert match.pending(2) == 1


def test_a_cpu_with_no_move_left_loses_by_the_rules_and_the_match_ends():
    striped = ["#.#.#.#."] * 8  # no domino fits anywhere
    match = BlocksVersus.from_text(
        boards=(EMPTY, striped), trays=([SINGLE] * 3, [["##"], ["##"], ["##"]])
    )
    assert match.winner == 1
    simulation = VersusSimulation(match, [cpu_pilot(1, 3), cpu_pilot(2, 3)])
    assert simulation.run(100) == 1 and simulation.frame == 0
    # one row of room left, forty stones waiting and a timer quicker than the CPU: the stones fill
    # the board before it can move, its game ends, nothing freezes
    stuck = BlocksVersus.from_text(
        boards=(EMPTY, striped[:7] + ["........"]),
        trays=([SINGLE] * 3, [["##"], None, None]),
        pending=(0, 40),
    )
    simulation = VersusSimulation(stuck, [cpu_pilot(2, 5)], move_frames=1)
    assert simulation.run(60 * 60) == 1
    assert stuck.game(2).game_over


def test_a_simulated_match_is_decided_and_replays_exactly():
    def play():
        match = BlocksVersus(seed=12)
        simulation = VersusSimulation(match, [cpu_pilot(1, 4, seed=1), cpu_pilot(2, 2, seed=2)])
        winner = simulation.run(60 * 60 * 10)
        return (
            winner,
            simulation.frame,
            simulation.placements,
            match.game(1).to_text(),
            match.game(2).to_text(),
        )

    first = play()
    assert first[0] in (1, 2)
    assert play() == first


def test_the_cpu_plays_with_rotation_on():
    match = BlocksVersus(seed=5, rotation=True)
    simulation = VersusSimulation(match, [cpu_pilot(1, 5, seed=3)])
    simulation.run(60 * 30)
    assert match.game(1).placements >= 20 and match.winner is None


def test_the_cpu_thinks_a_share_per_frame_and_not_a_whole_search_at_once():
    """Each new plan is spread over the pause before the move (a Pi is five times slower)."""
    match = BlocksVersus(seed=4)
    pilot = cpu_pilot(1, 4, seed=1)
    slices_on: dict[int, int] = {}
    simulation = VersusSimulation(match, [pilot])
    searches = []
    original = pilot.ai.thinking
    pilot.ai.thinking = lambda *args: searches.append(0) or original(*args)

    def slice_done():
        searches[-1] += 1
        slices_on[simulation.frame] = slices_on.get(simulation.frame, 0) + 1

    count_slices(pilot.ai, slice_done)
    simulation.run(60 * 40)
    searches = [slices for slices in searches if slices]
    assert match.game(1).placements >= 20 and len(searches) >= 5
    assert max(slices_on.values()) < max(searches) / 2


def test_stones_that_land_while_the_cpu_thinks_make_it_think_again():
    tray = [["###"], ["#", "#"], ["##"]]
    match = BlocksVersus.from_text(boards=(EMPTY, EMPTY), trays=(tray, tray), pending=(8, 0))
    pilot = cpu_pilot(1, 5, seed=1)
    simulation = VersusSimulation(match, [pilot], move_frames=10_000)
    simulation.step()
    simulation.step()
    assert pilot.thought is not None and not pilot.thought.done
    started_on = pilot.thought_on
    assert len(match.land(1)) == 8
    simulation.step()
    assert pilot.thought_on != started_on and pilot.thought_on[0] == match.game(1).board
    simulation.run(60 * 5)
    assert match.game(1).placements >= 3


def test_an_attack_that_comes_in_after_the_cpu_has_decided_makes_it_think_again():
    attacker = ["#......."] + EMPTY[1:7] + ["#######."]
    tray = [["###"], ["#", "#"], ["##"]]
    match = BlocksVersus.from_text(boards=(EMPTY, attacker), trays=(tray, [SINGLE] * 3))
    pilot = cpu_pilot(1, 1, seed=1)  # level 1: a long pause, a quick search
    simulation = VersusSimulation(match, [pilot], move_frames=10_000)
    for _ in range(5):
        simulation.step()
    assert pilot.thought.done and not pilot.plan
    decided_on = pilot.thought_on
    seat = simulation.seat_for(2)
    seat.cursor.row, seat.cursor.col = 7, 7
    assert seat.act(InputEvent(2, Action.A, True)).kind == "place" and match.pending(1) == 1
    simulation.step()
    assert pilot.thought_on == decided_on[:2] + (1,)


def test_a_cpu_due_to_move_during_an_animation_does_not_think_it_all_through_in_one_frame():
    match = BlocksVersus.from_text(
        boards=(EMPTY, EMPTY), trays=([["###"], ["#", "#"], ["##"]], None)
    )
    pilot = cpu_pilot(1, 5, seed=1)
    simulation = VersusSimulation(match, [pilot])
    pilot.wait = 0  # its pause is over ...
    simulation.seat_for(1).busy = True  # ... but a clear is still animated: it cannot press yet
    simulation.step()
    assert pilot.thought is not None and not pilot.thought.done
    simulation.seat_for(1).busy = False
    simulation.step()
    assert pilot.thought is None and pilot.plan  # decided on the first frame it may press


def play_placements(budget: SlicesPerFrame | None, placements: int = 6):
    """(the board after each of player 1's first placements, the frame of each, the most
    slices any frame thought): CPU level 5 alone, thinking within ``budget`` (None: none)."""
    match = BlocksVersus(seed=4)
    pilot = cpu_pilot(1, 5, seed=1)
    simulation = VersusSimulation(match, [pilot], move_frames=10_000)
    pilot.budget = budget  # what a screen's bind lends it
    slices_on: dict[int, int] = {}
    count_slices(
        pilot.ai,
        lambda: slices_on.__setitem__(simulation.frame, slices_on.get(simulation.frame, 0) + 1),
    )
    boards, frames = [], []
    while len(boards) < placements:
        if budget is not None:
            budget.new_frame()
        simulation.step()
        if match.game(1).placements > len(boards):
            boards.append(match.game(1).board)
            frames.append(simulation.frame)
    return boards, frames, max(slices_on.values())


def test_a_late_thought_makes_the_cpu_wait_not_the_frame_and_it_plays_the_same_moves():
    free_boards, free_frames, _ = play_placements(None)
    boards, frames, most = play_placements(SlicesPerFrame(1))
    assert most == 1  # never more than the budget in a frame, even when due
    assert frames[0] > free_frames[0]  # the first plan (a whole tray) was late: the CPU waited
    assert boards == free_boards
