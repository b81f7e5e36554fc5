"""Versus matches through the real scenes: menus, both panels, the CPU, rounds, rematches, streaks, replays.

Every match here is started from the menus (or built as the menus build it)
and played frame by frame through ``App.step``: people are scripted presses
(injected, keyboard keys or mock GPIO pins), the CPU is the real CPU pilot.
"""

from __future__ import annotations

import pytest

from cabinet.games.match import Match, Series
from cabinet.inputs.actions import CABINET, Action
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.versus import BlocksVersusScene
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.records import RecordsInitialsScene
from cabinet.scenes.flow.rematch import RematchScene
from cabinet.scenes.flow.select import CpuLevelScene
from support.app import choose, make_app, press, run, tap
from support.thinking import count_slices
from support.versus import Hands, gpio_pin, injected, key_events, mock_pin


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    """Matches started from the menus get known seeds, so every run plays the same games."""
    seeds = iter(range(1000, 2000))
    monkeypatch.setattr("cabinet.scenes.flow.play.new_seed", lambda: next(seeds))


def open_menus(app, *labels: str, player: int = 1):
    tap(app, Action.START, player=player)
    for label in labels:
        choose(app, label, player)
    return app.ctx.scenes.top


def play_blocks(app, scene, hands, deliver=None, limit: int = 40_000) -> None:
    """Step until ``scene`` leaves the screen; each of ``hands`` presses through ``deliver``."""
    deliver = deliver or (lambda player, action, frame: (injected(player, action), None))
    release = []
    for frame in range(limit):
        if app.ctx.scenes.top is not scene:
            return
        events = []
        for undo in release:
            undo()
        release = []
        for hand in hands:
            action = hand.next_action(frame)
            if action is not None:
                more, undo = deliver(hand.player, action, frame)
                events += more or []
                if undo:
                    release.append(undo)
        app.step(events)
    raise AssertionError(f"the match did not end in {limit} frames (wins {scene.match.wins})")


# ---------------------------------------------------------------------- menus


def test_mode_select_offers_1p_vs_cpu_and_the_level_pick_for_both_games():
    app = make_app("versus: {cpu_lowest_level: 2, cpu_highest_level: 4, cpu_level: 3}")
    menu = open_menus(app, "ANTI-GRAVITY")
    assert "1P VS CPU" in [option.label for option in menu.options()]
    choose(app, "1P VS CPU")
    choose(app, "SINGLE MATCH")
    pick = app.ctx.scenes.top
    assert isinstance(pick, CpuLevelScene)
    assert [option.label.split()[1] for option in pick.options()] == ["2", "3", "4"]
    assert pick.options()[pick.index].label.startswith("LEVEL 3"), (
        "the operator's level is offered first"
    )
    tap(app, Action.B)
    assert app.ctx.scenes.top.name == "cpu mode select"
    tap(app, Action.B)
    assert app.ctx.scenes.top.name == "mode select"
    app.ctx.go_to_attract()
    menu = open_menus(app, "BLOCKS")
    assert [option.label for option in menu.options()] == ["SINGLE", "VERSUS", "1P VS CPU"]
    choose(app, "1P VS CPU")
    choose(app, "SINGLE MATCH")
    choose(app, "LEVEL 4  HARD")
    scene = app.ctx.scenes.top
    assert isinstance(scene, BlocksVersusScene)
    assert scene.match.cpu == {2: 4} and scene.match.mode == "cpu"
    assert app.ctx.store.audits.counter("plays.blocks/cpu") == 1


def test_the_operator_may_fix_the_cpu_level_and_player_two_gets_the_cpu_on_the_left():
    app = make_app("versus: {player_picks_cpu_level: false, cpu_level: 5, cpu_ladder: false}")
    scene = open_menus(app, "ANTI-GRAVITY", "1P VS CPU", player=2)
    assert isinstance(scene, AntiGravityScene)
    assert scene.match.cpu == {1: 5}, "the person at panel 2 plays; the CPU takes the other seat"
    assert scene.match.name(1) == "CPU LV5" and scene.match.name(2) == "PLAYER 2"


# ---------------------------------------------------------------------- two people at BLOCKS


def keyboard(app):
    def deliver(player, action, frame):
        app.ctx.inputs.handle_pygame_event(key_events(player, action, True))
        return [], lambda: app.ctx.inputs.handle_pygame_event(key_events(player, action, False))

    return deliver


def gpio(app):
    def deliver(player, action, frame):
        pin = mock_pin(gpio_pin(player, action))
        pin.drive_low()
        return [], pin.drive_high

    return deliver


@pytest.mark.parametrize("panel", [keyboard, gpio])
def test_two_players_play_a_blocks_versus_match_on_their_own_panels(panel):
    app = make_app("inputs: {gpio: {bounce_ms: 0}}\ncredits: {free_play: false}")
    for _ in range(2):
        run(app, 1, [press(Action.COIN1, player=CABINET)])
    scene = open_menus(app, "BLOCKS", "VERSUS")
    assert isinstance(scene, BlocksVersusScene) and scene.match.mode == "versus"
    assert app.ctx.bank.credits == 0, "a versus match costs both credits"
    # Each panel moves its own cursor only.
    deliver = panel(app)
    before = [(seat.cursor.row, seat.cursor.col) for seat in scene.seats]
    run(app, 90)  # READY / GO
    for player, action in ((1, Action.DOWN), (2, Action.RIGHT)):
        _, undo = deliver(player, action, 0)
        run(app, 1)
        undo()
        run(app, 1)
    after = [(seat.cursor.row, seat.cursor.col) for seat in scene.seats]
    assert after == [(before[0][0] + 1, before[0][1]), (before[1][0], before[1][1] + 1)]
    hands = [Hands(scene, 1, seed=1, every=4), Hands(scene, 2, seed=2, every=4, careless=True)]
    play_blocks(app, scene, hands, deliver)
    assert scene.match.winner == 1 and scene.match.wins[1] == 2
    assert all(seat.game.placements > 3 for seat in scene.seats)
    offer = app.ctx.scenes.top
    assert isinstance(offer, RematchScene), "the offer shows with no credits left: it takes coins"
    run(app, app.ctx.settings.versus.rematch_seconds * 60 + 1)
    top = app.ctx.scenes.top
    assert isinstance(top, RankingScene) and top.table == "streak/blocks"
    assert app.ctx.store.audits.counter("ended.blocks/versus") == 1
    replay = app.ctx.store.replays.load(app.ctx.store.replays.ids()[-1])
    assert (replay.game, replay.mode) == ("blocks", "versus")


def test_an_attack_flies_to_the_other_meter_and_the_stones_land_after_it():
    app = make_app()
    match = Match("blocks", 1, 5)
    scene = match_scene(app.ctx, match)
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    from cabinet.games.blocks.versus import BlocksVersus

    rows = ["#######."] + ["........"] * 6 + ["#......."]
    scene.versus = BlocksVersus.from_text(
        (rows, ["........"] * 8), trays=([["#"], ["#"], ["#"]], None), seed=5
    )
    scene.seats = [type(scene.seats[0])(scene.versus, player, 600) for player in (1, 2)]
    from cabinet.games.pilots import bind_all

    bind_all(scene.pilots, scene)
    seat = scene.seats[0]
    for action in [Action.UP] * 3 + [Action.RIGHT] * 5 + [Action.A]:
        tap(app, action, settle=0)
    assert scene.versus.pending(2) == 1, "a one-line clear sends one stone"
    assert scene.flights.flights and scene.seats[1].shown_pending == 0, (
        "the stone is on its way, not yet shown"
    )
    run(app, 40)
    assert not scene.flights.flights and scene.seats[1].shown_pending == 1, (
        "it arrived on player 2's meter"
    )
    assert seat.game.score > 0


# ---------------------------------------------------------------------- against the CPU


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_a_lone_player_plays_anti_gravity_against_each_cpu_level_to_the_end(level):
    app = make_app("antigravity: {width: 4, half_height: 4}\nversus: {rematch: false}")
    scene = open_menus(
        app, "ANTI-GRAVITY", "1P VS CPU", "SINGLE MATCH", f"LEVEL {level}  " + CPU_WORDS[level]
    )
    assert isinstance(scene, AntiGravityScene) and scene.match.cpu == {2: level}
    # The person stacks one column, slowly enough that even level 1 has time to think and
    # press; the CPU plays its own field through its pilot.
    for frame in range(20_000):
        if app.ctx.scenes.top is not scene:
            break
        app.step([press(Action.UP)] if frame % 45 == 0 else None)
    else:
        raise AssertionError(f"the match never ended: {scene.match.wins}")
    assert scene.match.winner == 2 and scene.match.wins[2] == 2
    replay = app.ctx.store.replays.load(app.ctx.store.replays.ids()[-1])
    assert any(action[1] == 2 for action in replay.actions), (
        "the CPU pressed its own panel's switches"
    )
    assert isinstance(app.ctx.scenes.top, AttractScene), "a CPU's win makes no record"


CPU_WORDS = {1: "ROOKIE", 2: "EASY", 3: "NORMAL", 4: "HARD", 5: "MASTER"}


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_a_lone_player_plays_blocks_against_each_cpu_level_to_the_end(level):
    app = make_app("versus: {rematch: false}")
    scene = open_menus(
        app, "BLOCKS", "1P VS CPU", "SINGLE MATCH", f"LEVEL {level}  " + CPU_WORDS[level]
    )
    assert isinstance(scene, BlocksVersusScene) and scene.match.cpu == {2: level}
    play_blocks(app, scene, [Hands(scene, 1, seed=level, careless=True)])
    assert scene.match.winner == 2
    replay = app.ctx.store.replays.load(app.ctx.store.replays.ids()[-1])
    assert any(action[1] == 2 and action[2] == "a" for action in replay.actions), (
        "the CPU placed pieces itself"
    )


# ---------------------------------------------------------------------- rematches and streaks


def test_a_rematch_keeps_the_series_and_a_streak_of_two_makes_the_table():
    app = make_app("credits: {free_play: false, versus_credits: 2}")
    for _ in range(4):
        run(app, 1, [press(Action.COIN1, player=CABINET)])
    scene = open_menus(app, "BLOCKS", "VERSUS")
    play_blocks(app, scene, [Hands(scene, 1, seed=1), Hands(scene, 2, seed=2, careless=True)])
    offer = app.ctx.scenes.top
    assert isinstance(offer, RematchScene), "two credits left: a rematch is offered"
    run(app, 100)
    assert app.ctx.scenes.top is offer, "it counts down"
    tap(app, Action.START, player=2)
    second = app.ctx.scenes.top
    assert isinstance(second, BlocksVersusScene) and second.series is scene.series
    assert app.ctx.bank.credits == 0
    play_blocks(app, second, [Hands(second, 1, seed=3), Hands(second, 2, seed=4, careless=True)])
    assert second.series.streak == {1: 2, 2: 0}
    assert isinstance(app.ctx.scenes.top, RematchScene), "no credits: the offer waits for coins"
    run(app, app.ctx.settings.versus.rematch_seconds * 60 + 1)
    entry = app.ctx.scenes.top
    assert isinstance(entry, RecordsInitialsScene) and entry.player == 1, (
        "no coin came: on to the records"
    )
    for action in (Action.UP, Action.A, Action.A, Action.A):
        tap(app, action, player=1)
    ranking = app.ctx.scenes.top
    assert (
        isinstance(ranking, RankingScene)
        and ranking.table == "streak/blocks"
        and ranking.rank is not None
    )
    path = app.ctx.store.db.path
    app.close()
    from cabinet.storage.store import Store

    store = Store.open(path)
    try:
        assert [
            (e.initials, e.score) for e in store.scores.top("streak/blocks") if e.initials == "BAA"
        ] == [("BAA", 2)]
    finally:
        store.close()


def test_the_rematch_offer_runs_out_into_the_records():
    app = make_app("versus: {rematch_seconds: 3}")
    series = Series(streak={1: 0, 2: 4})
    scene = match_scene(app.ctx, Match("antigravity", 1, 7), series)
    app.ctx.scenes.reset(scene)
    for frame in range(6000):
        if app.ctx.scenes.top is not scene:
            break
        app.step([press(Action.UP)] if frame % 12 == 0 else None)
    assert isinstance(app.ctx.scenes.top, RematchScene)
    run(app, 3 * 60 + 1)
    entry = app.ctx.scenes.top
    assert isinstance(entry, RecordsInitialsScene)
    assert entry.player == 2 and next((e.table, e.value) for e in entry.entries) == (
        "streak/antigravity",
        5,
    )
    on_table = [(e.initials, e.score) for e in app.ctx.store.scores.top("streak/antigravity")]
    assert ("---", 5) in on_table, (
        "the record is on its table before the initials, so a power cut keeps it"
    )


# ---------------------------------------------------------------------- replays


def test_a_blocks_versus_replay_reproduces_every_round_stones_and_all():
    from cabinet.scenes.flow.playback import play_replay

    app = make_app("versus: {rematch: false}")
    scene = match_scene(app.ctx, Match("blocks", 2, 31, {2: 3}), Series())
    app.ctx.scenes.reset(scene)
    play_blocks(app, scene, [Hands(scene, 1, seed=9)])
    assert scene.match.round >= 3
    stones = [sum(line.count("+") for line in seat.game.to_text()) for seat in scene.seats]
    replay = app.ctx.store.replays.load(app.ctx.store.replays.ids()[-1])
    ended = []
    watched = play_replay(app.ctx, replay.id, on_end=lambda: ended.append(True))
    for _ in range(60_000):
        if ended:
            break
        app.step()
    assert ended, "the replay ended"
    inner = watched.inner
    assert inner.match.wins == scene.match.wins
    assert watched.final_text() == replay.final_text
    assert [seat.game.to_text() for seat in inner.seats] == [
        seat.game.to_text() for seat in scene.seats
    ]
    assert [sum(line.count("+") for line in seat.game.to_text()) for seat in inner.seats] == stones
    assert any(action[1] == 2 for action in replay.actions), "the CPU's presses are in the replay"


# ---------------------------------------------------------------------- challengers


def test_a_challenger_interrupts_a_blocks_game_whose_score_still_makes_the_table():
    from cabinet.games.blocks.engine import BlocksGame
    from cabinet.scenes.blocks.play import BlocksScene
    from cabinet.scenes.flow.challenger import BANNER_FRAMES, ChallengerScene
    from support.app import past_countdown

    app = make_app("credits: {free_play: false}")
    run(app, 1, [press(Action.COIN1, player=CABINET)])
    open_menus(app, "BLOCKS", "SINGLE")
    scene = past_countdown(app)
    assert isinstance(scene, BlocksScene)
    scene.game = BlocksGame.from_text(
        ["........"] * 8, tray=[["#"], ["##"], None], seed=4, score=9500
    )
    tap(app, Action.START, player=2)
    assert app.ctx.scenes.top is scene, "no credit: the other panel's Start does nothing"
    run(app, 1, [press(Action.COIN2, player=CABINET)])
    tap(app, Action.START, player=1)
    assert app.ctx.scenes.top is scene, "the player's own Start is no challenge"
    tap(app, Action.START, player=2)
    banner = app.ctx.scenes.top
    assert isinstance(banner, ChallengerScene) and app.ctx.bank.credits == 0
    assert app.ctx.store.audits.counter("plays.blocks/challenger") == 1
    run(app, BANNER_FRAMES)
    entry = app.ctx.scenes.top
    assert isinstance(entry, RecordsInitialsScene) and entry.player == 1 and entry.score == 9500
    tap(app, Action.START, player=1)
    match = app.ctx.scenes.top
    assert isinstance(match, BlocksVersusScene) and match.match.cpu == {}
    assert any(e.score == 9500 for e in app.ctx.store.scores.top("blocks"))
    assert app.ctx.store.audits.counter("ended.blocks/single") == 1


def test_a_challenger_takes_the_cpus_seat_in_anti_gravity():
    from cabinet.scenes.flow.challenger import BANNER_FRAMES, ChallengerScene

    app = make_app()
    scene = open_menus(app, "ANTI-GRAVITY", "1P VS CPU", "SINGLE MATCH", "LEVEL 2  EASY")
    run(app, 200)
    tap(app, Action.START, player=2)
    assert isinstance(app.ctx.scenes.top, ChallengerScene)
    run(app, BANNER_FRAMES + 1)
    match = app.ctx.scenes.top
    assert isinstance(match, AntiGravityScene) and match is not scene and match.match.cpu == {}
    assert match.match.name(2) == "PLAYER 2"


def test_the_operator_may_turn_challengers_off():
    app = make_app("versus: {challenger: false}")
    scene = open_menus(app, "ANTI-GRAVITY", "SINGLE", "NORMAL")
    tap(app, Action.START, player=2)
    assert app.ctx.scenes.top is scene


def test_the_move_timer_lands_the_pending_stones_and_they_drop_into_place():
    app = make_app("blocks: {versus: {move_seconds: 2}}")
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    from cabinet.games.blocks.versus import BlocksVersus
    from cabinet.games.pilots import bind_all

    scene.versus = BlocksVersus.from_text(
        (["........"] * 8, ["........"] * 8), pending=(0, 3), seed=5
    )
    scene.seats = [type(scene.seats[0])(scene.versus, player, 120) for player in (1, 2)]
    bind_all(scene.pilots, scene)
    run(app, 2)
    assert scene.seats[1].shown_pending == 3, "the meter shows what waits"
    run(app, 118)
    board = scene.seats[1].game.to_text()
    assert sum(line.count("+") for line in board) == 3 and scene.versus.pending(2) == 0
    assert len(scene.seats[1].falling) == 3, "the stones drop in rather than appear"
    assert scene.seats[1].timer == 120, "the timer starts again"
    run(app, 30)
    assert not scene.seats[1].falling


def test_a_finished_match_is_reported_to_the_fleet_in_its_own_transaction():
    # A linked cabinet (issue 15) reports every finished game, versus matches too; the
    # broker's port is closed, so the report waits in the outbox.
    app = make_app("network: {enabled: true, host: 127.0.0.1, port: 1}\nversus: {rematch: false}")
    scene = match_scene(app.ctx, Match("antigravity", 1, 7), Series())
    app.ctx.scenes.reset(scene)
    for frame in range(6000):
        if app.ctx.scenes.top is not scene:
            break
        app.step([press(Action.UP)] if frame % 12 == 0 else None)
    assert app.ctx.scenes.top is not scene, "the match ended"
    reports = app.ctx.store.db.read("SELECT payload FROM outbox WHERE kind = 'game'")
    assert len(reports) == 1 and '"versus"' in reports[0][0]
    app.close()


@pytest.mark.parametrize("game", ["blocks", "antigravity"])
def test_the_cpu_thinks_over_its_first_move_during_ready_go(game):
    """The first move's search, the biggest of a round, is spread over the countdown,
    a slice or two a frame, and is decided by GO."""
    app = make_app()
    scene = match_scene(app.ctx, Match(game, 1, 7, {2: 5}), Series())
    app.ctx.scenes.reset(scene)
    cpu = next(pilot for pilot in scene.pilots if hasattr(pilot, "ai"))
    slices_per_frame = []

    def slice_done():
        slices_per_frame[-1] += 1

    count_slices(cpu.ai, slice_done)
    while scene.countdown.running:
        slices_per_frame.append(0)
        app.step()
    assert cpu.thought is not None and cpu.thought.done
    assert sum(slices_per_frame) >= 8 and max(slices_per_frame) <= 2


def test_anti_gravity_shows_no_move_timer_or_cursor_once_a_round_or_the_match_is_over(monkeypatch):
    from cabinet.scenes.antigravity.field_view import FieldView
    from cabinet.scenes.kit.ring_timer import RingTimer

    rings, cursors = [], []
    monkeypatch.setattr(RingTimer, "draw", lambda self, *args: rings.append(args))
    view_draw = FieldView.draw
    monkeypatch.setattr(
        FieldView,
        "draw",
        lambda self, *args, show_cursor=True, **kwargs: (
            cursors.append(show_cursor),
            view_draw(self, *args, show_cursor=show_cursor, **kwargs),
        ),
    )

    def drawn() -> tuple[int, bool]:
        rings.clear()
        cursors.clear()
        app.ctx.scenes.top.draw(app.display.logical)
        return len(rings), any(cursors)

    app = make_app()
    scene = match_scene(app.ctx, Match("antigravity", 2, 7), Series())
    app.ctx.scenes.reset(scene)
    while scene.countdown.running:
        app.step()
    assert drawn() == (2, True), "in play: both timers and both cursors"
    results = 0
    for frame in range(12_000):  # player 1 stacks one column until it crosses the S line, twice
        if app.ctx.scenes.top is not scene:
            break
        app.step([press(Action.UP)] if frame % 12 == 0 else None)
        if scene.end_frames == 1 and not scene.match_over:
            results += 1
            assert drawn() == (0, False), "a round's result stands still: no clock runs"
    assert results == 1 and isinstance(app.ctx.scenes.top, RematchScene)
    assert drawn() == (0, False), "the final fields behind the offer: no frozen timer, no cursor"
    app.close()
