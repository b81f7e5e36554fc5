"""Tell systemd how the cabinet is doing: the ``sd_notify`` protocol, standard library only.

systemd passes ``$NOTIFY_SOCKET`` to a ``Type=notify`` service: a Unix datagram
socket (a path, or an abstract name written with a leading ``@``). Each message
is a few ``KEY=value`` lines. The cabinet sends:

* ``READY=1`` once the first frame is on the screen, which ends the start-up
  timeout and starts the watchdog;
* ``WATCHDOG=1`` from the main loop, every half of ``$WATCHDOG_USEC``, so a
  loop that hangs stops the pings and systemd restarts the program;
* ``STATUS=...`` naming the scene on show (``systemctl status arcadeforge``);
* ``STOPPING=1`` on a clean exit.

Outside systemd (no ``$NOTIFY_SOCKET``) every method does nothing. Nothing here
ever raises: a cabinet must not die because its supervisor went away. A failing
send is logged once, not once a frame.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


def _socket_address(value: str) -> str | bytes | None:
    """The ``sendto`` address for ``$NOTIFY_SOCKET``; None if it is not a Unix socket."""
    if value.startswith("/"):
        return value
    if value.startswith("@") and len(value) > 1:
        # An abstract socket: Linux names it with a leading NUL byte instead of the '@'.
        return b"\0" + value[1:].encode()
    return None


def _watchdog_interval(environ: Mapping[str, str], pid: int) -> float | None:
    """Seconds between pings (half the timeout), or None when the watchdog is off or not ours."""
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = environ.get("WATCHDOG_PID")
    if owner:
        try:
            if int(owner) != pid:
                return None  # the watchdog belongs to another process (we were started by it)
        except ValueError:
            return None
    return usec / 2_000_000


class Notifier:
    """Sends sd_notify messages to ``address``; a Notifier without an address is silent.

    :param address: the socket path, or an abstract name starting with ``@``
        (the value of ``$NOTIFY_SOCKET``); None for a Notifier that does nothing.
    :param watchdog_interval: seconds between ``WATCHDOG=1`` pings from
        :meth:`tick`; None for no pings.
    """

    def __init__(self, address: str | None = None, watchdog_interval: float | None = None):
        self.address = address
        self._target = _socket_address(address) if address else None
        if address and self._target is None:
            log.warning(
                "NOTIFY_SOCKET=%r is not a Unix socket path or @name; not notifying systemd",
                address,
            )
        self.watchdog_interval = watchdog_interval if self._target is not None else None
        self._socket: socket.socket | None = None
        self._last_ping: float | None = None
        self._last_status: str | None = None
        self._failed = False

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str] | None = None, pid: int | None = None
    ) -> Notifier:
        """The Notifier systemd asked for through the environment; silent without ``$NOTIFY_SOCKET``."""
        environ = os.environ if environ is None else environ
        address = environ.get("NOTIFY_SOCKET") or None
        interval = _watchdog_interval(environ, os.getpid() if pid is None else pid)
        return cls(address, interval)

    @property
    def enabled(self) -> bool:
        """True when messages go somewhere."""
        return self._target is not None

    def ready(self) -> None:
        """The first frame is on the screen: start-up is over."""
        self.send("READY=1")

    def status(self, text: str) -> None:
        """Show ``text`` (the current scene) in ``systemctl status``; repeats are not resent."""
        line = " ".join(str(text).split())  # a newline would start a new KEY=value
        if line != self._last_status:
            self._last_status = line
            self.send(f"STATUS={line}")

    def stopping(self) -> None:
        """The program is shutting down on purpose; systemd should not call it a crash."""
        self.send("STOPPING=1")
        self.close()

    def tick(self, now: float) -> None:
        """Call once per main-loop iteration with a monotonic time in seconds.

        Sends ``WATCHDOG=1`` on the first call and then whenever
        :attr:`watchdog_interval` has passed since the last ping. A loop that
        stops calling this stops the pings, which is the point.
        """
        if self.watchdog_interval is None:
            return
        if self._last_ping is None or now - self._last_ping >= self.watchdog_interval:
            self._last_ping = now
            self.send("WATCHDOG=1")

    def send(self, message: str) -> bool:
        """Send one message; True if it went out. Never raises."""
        if self._target is None:
            return False
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._socket.sendto(message.encode("utf-8", "replace"), self._target)
        except OSError as exc:
            if not self._failed:
                self._failed = True
                log.warning(
                    "cannot notify systemd at %s (%s); will keep trying quietly", self.address, exc
                )
            return False
        return True

    def close(self) -> None:
        """Release the socket (a later send opens a new one)."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None
