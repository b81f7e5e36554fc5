"""Measure a staged rollout: publishing to every cabinet updated, for simulated cabinets on loopback.

    nice -n 19 .venv/bin/python tests/tools/rollout_time.py [CABINETS]

A real Mosquitto and web server on 127.0.0.1, the real updater (download, verify, venv build)
per cabinet on threads of one process, and a fake systemd whose health window passes at once:
add two health windows (the first cabinet's, then the rest's side by side) for a real group.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' support package

from cabinet.network.local_broker import LocalBroker
from cabinet.update.rollout import Rollout
from support.bundle_server import BundleServer
from support.fleet_update import Office, SimCabinet
from support.network import monitor_for, settings_for, wait_for


def main(count: int) -> int:
    with (
        tempfile.TemporaryDirectory(prefix="rollout-time-") as temp,
        LocalBroker(Path(temp) / "broker") as broker,
    ):
        folder = Path(temp)
        office = Office(folder / "office")
        bundle = office.bundle("2.0")
        cabinets = [
            SimCabinet(folder / f"c{n:02}", settings_for(broker, f"c{n:02}"), office).start()
            for n in range(count)
        ]
        monitor = monitor_for(broker)
        wait_for(lambda: len(monitor.view.status) == count, what="every cabinet's status")
        monitor.stop()
        try:
            with BundleServer(office.served) as server:
                began = time.monotonic()

                def say(line: str) -> None:
                    print(f"{time.monotonic() - began:6.1f} s  {line}")

                rollout = Rollout(
                    settings_for(broker, "office"),
                    office.private,
                    bundle,
                    server.url(bundle.name),
                    "bar",
                    say,
                )
                code = rollout.run()
                took = time.monotonic() - began
        finally:
            for cabinet in cabinets:
                cabinet.close()
        running = sum(cabinet.releases.current() == "2.0" for cabinet in cabinets)
        print(
            f"{count} cabinets, staged: {took:.1f} s from publishing to {running} updated (exit {code}); "
            f"bundle {bundle.stat().st_size >> 10} KiB; health windows not included"
        )
        return code


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
