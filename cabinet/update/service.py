"""``release watch``: the updater service put together from its parts, for systemd.

It reads the cabinet's own settings file (the ``network:`` section reaches the broker with
the cabinet's user; without a broker only USB sticks are watched), trusts the release key
installed on the cabinet, and runs :class:`~cabinet.update.watch.Watcher` every
:data:`POLL_SECONDS` until stopped. Everything it does is safe to kill at any moment.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.settings.load import load_settings
from cabinet.update import usb
from cabinet.update.gate import Journal
from cabinet.update.moment import MOMENT_FILE, read_moment
from cabinet.update.signing import load_public
from cabinet.update.systemd import SystemdService, unit_problem
from cabinet.update.watch import Watcher

if TYPE_CHECKING:
    from cabinet.update.channel import Listener

log = logging.getLogger("cabinet.update")

POLL_SECONDS = 2.0


def make_watcher(args, gate_for, target) -> tuple[Watcher, Listener | None]:
    """The watcher for ``args`` (the command's options) and its listener (None without a broker)."""
    public = load_public(args.key)
    net = load_settings(args.config).settings.network
    listener = None
    if net.enabled and net.host:
        from cabinet.network.client import SetupError  # paho-mqtt: only with a broker
        from cabinet.update.channel import Listener

        try:
            listener = Listener(
                net, net.group or net.site, public, f"arcadeforge-{net.site}-{net.cabinet}-updater"
            ).start()
        except SetupError as exc:
            log.warning("update: %s; watching USB sticks only", exc)
    service = SystemdService()
    runtime = Path(args.runtime)
    state = Path(args.state)
    gate = gate_for(Journal(state / "update.json"))
    watcher = Watcher(
        releases=gate.releases,
        public_key=public,
        target=target,
        folder=state,
        gate=gate,
        heard=listener.heard if listener is not None else lambda: None,
        moment=lambda: read_moment(
            runtime / MOMENT_FILE.name, cabinet_running=service.state().active == "active"
        ),
        mounts=usb.mount_points,
        runtime=runtime,
        unit_problem=lambda: unit_problem(service, gate.releases.root),
    )
    return watcher, listener


def run_watch(args, gate_for, target) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    watcher, listener = make_watcher(args, gate_for, target)
    log.info(
        "update: watching for releases (%s)",
        "fleet link and USB sticks" if listener else "USB sticks only",
    )
    watcher.start()
    try:
        while True:
            watcher.tick(time.monotonic())
            time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        return 0
    finally:
        if listener is not None:
            listener.stop()
