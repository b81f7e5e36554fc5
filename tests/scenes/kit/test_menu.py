"""A menu screen counts down the time before attract mode, prices the modes it starts,
and lays its rows out with no word over another."""

import pygame
import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.antigravity.modes import (
    ContestSelectScene,
    DifficultySelectScene,
    ModeSelectScene,
)
from cabinet.scenes.blocks.modes import BlocksModeScene
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.select import CpuLevelScene, GameSelectScene, ModeStarter
from cabinet.scenes.kit.menu import IDLE_SECONDS
from cabinet.scenes.kit.widgets import READABLE
from support.app import make_app, run, tap
from support.drawn import overlapping, spy_sizes

COIN_PLAY = "credits: {free_play: false, credits_per_game: 1, versus_credits: 2}"
SURFACE = (960, 540)


def shown(monkeypatch, scene) -> list[tuple[str, int, pygame.Rect]]:
    """Every (words, size, rect) one frame of ``scene`` writes, whichever module writes it."""
    seen, _ = spy_sizes(monkeypatch)
    scene.draw(pygame.Surface(SURFACE))
    return seen


def menus(ctx):
    starter = ModeStarter(ctx, "antigravity")
    return {
        "game select": GameSelectScene(ctx),
        "blocks modes": BlocksModeScene(ctx, ModeStarter(ctx, "blocks")),
        "antigravity modes": ModeSelectScene(ctx, starter),
        "difficulty": DifficultySelectScene(ctx, starter),
        "contest list": ContestSelectScene(ctx, starter),
        "cpu level": CpuLevelScene(ctx, "blocks"),
    }


@pytest.mark.parametrize(
    "name",
    ["game select", "blocks modes", "antigravity modes", "difficulty", "contest list", "cpu level"],
)
def test_every_select_screen_counts_down_to_attract_mode(monkeypatch, name):
    app = make_app(COIN_PLAY)
    menu = menus(app.ctx)[name]
    app.ctx.scenes.reset(menu)
    words = [words for words, _, _ in shown(monkeypatch, menu)]
    assert "TIME" in words and str(IDLE_SECONDS) in words
    run(app, (IDLE_SECONDS - 5) * 60)
    assert "5" in [words for words, _, _ in shown(monkeypatch, menu)], "the count goes down"
    tap(app, Action.DOWN)
    assert str(IDLE_SECONDS) in [words for words, _, _ in shown(monkeypatch, menu)], (
        "a touch starts it afresh"
    )
    run(app, IDLE_SECONDS * 60)
    assert isinstance(app.ctx.scenes.top, AttractScene), (
        "and at 0 the cabinet goes back to attract mode"
    )


@pytest.mark.parametrize(
    "name",
    ["game select", "blocks modes", "antigravity modes", "difficulty", "contest list", "cpu level"],
)
def test_no_two_words_of_a_select_screen_meet(monkeypatch, name):
    app = make_app(COIN_PLAY)
    menu = menus(app.ctx)[name]
    drawn = shown(monkeypatch, menu)
    assert not overlapping(drawn)


def test_mode_select_names_each_modes_price_in_its_row(monkeypatch):
    app = make_app(COIN_PLAY)
    drawn = shown(monkeypatch, menus(app.ctx)["antigravity modes"])
    labels = {words: rect for words, _, rect in drawn}
    prices = [
        (words, size, rect) for words, size, rect in drawn if words.endswith(("CREDIT", "CREDITS"))
    ]
    for label, price in {
        "SINGLE": "1 CREDIT",
        "VERSUS": "2 CREDITS",
        "1P VS CPU": "1 CREDIT",
        "CONTEST": "1 CREDIT",
    }.items():
        row = labels[label]
        beside = [
            (words, size, rect)
            for words, size, rect in prices
            if abs(rect.centery - row.centery) < 20
        ]
        assert [words for words, _, _ in beside] == [price], (label, beside)
        _, size, rect = beside[0]
        assert size >= READABLE and rect.x > row.right


def test_free_play_names_no_price(monkeypatch):
    app = make_app()
    words = [words for words, _, _ in shown(monkeypatch, menus(app.ctx)["blocks modes"])]
    assert not [word for word in words if "CREDIT" in word], words


def test_a_coin_ends_the_message_saying_credits_are_missing():
    app = make_app(COIN_PLAY)
    run(app, 1, [InputEvent(CABINET, Action.COIN1, True)])
    tap(app, Action.START)
    tap(app, Action.A)  # BLOCKS
    tap(app, Action.DOWN)
    tap(app, Action.A)  # VERSUS: 2 credits, 1 in
    menu = app.ctx.scenes.top
    assert menu.message_frames and "INSERT COIN" in menu.message
    run(app, 2, [InputEvent(CABINET, Action.COIN1, True)])
    assert not menu.message_frames, "the coin it asked for is in"
