"""Continue on coin: the REMATCH / CONTINUE offer after every match, paid or not, takes coins.

Matches are started from the menus and played frame by frame through ``App.step``.
"""

from __future__ import annotations

import pygame
import pytest

from cabinet.inputs.actions import CABINET, Action
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.versus import BlocksVersusScene
from cabinet.scenes.flow.rematch import RematchScene
from cabinet.scenes.kit.idle import IDLE_END_FRAMES
from support.app import choose, make_app, press, run, tap
from support.versus import Hands

COIN_PLAY = "credits: {free_play: false, versus_credits: 2, credits_per_game: 1}"


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    seeds = iter(range(3000, 4000))
    monkeypatch.setattr("cabinet.scenes.flow.play.new_seed", lambda: next(seeds))


def coins(app, count: int) -> None:
    for _ in range(count):
        run(app, 1, [press(Action.COIN1, player=CABINET)])


def play_to_the_offer(app, scene, hands, limit: int = 40_000) -> RematchScene:
    for frame in range(limit):
        top = app.ctx.scenes.top
        if top is not scene:
            assert isinstance(top, RematchScene), top.name
            return top
        app.step(
            [press(action, hand.player) for hand in hands if (action := hand.next_action(frame))]
        )
    raise AssertionError("the match did not end")


def offer_words(app, offer) -> list[str]:
    import cabinet.scenes.flow.rematch as rematch

    shown = []
    original = rematch.text
    rematch.text = lambda surface, words, *args, **kw: (
        shown.append(words) or original(surface, words, *args, **kw)
    )
    try:
        for frame in range(32):  # a whole blink of the prompt
            offer.frames = frame
            offer.draw(pygame.Surface((960, 540)))
    finally:
        rematch.text = original
    return shown


def test_a_coin_dropped_during_the_countdown_of_an_unpaid_offer_leads_to_the_rematch(tmp_path):
    app = make_app(COIN_PLAY)
    coins(app, 2)
    tap(app, Action.START)
    choose(app, "BLOCKS")
    choose(app, "VERSUS")
    scene = app.ctx.scenes.top
    assert isinstance(scene, BlocksVersusScene) and app.ctx.bank.credits == 0
    offer = play_to_the_offer(
        app, scene, [Hands(scene, 1, seed=1), Hands(scene, 2, seed=2, careless=True)]
    )
    shown = offer_words(app, offer)
    assert "REMATCH?" in shown and "INSERT COIN" in shown and "PRESS START" not in shown
    assert "2 CREDITS  CREDITS 0" in shown
    tap(app, Action.START, player=2)
    assert app.ctx.scenes.top is offer, "no credits: Start does nothing yet"
    run(app, 5 * 60)  # half the count gone
    coins(app, 1)
    shown = offer_words(app, offer)
    assert "2 CREDITS  CREDITS 1" in shown
    assert shown.count("CREDITS 1 OF 2") == 32 and "INSERT COIN" not in shown, (
        "once a coin is in it stays lit"
    )
    coins(app, 1)
    assert offer.frames_left > 9 * 60, "a new credit starts the count afresh"
    shown = offer_words(app, offer)
    assert "PRESS START" in shown and "INSERT COIN" not in shown
    surface = pygame.Surface((960, 540))
    offer.draw(surface)
    pygame.image.save(surface, str(tmp_path / "offer.png"))
    loser = 2 if scene.match.winner == 1 else 1
    tap(app, Action.START, player=loser)  # the loser rejoins at once
    second = app.ctx.scenes.top
    assert isinstance(second, BlocksVersusScene) and second.series is scene.series
    assert second.match.cpu == {} and app.ctx.bank.credits == 0
    assert second.series.streak[scene.match.winner] == 1, "the winner keeps the streak"
    audits = app.ctx.store.audits
    assert (
        audits.counter("plays.blocks/versus") == 1
        and audits.counter("continues.blocks/versus") == 1
    )
    snapshot = audits.snapshot()
    assert snapshot["continues"] == {"blocks/versus": 1} and snapshot["total_continues"] == 1


def test_a_continue_against_the_cpu_replays_the_level_just_lost():
    app = make_app(COIN_PLAY)
    coins(app, 1)
    tap(app, Action.START)
    choose(app, "ANTI-GRAVITY")
    choose(app, "1P VS CPU")
    choose(app, "SINGLE MATCH")
    choose(app, "LEVEL 4  HARD")
    scene = app.ctx.scenes.top
    assert isinstance(scene, AntiGravityScene) and scene.match.cpu == {2: 4}
    scene.idle.idle[1] = IDLE_END_FRAMES - 120  # the person has long stopped playing
    for _ in range(2000):
        if app.ctx.scenes.top is not scene:
            break
        app.step()
    offer = app.ctx.scenes.top
    assert isinstance(offer, RematchScene) and scene.match.winner == 2
    assert "CONTINUE?" in offer_words(app, offer)
    tap(app, Action.START, player=2)
    assert app.ctx.scenes.top is offer, "the CPU's panel is nobody's"
    coins(app, 1)
    tap(app, Action.START, player=1)
    again = app.ctx.scenes.top
    assert isinstance(again, AntiGravityScene) and again.match.cpu == {2: 4}
    assert app.ctx.store.audits.counter("continues.antigravity/cpu") == 1


def test_the_offer_runs_out_into_attract_when_no_coin_comes():
    app = make_app(COIN_PLAY + "\nversus: {rematch_seconds: 3}")
    coins(app, 1)
    tap(app, Action.START)
    choose(app, "BLOCKS")
    choose(app, "1P VS CPU")
    choose(app, "SINGLE MATCH")
    choose(app, "LEVEL 1  ROOKIE")
    scene = app.ctx.scenes.top
    scene.idle.idle[1] = IDLE_END_FRAMES - 60
    for _ in range(2000):
        if isinstance(app.ctx.scenes.top, RematchScene):
            break
        app.step()
    offer = app.ctx.scenes.top
    assert isinstance(offer, RematchScene)
    run(app, 3 * 60 + 2)
    assert (
        app.ctx.scenes.top is not offer
        and app.ctx.store.audits.counter("continues.blocks/cpu") == 0
    )
