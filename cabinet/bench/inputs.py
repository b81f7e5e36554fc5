"""Bench section "inputs": GPIO press latency and lost events, on gpiozero's mock pins.

Both runs use the factory settings while another thread drives the mock pins
the way gpiozero's own threads deliver real edges. Latency runs through the
cabinet's own main loop (``App.run``) up to the scene that applies the press;
the lost-event count polls the hub in a 60 Hz loop of its own.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time

from cabinet.bench import Figure, section, state_directory
from cabinet.inputs.wiring import WiredInput, wiring
from cabinet.scenes.kit.base import Scene

FRAME = 1 / 60


class PacedLoop:
    """Frames on an absolute 60 Hz schedule: sleep most of the wait, then yield until the edge."""

    def __init__(self):
        self.frame = 0
        self._next = time.perf_counter()

    def wait(self) -> int:
        self._next += FRAME
        remaining = self._next - time.perf_counter()
        if remaining > 0.002:
            time.sleep(remaining - 0.0015)
        while time.perf_counter() < self._next:
            time.sleep(0)
        if (
            time.perf_counter() - self._next > FRAME
        ):  # fell a frame behind: drop it, as the cabinet would
            self._next = time.perf_counter()
        self.frame += 1
        return self.frame


def _mock_hub():
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from gpiozero.pins.mock import MockFactory

    from cabinet.inputs.hub import InputHub
    from cabinet.settings.schema import InputSettings

    settings = InputSettings()
    factory = MockFactory()
    hub = InputHub(settings, pin_factory=factory, open_joystick=_no_joystick)
    wired = [w for w in wiring(settings.gpio) if w.key in hub.gpio.inputs]
    return hub, factory, wired, settings.gpio.bounce_ms / 1000


def _no_joystick(index):  # the bench measures GPIO only
    raise OSError("no joysticks in the bench")


class LatencyProbe(Scene):
    """A scene standing in for a game: it notes when the main loop applies each press,
    and stops the loop once it has seen ``presses`` of them."""

    name = "latency probe"

    def __init__(self, app, edge_at: dict, presses: int):
        super().__init__(app.ctx)
        self.app, self.edge_at, self.presses = app, edge_at, presses
        self.latencies: list[float] = []

    def handle(self, event) -> None:
        key = (event.player, event.action)
        if event.pressed and not event.repeat and key in self.edge_at:
            self.latencies.append(time.perf_counter() - self.edge_at.pop(key))
            if len(self.latencies) >= self.presses:
                self.app.running = False


def measure_latency(presses: int, seed: int = 5, settings_yaml: str = "{}") -> list[float]:
    """Seconds from each pin's falling edge to the cabinet's real 60 Hz main loop
    (``App.run``) handing the press to the scene on top, on the settings ``settings_yaml``."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    from cabinet.app import App
    from cabinet.settings.load import parse_settings

    Device.pin_factory = MockFactory()  # the bench never touches real pins
    edge_at: dict[tuple, float] = {}
    stop = threading.Event()
    with tempfile.TemporaryDirectory(prefix="arcadeforge-bench-") as state:
        with state_directory(state):
            app = App(
                parse_settings(settings_yaml, "bench"),
                headless=True,
                exit_after=30 + presses * 0.05,
            )
        factory = Device.pin_factory
        bounce = app.ctx.settings.inputs.gpio.bounce_ms / 1000
        # Player switches only: coins credit and SERVICE opens the menu before any scene sees them.
        wired = [
            w
            for w in wiring(app.ctx.settings.inputs.gpio)
            if w.key in app.ctx.inputs.gpio.inputs and w.player in (1, 2)
        ]
        probe = LatencyProbe(app, edge_at, presses)
        app.ctx.scenes.reset(probe)
        driver = threading.Thread(
            target=_press_randomly,
            daemon=True,
            args=(factory, wired, bounce, edge_at, presses, seed, stop),
        )
        driver.start()
        try:
            app.run()
        finally:
            stop.set()
            driver.join()
        return probe.latencies


def _press_randomly(factory, wired, bounce, edge_at, presses, seed, stop) -> None:
    """Press and release random switches at random phases of the frame, as gpiozero's threads would."""
    rng = random.Random(seed)
    free_at = dict.fromkeys(wired, 0.0)  # earliest time each pin may be pressed again
    held: list[tuple[float, WiredInput]] = []
    driven = 0
    while driven < presses and not stop.is_set():
        time.sleep(rng.uniform(0.002, 0.010))
        now = time.perf_counter()
        for release_at, w in [h for h in held if h[0] <= now]:
            held.remove((release_at, w))
            factory.pin(w.pin).drive_high()
            free_at[w] = time.perf_counter() + 3 * bounce
        ready = [w for w, t in free_at.items() if t <= now and all(w is not h[1] for h in held)]
        if not ready:
            continue
        w = rng.choice(ready)
        edge_at[(w.player, w.action)] = time.perf_counter()
        factory.pin(w.pin).drive_low()
        held.append((time.perf_counter() + rng.uniform(2, 4) * FRAME, w))
        free_at[w] = float("inf")
        driven += 1
    for _, w in held:
        factory.pin(w.pin).drive_high()


def scripted_presses(presses: int) -> tuple[int, int, int, int]:
    """Both players hammer all their switches at once; (presses driven, received, releases driven, received)."""
    hub, factory, wired, bounce = _mock_hub()
    spacing = bounce + 0.002  # each pin's edges stay outside the debounce window
    driven = {"press": 0, "release": 0}
    lock = threading.Lock()

    def player_thread(pins, quota):
        next_edge = {w: time.monotonic() + i * spacing / len(pins) for i, w in enumerate(pins)}
        down = dict.fromkeys(pins, False)
        done = 0
        while done < quota or any(down.values()):
            for w in pins:
                if time.monotonic() < next_edge[w] or (done >= quota and not down[w]):
                    continue
                pin = factory.pin(w.pin)
                if down[w]:
                    pin.drive_high()
                else:
                    pin.drive_low()
                    done += 1
                # Timed from after the edge, so the callback's stamp is inside this spacing too.
                next_edge[w] = time.monotonic() + spacing
                with lock:
                    driven["release" if down[w] else "press"] += 1
                down[w] = not down[w]
            time.sleep(0.001)

    threads = [
        threading.Thread(
            target=player_thread,
            args=([w for w in wired if w.player == p], presses // 2),
            daemon=True,
        )
        for p in (1, 2)
    ]
    received = {"press": 0, "release": 0}
    loop = PacedLoop()
    for thread in threads:
        thread.start()
    try:
        settle = 0
        while settle < 6:  # keep polling a few frames after the drivers finish
            for event in hub.poll(loop.frame):
                if not event.repeat:
                    received["press" if event.pressed else "release"] += 1
            if not any(t.is_alive() for t in threads):
                settle += 1
            loop.wait()
    finally:
        for thread in threads:
            thread.join()
        hub.close()
    return driven["press"], received["press"], driven["release"], received["release"]


@section("inputs", alone=True)
def run(quick: bool) -> list[Figure]:
    latencies = sorted(measure_latency(50 if quick else 1000))
    p99 = (
        latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        if latencies
        else float("inf")
    )
    mean = statistics.fmean(latencies) if latencies else float("inf")
    pressed, got, released, got_released = scripted_presses(50 if quick else 10_000)
    return [
        Figure(
            f"GPIO edge to scene, main loop at 60 Hz, mean ({len(latencies)} presses)",
            mean * 1000,
            "ms",
            "<= 10",
        ),
        Figure("GPIO edge to scene, main loop at 60 Hz, p99", p99 * 1000, "ms", "<= 16.7"),
        # Lost or doubled: either is a miscount.
        Figure(
            f"presses lost, two players at once ({pressed} driven)",
            abs(pressed - got),
            "events",
            "<= 0",
        ),
        Figure(
            "releases lost, two players at once", abs(released - got_released), "events", "<= 0"
        ),
    ]
