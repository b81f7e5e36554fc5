"""The panel's one owner (cabinet/panel.py): coins on every screen, what the top scene asks of the
chutes, and attract mode that reads SQLite only after the database changed."""

from __future__ import annotations

import sqlite3

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.kit.base import Chutes
from cabinet.scenes.kit.credit_line import credit_line
from support.app import make_app, run
from support.service import service

# A paid cabinet whose lockout and Start lamps are wired, two coins a credit in chute 1.
WIRED = """
credits:
  free_play: false
  price_table_1: [[2, 1]]
outputs:
  lockout1: {pin: 15}
  start_lamp1: {pin: 18}
  start_lamp2: {pin: 19}
  marquee: {pin: 21}
"""


def coin(chute: int = 1, pressed: bool = True) -> InputEvent:
    return InputEvent(CABINET, Action.COIN1 if chute == 1 else Action.COIN2, pressed)


def on_disk(app) -> dict[str, int]:
    """The counters as the state file holds them, read through a connection of its own."""
    conn = sqlite3.connect(app.ctx.store.db.path)
    try:
        return dict(conn.execute("SELECT name, value FROM counters WHERE name LIKE 'bank.%'"))
    finally:
        conn.close()


def frames_reading(app, frames: int) -> list[str]:
    """Step and draw ``frames`` frames of whatever shows; the SQL statements they ran."""
    statements: list[str] = []
    app.ctx.store.db._file.set_trace_callback(statements.append)
    try:
        for _ in range(frames):
            app.step()
            app.render()
    finally:
        app.ctx.store.db._file.set_trace_callback(None)
    return statements


def test_attract_reads_sqlite_only_in_the_frame_of_a_coin_and_shows_what_is_on_disk(pins):
    app = make_app(WIRED)
    seen = set()
    for _ in range(3):  # each frame in turn: the title, the demos, the score pages
        assert frames_reading(app, 400) == []
        seen.add(app.ctx.scenes.top.name)
        app.step([coin()])
        app.step([coin(pressed=False)])
        credits, run = on_disk(app).get("bank.credits", 0), on_disk(app)["bank.partial.1"]
        assert credit_line(app.ctx) == f"CREDITS {credits}" + ("  1/2 COINS" if run % 2 else "")
    assert len(seen) > 1 and all(name.startswith("attract") for name in seen)
    assert on_disk(app)["bank.credits"] == 1
    assert app.ctx.panel.board.devices["start_lamp1"].state == "blink"  # a credit: Start blinks


def paid(panel, event) -> bool:
    """The main loop's two calls for one event: this step's coins paid, then whether it stops here."""
    panel.pay([event])
    return panel.take(event)


def test_a_coin_pays_on_every_screen_and_only_the_input_test_sees_it():
    app = make_app("credits:\n  free_play: false\n")
    panel = app.ctx.panel
    assert app.ctx.scenes.top.chutes() is Chutes.PAY
    assert paid(panel, coin()) is True and app.ctx.bank.credits == 1
    assert app.ctx.audio.played[-2:] == ["coin", "credit"]
    assert panel.take(InputEvent(1, Action.START, True)) is False  # not the panel's
    assert panel.take(InputEvent(1, Action.COIN1, True)) is False  # a player's action, not a chute
    service(app)
    assert app.ctx.scenes.top.chutes() is Chutes.CLOSED
    run(app, 1)
    assert panel.refused_for == "SERVICE MENU"
    assert (
        paid(panel, coin(2)) is True and app.ctx.bank.credits == 2
    )  # refused by the lockout, paid if it drops
    from cabinet.scenes.service.input_test import InputTestScene

    app.ctx.scenes.push(InputTestScene(app.ctx))
    run(app, 1)
    assert panel.refused_for is None  # the operator tries the chutes
    assert (
        paid(panel, coin()) is False and app.ctx.bank.credits == 3
    )  # paid, and lit on the test page


def lamps(app) -> tuple[str, str]:
    devices = app.ctx.panel.board.devices
    return devices["start_lamp1"].state, devices["start_lamp2"].state


def test_the_rematch_offer_blinks_the_starts_of_the_matchs_people_only(pins):
    from support.screens import SCREENS

    app = make_app(WIRED + "versus:\n  rematch: true\n")
    SCREENS["continue"](app)  # against the CPU at panel 2: only panel 1's Start buys a continue
    app.step()
    assert lamps(app) == ("blink", "off")  # no credit yet: the offer takes coins
    SCREENS["rematch"](app)
    app.step()
    assert lamps(app) == ("blink", "blink")
    app.ctx.settings.versus.rematch = False  # the operator allows no rematch: nothing is offered
    app.step()
    assert lamps(app) == ("off", "off")


def test_a_scene_that_answers_nothing_gets_the_safe_answers(pins):
    """A new screen that forgets the panel's and the door's questions: no Start blinks, the service
    menu waits for it to end, and the screen never dims or sleeps under it."""
    from cabinet.scenes.kit.base import Scene

    app = make_app(WIRED)
    app.step([coin(), coin()])  # a credit: attract mode's Starts blink
    assert app.ctx.bank.credits == 1 and lamps(app) == ("blink", "blink")
    app.ctx.scenes.reset(Scene(app.ctx))
    app.step([InputEvent(CABINET, Action.SERVICE, True)])
    assert lamps(app) == ("off", "off")
    assert app.service_door.pending and type(app.ctx.scenes.top) is Scene  # the menu waits
    assert not app._in_attract()  # what the screen's care and an update's moment ask
    app.ctx.go_to_attract()
    app.step()
    from cabinet.scenes.service.menu import ServiceMenuScene

    assert type(app.ctx.scenes.top) is ServiceMenuScene  # between games, the menu opens
