"""A tour of every versus screen with --screenshots on: each is saved under the test's temp dir.

``python tests/test_versus_screens.py DIR`` saves the same pictures in DIR, to look at.
"""

from __future__ import annotations

import sys

import pygame

from cabinet.games.match import Match, Series
from cabinet.inputs.actions import Action
from cabinet.scenes.antigravity.layouts import FINAL_BOARD_FRAMES
from cabinet.scenes.flow.play import match_scene
from support.app import choose, make_app, press, run, tap
from support.versus import Hands


def _choose(app, label: str) -> None:
    app.render()
    choose(app, label)


def _shoot(app, name: str, folder) -> None:
    app.render()
    if folder is not None:
        pygame.image.save(app.display.logical, str(folder / f"{name}.png"))


def tour(app, folder=None) -> None:
    """Menus, a BLOCKS match with attacks to its rematch offer, the records, a challenger, ANTI-GRAVITY vs CPU."""
    tap(app, Action.START)
    _choose(app, "BLOCKS")
    _shoot(app, "blocks-mode-select", folder)
    _choose(app, "1P VS CPU")
    _shoot(app, "cpu-mode-select", folder)
    _choose(app, "SINGLE MATCH")
    _shoot(app, "cpu-level-select", folder)
    _choose(app, "LEVEL 3  NORMAL")
    scene = app.ctx.scenes.top
    run(app, 40)
    _shoot(app, "blocks-versus-ready", folder)
    hands = Hands(scene, 1, seed=4)
    shots = {"attack": 0, "meter": 0, "round": 0}
    for frame in range(40_000):
        if app.ctx.scenes.top is not scene:
            break
        action = hands.next_action(frame)
        app.step([] if action is None else [press(action, 1)])
        flying = [f for f in scene.flights.flights if not f.cancel and 8 < f.age < 16]
        if flying and not shots["attack"]:
            shots["attack"] = 1
            _shoot(app, "blocks-versus-attack", folder)
        if (
            any(seat.shown_pending >= 3 for seat in scene.seats)
            and not scene.flights.flights
            and not shots["meter"]
        ):
            shots["meter"] = 1
            _shoot(app, "blocks-versus-pending-meter", folder)
        if scene.end_frames == 60:
            _shoot(
                app,
                "blocks-versus-match-result" if scene.match_over else "blocks-versus-round-result",
                folder,
            )
    run(app, 30)
    _shoot(app, "rematch-offer", folder)
    # Records: a streak that ended at five wins in a row.
    from cabinet.scenes.flow.finish import series_over
    from cabinet.scenes.kit.ending import MatchEnd

    end = MatchEnd(
        scene,
        Match("blocks", 2, 1, wins={1: 2, 2: 0}),
        Series(streak={1: 5, 2: 0}),
        None,
        60.0,
        None,
    )
    series_over(app.ctx, end)
    run(app, 20)
    _shoot(app, "streak-initials", folder)
    tap(app, Action.START)
    run(app, 20)
    _shoot(app, "streak-ranking", folder)
    # A lone ANTI-GRAVITY player, a challenger, then ANTI-GRAVITY against the CPU.
    app.ctx.go_to_attract()
    tap(app, Action.START)
    _choose(app, "ANTI-GRAVITY")
    _shoot(app, "antigravity-mode-select", folder)
    _choose(app, "SINGLE")
    _choose(app, "NORMAL")
    run(app, 200)
    tap(app, Action.START, player=2)
    run(app, 40)
    _shoot(app, "challenger", folder)
    app.ctx.go_to_attract()
    versus = match_scene(app.ctx, Match("antigravity", 2, 3, {2: 4}))
    app.ctx.scenes.reset(versus)
    banner = FINAL_BOARD_FRAMES + 40  # the field alone first, then the result
    for frame in range(20_000):
        if versus.match_over and versus.end_frames == banner:
            _shoot(app, "antigravity-cpu-match-result", folder)
            break
        if versus.end_frames == banner:
            _shoot(app, "antigravity-cpu-round-result", folder)
        if frame == 280:
            _shoot(app, "antigravity-vs-cpu", folder)
        app.step([press(Action.UP, 1)] if frame % 40 == 0 and frame > 300 else None)
    # Attract mode's new parts.
    app.ctx.go_to_attract()
    attract = app.ctx.scenes.top
    for part, shot in (("blocks demo", "blocks-versus-demo"), ("blocks scores", "versus-records")):
        while attract.parts[attract.index].name != part:
            attract.next_part()
        run(app, 400)
        _shoot(app, "attract-" + shot, folder)
        if part == "blocks demo":
            assert attract.part.name == "blocks versus demo", (
                "the first BLOCKS demo is a versus round"
            )


def test_every_versus_screen_is_drawn(tmp_path):
    app = make_app(screenshots=tmp_path / "auto")
    tour(app, tmp_path)
    saved = {path.stem for path in tmp_path.glob("*.png")}
    for name in (
        "blocks-mode-select",
        "cpu-level-select",
        "blocks-versus-attack",
        "blocks-versus-round-result",
        "blocks-versus-match-result",
        "rematch-offer",
        "streak-initials",
        "streak-ranking",
        "antigravity-mode-select",
        "challenger",
        "antigravity-vs-cpu",
        "antigravity-cpu-round-result",
        "antigravity-cpu-match-result",
        "attract-blocks-versus-demo",
        "attract-versus-records",
    ):
        assert name in saved, f"no screenshot of {name}: {sorted(saved)}"
    auto = {path.name.split("-", 1)[1] for path in (tmp_path / "auto").glob("*.png")}
    for name in (
        "blocks-versus.png",
        "rematch-offer.png",
        "new-challenger.png",
        "cpu-level-select.png",
    ):
        assert name in auto, f"--screenshots missed {name}: {sorted(auto)}"


if __name__ == "__main__":
    from pathlib import Path

    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    tour(make_app(), target)


def test_a_versus_screen_lends_its_cpus_one_thinking_budget_for_the_frame():
    from cabinet.scenes.flow.attract import versus_demo

    app = make_app()
    for game in ("blocks", "antigravity"):
        scene = versus_demo(app.ctx, game, 7)
        assert [pilot.budget for pilot in scene.pilots] == [scene.thinking_time] * 2, game
