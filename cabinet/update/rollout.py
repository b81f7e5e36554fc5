"""``release rollout``: one cabinet of a group first, the rest only once it has proved healthy.

The office reads every cabinet's status topic (the release it runs, its group, its last
update), announces the bundle to the first cabinet of the group alone, and waits for that
cabinet's status to say the release was **kept**, which its updater writes only after the
health window. Then the group's announcement goes out, and the first cabinet's own is
removed (the group's now says the same). A first cabinet that rolls back, refuses the bundle
or cannot fetch it stops the rollout, saying why; its own announcement is removed, so it
follows its group's older one again. The rest are then followed until each has kept the
release or said otherwise; cabinets offline at the start update when they come back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cabinet.network.fleet import FleetMonitor
from cabinet.network.messages import Status
from cabinet.settings.schema import NetworkSettings
from cabinet.update import announce, channel

POLL = 0.2


@dataclass
class Rollout:
    """One staged rollout of ``bundle`` (reachable at ``url``) to ``group``; ``say`` prints a line."""

    settings: NetworkSettings  # the office's
    key: object  # the office's private release key
    bundle: Path
    url: str
    group: str
    say: Callable[[str], None]
    first: str | None = None  # "site/cabinet"; else the first online cabinet of the group by name
    timeout: float = 3600.0  # per stage: the first cabinet's window, then the rest's
    clock: Callable[[], float] = time.monotonic
    client_id: str = "arcadeforge-office-rollout"

    def run(self) -> int:
        """0: every online cabinet of the group kept the release; 3: stopped or some did not."""
        monitor = FleetMonitor(self.settings, self.client_id + "-reader")
        monitor.collect(30.0)
        try:
            return self._stages(monitor)
        finally:
            monitor.stop()

    def _stages(self, monitor: FleetMonitor) -> int:
        members = self._members(monitor)
        if not members:
            self.say(
                f"rollout: no cabinet of group {self.group} has reported its release; nothing was announced"
            )
            return 3
        online = [who for who, status in members.items() if status.online]
        first = tuple(self.first.split("/", 1)) if self.first else (online or sorted(members))[0]
        if first not in members:
            self.say(f"rollout: {'/'.join(first)} is not a cabinet of group {self.group}")
            return 3
        own = announce.for_bundle(self.bundle, announce.cabinet_topic(*first), self.url)
        version = own.version
        self.say(
            f"rollout: release {version} to {'/'.join(first)} first ({len(members)} cabinets in group {self.group})"
        )
        if members[first].release != version:
            self._publish([(own.topic, announce.encode(own, self.key))])
            ended = self._wait(monitor, [first], version, {first: members[first].update})[first]
            if ended is None or ended["outcome"] != "kept":
                self._publish([(own.topic, b"")])
                why = "no answer within the time allowed" if ended is None else _said(ended)
                self.say(
                    f"rollout: stopped: {'/'.join(first)} {why}; the rest of group {self.group} was not told"
                )
                return 3
            self.say(f"rollout: {'/'.join(first)} kept release {version} through its health window")
        group = announce.for_bundle(self.bundle, announce.group_topic(self.group), self.url)
        self._publish([(group.topic, announce.encode(group, self.key)), (own.topic, b"")])
        rest = [
            who
            for who in sorted(members)
            if who != first and members[who].online and members[who].release != version
        ]
        self.say(
            f"rollout: release {version} announced to group {self.group}; waiting for {len(rest)} cabinets"
        )
        endings = self._wait(monitor, rest, version, {who: members[who].update for who in rest})
        failed = {
            who: ended
            for who, ended in endings.items()
            if ended is None or ended["outcome"] != "kept"
        }
        for who, ended in sorted(failed.items()):
            self.say(
                f"rollout: {'/'.join(who)} {'gave no answer' if ended is None else _said(ended)}"
            )
        offline = sorted(
            who for who, status in members.items() if not status.online and who != first
        )
        if offline:
            self.say(
                f"rollout: offline, will update when back: {', '.join('/'.join(who) for who in offline)}"
            )
        self.say(
            f"rollout: {len(rest) - len(failed) + 1} of {len(members) - len(offline)} online cabinets run release {version}"
        )
        return 3 if failed else 0

    def _members(self, monitor: FleetMonitor) -> dict[tuple[str, str], Status]:
        return {
            who: status
            for who, status in dict(monitor.view.status).items()
            if status.group == self.group
        }

    def _wait(self, monitor: FleetMonitor, cabinets: list, version: str, before: dict) -> dict:
        """Each cabinet's first new update result for ``version`` (None: none in time). New: not
        the one ``before`` held (the cabinets' clocks are not compared with the office's)."""
        endings: dict = dict.fromkeys(cabinets)
        deadline = self.clock() + self.timeout
        while any(ended is None for ended in endings.values()) and self.clock() < deadline:
            for who in [who for who, ended in endings.items() if ended is None]:
                status = monitor.view.status.get(who)
                update = status.update if status is not None else None
                if update and update.get("version") == version and update != before.get(who):
                    endings[who] = update
                    if (
                        update["outcome"] == "kept" and len(cabinets) > 1
                    ):  # the first's is said by its stage
                        self.say(f"rollout: {'/'.join(who)} kept release {version}")
            time.sleep(POLL)
        return endings

    def _publish(self, messages: list[tuple[str, bytes]]) -> None:
        channel.publish(self.settings, self.client_id, messages)


def _said(update: dict) -> str:
    back = f" to {update['previous']}" if update.get("previous") else ""
    what = "rolled back" + back if update["outcome"] == "rolled back" else update["outcome"]
    return f"{what}: {update.get('reason') or 'no reason given'}"
