"""``python -m cabinet fleet``: every cabinet the broker knows, read with the cabinet's own settings.

For each cabinet: its site and id, whether it is online and when it was last
seen, when its counts began and why, its coins and meter counts, credits (over
the limit too), plays, continues and games per kind from its audit snapshot,
the same since its last period reset (None from firmware before periods),
and its takings per day (None from a cabinet whose firmware sends none; a day
no cabinet would send flagged with its ``doubt``), and what it did with the last
settings from the office (applied, refused, waiting); then the network tables.
``--json`` prints the same for machines, ``--csv`` each cabinet's totals for a
spreadsheet. A cabinet whose figures could not be read (none received, or the
broker's latest refused as malformed) says so instead of printing counts, and
the command exits 3.

:class:`FleetMonitor` (a client that only listens) serves the bench too.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import sys
import threading
import time
from datetime import date, timedelta

from cabinet.network import topics
from cabinet.network.client import KEEPALIVE_SECONDS, SetupError, connect_options, make_client
from cabinet.network.view import FleetView, receive_or_drop
from cabinet.settings.load import find_config, load_settings
from cabinet.storage.takings import DAYS, UNDATED
from cabinet.system.money import money_text

log = logging.getLogger("cabinet.network")

QUIET_SECONDS = (
    0.5  # retained snapshots come at once after subscribing: this much silence ends them
)


class FleetMonitor:
    """Subscribes to ``topic`` (the whole fleet) and merges what comes into :attr:`view`.

    ``persistent``: the broker keeps the session and queues events while the monitor is away.
    """

    def __init__(
        self, settings, client_id: str, *, persistent: bool = False, topic: str = topics.EVERYTHING
    ):
        self.settings = settings
        self.view = FleetView()
        self.topic = topic
        self.persistent = persistent
        self.connected = threading.Event()
        self.subscribed = threading.Event()
        self.refusal: str | None = None
        self.dropped = 0
        self.last_message = time.monotonic()
        self.client = make_client(settings, client_id)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_subscribe = lambda *args: self.subscribed.set()
        self.client.on_message = self._on_message

    def start(self) -> FleetMonitor:
        self.client.connect_async(
            self.settings.host,
            self.settings.port,
            KEEPALIVE_SECONDS,
            **connect_options(self.persistent),
        )
        self.client.loop_start()
        return self

    def stop(self) -> None:
        if self.connected.is_set():
            self.client.disconnect()
            self.client.loop_stop()

    def collect(self, wait: float) -> None:
        """Connect, subscribe and return once the retained snapshots stop coming (at most ``wait`` s)."""
        deadline = time.monotonic() + wait
        self.start()
        if not self.connected.wait(wait) or not self.subscribed.wait(
            max(0.0, deadline - time.monotonic())
        ):
            raise ConnectionError(
                self.refusal
                or f"no answer from {self.settings.host}:{self.settings.port} within {wait:g} s"
            )
        while time.monotonic() < deadline and time.monotonic() - self.last_message < QUIET_SECONDS:
            time.sleep(0.05)

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.refusal = f"the broker refused the login ({reason_code})"
            return
        client.subscribe(self.topic, qos=1)
        self.connected.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected.clear()
        self.subscribed.clear()

    def _on_message(self, client, userdata, message) -> None:
        self.last_message = time.monotonic()
        if not receive_or_drop(self.view, message):
            self.dropped += 1


def checked_takings(days: list[dict] | None, made: str) -> list[dict] | None:
    """``days`` (a snapshot's takings) each with a ``doubt``: None, or why no cabinet would send
    it: given twice, not a date, or outside the :data:`DAYS` days before ``made`` (a day's
    slack each side, since a day is the cabinet's local date and ``made`` is UTC)."""
    if days is None:
        return None
    newest = date.fromisoformat(made[:10]) + timedelta(days=1)
    oldest = newest - timedelta(days=DAYS + 1)
    seen, checked = set(), []
    for row in days:
        doubt = None
        if row["day"] in seen:
            doubt = "this day is given twice"
        elif row["day"] != UNDATED:
            try:
                day = date.fromisoformat(row["day"])
            except ValueError:
                day = None
            if day is None:
                doubt = "not a date"
            elif not oldest <= day <= newest:
                doubt = f"outside the {DAYS} days before the snapshot of {made[:10]}"
        seen.add(row["day"])
        checked.append({**row, "doubt": doubt})
    return checked


def report(view: FleetView) -> dict:
    """Everything the monitor saw, as plain data (what ``--json`` prints)."""
    cabinets = []
    for site, cabinet in view.cabinets():
        who = (site, cabinet)
        status = view.status.get(who)
        audits = view.audits.get(who)
        figures = audits.audits if audits else {}
        unreadable = view.unreadable_topics(site, cabinet)
        cabinets.append(
            {
                "site": site,
                "cabinet": cabinet,
                "online": None if status is None else status.online,
                "last_seen": view.seen.get(who),
                # None from firmware before releases (or before its status arrived)
                "release": None if status is None else status.release,
                "group": None if status is None else status.group,
                "last_update": None if status is None else status.update,
                "coins": figures.get("coins", {}),
                "money": figures.get("money"),  # None from firmware before money per chute
                "money_format": figures.get("money_format", ""),  # "": counted in the smallest unit
                "meters": figures.get("meter_pulses", {}),
                "credits": {
                    "in_machine": figures.get("credits"),
                    "from_coins": figures.get("credits_from_coins"),
                    "service": figures.get("service_credits"),
                    "played": figures.get("credits_spent"),
                    "over_limit": figures.get("credits_over_max"),
                },
                "modes": {
                    mode: {
                        "plays": row.get("plays", 0),
                        "continues": figures.get("continues", {}).get(mode, 0),
                        "games": row.get("ended", 0),
                        "play_seconds": row.get("play_seconds", 0),
                    }
                    for mode, row in sorted(figures.get("modes", {}).items())
                },  # checked by messages
                "counts_since": {
                    "at": figures.get("counts_since"),
                    "why": figures.get("counts_since_why"),
                },
                "uptime_seconds": figures.get("uptime_seconds"),
                # checked by messages, and flagged here; None from firmware before them
                "takings": checked_takings(figures.get("takings"), audits.made) if audits else None,
                "period": figures.get("period"),  # None from firmware before the period counters
                "events_merged": dict(view.event_counts.get(who, {})),
                "settings": settings_result(view.settings.get(who)),
                "figures": audits is not None,
                "unreadable": unreadable,
            }
        )
    tables = {
        table: [
            {
                "rank": e.rank,
                "initials": e.initials,
                "score": e.score,
                "site": e.site,
                "cabinet": e.cabinet,
                "when": e.when,
            }
            for e in entries
        ]
        for table, entries in sorted(view.tables().items())
        if entries
    }
    return {
        "cabinets": cabinets,
        "tables": tables,
        "complete": all(cab["figures"] and not cab["unreadable"] for cab in cabinets),
    }


def settings_result(result) -> dict | None:
    """A cabinet's last settings result from the office, as plain data; None when it sent none."""
    if result is None:
        return None
    return {
        "state": result.state,
        "at": result.at,
        "target": result.target,
        "issued": result.issued,
        "signer": result.signer,
        "lines": list(result.lines),
        "changed": list(result.changed),
    }


def settings_lines(result: dict | None) -> list[str]:
    """The report's lines of a cabinet's last settings result."""
    if result is None:
        return []
    at = result["at"].replace("T", " ").replace("Z", " UTC")
    what = (
        f"{result['target']} issued {result['issued']} by {result['signer']}"
        if result["target"]
        else "a message"
    )
    lines = [f"  settings from the office: {result['state'].upper()} at {at}: {what}"]
    lines += [f"    changed {line}" for line in result["changed"]]
    lines += [f"    {line}" for line in result["lines"]]
    return lines


def inert(line: str) -> str:
    """``line`` as a terminal may print it: every character that is not printable (C0 and C1
    controls, the bidi and other format characters, line and paragraph separators) written
    as its Python escape, so a name a cabinet sent can neither move the cursor nor start a
    line of its own."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in line)


def update_text(update: dict | None) -> str:
    """A cabinet's last update in words: "kept 0.3.0", "0.3.0 rolled back to 0.2.0: why"..."""
    if update is None:
        return "none"
    at = f" ({update['at'].replace('T', ' ').replace('Z', ' UTC')})" if update.get("at") else ""
    version = update.get("version") or "a bundle"
    if update["outcome"] == "kept":
        return f"{version} kept{at}"
    back = (
        f" to {update['previous']}"
        if update["outcome"] == "rolled back" and update.get("previous")
        else ""
    )
    return f"{version} {update['outcome']}{back}{at}: {update.get('reason') or 'no reason given'}"


def format_report(data: dict) -> str:
    """The report as text; every line passes :func:`inert`, since most of it is what cabinets sent."""
    lines = []
    if not data["cabinets"]:
        lines.append("no cabinet has published anything yet")
    for cab in data["cabinets"]:
        online = {True: "online", False: "offline", None: "status unknown"}[cab["online"]]
        seen = (cab["last_seen"] or "never").replace("T", " ").replace("Z", " UTC")
        lines.append(f"{cab['site']}/{cab['cabinet']}  {online}  last seen {seen}")
        if cab["release"]:
            lines.append(
                f"  release {cab['release']}, group {cab['group']}; last update: {update_text(cab['last_update'])}"
            )
        for topic, reason in sorted(cab["unreadable"].items()):
            lines.append(f"  could not be read: {topic.split('/', 3)[-1]}: {reason}")
        lines += settings_lines(cab.get("settings"))
        if not cab["figures"]:
            lines.append("  no bookkeeping figures received: coins, credits and plays unknown")
            continue
        if any(topic.endswith("/audits") for topic in cab["unreadable"]):
            lines.append(
                "  the figures below are the last good ones received, and may be out of date"
            )
        coins, meters, credits, since = (
            cab["coins"],
            cab["meters"],
            cab["credits"],
            cab["counts_since"],
        )
        if since["at"]:
            lines.append(
                f"  counts since {since['at'].replace('T', ' ').replace('Z', ' UTC')}"
                + (f" ({since['why']})" if since["why"] else "")
            )
        lines.append(
            f"  coins: chute 1 {coins.get('1', 0)}, chute 2 {coins.get('2', 0)}   meters: "
            f"1 {meters.get('1', 0)}, 2 {meters.get('2', 0)}"
        )

        def money(amounts: dict, chute: str) -> str:
            return money_text(amounts.get(chute, 0), cab["money_format"])

        if cab["money"] is not None:
            unit = "money" if cab["money_format"] else "money (smallest unit)"
            lines.append(
                f"  {unit}: chute 1 {money(cab['money'], '1')}, chute 2 {money(cab['money'], '2')}"
            )
        lines.append(
            f"  credits: {credits['in_machine'] or 0} in the machine, {credits['from_coins'] or 0} from "
            f"coins, {credits['service'] or 0} service, {credits['played'] or 0} played, "
            f"{credits['over_limit'] or 0} over the limit"
        )
        period = cab.get("period")
        if period is not None:
            began = (period["since"] or "the counts began").replace("T", " ").replace("Z", " UTC")
            lines.append(
                f"  period since {began}: coins 1 {period['coins'].get('1', 0)}, "
                f"2 {period['coins'].get('2', 0)}   money 1 {money(period['money'], '1')}, "
                f"2 {money(period['money'], '2')}   meters 1 {period['meter_pulses'].get('1', 0)}, "
                f"2 {period['meter_pulses'].get('2', 0)}   credits {period['credits_from_coins']} from coins, "
                f"{period['service_credits']} service, {period['credits_spent']} played   plays "
                f"{period['plays']}   continues {period['continues']}"
            )
        for mode, row in cab["modes"].items():
            minutes = row["play_seconds"] / 60
            lines.append(
                f"  {mode:<22} plays {row['plays']:>6}   continues {row['continues']:>5}   "
                f"games {row['games']:>6}   play time {minutes:8.1f} min"
            )
        takings = cab.get("takings")
        if takings is None:
            lines.append("  takings per day: not reported (firmware before them)")
        elif not takings:
            lines.append(f"  takings per day: none in the last {DAYS} days")
        else:
            lines.append("  takings per day:")
            lines += [
                f"    {row['day']:<10}  coins {row['coins']:>5}   credits {row['credits']:>5}   "
                f"plays {row['plays']:>5}"
                + (f"   DOUBTFUL: {row['doubt']}" if row["doubt"] else "")
                for row in takings
            ]
    for table, entries in data["tables"].items():
        lines.append("")
        lines.append(f"network table {table}")
        for e in entries:
            lines.append(
                f"  {e['rank']:>2}. {e['initials']:<3} {e['score']:>10}  {e['site']}/{e['cabinet']}  {e['when']}"
            )
    return "\n".join(inert(line) for line in lines)


CSV_COLUMNS = (
    "site",
    "cabinet",
    "online",
    "last_seen",
    "counts_since",
    "counts_since_why",
    "coins_chute_1",
    "coins_chute_2",
    "money_chute_1",
    "money_chute_2",
    "money_format",
    "meter_1",
    "meter_2",
    "credits_in_machine",
    "credits_from_coins",
    "credits_service",
    "credits_played",
    "credits_over_limit",
    "plays",
    "continues",
    "games",
    "play_seconds",
    "period_since",
    "period_coins_chute_1",
    "period_coins_chute_2",
    "period_money_chute_1",
    "period_money_chute_2",
    "period_meter_1",
    "period_meter_2",
    "period_credits_from_coins",
    "period_credits_service",
    "period_credits_played",
    "period_credits_over_limit",
    "period_plays",
    "period_continues",
    "figures_complete",
    "release",
    "group",
    "update_outcome",
    "update_version",
    "update_reason",
    "update_at",
)


def csv_report(data: dict) -> str:
    """One row per cabinet of its bookkeeping totals, for a spreadsheet (``--csv``). A cabinet
    whose figures were not received has its counts empty, never 0."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for cab in data["cabinets"]:
        known = cab["figures"]
        modes = cab["modes"].values()
        money = cab["money"] or {}  # empty from firmware before money per chute
        counts = [
            cab["coins"].get("1", 0),
            cab["coins"].get("2", 0),
            money.get("1", ""),
            money.get("2", ""),
            cab["money_format"],
            cab["meters"].get("1", 0),
            cab["meters"].get("2", 0),
            cab["credits"]["in_machine"] or 0,
            cab["credits"]["from_coins"] or 0,
            cab["credits"]["service"] or 0,
            cab["credits"]["played"] or 0,
            cab["credits"]["over_limit"] or 0,
            sum(row["plays"] for row in modes),
            sum(row["continues"] for row in modes),
            sum(row["games"] for row in modes),
            round(sum(row["play_seconds"] for row in modes), 1),
        ]
        period = cab.get("period")
        in_period = (
            [""] * 13
            if period is None
            else [
                period["since"] or "",
                period["coins"].get("1", 0),
                period["coins"].get("2", 0),
                period["money"].get("1", ""),
                period["money"].get("2", ""),
                period["meter_pulses"].get("1", 0),
                period["meter_pulses"].get("2", 0),
                period["credits_from_coins"],
                period["service_credits"],
                period["credits_spent"],
                period["credits_over_max"],
                period["plays"],
                period["continues"],
            ]
        )
        writer.writerow(
            [
                cab["site"],
                cab["cabinet"],
                {True: "yes", False: "no", None: ""}[cab["online"]],
                cab["last_seen"] or "",
                cab["counts_since"]["at"] or "",
                cab["counts_since"]["why"] or "",
                *(counts if known else [""] * len(counts)),
                *in_period,
                "yes" if known and not cab["unreadable"] else "no",
                cab.get("release") or "",
                cab.get("group") or "",
                *[
                    (cab.get("last_update") or {}).get(key) or ""
                    for key in ("outcome", "version", "reason", "at")
                ],
            ]
        )
    return out.getvalue()


EXIT_INCOMPLETE = 3


def run_fleet(args) -> int:
    """The command: exit 0 with the report, 1 when the broker cannot be read, 2 without settings,
    3 with the report when some cabinet's figures could not be read (the report says which)."""
    loaded = load_settings(getattr(args, "config", None))
    net = loaded.settings.network
    if not net.host:
        print(
            f"fleet: no network.host in {find_config(getattr(args, 'config', None)) or 'the settings'}"
        )
        return 2
    client_id = f"arcadeforge-fleet-{net.site}-{net.cabinet}-{os.getpid()}"
    try:
        monitor = FleetMonitor(net, client_id)
        monitor.collect(args.wait)
    except (SetupError, ConnectionError, OSError) as exc:
        print(f"fleet: {exc}")
        return 1
    try:
        data = report(monitor.view)
    finally:
        monitor.stop()
    if getattr(args, "csv", False):
        print(csv_report(data), end="")
    else:
        print(json.dumps(data, indent=2) if args.json else format_report(data))
    if not data["complete"]:
        print(
            f"fleet: {sum(1 for c in data['cabinets'] if c['unreadable'] or not c['figures'])} cabinet(s) "
            "could not be read in full; see above",
            file=sys.stderr,
        )
        return EXIT_INCOMPLETE
    return 0
