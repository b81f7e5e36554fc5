"""A fake systemd for the updater's tests: a clock that sleeps at once, and the cabinet's unit."""

from __future__ import annotations

from pathlib import Path

from cabinet.update.gate import Gate, Journal, ServiceState
from cabinet.update.releases import Releases


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


class Unit:
    """The cabinet's unit as systemd would report it: ``behaviour(release, seconds since start)``
    says what the process on that release is doing."""

    def __init__(self, releases: Releases, clock: FakeClock, behaviour):
        self.releases, self.clock, self.behaviour = releases, clock, behaviour
        self.restarts, self.pid, self.started, self.running = 0, 100, 0.0, None
        self.log: list[str] = []

    def restart(self) -> None:
        self.running = self.releases.current()
        self.pid += 1
        self.started = self.clock()
        self.log.append(f"restart on {self.running}")

    def state(self) -> ServiceState:
        doing = self.behaviour(self.running, self.clock() - self.started)
        if doing == "crash":  # systemd's Restart= brings it back, and it crashes again
            self.restarts += 1
            self.pid += 1
            self.started = self.clock()
            return ServiceState("activating", self.restarts, 0, 1)
        return ServiceState(doing, self.restarts, self.pid, 0)


def healthy(release, seconds):
    return "active" if seconds >= 3 else "activating"


def fake_gate(
    releases: Releases, journal: Path, behaviour=healthy, doctor=lambda: (True, ""), **options
):
    """The updater's gate on the fake unit and clock: (gate, unit, clock); ``options`` are the
    gate's own (window, start_timeout)."""
    clock = FakeClock()
    unit = Unit(releases, clock, behaviour)
    gate = Gate(releases, unit, Journal(journal), doctor, clock, clock.sleep, **options)
    return gate, unit, clock
