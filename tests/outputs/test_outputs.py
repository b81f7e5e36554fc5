"""The cabinet's outputs on gpiozero mock pins: wiring checks, lockout, meters, lamps, marquee.

Pins are read as the cabinet leaves them at the end of each 60 Hz step, and over
time through the mock pin's history (``pin.states``). Waits poll the pins with a
generous deadline; nothing asserts how fast anything is.
"""

from __future__ import annotations

import subprocess
import sys
import time

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.outputs.board import OutputBoard
from cabinet.outputs.wiring import OUTPUTS, SUGGESTED_PINS, check_outputs
from cabinet.settings.load import parse_settings
from cabinet.settings.schema import Settings
from support import ROOT
from support.app import make_app, past_countdown, run, settled

PAID = """
credits:
  free_play: false
  max_credits: 3
"""
LOCKOUTS = (
    PAID
    + """
outputs:
  lockout1: {pin: 15}
  lockout2: {pin: 14, active_high: false}
"""
)
METERS = (
    PAID
    + """
outputs:
  meter1: {pin: 20}
  meter2: {pin: 21}
  meter: {on_ms: 20, off_ms: 20}
"""
)


def coin(chute: int = 1) -> InputEvent:
    return InputEvent(CABINET, Action.COIN1 if chute == 1 else Action.COIN2, True)


def wait_for(condition, app=None, seconds: float = 20.0) -> None:
    """Poll ``condition`` (stepping ``app`` meanwhile) until it holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        if app is not None:
            app.step()
        time.sleep(0.005)


def pulses(pin) -> list[tuple[float, float]]:
    """(on time, off time before it) of every pulse in the pin's history, oldest first."""
    out, off_for = [], None
    for previous, state in zip(pin.states, pin.states[1:]):
        if state.state:
            off_for = state.timestamp
        elif previous.state:
            out.append((state.timestamp, off_for))
    return out


# ---------------------------------------------------------------------- wiring


def test_an_output_on_an_inputs_pin_is_one_line_naming_both_and_only_it_is_disabled(tmp_path):
    config = tmp_path / "cabinet.yaml"
    config.write_text(
        "outputs:\n  lockout1:\n    pin: 4\n  marquee:\n    pin: 14\n", encoding="utf-8"
    )
    loaded = parse_settings(config.read_text(), str(config))
    assert [str(p) for p in loaded.problems] == [
        f"{config}:3: outputs.lockout1.pin: GPIO 4 is also given to inputs.gpio.p1.left; this output disabled"
    ]
    assert loaded.settings.outputs.lockout1.pin is None  # the output is off ...
    assert loaded.settings.inputs.gpio.p1.left == 4  # ... the input keeps its pin
    assert loaded.settings.outputs.marquee.pin == 14  # ... and the rest work


def test_two_outputs_on_one_pin_are_one_line_and_both_disabled():
    loaded = parse_settings("outputs:\n  meter1:\n    pin: 20\n  meter2:\n    pin: 20\n", "c.yaml")
    assert [p.message for p in loaded.problems] == [
        "outputs.meter1.pin and outputs.meter2.pin both use GPIO 20; both disabled"
    ]
    assert (loaded.settings.outputs.meter1.pin, loaded.settings.outputs.meter2.pin) == (None, None)


def test_a_pin_off_the_header_is_disabled_with_its_key():
    loaded = parse_settings("outputs:\n  start_lamp1:\n    pin: 40\n", "c.yaml")
    assert [str(p) for p in loaded.problems] == [
        "c.yaml:3: outputs.start_lamp1.pin: must be at most 27, got 40; disabled"
    ]


def test_check_config_reports_output_problems_as_the_cabinet_would(tmp_path):
    config = tmp_path / "cabinet.yaml"
    config.write_text("outputs:\n  meter1:\n    pin: 26\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "cabinet", "check-config", str(config)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        f"{config}:3: outputs.meter1.pin: GPIO 26 is also given to inputs.gpio.p1.start; this output disabled"
    )


def test_the_board_checks_settings_that_did_not_come_through_the_loader(pins):
    settings = Settings()
    settings.outputs.marquee.pin = 26  # player 1 start
    settings.outputs.meter1.pin = 20
    board = OutputBoard(settings.outputs, settings.inputs.gpio)
    try:
        assert [str(p) for p in board.problems] == [
            "outputs.marquee.pin: GPIO 26 is also given to inputs.gpio.p1.start; this output disabled"
        ]
        assert list(board.wired) == ["meter1"]
    finally:
        board.close()


def test_a_busy_pin_disables_that_output_only(pins):
    from gpiozero import LED

    squatter = LED(18, pin_factory=pins)
    settings = Settings()
    settings.outputs.start_lamp1.pin, settings.outputs.start_lamp2.pin = 18, 19
    board = OutputBoard(settings.outputs, settings.inputs.gpio)
    try:
        assert len(board.problems) == 1 and str(board.problems[0]).startswith(
            "outputs.start_lamp1.pin: GPIO 18 cannot be used"
        )
        assert list(board.wired) == ["start_lamp2"]
    finally:
        board.close()
        squatter.close()


def test_no_output_default_or_suggested_pin_conflicts_with_the_default_input_map():
    settings = Settings()
    assert all(getattr(settings.outputs, name).pin is None for name in OUTPUTS)  # shipped unwired
    for name, pin in SUGGESTED_PINS.items():
        getattr(settings.outputs, name).pin = pin
    usable, problems = check_outputs(settings.outputs, settings.inputs.gpio)
    assert problems == []
    assert {w.pin for w in usable} == {
        14,
        15,
        18,
        19,
        20,
        21,
    }  # UART and I2S lines; never 0/1 (HAT EEPROM)
    shipped = (ROOT / "config" / "cabinet.yaml").read_text(encoding="utf-8")
    suggested = ", ".join(
        f"{name} {pin}" for name, pin in SUGGESTED_PINS.items() if pin is not None
    )
    assert suggested in " ".join(line.strip(" #") for line in shipped.splitlines())


# ---------------------------------------------------------------------- the coin lockout


def lockout_expected(app) -> bool:
    """What the lockout must show after a step: accept only below the limit, in coin play,
    outside the service menu (but for its input test), with the storage readable and writable."""
    from cabinet.scenes.service.door import in_service
    from cabinet.scenes.service.input_test import InputTestScene

    bank, top = app.ctx.bank, app.ctx.scenes.top
    menu = in_service(top) and not isinstance(top, InputTestScene)
    return (
        bank.credits < 3
        and not bank.free_play
        and not menu
        and app.ctx.store.db.writable
        and app.ctx.store.db.accepting_coins
    )


def stepped(app, pins, events=None, frames: int = 1) -> None:
    """Step, checking after every frame that both lockouts show what they must (one inverted)."""
    for index in range(frames):
        app.step(events if index == 0 else None)
        accept = lockout_expected(app)
        assert pins.pin(15).state == accept, f"lockout1 at {app.ctx.bank.credits} credits"
        assert pins.pin(14).state == (not accept), "lockout2 is active low"


def test_the_lockout_refuses_from_the_frame_credits_reach_the_limit_and_accepts_from_the_frame_they_drop(
    pins,
):
    app = make_app(LOCKOUTS)
    stepped(app, pins)
    assert pins.pin(15).state is True
    credits = []
    for _ in range(3):
        stepped(app, pins, [coin()])
        credits.append((app.ctx.bank.credits, pins.pin(15).state))
    assert credits == [(1, True), (2, True), (3, False)]
    stepped(app, pins, [coin(2)])  # a coin that slips through anyway is credited
    assert app.ctx.bank.credits == 4 and app.ctx.store.audits.snapshot()["credits_over_max"] == 1
    stepped(app, pins, [InputEvent(1, Action.START, True)], frames=3)  # game select
    settled(app)  # a menu takes presses once it is seen
    stepped(app, pins, [InputEvent(1, Action.A, True)], frames=3)  # BLOCKS
    settled(app)
    stepped(app, pins, [InputEvent(1, Action.A, True)], frames=1)  # SINGLE: 4 -> 3 credits
    assert app.ctx.bank.credits == 3 and pins.pin(15).state is False
    app.ctx.bank.service_credit()  # the limit stops service credits too
    app.ctx.go_to_attract()
    stepped(app, pins, [InputEvent(1, Action.START, True)], frames=3)
    settled(app)
    stepped(app, pins, [InputEvent(1, Action.A, True)], frames=3)
    settled(app)
    stepped(app, pins, [InputEvent(1, Action.A, True)], frames=1)  # 3 -> 2: accepts at once
    assert app.ctx.bank.credits == 2 and pins.pin(15).state is True


def test_the_service_menu_a_storage_fault_and_a_stopped_program_refuse_coins(pins, monkeypatch):
    app = make_app(LOCKOUTS)
    stepped(app, pins, frames=2)
    stepped(app, pins, [InputEvent(CABINET, Action.SERVICE, True)], frames=2)
    assert type(app.ctx.scenes.top).__name__ == "ServiceMenuScene" and pins.pin(15).state is False
    stepped(app, pins, [coin()])  # a coin dropped with the menu open still counts
    assert app.ctx.bank.credits == 1
    from cabinet.scenes.service.input_test import InputTestScene

    app.ctx.scenes.push(InputTestScene(app.ctx))
    stepped(app, pins)
    assert pins.pin(15).state is True  # but the input test lets the operator try the chutes
    app.ctx.scenes.pop()
    stepped(app, pins)
    assert pins.pin(15).state is False
    app.ctx.go_to_attract()
    stepped(app, pins)
    assert pins.pin(15).state is True
    from cabinet.storage.db import Database

    monkeypatch.setattr(Database, "writable", property(lambda self: False))
    stepped(app, pins)
    assert pins.pin(15).state is False
    monkeypatch.undo()
    stepped(app, pins)
    assert pins.pin(15).state is True
    monkeypatch.setattr(
        Database, "accepting_coins", property(lambda self: False)
    )  # credits unknown
    stepped(app, pins)
    assert pins.pin(15).state is False
    monkeypatch.undo()
    stepped(app, pins)
    assert pins.pin(15).state is True
    app.close()
    assert pins.pin(15).state is False and pins.pin(15).states[-1].state is False
    assert pins.pin(14).state is True  # active low: high is off


def test_free_play_and_the_operators_switch_refuse_coins(pins):
    app = make_app(LOCKOUTS.replace("free_play: false", "free_play: true"))
    run(app, 1)
    assert pins.pin(15).state is False
    app = make_app(LOCKOUTS + "  accept_coins: false\n")
    run(app, 1)
    assert pins.pin(15).state is False


def test_with_no_lockout_wired_a_coin_past_the_limit_is_credited_and_counted(pins):
    app = make_app(PAID)
    for _ in range(5):
        app.step([coin()])
    assert app.ctx.bank.credits == 5
    audit = app.ctx.store.audits.snapshot()
    assert (
        audit["coins"][1] == 5
        and audit["credits_from_coins"] == 5
        and audit["credits_over_max"] == 2
    )


def test_a_burst_of_coins_in_one_step_is_one_commit_and_all_on_disk_before_credited(pins):
    import sqlite3

    app = make_app(
        PAID.replace("max_credits: 3", "max_credits: 8")
    )  # no meter: no pulse's own writes
    db = app.ctx.store.db
    commits = []
    db._file.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
    app.step([coin(1)] * 6 + [coin(2)] * 4)  # ten coins queued behind a busy loop
    db._file.set_trace_callback(None)
    assert len(commits) == 1  # today's code: 10, one fsync each before the last credit
    with sqlite3.connect(
        f"file:{db.path}?mode=ro", uri=True
    ) as on_disk:  # what a power cut now leaves
        counters = dict(on_disk.execute("SELECT name, value FROM counters"))
    assert counters["bank.credits"] == 10 == app.ctx.bank.credits
    assert (counters["audit.coins.1"], counters["audit.coins.2"]) == (6, 4)
    assert counters["audit.credits.over_max"] == 2, (
        "priced coin by coin: the last two came past the limit"
    )


# ---------------------------------------------------------------------- coin meters


def test_each_coin_is_one_meter_pulse_of_on_ms_then_off_ms_without_holding_the_main_loop(pins):
    app = make_app(METERS)
    events = [coin(1), coin(1), coin(2)]
    app.step(events)  # three coins in one frame
    bank = app.ctx.bank
    assert (bank.meter_owed(1), bank.meter_owed(2)) == (2, 1)  # owed in the coins' own writes
    assert bank.meter_owed(1) + bank.meter_owed(2) >= 2, (
        "the step returned before the pulses were given"
    )
    wait_for(lambda: (bank.meter_owed(1), bank.meter_owed(2)) == (0, 0), app)
    one, two = pulses(pins.pin(20)), pulses(pins.pin(21))
    assert len(one) == 2 and len(two) == 1
    assert all(on >= 0.02 for on, _ in one + two)  # at least on_ms energised
    assert one[1][1] >= 0.02  # and at least off_ms between counts
    assert app.ctx.store.audits.snapshot()["meter_pulses"] == {1: 2, 2: 1}


def test_pulses_owed_before_a_restart_are_pulsed_out_after_it(pins):
    from cabinet.settings.schema import CreditSettings
    from cabinet.storage.store import Store

    store = Store.open()
    bank = store.credit_bank(CreditSettings(free_play=False))
    for _ in range(3):
        bank.coin(1, meter=1)  # written, never pulsed: the power went
    store.close()
    app = make_app(METERS)
    wait_for(lambda: app.ctx.bank.meter_owed(1) == 0, app)
    assert len(pulses(pins.pin(20))) == 3 and app.ctx.bank.credits == 3


def test_one_meter_can_count_both_chutes(pins):
    app = make_app(
        METERS.replace("meter2: {pin: 21}", "meter2: {pin: null}").replace(
            "meter: {on_ms: 20, off_ms: 20}", "meter: {on_ms: 20, off_ms: 20, counts: total}"
        )
    )
    app.step([coin(1), coin(2)])
    wait_for(lambda: app.ctx.bank.meter_owed(1) == 0, app)
    assert len(pulses(pins.pin(20))) == 2 and app.ctx.bank.meter_owed(2) == 0


def test_a_clean_stop_finishes_the_pulse_under_way_and_keeps_the_rest_owed(pins):
    app = make_app(METERS.replace("on_ms: 20, off_ms: 20", "on_ms: 200, off_ms: 200"))
    app.step([coin()] * 5)
    wait_for(lambda: pins.pin(20).state)  # the first pulse has begun
    app.close()
    assert pins.pin(20).state is False
    from cabinet.settings.schema import CreditSettings
    from cabinet.storage.store import Store

    store = Store.open()
    given = len(pulses(pins.pin(20)))
    assert given >= 1 and store.credit_bank(CreditSettings()).meter_owed(1) == 5 - given
    store.close()


# ---------------------------------------------------------------------- lamps and marquee

LAMPS = (
    PAID
    + """
outputs:
  start_lamp1: {pin: 18}
  start_lamp2: {pin: 19}
  marquee: {pin: 6}
inputs:
  gpio:
    p1: {b: null}
"""
)


def lamp_states(app) -> tuple[str, str]:
    devices = app.ctx.panel.board.devices
    return devices["start_lamp1"].state, devices["start_lamp2"].state


def test_start_lamps_follow_the_credits_within_the_frame_and_blink_on_the_pin(pins):
    app = make_app(LAMPS)
    run(app, 2)
    assert lamp_states(app) == ("off", "off") and not pins.pin(18).state
    app.step([coin()])
    assert lamp_states(app) == ("blink", "blink")  # the frame of the coin
    wait_for(lambda: len(pins.pin(18).states) >= 5)  # it really blinks (gpiozero's thread)
    assert {s.state for s in pins.pin(18).states} == {True, False}
    run(app, 3, [InputEvent(1, Action.START, True)])  # game select
    settled(app)  # a menu takes presses once it is seen
    run(app, 3, [InputEvent(1, Action.A, True)])  # BLOCKS
    settled(app)
    app.step([InputEvent(1, Action.A, True)])  # SINGLE: the credit is spent
    assert app.ctx.bank.credits == 0
    assert lamp_states(app) == ("on", "off")  # the same frame: lit for player 1's game
    assert pins.pin(18).state is True and pins.pin(19).state is False
    past_countdown(app)
    assert lamp_states(app) == ("on", "off")
    app.step([coin()])
    assert lamp_states(app) == ("on", "blink")  # player 2's Start is now a challenger


def test_a_pwm_pin_breathes_and_the_marquee_follows_the_screens_sleep(pins, monkeypatch):
    from gpiozero.pins.mock import MockPWMPin

    pins.pin_class = MockPWMPin
    app = make_app(LAMPS.replace("free_play: false", "free_play: true"))
    run(app, 1)
    assert app.ctx.panel.board.devices["start_lamp1"].pwm
    wait_for(lambda: any(0 < s.state < 1 for s in pins.pin(18).states))
    assert pins.pin(6).state == 1  # awake: the marquee is lit
    import datetime

    app.care.configure(type(app.ctx.settings.display)(sleep="02:00-10:00"))
    app.care.clock = lambda: datetime.datetime(2026, 1, 1, 3, 0)
    wait_for(lambda: app.care.asleep, app, seconds=30)
    assert pins.pin(6).state == 0 and lamp_states(app) == ("off", "off")
    app.step([coin()])  # a coin wakes it
    wait_for(lambda: not app.care.asleep, app)
    assert pins.pin(6).state == 1


# ---------------------------------------------------------------------- OUTPUT TEST


def test_output_test_switches_each_output_by_hand_and_pulses_a_meter_once(pins):
    app = make_app(
        LOCKOUTS.replace(
            "lockout2: {pin: 14, active_high: false}", "meter1: {pin: 20}\n  lockout2: {pin: 3}"
        ),
        problems_ok=True,
    )
    from cabinet.scenes.service.menu import ServiceMenuScene
    from cabinet.scenes.service.output_test import OutputTestPage

    run(app, 1)
    menu = ServiceMenuScene(app.ctx)
    app.ctx.scenes.reset(menu)
    page = OutputTestPage(app.ctx, menu)
    app.ctx.scenes.push(page)
    run(app, 1)
    values = {row.label: row.value() for row in page.rows()[: len(OUTPUTS)]}
    assert values["COIN LOCKOUT 1"] == "GPIO 15  OFF" and values["COIN METER 1"] == "GPIO 20  READY"
    assert values["COIN LOCKOUT 2"] == "DISABLED" and values["MARQUEE"] == "NOT WIRED"
    assert "inputs.gpio.cabinet.coin2".upper() in page.rows()[1].detail
    run(app, 1, [InputEvent(1, Action.A, True)])  # lockout 1 on by hand
    assert pins.pin(15).state is True
    run(app, 3)
    assert pins.pin(15).state is True  # the cabinet leaves it alone meanwhile
    page.index = 2
    run(app, 1, [InputEvent(1, Action.A, True)])  # one pulse of meter 1
    wait_for(lambda: len(pulses(pins.pin(20))) == 1, app)
    assert (
        app.ctx.bank.meter_owed(1) == 0 and app.ctx.store.audits.snapshot()["meter_pulses"][1] == 0
    )
    app.ctx.scenes.pop()  # back in the menu: automatic, refusing
    run(app, 1)
    assert pins.pin(15).state is False
    app.ctx.go_to_attract()
    run(app, 1)
    assert pins.pin(15).state is True


def test_new_output_settings_from_the_service_menu_reopen_the_board_and_keep_what_is_owed(pins):
    import copy

    from cabinet.scenes.service.save import apply_settings

    app = make_app(METERS.replace("on_ms: 20, off_ms: 20", "on_ms: 300, off_ms: 300"))
    app.step([coin()] * 4)
    old_board = app.ctx.panel.board
    changed = copy.deepcopy(app.ctx.settings)
    changed.outputs.meter.on_ms = changed.outputs.meter.off_ms = 20
    apply_settings(app.ctx, changed)
    assert app.ctx.panel.board is not old_board and not old_board.devices
    wait_for(lambda: app.ctx.bank.meter_owed(1) == 0, app)
    assert len(pulses(pins.pin(20))) == 4  # a clean stop neither cuts nor repeats
    assert app.ctx.store.audits.snapshot()["meter_pulses"][1] == 4
