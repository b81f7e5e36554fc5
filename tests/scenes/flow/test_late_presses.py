"""A press meant for the screen before acts on none of the screens that follow on their
own (issue 41): a Start pressed as CONTINUE? ran out once confirmed "AAA"."""

from __future__ import annotations

import pytest

from cabinet.games.match import Match, Series
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.initials import InitialsScene
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.rematch import RematchScene
from cabinet.scenes.flow.select import GameSelectScene
from cabinet.scenes.kit.ending import MatchEnd
from cabinet.scenes.kit.fresh_press import SETTLE_FRAMES
from support.app import make_app, press, run, tap


def _late(app, action: Action, player: int = 1) -> None:
    """``action`` pressed on the new screen's second frame, as a player still reacting to the
    old one, and released four frames later."""
    run(app, 1)
    run(app, 4, [press(action, player)])
    run(app, 1, [InputEvent(player, action, False)])


def test_a_late_start_does_not_confirm_the_initials():
    app = make_app()
    app.ctx.scenes.reset(InitialsScene(app.ctx, "blocks", 50_000))
    _late(app, Action.START)
    entry = app.ctx.scenes.top
    assert isinstance(entry, InitialsScene) and not entry.done
    tap(app, Action.UP)
    assert entry.initials == "BAA", "a press after the moment counts"


def test_a_direction_held_into_the_initials_does_not_spin_the_letter():
    app = make_app()
    app.ctx.scenes.reset(InitialsScene(app.ctx, "blocks", 50_000))
    for frame in range(
        SETTLE_FRAMES + 60
    ):  # the stick held from the game: repeats every few frames
        app.step([press(Action.UP, repeat=True)] if frame % 6 == 0 else None)
    assert app.ctx.scenes.top.initials == "AAA"


def test_a_late_start_does_not_skip_the_ranking():
    app = make_app()
    app.ctx.scenes.reset(RankingScene(app.ctx, "blocks", rank=1))
    _late(app, Action.START)
    assert isinstance(app.ctx.scenes.top, RankingScene)
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, AttractScene)


def test_a_late_start_does_not_buy_a_rematch():
    app = make_app("credits: {free_play: false, versus_credits: 1}")
    for _ in range(3):
        run(app, 1, [press(Action.COIN1, player=CABINET)])
    match = Match("blocks", 2, 5)
    match.record(1)
    match.record(1)
    behind = match_scene(app.ctx, match)
    app.ctx.scenes.reset(
        RematchScene(
            app.ctx,
            MatchEnd(behind, match, Series(), None, 60.0, None),
            lambda ctx, *args: GameSelectScene(ctx),
            lambda *args: None,
        )
    )
    _late(app, Action.START, player=2)
    assert isinstance(app.ctx.scenes.top, RematchScene) and app.ctx.bank.credits == 3
    tap(app, Action.START, player=2)
    assert isinstance(app.ctx.scenes.top, GameSelectScene) and app.ctx.bank.credits == 2


@pytest.mark.parametrize("action", [Action.START, Action.A])
def test_a_late_press_does_not_choose_on_the_game_select(action):
    app = make_app()
    tap(app, Action.START)  # from attract mode
    menu = app.ctx.scenes.top
    assert isinstance(menu, GameSelectScene)
    _late(app, action)
    assert app.ctx.scenes.top is menu, "a second press on the heels of the first chooses nothing"
    tap(app, action)
    assert app.ctx.scenes.top is not menu, "a press once the menu is seen chooses"
