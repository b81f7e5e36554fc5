"""The CPU players' worker process (cabinet.scenes.kit.thinker): same decisions, same games, and no stop for a death."""

import hashlib
import logging
import os
import signal
import time

import pytest

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.cpu import CPU_LEVELS as GRAVITY_LEVELS
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.blocks.ai import BlocksAI, Position
from cabinet.games.blocks.cpu import cpu_style
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.blocks.tactics import Sight
from cabinet.games.thought import begin
from cabinet.scenes.kit import thinker as thinker_module
from cabinet.scenes.kit.thinker import RESTART_SECONDS, Thinker, WorkerThought
from support.app import make_app, run
from support.thinking import SlicesPerFrame


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture(scope="module")
def thinker():
    """One worker for the module's tests (a spawn costs a second or more on a busy machine)."""
    place = Thinker()
    place.start()
    yield place
    place.stop()


def blocks_ais(level):
    style = cpu_style(level)
    return [BlocksAI(seed=level, level=f"cpu {level}", style=style) for _ in range(2)]


def decided_in(place, ai, situation, work=10, budget=None):
    thought = begin(ai, situation, work, budget, place)
    assert isinstance(thought, WorkerThought)
    while not thought.advance(1):
        time.sleep(0.01)
    return thought.decision


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_blocks_decisions_in_the_worker_are_those_thought_here(thinker, level):
    here, there = blocks_ais(level)
    game = BlocksGame(seed=20 + level, rotation=level % 2 == 0)
    for turn in range(6):
        sight = (
            Sight(pending=turn % 3, opponent_board=0xFF00FF, opponent_pending=1)
            if level >= 3
            else None
        )
        position = Position.of(game)
        move = here.choose(position, sight)
        assert decided_in(thinker, there, (position, sight)) == move
        # what the thought changed came back with it: the plan and the random numbers
        assert there._plan == here._plan and there._rng.getstate() == here._rng.getstate()
        for _ in range(move.turns):
            game.rotate(move.slot)
        game.place(move.slot, move.row, move.col)
        if game.game_over:
            break


@pytest.mark.parametrize("level", [1, 3, 5])
def test_anti_gravity_decisions_in_the_worker_are_those_thought_here(thinker, level):
    entry = GRAVITY_LEVELS[level]
    here, there = (
        AntiGravityAI(seed=level, lookahead=entry.lookahead, slip_percent=30) for _ in range(2)
    )
    game = AntiGravityGame(seed=level)
    for _turn in range(5):
        push = here.choose(game)
        assert decided_in(thinker, there, (game,)) == push
        assert there._rng.getstate() == here._rng.getstate()
        column, side = push
        game.push(side, column)
        if game.game_over:
            break


def test_a_dropped_thought_never_delivers_its_decision(thinker):
    fresh, ai = blocks_ais(5)
    first, second = BlocksGame(seed=1), BlocksGame(seed=2)
    begin(
        ai, (Position.of(first), None), 10, SlicesPerFrame(), thinker
    )  # dropped: its board changed
    move = decided_in(thinker, ai, (Position.of(second), None), budget=SlicesPerFrame())
    assert move == fresh.choose(Position.of(second))
    assert ai._plan == fresh._plan and ai._rng.getstate() == fresh._rng.getstate()
    assert not thinker._out, "the dropped thought's answer was read, and thrown away"


def test_the_worker_stops_a_dropped_thought(thinker):
    ai, other = blocks_ais(5)
    busy = begin(
        ai, (Position.of(BlocksGame(seed=5)), None), 10, SlicesPerFrame(), thinker
    )  # a tray plan
    dropped = begin(other, (Position.of(BlocksGame(seed=6)), None), 10, SlicesPerFrame(), thinker)
    question, stopped = dropped._question, thinker.stopped
    del dropped  # while the worker still plans the first: it never starts this one
    thinker.wait_for(question)
    assert question.answer == (True, None) and thinker.stopped == stopped + 1
    assert busy.advance(1) and busy.decision is not None


def game_digest(scene, frames: int) -> str:
    """A digest of both boards and scores, frame by frame, of a BLOCKS versus scene."""
    digest = hashlib.sha256()
    for _ in range(frames):
        scene.update()
        for seat in scene.seats:
            digest.update(f"{seat.game.board} {seat.game.score} {seat.game.placements};".encode())
    return digest.hexdigest()


def versus_without_a_clock(app, place):
    from cabinet.scenes.flow.attract import versus_demo

    app.ctx.thinker = place
    scene = versus_demo(app.ctx, "blocks", 7)
    app.ctx.thinker = None
    for pilot in scene.pilots:
        pilot.budget = None  # no clock: the frame a thought ends on is set by the game alone
    app.ctx.scenes.reset(scene)
    return scene


def test_a_scene_thinking_in_the_worker_plays_the_game_it_plays_thinking_here(thinker):
    app = make_app()
    here = game_digest(versus_without_a_clock(app, None), 900)
    there, answered = versus_without_a_clock(app, thinker), thinker.answered
    assert game_digest(there, 900) == here
    assert thinker.answered > answered + 10, "the worker did the thinking"
    assert sum(seat.game.placements for seat in there.seats) >= 10


def test_a_worker_killed_mid_thought_is_logged_its_thought_done_here_and_it_is_restarted(caplog):
    clock = Clock()
    place = Thinker(clock)
    place.start()
    try:
        fresh, ai = blocks_ais(4)
        position = Position.of(BlocksGame(seed=3))
        place.worker.send(time.sleep, 60)  # busy, so the thought below is surely still in hand
        budget = SlicesPerFrame()
        thought = begin(ai, (position, None), 10, budget, place)
        first = place.pid
        os.kill(first, signal.SIGKILL)
        with caplog.at_level(logging.WARNING, logger=thinker_module.__name__):
            frames = 1
            while not thought.advance(1):
                budget.new_frame()
                frames += 1
        assert f"AI worker {first} ended" in caplog.text
        assert thought.decision == fresh.choose(position), "thought here instead, the same move"
        assert frames > 1, "here, within the frames' budget"
        assert place.pid is None and place.here == 1

        again = BlocksGame(seed=4)
        assert not isinstance(
            begin(ai, (Position.of(again), None), 10, None, place), WorkerThought
        ), "too soon to restart: thought here meanwhile"
        clock.now += RESTART_SECONDS
        assert decided_in(place, ai, (Position.of(again), None)) == fresh.choose(Position.of(again))
        assert place.restarts == 1 and place.pid not in (None, first)
    finally:
        place.stop()


def test_a_scene_plays_on_while_its_worker_dies():
    app = make_app()
    place = Thinker()
    place.start()
    try:
        scene = versus_without_a_clock(app, place)
        run(app, 300)
        placed = sum(seat.game.placements for seat in scene.seats)
        os.kill(place.pid, signal.SIGKILL)
        run(app, 600)
        assert app.ctx.scenes.top is scene, "no failure sent the cabinet back to attract mode"
        assert sum(seat.game.placements for seat in scene.seats) > placed
        assert place.here > 0
    finally:
        place.stop()


def test_a_stopped_thinker_leaves_no_process_and_thinks_here():
    place = Thinker()
    place.start()
    process = place.worker.process
    place.stop()
    assert process.exitcode is not None, "ended and reaped"
    assert not isinstance(
        begin(BlocksAI(), (Position.of(BlocksGame()), None), 10, None, place), WorkerThought
    )


def test_a_worker_that_stops_answering_is_replaced_before_the_questions_fill_its_pipe(caplog):
    place = Thinker(Clock())
    place.start()
    try:
        assert place.wait_ready(120)
        place.worker.send(time.sleep, 60)  # stuck (a worker's bug, a swap storm)
        process = place.worker.process
        ai, position = BlocksAI(), Position.of(BlocksGame())
        asked = [
            begin(ai, (position, None), 10, SlicesPerFrame(), place)
            for _ in range(thinker_module.MOST_IN_HAND)
        ]
        assert all(isinstance(thought, WorkerThought) for thought in asked)
        with caplog.at_level(logging.WARNING, logger=thinker_module.__name__):
            late = begin(ai, (position, None), 10, SlicesPerFrame(), place)
        assert "questions unanswered" in caplog.text and process.exitcode is not None
        assert not isinstance(late, WorkerThought), "thought here until the worker is restarted"
    finally:
        place.stop()


def test_a_stopped_worker_is_given_up_after_its_oldest_question_waits_too_long(caplog):
    clock = Clock()
    place = Thinker(clock)
    place.start()
    try:
        assert place.wait_ready(120)
        fresh, ai = blocks_ais(3)
        position = Position.of(BlocksGame(seed=5))
        stopped = place.pid
        os.kill(stopped, signal.SIGSTOP)  # kill -STOP: alive, silent, never answers
        process = place.worker.process
        budget = SlicesPerFrame()
        thought = begin(
            ai, (position, None), 10, budget, place
        )  # one CPU asks one question at a time
        assert isinstance(thought, WorkerThought)
        assert not thought.advance(1)
        clock.now += thinker_module.ANSWER_SECONDS - 1
        assert not thought.advance(1) and place.pid == stopped, (
            "a slow answer is not a stuck worker"
        )
        clock.now += 2
        with caplog.at_level(logging.WARNING, logger=thinker_module.__name__):
            for _frame in range(10_000):  # today's code: never decided, never a log line
                budget.new_frame()
                if thought.advance(1):
                    break
        assert f"AI worker {stopped}: no answer for 11 s; it is replaced" in caplog.text
        assert process.exitcode is not None, "the stopped worker is ended and reaped"
        assert thought.decision == fresh.choose(position), "thought here instead, the same move"
        clock.now += RESTART_SECONDS
        again = Position.of(BlocksGame(seed=6))
        assert decided_in(place, ai, (again, None)) == fresh.choose(again)
        assert place.restarts == 1 and place.pid not in (None, stopped)
    finally:
        place.stop()


def antigravity_versus_without_a_clock(app, place):
    from cabinet.scenes.flow.attract import versus_demo

    app.ctx.thinker = place
    scene = versus_demo(app.ctx, "antigravity", 7)
    app.ctx.thinker = None
    for pilot in scene.pilots:
        pilot.budget = None
    app.ctx.scenes.reset(scene)
    return scene


def test_anti_gravity_versus_with_attacks_plays_alike_thinking_in_the_worker(thinker):
    """The thought carries one field and its meter, never the other field it attacks."""
    app = make_app()

    def digest(scene, frames=1500):
        seen, stones = hashlib.sha256(), 0
        for _ in range(frames):
            scene.update()
            for seat in scene.seats:
                game = seat.game
                seen.update(f"{game.to_text()} {game.score} {game.pending} {game.turns};".encode())
                stones += game.pending
        return seen.hexdigest(), stones

    here = digest(antigravity_versus_without_a_clock(app, None))
    answered = thinker.answered
    assert digest(antigravity_versus_without_a_clock(app, thinker)) == here
    assert thinker.answered > answered + 10 and here[1] > 0, (
        "the worker thought, and stones were sent"
    )
