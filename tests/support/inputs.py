"""Fixtures and fakes shared by the tests/test_inputs_*.py files."""

from __future__ import annotations

import time

import pygame
import pytest

from cabinet.settings.schema import InputSettings


class FakeClock:
    """The GPIO debouncer's time, moved by hand: edge timing without sleeping."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeJoystick:
    """What the hub uses of pygame.joystick.Joystick."""

    def __init__(self, name: str, instance_id: int):
        self.name, self.instance_id, self.closed = name, instance_id, False

    def get_name(self) -> str:
        return self.name

    def get_instance_id(self) -> int:
        return self.instance_id

    def quit(self) -> None:
        self.closed = True


class FakeJoystickPort:
    """Devices that "are plugged in": device index -> FakeJoystick; open it like pygame would."""

    def __init__(self):
        self.devices: dict[int, FakeJoystick] = {}

    def plug(self, index: int, name: str, instance_id: int) -> pygame.event.Event:
        self.devices[index] = FakeJoystick(name, instance_id)
        return pygame.event.Event(pygame.JOYDEVICEADDED, device_index=index)

    def __call__(self, index: int) -> FakeJoystick:
        if index not in self.devices:
            raise pygame.error(f"no joystick {index}")
        return self.devices[index]


@pytest.fixture
def pins():
    """A fresh gpiozero MockFactory as the default pin factory, reset afterwards."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = previous


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def make_hub(pins, clock):
    """Build hubs on the mock pins and the fake clock; every hub is closed afterwards."""
    from cabinet.inputs.hub import InputHub

    hubs = []

    def build(settings: InputSettings | None = None, **kwargs):
        kwargs.setdefault("clock", clock)
        kwargs.setdefault("open_joystick", FakeJoystickPort())
        hub = InputHub(settings or InputSettings(), **kwargs)
        hubs.append(hub)
        return hub

    yield build
    for hub in hubs:
        hub.close()


def key(kind: int, code: int, char: str = "") -> pygame.event.Event:
    return pygame.event.Event(kind, key=code, unicode=char, mod=0, scancode=0)


def poll_until(hub, condition, timeout: float = 10.0, start_frame: int = 1):
    """Poll frame after frame until ``condition(events so far)``; generous for busy machines."""
    events, frame = [], start_frame
    deadline = time.monotonic() + timeout
    while not condition(events):
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met in {timeout} s; events: {events}")
        events += hub.poll(frame)
        frame += 1
        time.sleep(0.001)
    return events
