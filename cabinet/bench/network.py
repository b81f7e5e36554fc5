"""Bench section "network": the fleet link against a local Mosquitto (issue 15).

* how long a new high score takes to reach another cabinet's network table;
* events lost or merged twice across 1,000 with the broker stopped and started twice;
* how fast a backlog drains from the outbox;
* frame time and input latency with the broker down, against no network section.

Skipped (one figure saying so) when mosquitto is not installed.
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from cabinet.bench import Figure, section, state_directory
from cabinet.network.local_broker import LocalBroker, free_port, mosquitto_path
from cabinet.settings.schema import NetworkSettings

WAIT = 120.0


def _wait(predicate, timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.001)
    return False


def _settings(port: int, cabinet: str) -> NetworkSettings:
    return NetworkSettings(
        enabled=True, host="127.0.0.1", port=port, tls=False, site="bench", cabinet=cabinet
    )


class _Cabinet:
    def __init__(self, folder: Path, port: int, name: str, start: bool = True):
        # a section loads what it measures when it runs, so `bench --sections X` stays quick
        from cabinet.network.link import NetworkLink
        from cabinet.storage.store import Store

        self.store = Store.open(folder / f"{name}.db")
        self.store.outbox.enabled = True
        self.link = NetworkLink(_settings(port, name), self.store.db.path, ["blocks"])
        if start:
            self.link.start()

    def queued(self) -> int:
        return self.store.db.read_value("SELECT count(*) FROM outbox", (), 0)

    def close(self) -> None:
        self.link.close(timeout=10)
        self.store.close()


def _produce(cabinet: _Cabinet, start: int, count: int, pause: float = 0.0) -> None:
    """Games ended and, between them, ever higher scores (each enters the table)."""
    for i in range(start, start + count):
        if i % 2:
            cabinet.store.audits.game_ended("blocks", "single", 30.0)
        else:
            cabinet.store.scores.add("blocks", "BEN", 100_000 + i)
        if pause:
            time.sleep(pause)


def score_latency(folder: Path, broker: LocalBroker, trials: int) -> list[float]:
    """Seconds from a score's commit on one cabinet to its row in the other's network table."""
    sender, receiver = (
        _Cabinet(folder, broker.port, "sender"),
        _Cabinet(folder, broker.port, "receiver"),
    )
    times = []
    try:
        # Synced, not just connected: a link publishes nothing for its first second on line
        # (link.SETTLE_SECONDS), which is no latency of a score.
        _wait(
            lambda: (
                sender.link.status.last_sync is not None
                and receiver.link.status.last_sync is not None
            )
        )
        for trial in range(trials):
            score = 500_000 + trial
            started = time.perf_counter()
            sender.store.scores.add("blocks", "NEW", score)
            if _wait(lambda: any(e.score == score for e in receiver.link.table("blocks")), 10):
                times.append(time.perf_counter() - started)
            else:
                times.append(float("inf"))
            time.sleep(0.05)  # a different phase of the link's poll each time
    finally:
        sender.close()
        receiver.close()
    return times


def _restart_twice(broker: LocalBroker, every: float, kill: bool) -> None:
    for _ in range(2):
        time.sleep(every)
        broker.stop(kill=kill)
        broker.start()


def lossless(
    folder: Path, broker: LocalBroker, events: int, kill: bool = False
) -> tuple[int, int, int, int]:
    """(events lost, merged twice, repeats ignored, snapshots wrong) of ``events`` with the broker
    stopped (SIGTERM, or SIGKILL with ``kill``) and started twice mid-stream.

    A wrong snapshot: at the end the monitor's copy of the cabinet's table or game count differs
    from the cabinet's own. Events acknowledged by a broker that is then SIGKILLed can be lost
    with it (Mosquitto saves to disk only now and then); the snapshots are republished on every
    reconnection, so the state must still be right.
    """
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.network.fleet import FleetMonitor

    who = ("bench", f"stream-{int(kill)}")
    monitor = FleetMonitor(
        _settings(broker.port, "monitor"), f"bench-monitor-{int(kill)}", persistent=True
    ).start()
    _wait(lambda: monitor.subscribed.is_set())
    cabinet = _Cabinet(folder, broker.port, who[1])
    # The broker is restarted from another thread; the events are written on this one, as the
    # main loop writes them (the state file's connection belongs to the thread that opened it).
    restarter = threading.Thread(target=_restart_twice, args=(broker, 0.6, kill))
    try:
        restarter.start()
        _produce(cabinet, 0, events, 2.0 / events)
        restarter.join()
        counts = lambda: sum(monitor.view.event_counts.get(who, {}).values())  # noqa: E731
        own = [(entry.initials, entry.score) for entry in cabinet.store.scores.top("blocks")]

        def state_right() -> bool:
            audits = monitor.view.audits.get(who)
            ended = (
                audits.audits.get("modes", {}).get("blocks/single", {}).get("ended")
                if audits
                else None
            )
            snapshot = monitor.view.snapshot(*who, "blocks")
            table = [(e.initials, e.score) for e in snapshot.entries] if snapshot else None
            return ended == events // 2 and table == own

        _wait(lambda: (counts() >= events or kill) and cabinet.queued() == 0 and state_right(), 60)
        time.sleep(0.5)  # any late duplicate has time to arrive, and to be refused
        merged = counts()
        return (
            max(0, events - merged),
            max(0, merged - events),
            monitor.view.ledger.repeats,
            int(not state_right()),
        )
    finally:
        cabinet.close()
        monitor.stop()


def drain_rate(folder: Path, broker: LocalBroker, events: int) -> float:
    """Events per second from a backlog of ``events`` to an empty outbox, once connected."""
    cabinet = _Cabinet(folder, broker.port, "backlog", start=False)
    try:
        _produce(cabinet, 0, events)
        cabinet.link.start()
        _wait(lambda: cabinet.link.status.state == "connected")
        started = time.perf_counter()
        _wait(lambda: cabinet.queued() == 0)
        return events / (time.perf_counter() - started)
    finally:
        cabinet.close()


def frame_ms(settings_yaml: str, frames: int) -> float:
    """Median wall time of the main loop's work per frame (events, update, draw, upkeep) in attract."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.app import App
    from cabinet.scenes.flow.title import TitleScene
    from cabinet.settings.load import parse_settings

    app = App(parse_settings(settings_yaml, "bench"), headless=True)
    try:
        app.ctx.scenes.reset(TitleScene(app.ctx))
        times = []
        for _ in range(frames):
            started = time.perf_counter()
            app.pump()
            app.step()
            app.render()
            app.tick_services(time.monotonic())
            times.append(time.perf_counter() - started)
            time.sleep(
                max(0.0, 1 / 60 - times[-1])
            )  # paced like the cabinet: the network thread runs meanwhile
        return statistics.median(times) * 1000
    finally:
        app.close()


def _percent_over(value: float, base: float) -> float:
    return 100.0 * (value / base - 1.0) if base > 0 else 0.0


@section("network", alone=True)
def run(quick: bool) -> list[Figure]:
    if mosquitto_path() is None:
        return [Figure("mosquitto not installed: network figures skipped", 0, "")]
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.bench.inputs import measure_latency

    events = 100 if quick else 1000
    with tempfile.TemporaryDirectory(prefix="arcadeforge-bench-") as state, state_directory(state):
        folder = Path(state)
        with LocalBroker(folder / "broker") as broker:
            latency = score_latency(folder, broker, 3 if quick else 20)
            lost, twice, repeats, _ = lossless(folder, broker, events)
            killed_lost, killed_twice, _, killed_wrong = lossless(folder, broker, events, kill=True)
            rate = drain_rate(folder, broker, 200 if quick else 2000)
        down = f"network: {{enabled: true, host: 127.0.0.1, port: {free_port()}, tls: false}}\n"
        frames = 60 if quick else 300
        # Alternate the runs so a busy spell of the machine hits both alike.
        runs = [(frame_ms("{}", frames), frame_ms(down, frames)) for _ in range(3)]
        frame_none = statistics.median(none for none, _ in runs)
        frame_down = statistics.median(down_ms for _, down_ms in runs)
        presses = 40 if quick else 300
        input_none = statistics.median(measure_latency(presses)) * 1000
        input_down = statistics.median(measure_latency(presses, settings_yaml=down)) * 1000
    return [
        Figure(
            "new high score to another cabinet's table, median", statistics.median(latency), "s"
        ),
        Figure(
            f"new high score to another cabinet's table, worst of {len(latency)}",
            max(latency),
            "s",
            "<= 1",
        ),
        Figure(
            f"events lost of {events}, broker stopped and started twice", lost, "events", "<= 0"
        ),
        Figure(f"events merged twice of {events}", twice, "events", "<= 0"),
        Figure("repeat deliveries refused by the ledger", repeats, "events"),
        Figure("broker SIGKILLed twice: events it took then lost", killed_lost, "events"),
        Figure("broker SIGKILLed twice: events merged twice", killed_twice, "events", "<= 0"),
        Figure(
            "broker SIGKILLed twice: tables and audits wrong at the end",
            killed_wrong,
            "snapshots",
            "<= 0",
        ),
        Figure("outbox drain rate", rate, "events/s", ">= 500"),
        Figure("frame work, no network section, median", frame_none, "ms"),
        Figure(
            "frame work, broker down, over no network",
            _percent_over(frame_down, frame_none),
            "%",
            "<= 5",
        ),
        Figure("input latency, no network section, median", input_none, "ms"),
        Figure(
            "input latency, broker down, over no network",
            _percent_over(input_down, input_none),
            "%",
            "<= 5",
        ),
    ]
