"""GPIO panels on gpiozero's mock pins: wiring, debounce, bad pins, no GPIO at all."""

import dataclasses
import gc
import logging
import threading
import time

import pygame
import pytest
from gpiozero import Button, Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockPin

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.inputs.wiring import wiring
from cabinet.settings.schema import GpioSettings, InputSettings, PanelPins
from support import ROOT
from support.inputs import key, poll_until


def with_gpio(**changes) -> InputSettings:
    return InputSettings(gpio=dataclasses.replace(GpioSettings(), **changes))


def test_every_configured_pin_gives_its_action(make_hub, pins, clock):
    hub = make_hub()
    table = wiring(GpioSettings())
    assert len(table) == 20 and len(hub.gpio.inputs) == 20 and hub.problems == []
    for frame, wired in enumerate(table, start=1):
        pins.pin(wired.pin).drive_low()
        assert hub.poll(frame * 2) == [InputEvent(wired.player, wired.action, True, frame * 2)], (
            wired.key
        )
        clock.advance(0.05)
        pins.pin(wired.pin).drive_high()
        assert hub.poll(frame * 2 + 1) == [
            InputEvent(wired.player, wired.action, False, frame * 2 + 1)
        ]
        clock.advance(0.05)


def test_default_map_is_two_full_panels_and_the_cabinet_buttons():
    table = wiring(GpioSettings())
    assert {(w.player, w.action) for w in table} == (
        {
            (p, a)
            for p in (1, 2)
            for a in (
                Action.LEFT,
                Action.RIGHT,
                Action.UP,
                Action.DOWN,
                Action.A,
                Action.B,
                Action.C,
                Action.START,
            )
        }
        | {(CABINET, a) for a in (Action.COIN1, Action.COIN2, Action.SERVICE, Action.TEST)}
    )
    used = [w.pin for w in table]
    assert len(set(used)) == len(used)
    assert not set(used) & {14, 15, 18, 19, 20, 21}  # UART and I2S audio stay free


def test_edges_from_another_thread_reach_poll_in_the_main_thread(make_hub, pins):
    hub = make_hub(clock=time.monotonic)  # real time: the edge really comes from elsewhere
    presser = threading.Thread(target=pins.pin(11).drive_low)  # as gpiozero's callback thread would
    presser.start()
    events = poll_until(hub, lambda evs: evs)
    presser.join()
    assert [(e.player, e.action, e.pressed) for e in events] == [(2, Action.START, True)]


def test_chatter_inside_bounce_time_is_one_press_and_one_release(make_hub, pins, clock):
    hub = make_hub()
    pin = pins.pin(4)  # player 1 left
    for edge in (pin.drive_low, pin.drive_high, pin.drive_low, pin.drive_high, pin.drive_low):
        edge()
        clock.advance(0.002)  # 2 ms apart, inside the 10 ms bounce time
    assert hub.poll(1) == [InputEvent(1, Action.LEFT, True, 1)]
    clock.advance(0.5)
    for edge in (pin.drive_high, pin.drive_low, pin.drive_high):
        edge()
        clock.advance(0.002)
    assert hub.poll(2) == [InputEvent(1, Action.LEFT, False, 2)]
    clock.advance(0.5)
    assert hub.poll(3) == []


def test_chatter_that_ends_released_is_released_once_the_bounce_time_is_over(make_hub, pins, clock):
    hub = make_hub()
    pin = pins.pin(5)  # player 1 A: a tap shorter than the bounce time
    pin.drive_low()
    clock.advance(0.003)
    pin.drive_high()
    assert hub.poll(1) == [InputEvent(1, Action.A, True, 1)]
    clock.advance(0.004)
    assert hub.poll(2) == []  # still inside the bounce time: the release may be chatter
    clock.advance(0.004)
    assert hub.poll(3) == [InputEvent(1, Action.A, False, 3)]


def test_zero_bounce_time_passes_every_edge(make_hub, pins, clock):
    hub = make_hub(with_gpio(bounce_ms=0))
    pin = pins.pin(4)
    pin.drive_low()
    pin.drive_high()
    pin.drive_low()
    assert [e.pressed for e in hub.poll(1)] == [True, False, True]


def test_a_pin_used_twice_disables_both_and_names_them(make_hub, pins, clock, caplog):
    settings = with_gpio(p2=dataclasses.replace(GpioSettings().p2, a=17))  # 17 is player 1 right
    with caplog.at_level(logging.ERROR, logger="cabinet.inputs"):
        hub = make_hub(settings)
    line = "inputs.gpio.p1.right and inputs.gpio.p2.a both use GPIO 17; both disabled"
    assert [str(p) for p in hub.problems] == [line]
    assert [r.getMessage() for r in caplog.records] == [line]
    pins.pin(17).drive_low()
    assert hub.poll(1) == []
    pins.pin(4).drive_low()  # the rest keep working
    assert hub.poll(2) == [InputEvent(1, Action.LEFT, True, 2)]
    assert "GPIO 17" not in hub.describe(1, Action.RIGHT)


def test_an_invalid_pin_is_disabled_with_its_key(make_hub, pins):
    settings = with_gpio(p1=dataclasses.replace(GpioSettings().p1, c=40))
    hub = make_hub(settings)
    assert [str(p) for p in hub.problems] == [
        "inputs.gpio.p1.c: 40 is not a GPIO number of the 40-pin header (0-27); disabled"
    ]
    assert len(hub.gpio.inputs) == 19
    pins.pin(26).drive_low()
    assert hub.poll(1) == [InputEvent(1, Action.START, True, 1)]


def test_a_busy_pin_is_disabled_and_the_rest_work(make_hub, pins):
    squatter = Button(26, pin_factory=pins)  # something else already owns player 1 start
    try:
        hub = make_hub()
        assert len(hub.problems) == 1
        assert str(hub.problems[0]).startswith(
            "inputs.gpio.p1.start: GPIO 26 cannot be used (GPIOPinInUse"
        )
        pins.pin(6).drive_low()
        assert hub.poll(1) == [InputEvent(1, Action.B, True, 1)]
    finally:
        squatter.close()


def test_unwired_inputs_are_simply_absent(make_hub, pins):
    hub = make_hub(with_gpio(p2=PanelPins(), cabinet=GpioSettings().cabinet))
    assert len(hub.gpio.inputs) == 12 and hub.problems == []
    assert hub.describe(2, Action.START) == ["key 2"]


def test_no_pin_factory_logs_one_line_and_the_keyboard_still_works(make_hub, monkeypatch, caplog):
    def no_factory():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    with caplog.at_level(logging.INFO, logger="cabinet.inputs"):
        hub = make_hub()
    assert len(caplog.records) == 1
    assert "no usable GPIO pin factory (BadPinFactory" in caplog.records[0].getMessage()
    assert hub.gpio.inputs == {}
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_z, "z"))
    assert hub.poll(1) == [InputEvent(1, Action.A, True, 1)]


def test_a_factory_that_cannot_open_any_pin_is_one_line(make_hub, caplog):
    class Broken:
        def reserve_pins(self, *args):
            raise PermissionError("/dev/gpiochip0: permission denied")

        def release_pins(self, *args):
            pass

    with caplog.at_level(logging.INFO, logger="cabinet.inputs"):
        hub = make_hub(pin_factory=Broken())
    assert len(caplog.records) == 1
    assert "no GPIO pin could be opened" in caplog.records[0].getMessage()
    assert "PermissionError" in caplog.records[0].getMessage()
    assert hub.gpio.inputs == {} and hub.poll(1) == []


def test_gpio_switched_off_opens_nothing(make_hub, pins):
    hub = make_hub(with_gpio(enabled=False))
    assert hub.gpio.inputs == {} and hub.problems == []
    assert Button(4, pin_factory=pins).close() is None  # the pin is still free


def test_a_switch_closed_at_start_up_is_ignored_until_released(make_hub, pins, clock):
    class Grounded(MockPin):
        """A pin whose switch is already closed: the pull-up cannot lift it."""

        def _set_pull(self, value):
            self._pull = value

    pins.pin(9, pin_class=Grounded)  # the service button is jammed before power-on
    hub = make_hub()
    assert [str(p) for p in hub.problems] == [
        "inputs.gpio.cabinet.service: GPIO 9 is closed at start-up; ignored until released"
    ]
    assert hub.poll(1) == []
    pins.pin(9).drive_high()
    assert hub.poll(2) == []
    clock.advance(0.05)
    pins.pin(9).drive_low()
    assert hub.poll(3) == [InputEvent(CABINET, Action.SERVICE, True, 3)]


def test_close_frees_the_pins(make_hub, pins):
    hub = make_hub()
    hub.close()
    Button(4, pin_factory=pins).close()  # would raise GPIOPinInUse if the hub still held it


def test_both_players_at_once_reach_their_own_fields(make_hub, pins, clock):
    hub = make_hub()
    for pin in (4, 23, 27, 25):  # p1 left, p2 left, p1 up, p2 up
        pins.pin(pin).drive_low()
    events = hub.poll(1)
    assert [(e.player, e.action) for e in events] == [
        (1, Action.LEFT),
        (2, Action.LEFT),
        (1, Action.UP),
        (2, Action.UP),
    ]


@pytest.mark.parametrize("bad", [True, -1, 28])
def test_other_impossible_pin_values(make_hub, pins, bad):
    hub = make_hub(with_gpio(p1=dataclasses.replace(GpioSettings().p1, left=bad)))
    assert [str(p) for p in hub.problems] == [
        f"inputs.gpio.p1.left: {bad!r} is not a GPIO number of the 40-pin header (0-27); disabled"
    ]


# BCM GPIO -> physical pin of the 40-pin header (the Raspberry Pi pinout).
HEADER = {
    2: 3,
    3: 5,
    4: 7,
    17: 11,
    27: 13,
    22: 15,
    10: 19,
    9: 21,
    11: 23,
    5: 29,
    6: 31,
    13: 33,
    19: 35,
    26: 37,
    14: 8,
    15: 10,
    18: 12,
    23: 16,
    24: 18,
    25: 22,
    8: 24,
    7: 26,
    12: 32,
    16: 36,
    20: 38,
    21: 40,
}


def test_the_documented_wiring_table_is_the_default_map():
    import re

    doc = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")
    section = doc.split("## Wiring", 1)[1].split("\n### Outputs", 1)[
        0
    ]  # the inputs' table, not the outputs'
    rows = re.findall(r"\| (\d+) +\| (\d+) +\| `([a-z0-9.]+)` *\|", section)
    documented = {f"inputs.gpio.{name}": (int(gpio), int(pin)) for gpio, pin, name in rows}
    expected = {w.key: (w.pin, HEADER[w.pin]) for w in wiring(GpioSettings())}
    assert documented == expected


def test_a_partial_panel_in_yaml_keeps_the_other_pins_of_the_default_map():
    from cabinet.settings.load import parse_settings

    loaded = parse_settings(
        "inputs:\n  gpio:\n    p1:\n      left: 19\n      up: 40\n", "partial.yaml"
    )
    p1 = loaded.settings.inputs.gpio.p1
    assert (p1.left, p1.right, p1.start) == (19, 17, 26)
    assert p1.up is None  # a bad pin disables its input: its factory pin may be wired elsewhere
    assert [str(p) for p in loaded.problems] == [
        "partial.yaml:5: inputs.gpio.p1.up: must be at most 27, got 40; disabled"
    ]


def test_a_bad_pin_in_yaml_disables_only_that_input(make_hub):
    from cabinet.settings.load import parse_settings

    loaded = parse_settings(
        "inputs:\n  gpio:\n    p1:\n      left: 40\n      right: 4\n", "moved.yaml"
    )
    hub = make_hub(settings=loaded.settings.inputs)
    assert not [source for source in hub.describe(1, Action.LEFT) if source.startswith("GPIO")]
    assert "GPIO 4" in hub.describe(1, Action.RIGHT)
    assert [
        str(p) for p in hub.problems
    ] == []  # left did not fall back onto GPIO 4, so nothing clashes


def test_without_gpiozero_installed_the_cabinet_still_has_its_keyboard(
    make_hub, monkeypatch, caplog
):
    import sys

    monkeypatch.setitem(sys.modules, "gpiozero", None)  # makes `import gpiozero` fail
    with caplog.at_level(logging.WARNING, logger="cabinet.inputs"):
        hub = make_hub(pin_factory=None)
    assert (
        len(caplog.records) == 1
        and "no usable GPIO pin factory (ModuleNotFoundError" in caplog.text
    )
    hub.handle_pygame_event(key(pygame.KEYDOWN, pygame.K_2, "2"))
    assert hub.poll(1) == [InputEvent(2, Action.START, True, 1)]


class CollectingLock:
    """gpiozero's reservation lock, with an automatic garbage collection at the worst moment."""

    def __init__(self):
        self._lock = threading.Lock()

    def __enter__(self):
        self._lock.acquire()
        if gc.isenabled():  # automatic collections only happen while the collector is enabled
            gc.collect()
        return self

    def __exit__(self, *exc):
        self._lock.release()


def test_an_abandoned_hub_collected_while_another_opens_does_not_deadlock(
    make_hub, pins, clock, monkeypatch
):
    from cabinet.inputs.hub import InputHub

    abandoned = InputHub(InputSettings(), clock=clock, open_joystick=lambda index: None)
    abandoned.itself = abandoned  # never closed, and only the cyclic collector can free it
    del abandoned
    monkeypatch.setattr(pins, "_res_lock", CollectingLock())
    opened = threading.Event()

    def open_another():
        make_hub()
        opened.set()

    threading.Thread(target=open_another, daemon=True).start()
    assert opened.wait(30), "opening a hub deadlocked in gpiozero's pin reservations"
