"""Command line: ``python -m cabinet [run|check-config|scores|bench|replay|input-test|fleet]``.

Exit codes: 0 success, 1 a problem was found (check-config) or the program
failed, 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE",
                        help="settings file (default: $CABINET_CONFIG, /etc/arcadeforge/cabinet.yaml, "
                             "then the shipped config/cabinet.yaml)")
    parser.add_argument("--windowed", action="store_true", help="open a window instead of fullscreen")
    parser.add_argument("--headless", action="store_true",
                        help="no display or sound (SDL dummy drivers); for tests and measurements")
    parser.add_argument("--exit-after", type=float, metavar="SECONDS",
                        help="quit cleanly after this many seconds")
    parser.add_argument("--screenshots", metavar="DIR",
                        help="save a PNG of every scene when it first shows, then every 5 s")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m cabinet",
        description="ArcadeForge Verse arcade cabinet. With no command, runs the cabinet.")
    _add_run_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = commands.add_parser("run", help="run the cabinet (the default)")
    _add_run_options(run)

    check = commands.add_parser("check-config", help="validate a settings file; exit 1 on any problem")
    check.add_argument("file", nargs="?", help="the YAML file (default: the one the cabinet would use)")

    scores = commands.add_parser("scores", help="print the high-score tables")
    scores.add_argument("--config", metavar="FILE", help="settings file (names the contest tables)")

    bench = commands.add_parser("bench", help="measure speed, memory and AI strength")
    bench.add_argument("sections", nargs="*", help="only these sections (default: all)")
    bench.add_argument("--json", action="store_true", help="print JSON instead of a table")
    bench.add_argument("--quick", action="store_true", help="a short run that only proves the bench works")

    replay = commands.add_parser("replay", help="play back a saved game")
    replay.add_argument("id", type=int, help="replay number (see `scores`)")
    _add_run_options(replay)

    fleet = commands.add_parser("fleet", help="every linked cabinet's audits and the network tables (MQTT)")
    fleet.add_argument("--config", metavar="FILE", help="settings file whose network section reaches the broker")
    fleet.add_argument("--json", action="store_true", help="print JSON instead of text")
    fleet.add_argument("--wait", type=float, default=10.0, metavar="SECONDS",
                       help="give up on the broker after this long (default 10)")

    input_test = commands.add_parser("input-test", help="show every switch lighting live")
    _add_run_options(input_test)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command or "run"
    if command == "check-config":
        from cabinet.config import find_config, load_settings
        loaded = load_settings(args.file)
        source = find_config(args.file)
        for problem in loaded.problems:
            print(problem)
        print(f"{source or 'defaults'}: {len(loaded.problems) or 'no'} problem(s)")
        return 1 if loaded.problems else 0
    if command == "bench":
        from cabinet import bench
        return bench.run(args.sections, quick=args.quick, as_json=args.json)
    if command == "scores":
        from cabinet.storage.cli import print_scores
        return print_scores(args)
    if command == "fleet":
        from cabinet.network.fleet import run_fleet
        return run_fleet(args)
    if command == "replay":
        from cabinet.app import main as run_app
        return run_app(args, replay_id=args.id)
    if command == "input-test":
        from cabinet.app import main as run_app
        return run_app(args, start_scene="input-test")
    from cabinet.app import main as run_app
    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())
