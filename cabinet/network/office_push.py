"""``python -m cabinet settings push``: sign a settings fragment in the office and publish it.

The fragment (YAML, only the keys to change, e.g. a price) is checked here first, as a
cabinet on factory settings would read it, signed with the release key
(:mod:`cabinet.update.office_settings`), and published retained on the group's or the
cabinet's topic with the office's broker login (``--config``'s ``network:`` section). Each
cabinet applies it at its next safe moment and reports on its ``settings`` topic:
``python -m cabinet fleet`` shows the result.

Exit codes: 0 published (the broker acknowledged it), 1 the broker could not be reached,
2 bad usage (no such group or cabinet name, no broker in the settings), 3 refused (the
fragment's problems, a key file, or the broker's ACL).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path

EXIT_REFUSED = 3


def add_parser(command) -> None:
    """Add ``settings push``; ``command(name, help)`` makes a sub-parser. Loads argparse only."""
    settings = command(
        "settings", "settings from the office: push a signed fragment to a group or a cabinet"
    )
    steps = settings.add_subparsers(dest="step", metavar="STEP", required=True)
    push = steps.add_parser(
        "push", help="sign a YAML fragment and publish it for a group or a cabinet"
    )
    push.add_argument(
        "fragment",
        type=Path,
        help="YAML with only the keys to change, e.g. credits: {credits_per_game: 2}",
    )
    where = push.add_mutually_exclusive_group(required=True)
    where.add_argument("--group", help="every cabinet whose network.group is NAME")
    where.add_argument(
        "--cabinet", metavar="SITE/ID", help="one cabinet: its network.site and network.cabinet"
    )
    push.add_argument(
        "--key", type=Path, required=True, help="the office's private key (release-key.pem)"
    )
    push.add_argument(
        "--signer", required=True, help="who signs, for the cabinets' audit log (e.g. your name)"
    )
    push.add_argument(
        "--config",
        metavar="FILE",
        default=argparse.SUPPRESS,
        help="settings file whose network section logs in as the office",
    )
    push.add_argument(
        "--wait",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="give up on the broker after this long (default 10)",
    )
    push.add_argument(
        "--no-check",
        action="store_true",
        help="send even if the office's own check finds problems (the cabinet checks again)",
    )


def run(args) -> int:
    from cabinet.settings.fragment import read_fragment  # each command loads only what it runs
    from cabinet.settings.load import load_settings
    from cabinet.settings.schema import Settings
    from cabinet.update.office_settings import cabinet_target, group_target, seal, target_problem
    from cabinet.update.signing import KeyFileError, load_private

    if args.group:
        target = group_target(args.group)
    else:
        site, _, cabinet = args.cabinet.partition("/")
        target = cabinet_target(site, cabinet)
    if problem := target_problem(target):
        print(f"settings push: {problem}", file=sys.stderr)
        return 2
    try:
        text = args.fragment.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(
            f"settings push: {args.fragment}: cannot be read ({getattr(exc, 'strerror', None) or exc})",
            file=sys.stderr,
        )
        return EXIT_REFUSED
    reading = read_fragment(text, Settings(), str(args.fragment))
    if reading.problems and not args.no_check:
        for line in reading.problems:
            print(line, file=sys.stderr)
        print(
            f"settings push: {len(reading.problems)} problem(s); nothing sent (--no-check sends it anyway)",
            file=sys.stderr,
        )
        return EXIT_REFUSED
    try:
        payload = seal(load_private(args.key), target, text, args.signer)
    except (KeyFileError, ValueError) as exc:
        print(f"settings push: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    net = load_settings(getattr(args, "config", None)).settings.network
    if not net.host:
        print(
            "settings push: no network.host in the settings (give --config with the office's network section)",
            file=sys.stderr,
        )
        return 2
    problem = publish(net, target, payload, args.wait)
    if problem is not None:
        print(f"settings push: {problem}", file=sys.stderr)
        return 1 if problem.startswith("no answer") else EXIT_REFUSED
    print(
        f"published for {target}; each cabinet applies it at its next safe moment (see python -m cabinet fleet)"
    )
    return 0


def publish(net, target: str, payload: bytes, wait: float) -> str | None:
    """Publish ``payload`` retained for ``target`` with the login of ``net`` (NetworkSettings);
    None once the broker acknowledged it, else one line saying why not."""
    from cabinet.network.client import (
        KEEPALIVE_SECONDS,
        SetupError,
        make_client,
    )  # paho: only for this command
    from cabinet.update.office_settings import topic_of

    done = threading.Event()
    outcome: list[str | None] = []

    def finish(problem: str | None) -> None:
        if not done.is_set():
            outcome.append(problem)
            done.set()

    def on_connect(client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            finish(f"the broker refused the login ({reason_code})")
        else:
            client.publish(topic_of(target), payload, qos=1, retain=True)

    def on_publish(client, userdata, mid, reason_code, properties):
        refused = reason_code.is_failure
        finish(
            f"the broker refused the message on {topic_of(target)} ({reason_code}): check its ACL for this login"
            if refused
            else None
        )

    def on_disconnect(client, userdata, flags, reason_code, properties):
        # Mosquitto may drop a client whose message its ACL refused, with no PUBACK.
        finish(
            f"the broker closed the connection before taking the message ({reason_code}): check its ACL for this login"
        )

    try:
        client = make_client(net, f"arcadeforge-office-{os.getpid()}")
    except SetupError as exc:
        return str(exc)
    client.on_connect, client.on_publish, client.on_disconnect = (
        on_connect,
        on_publish,
        on_disconnect,
    )
    client.connect_async(net.host, net.port, KEEPALIVE_SECONDS)
    client.loop_start()
    try:
        if not done.wait(wait):
            return f"no answer from {net.host}:{net.port} within {wait:g} s"
        return outcome[0]
    finally:
        client.disconnect()
        client.loop_stop()
