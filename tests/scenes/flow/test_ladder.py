"""The CPU ladder through the real scenes: a whole climb, a continue, the table, attract mode.

Climbs are started from the menus and played frame by frame through ``App.step``.
The CPU is the real CPU pilot at each level; to beat MASTER in a test, each round
starts from a position the CPU cannot survive (its one legal move leaves nothing
that fits), so the climb's flow is what is tested, not the player's skill.
"""

from __future__ import annotations

import sqlite3

import pygame
import pytest

from cabinet.games.blocks.engine import BlocksGame
from cabinet.inputs.actions import CABINET, Action
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.versus import BlocksVersusScene
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.ladder import LadderScene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.records import RecordsInitialsScene
from cabinet.scenes.flow.rematch import RematchScene
from cabinet.scenes.flow.select import CpuLevelScene, CpuModeScene
from cabinet.scenes.flow.tables import ScoreTablesScene
from cabinet.scenes.kit.idle import IDLE_END_FRAMES
from cabinet.storage.scores import FACTORY_DATE, PLACEHOLDER
from support.app import choose, make_app, press, run, tap

COIN_PLAY = "credits: {free_play: false, versus_credits: 2, credits_per_game: 1}"
ONE_ROUND = "blocks: {versus: {rounds_to_win: 1}}"
SHOTS = None  # set by the fixture below: where the screenshots go


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch, tmp_path):
    global SHOTS
    SHOTS = tmp_path
    seeds = iter(range(5000, 6000))
    monkeypatch.setattr("cabinet.scenes.flow.play.new_seed", lambda: next(seeds))


def shoot(app, name: str) -> None:
    surface = pygame.Surface((960, 540))
    app.ctx.scenes.top.draw(surface)
    pygame.image.save(surface, str(SHOTS / f"{name}.png"))


def coins(app, count: int) -> None:
    for _ in range(count):
        run(app, 1, [press(Action.COIN1, player=CABINET)])


def until_not(app, scene, limit: int = 5000):
    """Step until ``scene`` leaves the screen; the scene that follows."""
    for _ in range(limit):
        if app.ctx.scenes.top is not scene:
            return app.ctx.scenes.top
        app.step()
    raise AssertionError(f"{scene.name} never left the screen")


HOPELESS = ["#.#.#.#.", ".#.#.#.#"] * 4  # a lone square fits, then the domino nowhere


def cpu_cannot_survive(scene: BlocksVersusScene) -> None:
    """From now the CPU's board is one the CPU loses on with its next (only) placement."""
    cpu = next(iter(scene.match.cpu))
    scene.versus._games[cpu] = BlocksGame.from_text(HOPELESS, tray=[["#"], ["##"], None], seed=4)


def beat_the_rung(app, scene: BlocksVersusScene):
    """The person at panel 1 beats the CPU in ``scene``; the screen after the match."""
    while scene.countdown.running:
        app.step()
    cpu_cannot_survive(scene)
    tap(app, Action.RIGHT)  # the person's hand is on the panel
    return until_not(app, scene)


def test_a_whole_blocks_climb_with_a_continue_ends_on_the_ladder_table_and_in_attract():
    app = make_app(COIN_PLAY + "\n" + ONE_ROUND)
    coins(app, 1)
    tap(app, Action.START)
    choose(app, "BLOCKS")
    choose(app, "1P VS CPU")
    assert isinstance(app.ctx.scenes.top, CpuModeScene)
    shoot(app, "cpu-mode-select")
    choose(app, "CPU LADDER")
    ladder = app.ctx.scenes.top
    assert (
        isinstance(ladder, LadderScene) and ladder.title == "CPU LADDER" and ladder.climb.level == 1
    )
    assert app.ctx.bank.credits == 0 and app.ctx.store.audits.counter("plays.blocks/cpu") == 1
    shoot(app, "ladder-first")
    scene = until_not(app, ladder)
    faced = []
    for level in range(1, 6):
        assert isinstance(scene, BlocksVersusScene), scene.name
        assert scene.match.cpu == {2: level}, "each rung faces the next level"
        faced.append(level)
        if level == 3:
            # The person walks away at level 3: the CPU wins; a coin buys the continue.
            while scene.countdown.running:
                app.step()
            scene.idle.idle[1] = IDLE_END_FRAMES - 60
            offer = until_not(app, scene)
            assert isinstance(offer, RematchScene) and offer.title == "CONTINUE?"
            coins(app, 1)
            shoot(app, "ladder-continue")
            tap(app, Action.START)
            scene = app.ctx.scenes.top
            assert isinstance(scene, BlocksVersusScene) and scene.match.cpu == {2: 3}, (
                "the level just lost"
            )
            assert scene.series.climb.beaten == 2
        after = beat_the_rung(app, scene)
        assert isinstance(after, LadderScene) and after.climb.beaten == level
        if level < 5:
            assert after.title == f"LEVEL {level} BEATEN!" and after.climb.level == level + 1
            shoot(app, f"ladder-next-{level + 1}")
            run(app, 70)
            tap(app, Action.START)  # the climber cuts the screen short
            scene = app.ctx.scenes.top
    assert faced == [1, 2, 3, 4, 5]
    assert after.title == "YOU BEAT MASTER!" and after.climb.cleared
    assert "ladder_master" in app.ctx.audio.played
    shoot(app, "ladder-master")
    audits = app.ctx.store.audits
    assert audits.counter("plays.blocks/cpu") == 1 and audits.counter("continues.blocks/cpu") == 1
    assert app.ctx.bank.credits == 0, "a rung beaten costs nothing"

    entry = until_not(app, after, limit=MASTER_FRAMES_LIMIT)
    assert isinstance(entry, RecordsInitialsScene) and entry.player == 1
    assert [(e.table, e.value) for e in entry.entries] == [("ladder/blocks", 5)]
    # Already on its table before the initials: a power cut now keeps the climb.
    assert (PLACEHOLDER, 5) in [
        (e.initials, e.score) for e in app.ctx.store.scores.top("ladder/blocks")
    ]
    shoot(app, "ladder-initials")
    for action in (Action.UP, Action.A, Action.A, Action.A):
        tap(app, action)
    ranking = app.ctx.scenes.top
    assert (
        isinstance(ranking, RankingScene) and ranking.table == "ladder/blocks" and ranking.rank == 1
    )
    run(app, 30)
    shoot(app, "ladder-ranking")
    assert app.ctx.store.scores.top("ladder/blocks")[0].initials == "BAA"
    assert climbed(app) == [5], "one entry a climb, raised level by level"

    app.ctx.go_to_attract()
    attract = app.ctx.scenes.top
    assert isinstance(attract, AttractScene)
    while attract.parts[attract.index].name != "blocks scores":
        attract.next_part()
    pages = attract.part
    assert isinstance(pages, ScoreTablesScene) and "ladder/blocks" in pages.entries
    while "ladder/blocks" not in pages.pages[pages._page()]:
        app.step()
    shoot(app, "attract-ladder-table")
    assert pages.entries["ladder/blocks"][0].initials == "BAA"


MASTER_FRAMES_LIMIT = 7 * 60


def test_a_lost_climb_with_no_coin_enters_the_levels_beaten():
    app = make_app(COIN_PLAY + "\n" + ONE_ROUND + "\nversus: {rematch_seconds: 3}")
    coins(app, 1)
    tap(app, Action.START, player=2)
    choose(app, "BLOCKS", player=2)
    choose(app, "1P VS CPU", player=2)
    choose(app, "CPU LADDER", player=2)
    scene = until_not(app, app.ctx.scenes.top)
    assert scene.match.cpu == {1: 1}, "the CPU takes the seat the climber left"
    while scene.countdown.running:
        app.step()
    cpu = scene.seat_for(1)
    scene.versus._games[1] = BlocksGame.from_text(HOPELESS, tray=[["#"], ["##"], None], seed=4)
    tap(app, Action.RIGHT, player=2)
    ladder = until_not(app, scene)
    assert isinstance(ladder, LadderScene) and ladder.climb.beaten == 1 and cpu.over
    scene = until_not(app, ladder)
    assert scene.match.cpu == {1: 2}
    while scene.countdown.running:
        app.step()
    scene.idle.idle[2] = IDLE_END_FRAMES - 60
    offer = until_not(app, scene)
    assert isinstance(offer, RematchScene)
    entry = until_not(app, offer)
    assert isinstance(entry, RecordsInitialsScene) and entry.player == 2
    assert [(e.table, e.value) for e in entry.entries] == [("ladder/blocks", 1)]
    shoot(app, "ladder-initials-one-level")
    assert app.ctx.store.audits.counter("continues.blocks/cpu") == 0


def climbed(app) -> list[int]:
    """The ladder table's entries that climbs made (not the factory's)."""
    return [e.score for e in app.ctx.store.scores.top("ladder/blocks") if e.when != FACTORY_DATE]


def test_a_power_cut_during_the_continue_offer_keeps_the_levels_beaten():
    app = make_app(COIN_PLAY + "\n" + ONE_ROUND)
    coins(app, 1)
    tap(app, Action.START)
    choose(app, "BLOCKS")
    choose(app, "1P VS CPU")
    choose(app, "CPU LADDER")
    scene = until_not(app, app.ctx.scenes.top)
    after = beat_the_rung(app, scene)
    assert isinstance(after, LadderScene) and after.climb.beaten == 1
    scene = until_not(app, after)
    while scene.countdown.running:
        app.step()
    scene.idle.idle[1] = IDLE_END_FRAMES - 60  # the climber walks away: the CPU wins level 2
    offer = until_not(app, scene)
    assert isinstance(offer, RematchScene) and offer.title == "CONTINUE?"
    # The power goes now: what survives is what the state file has committed.
    with sqlite3.connect(f"file:{app.ctx.store.db.path}?mode=ro", uri=True) as on_disk:
        kept = on_disk.execute(
            "SELECT initials, score FROM scores WHERE table_id = 'ladder/blocks' AND created != ?",
            (FACTORY_DATE,),
        ).fetchall()
    assert kept == [(PLACEHOLDER, 1)]  # today's code: [] until the offer runs out


def test_anti_gravity_climbs_too():
    # Player 1's target is a single cleared block, the CPU's out of reach: the person's
    # first clear beats each level, so the climb's flow is what is played here.
    app = make_app(
        "antigravity: {versus: {rounds_to_win: 1, p1: {target_value: 1}, p2: {target_value: 10000000}}}\nversus: {rematch: false}"
    )
    tap(app, Action.START)
    choose(app, "ANTI-GRAVITY")
    choose(app, "1P VS CPU")
    choose(app, "CPU LADDER")
    ladder = app.ctx.scenes.top
    assert isinstance(ladder, LadderScene) and ladder.climb.game == "antigravity"
    for level in (1, 2):
        scene = until_not(app, ladder)
        assert isinstance(scene, AntiGravityScene) and scene.match.cpu == {2: level}
        for frame in range(20_000):
            if app.ctx.scenes.top is not scene:
                break
            app.step(
                [press((Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)[frame // 30 % 4])]
                if frame % 30 == 0
                else None
            )
        ladder = app.ctx.scenes.top
        assert isinstance(ladder, LadderScene) and ladder.climb.beaten == level
        if level == 1:
            shoot(app, "ladder-antigravity-next-2")


def test_ladder_off_keeps_the_single_match_pick():
    app = make_app("versus: {cpu_ladder: false}")
    tap(app, Action.START)
    choose(app, "BLOCKS")
    choose(app, "1P VS CPU")
    assert isinstance(app.ctx.scenes.top, CpuLevelScene)
    attract_tables = []
    app.ctx.go_to_attract()
    attract = app.ctx.scenes.top
    while attract.parts[attract.index].name != "blocks scores":
        attract.next_part()
    attract_tables = list(attract.part.entries)
    assert "ladder/blocks" not in attract_tables and "streak/blocks" in attract_tables


def test_without_the_level_pick_1p_vs_cpu_is_the_climb():
    app = make_app("versus: {player_picks_cpu_level: false}")
    tap(app, Action.START)
    choose(app, "ANTI-GRAVITY")
    choose(app, "1P VS CPU")
    ladder = app.ctx.scenes.top
    assert isinstance(ladder, LadderScene) and ladder.climb.level == 1


def test_a_challenger_ends_the_climb_and_its_levels_beaten_make_the_table():
    from cabinet.scenes.flow.challenger import BANNER_FRAMES, ChallengerScene

    app = make_app(ONE_ROUND)
    tap(app, Action.START)
    choose(app, "BLOCKS")
    choose(app, "1P VS CPU")
    choose(app, "CPU LADDER")
    scene = until_not(app, app.ctx.scenes.top)
    after = beat_the_rung(app, scene)
    scene = until_not(app, after)
    assert scene.match.cpu == {2: 2}
    run(app, 200)
    tap(app, Action.START, player=2)
    assert isinstance(app.ctx.scenes.top, ChallengerScene)
    run(app, BANNER_FRAMES)
    entry = app.ctx.scenes.top
    assert isinstance(entry, RecordsInitialsScene) and entry.player == 1
    assert [(e.table, e.value) for e in entry.entries] == [("ladder/blocks", 1)]
    assert climbed(app) == [1], "the record kept at the win, replaced, not entered twice"
    tap(app, Action.START)
    match = app.ctx.scenes.top
    assert isinstance(match, BlocksVersusScene) and match.match.cpu == {}, (
        "then the two people play"
    )
