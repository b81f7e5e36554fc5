"""Scripted play through the real scenes: attract -> select -> BLOCKS -> initials -> ranking."""

import random

import pytest

from cabinet.games.blocks.cursor import Cursor, route
from cabinet.games.blocks.engine import BlocksGame
from cabinet.inputs.actions import CABINET, Action
from cabinet.scenes.blocks.play import GAME_OVER_FRAMES, BlocksScene
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.initials import IDLE_SECONDS, InitialsScene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.select import GameSelectScene
from support.app import choose, make_app, past_countdown, press, run, tap


def start_blocks(app) -> BlocksScene:
    assert isinstance(app.ctx.scenes.top, AttractScene)
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, GameSelectScene)
    tap(app, Action.A)  # BLOCKS is the first option
    tap(app, Action.A)  # and SINGLE the first of its modes
    scene = app.ctx.scenes.top
    assert isinstance(scene, BlocksScene) and not scene.demo
    past_countdown(app)
    return scene


def play_out(app, scene: BlocksScene, limit: int = 400) -> None:
    """Play to game over as a clumsy player: a random legal move each time, pressed
    with the stick and buttons (the AI plays too well to lose in a short test)."""
    rng = random.Random(2)
    for _ in range(limit):
        game = scene.game
        if game.game_over:
            break
        moves = [
            (slot, row, col)
            for slot in range(3)
            if game.tray[slot] is not None
            for row, col in game.legal_positions(slot)
        ]
        slot, row, col = rng.choice(moves)
        for action in route(scene.cursor, game, slot, row, col):
            tap(app, action, settle=0)
    assert scene.game.game_over


def test_a_whole_blocks_game_through_the_real_scenes_ends_on_a_table():
    app = make_app()
    scene = start_blocks(app)
    assert "start" in app.ctx.audio.played
    play_out(app, scene)
    score = scene.game.score
    run(app, GAME_OVER_FRAMES + 1)
    top = app.ctx.scenes.top
    qualifies = app.ctx.store.scores.qualifies("blocks", score)
    assert isinstance(top, InitialsScene if qualifies else RankingScene)
    assert app.ctx.store.replays.ids(), "the game's replay was saved"
    assert app.ctx.store.audits.counter("plays.blocks/single") == 1
    assert app.ctx.store.audits.counter("ended.blocks/single") == 1


def test_a_high_score_is_entered_with_initials_and_shows_on_the_table():
    app = make_app()
    scene = start_blocks(app)
    # The end of a game worth a place on the table: the single fits, then the domino cannot.
    rows = ["#.#.#.#.", ".#.#.#.#"] * 4
    scene.game = BlocksGame.from_text(rows, tray=[["#"], ["##"], None], seed=4, score=9500)
    scene.cursor = Cursor(slot=0, row=0, col=1)
    tap(app, Action.A)
    assert scene.game.game_over, "the test position must end the game"
    run(app, GAME_OVER_FRAMES + 1)
    entry = app.ctx.scenes.top
    assert isinstance(entry, InitialsScene)
    # C, A, B: up twice on the first letter; right; up once; A moves on; down from A wraps to a symbol.
    for action in (Action.UP, Action.UP, Action.RIGHT, Action.UP, Action.A, Action.UP):
        tap(app, action)
    assert entry.initials == "CBB"
    tap(app, Action.A)  # A on the last letter confirms
    ranking = app.ctx.scenes.top
    assert isinstance(ranking, RankingScene)
    entries = app.ctx.store.scores.top("blocks")
    assert any(e.initials == "CBB" and e.score == scene.game.score for e in entries)
    assert ranking.rank == next(e.rank for e in entries if e.initials == "CBB")
    run(app, 30)
    tap(app, Action.START)  # Start skips the ranking
    assert isinstance(app.ctx.scenes.top, AttractScene)


def test_initials_left_alone_for_30_seconds_are_taken_as_they_stand():
    app = make_app()
    app.ctx.scenes.reset(InitialsScene(app.ctx, "blocks", 50_000))
    tap(app, Action.DOWN)  # "A" wraps to the last symbol
    run(app, IDLE_SECONDS * 60 - 10)
    assert isinstance(app.ctx.scenes.top, InitialsScene)
    run(app, 20)
    assert isinstance(app.ctx.scenes.top, RankingScene)
    assert app.ctx.store.scores.top("blocks")[0].score == 50_000


def test_without_free_play_start_needs_a_coin_and_the_game_takes_the_credit():
    app = make_app("credits: {free_play: false, credits_per_game: 1}")
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, AttractScene), "no credit: Start does nothing"
    run(app, 1, [press(Action.COIN1, player=CABINET)])
    assert app.ctx.bank.credits == 1
    assert "coin" in app.ctx.audio.played and "credit" in app.ctx.audio.played
    start_blocks(app)
    assert app.ctx.bank.credits == 0


def test_an_idle_player_is_warned_then_the_game_ends():
    app = make_app()
    scene = start_blocks(app)
    from cabinet.scenes.kit.idle import IDLE_END_FRAMES

    run(app, IDLE_END_FRAMES + GAME_OVER_FRAMES + 2)
    assert scene.abandoned
    assert not isinstance(app.ctx.scenes.top, BlocksScene)


def test_select_screens_return_to_attract_when_left_alone():
    app = make_app()
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, GameSelectScene)
    run(app, 30 * 60 + 1)
    assert isinstance(app.ctx.scenes.top, AttractScene)


def _open_antigravity(app, *labels: str, player: int = 1):
    """From attract: Start, ANTI-GRAVITY, then each menu label in turn; the scene on top."""
    tap(app, Action.START, player=player)
    for label in ("ANTI-GRAVITY",) + labels:
        choose(app, label, player=player)
    return past_countdown(app)


def _push_until_over(app, scene, player: int, limit: int = 400) -> None:
    """Push from the bottom, mostly into one column, until this player's game ends."""
    game = scene.game_for(player)
    for index in range(limit):
        if game.game_over or scene.end_frames:
            return
        if index % 8 == 7:
            tap(app, Action.RIGHT, player=player, settle=0)
        tap(app, Action.UP, player=player, settle=20)
    raise AssertionError("the game never ended")


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    """Games started from the menus get a known seed, so every run plays the same game."""
    monkeypatch.setattr("cabinet.scenes.flow.play.new_seed", lambda: 1234)


def test_an_anti_gravity_single_game_from_select_to_the_table():
    from cabinet.scenes.antigravity.play import END_FRAMES, AntiGravityScene

    app = make_app()
    scene = _open_antigravity(app, "SINGLE", "HARD")
    assert isinstance(scene, AntiGravityScene)
    assert (scene.mode, scene.difficulty, scene.demo) == ("single", "hard", False)
    _push_until_over(app, scene, 1)
    run(app, END_FRAMES + 5)
    assert isinstance(app.ctx.scenes.top, (InitialsScene, RankingScene))
    assert app.ctx.scenes.top.table == "antigravity/single/hard"


def test_the_operator_may_fix_the_difficulty():
    from cabinet.scenes.antigravity.play import AntiGravityScene

    app = make_app("antigravity: {player_picks_difficulty: false, difficulty: warmup}")
    scene = _open_antigravity(app, "SINGLE")
    assert isinstance(scene, AntiGravityScene) and scene.difficulty == "warmup"


def test_an_anti_gravity_versus_match_is_won_by_the_player_still_standing():
    from cabinet.scenes.antigravity.play import END_FRAMES, AntiGravityScene

    app = make_app("antigravity: {versus: {rounds_to_win: 1}}\nversus: {rematch: false}")
    scene = _open_antigravity(app, "VERSUS")
    assert isinstance(scene, AntiGravityScene) and scene.mode == "versus"
    _push_until_over(app, scene, 1)
    run(app, 120)
    assert scene.round_winner() == 2
    run(app, END_FRAMES + 5)
    top = app.ctx.scenes.top
    assert isinstance(top, (InitialsScene, RankingScene)) and top.table == "antigravity/versus"


def test_a_contest_list_is_chosen_by_name():
    from cabinet.scenes.antigravity.play import AntiGravityScene

    app = make_app()
    scene = _open_antigravity(app, "CONTEST", "EXPERT")
    assert isinstance(scene, AntiGravityScene) and scene.contest.name == "EXPERT"


def test_player_two_start_gives_player_two_the_one_player_game():
    app = make_app()
    tap(app, Action.START, player=2)
    tap(app, Action.A, player=2)  # BLOCKS
    tap(app, Action.A, player=2)  # SINGLE
    scene = app.ctx.scenes.top
    assert isinstance(scene, BlocksScene) and scene.pilot.player == 2
    past_countdown(app)
    before = (scene.cursor.row, scene.cursor.col)
    tap(app, Action.DOWN, player=1)
    assert (scene.cursor.row, scene.cursor.col) == before, "player 1's stick is not in this game"
    tap(app, Action.DOWN, player=2)
    assert (scene.cursor.row, scene.cursor.col) != before


def test_player_two_choice_drives_a_one_player_anti_gravity_game():
    app = make_app()
    scene = _open_antigravity(app, "SINGLE", "NORMAL", player=2)
    cursor = scene.game_for(2).cursor
    tap(app, Action.RIGHT, player=1, settle=8)
    assert scene.game_for(2).cursor == cursor
    tap(app, Action.RIGHT, player=2, settle=8)
    assert scene.game_for(2).cursor == cursor + 1


def test_the_ranking_after_a_two_player_match_names_whose_score_it_shows():
    # After an ANTI-GRAVITY versus the ranking said YOUR SCORE 0 to two people: the winner's score.
    from cabinet.scenes.antigravity.play import END_FRAMES

    app = make_app("antigravity: {versus: {rounds_to_win: 1}}\nversus: {rematch: false}")
    scene = _open_antigravity(app, "VERSUS")
    _push_until_over(app, scene, 1)
    run(app, 120 + END_FRAMES + 5)
    top = app.ctx.scenes.top
    assert isinstance(top, RankingScene) and top.rank is None
    assert top.score_line() == f"2P SCORE {scene.game_for(2).score}"
