"""The sd_notify protocol, against a real Unix datagram socket standing in for systemd."""

import logging
import os
import shutil
import socket
import tempfile
import threading
import time

import pytest

from cabinet.system.notify import Notifier


class FakeSystemd:
    """A bound AF_UNIX datagram socket that collects what the cabinet sends, like systemd's."""

    def __init__(self, abstract: bool = False):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        if abstract:
            name = f"arcadeforge-test-{os.getpid()}-{id(self)}"
            self.sock.bind("\0" + name)
            self.address = "@" + name
            self._folder = None
        else:
            # Short folder: a socket path must fit in 108 bytes, pytest's tmp_path may not.
            self._folder = tempfile.mkdtemp(prefix="sdn", dir="/tmp")
            self.address = os.path.join(self._folder, "notify")
            self.sock.bind(self.address)

    def environ(self, **extra) -> dict:
        return {"NOTIFY_SOCKET": self.address, **{k: str(v) for k, v in extra.items()}}

    def receive(self, timeout: float = 5.0) -> str:
        self.sock.settimeout(timeout)
        return self.sock.recv(4096).decode()

    def pending(self) -> list[str]:
        """Every message waiting now, without blocking."""
        self.sock.setblocking(False)
        messages = []
        try:
            while True:
                messages.append(self.sock.recv(4096).decode())
        except BlockingIOError:
            return messages

    def close(self):
        self.sock.close()
        if self._folder:
            shutil.rmtree(self._folder, ignore_errors=True)


@pytest.fixture
def systemd():
    fake = FakeSystemd()
    yield fake
    fake.close()


def test_ready_status_and_stopping_reach_systemd(systemd):
    notifier = Notifier.from_environment(systemd.environ())
    assert notifier.enabled
    notifier.ready()
    notifier.status("attract: title")
    notifier.stopping()
    assert [systemd.receive() for _ in range(3)] == [
        "READY=1",
        "STATUS=attract: title",
        "STOPPING=1",
    ]


def test_an_abstract_socket_name_works_too():
    fake = FakeSystemd(abstract=True)
    try:
        Notifier.from_environment(fake.environ()).ready()
        assert fake.receive() == "READY=1"
    finally:
        fake.close()


def test_status_is_one_line_and_not_repeated(systemd):
    notifier = Notifier.from_environment(systemd.environ())
    notifier.status("attract:\ntitle")
    notifier.status("attract: title")  # the same after clean-up: not resent
    notifier.status("game select")
    assert systemd.pending() == ["STATUS=attract: title", "STATUS=game select"]


def test_outside_systemd_nothing_happens():
    notifier = Notifier.from_environment({})
    assert not notifier.enabled
    assert notifier.watchdog_interval is None
    notifier.ready()
    notifier.status("attract: title")
    for frame in range(100):
        notifier.tick(frame)
    notifier.stopping()
    assert notifier.send("READY=1") is False


def test_the_watchdog_pings_at_half_the_timeout_on_a_fake_clock(systemd):
    notifier = Notifier.from_environment(systemd.environ(WATCHDOG_USEC=10_000_000))
    assert notifier.watchdog_interval == 5.0
    pings_at = []
    for frame in range(
        60 * 20 + 1
    ):  # 20 s of a 60 Hz main loop, reading the socket after every tick
        now = frame / 60
        notifier.tick(now)
        pings_at += [now for message in systemd.pending() if message == "WATCHDOG=1"]
    assert pings_at == [0.0, 5.0, 10.0, 15.0, 20.0]


def test_a_stalled_loop_stops_the_pings_and_a_resumed_one_does_not_burst(systemd):
    notifier = Notifier.from_environment(systemd.environ(WATCHDOG_USEC=2_000_000))  # ping every 1 s
    for frame in range(60 * 3):  # 3 s of normal frames
        notifier.tick(frame / 60)
    assert systemd.pending().count("WATCHDOG=1") == 3  # at 0, 1 and 2 s
    # The loop hangs from 3 s to 30 s: nothing calls tick, so systemd hears nothing.
    time.sleep(0.05)
    assert systemd.pending() == []
    notifier.tick(30.0)
    notifier.tick(30.5)
    assert systemd.pending() == ["WATCHDOG=1"]


def test_a_hung_main_loop_on_the_real_clock_goes_silent_until_it_resumes(systemd):
    """While the loop hangs, systemd hears nothing for longer than WatchdogSec, so it restarts us."""
    timeout = 0.2
    notifier = Notifier.from_environment(systemd.environ(WATCHDOG_USEC=int(timeout * 1e6)))
    hang, hung, release, stop = (threading.Event() for _ in range(4))

    def main_loop():
        while not stop.is_set():
            if hang.is_set() and not release.is_set():
                hung.set()
                release.wait()  # stuck, like a call that never returns
            notifier.tick(time.monotonic())
            time.sleep(0.01)

    loop = threading.Thread(target=main_loop)
    loop.start()
    try:
        assert systemd.receive(timeout=10) == "WATCHDOG=1"  # alive and pinging
        hang.set()
        assert hung.wait(timeout=10)
        systemd.pending()  # what was sent before the hang
        with pytest.raises(socket.timeout):
            systemd.receive(timeout=2 * timeout)  # past WatchdogSec without a ping
        release.set()
        assert systemd.receive(timeout=10) == "WATCHDOG=1"  # pings resume with the loop
    finally:
        release.set()
        stop.set()
        loop.join()


@pytest.mark.parametrize(
    "environ, interval",
    [
        ({"WATCHDOG_USEC": "3000000"}, 1.5),
        ({"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "4242"}, 1.5),  # ours
        ({"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "1"}, None),  # another process's
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_the_watchdog_interval_comes_from_the_environment(systemd, environ, interval):
    notifier = Notifier.from_environment(systemd.environ() | environ, pid=4242)
    assert notifier.watchdog_interval == interval


def test_a_vanished_socket_is_logged_once_and_never_raises(systemd, caplog):
    notifier = Notifier.from_environment(systemd.environ(WATCHDOG_USEC=1_000_000))
    systemd.close()  # systemd went away
    with caplog.at_level(logging.WARNING, logger="cabinet.system.notify"):
        notifier.ready()
        for second in range(10):
            notifier.tick(float(second))
        notifier.status("attract: title")
        notifier.stopping()
    assert len(caplog.records) == 1
    assert "cannot notify systemd" in caplog.records[0].getMessage()


def test_an_address_that_is_not_a_unix_socket_disables_notifying(caplog):
    with caplog.at_level(logging.WARNING, logger="cabinet.system.notify"):
        notifier = Notifier.from_environment(
            {"NOTIFY_SOCKET": "vsock:2:1234", "WATCHDOG_USEC": "1000000"}
        )
    assert not notifier.enabled
    assert notifier.watchdog_interval is None
    assert "vsock:2:1234" in caplog.text
    notifier.ready()


def test_the_real_main_loop_stops_pinging_while_a_scene_hangs(systemd, monkeypatch):
    """A stalled App.run sends no WATCHDOG=1 for as long as it hangs, then pings again."""
    from cabinet.scenes.kit.base import Scene
    from support.app import make_app

    for name, value in systemd.environ(WATCHDOG_USEC=100_000).items():  # a ping every 50 ms
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    app = make_app(exit_after=1.6)
    arrivals = []

    def listen():
        systemd.sock.settimeout(0.2)
        while not stop.is_set():
            try:
                message = systemd.sock.recv(4096).decode()
            except (TimeoutError, OSError):
                continue
            arrivals.append((time.monotonic(), message))

    class Hang(Scene):
        name = "hang"
        frames = 0

        def update(self):
            self.frames += 1
            if self.frames == 20:
                time.sleep(0.8)  # the loop is stuck inside a scene

    stop = threading.Event()
    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    app.ctx.scenes.reset(Hang(app.ctx))
    app.run()
    stop.set()
    listener.join()
    pings = [at for at, message in arrivals if message == "WATCHDOG=1"]
    gaps = [later - earlier for earlier, later in zip(pings, pings[1:])]
    assert max(gaps) >= 0.7, "no ping went out while the scene hung"
    longest = gaps.index(max(gaps))
    assert longest > 0 and longest < len(gaps) - 1, (
        "pings came before the hang and resumed after it"
    )
