"""Command line: ``python -m cabinet [run|check-config|scores|books|bench|doctor|replay|input-test|fleet|release|settings]``.

Options may come before or after the command (``--config F scores`` or
``scores --config F``). Exit codes are listed in :data:`EXIT_CODES`.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

EXIT_CODES = """exit codes:
  0  success (check-config: no problems)
  1  check-config: problems in some keys; the cabinet would start, those keys on their last good
     (or factory) values. Other commands: the program failed
  2  bad usage
  3  check-config: the file cannot be used at all (missing, unreadable, not YAML...); the cabinet
     would start on its last good settings, or the factory ones
     fleet: some cabinet could not be read in full (its figures missing, or its latest message
     refused as malformed); the report says which
  1  doctor: a check warned; 3  doctor: a check failed (skipped checks count as ok)
  3  music: a mix is silent, clips or clicks at its loop point (its line says which)
  3  release: the bundle, key or step was refused; the line says why
  3  settings push: the fragment, the key or the broker's ACL refused it; 1: no broker
  4  run: the screen cannot be opened; the log's "display:" line says why (systemd does not
     restart the cabinet for it)

settings file: --config FILE, else $CABINET_CONFIG, else ~/.config/arcadeforge/cabinet.yaml,
else /etc/arcadeforge/cabinet.yaml, else the shipped config/cabinet.yaml"""

CONFIG_HELP = "settings file (default: see the search order below)"


def file_name(text: str) -> str:
    """A settings file argument; an empty one (``--config "$UNSET"``) is an error, not the default file."""
    if not text:
        raise argparse.ArgumentTypeError("an empty file name")
    return text


def seconds(text: str) -> float:
    """``--exit-after``: a number of seconds above 0 (nan ran for ever, a negative quit at once)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not (0 < value < math.inf):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, got {text!r}")
    return value


def screenshot_folder(text: str) -> str:
    """``--screenshots``: a folder the cabinet can write to, made if missing."""
    folder = Path(file_name(text))
    if folder.exists() and not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot make {text} ({exc.strerror or exc})") from None
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write in {text}")
    return text


def _add_run_options(parser: argparse.ArgumentParser, inner: bool) -> None:
    """The cabinet's options. On a command (``inner``) they default to nothing, so that the same
    option given before the command is not overwritten."""

    def default(value: object) -> object:
        return argparse.SUPPRESS if inner else value

    parser.add_argument(
        "--config", metavar="FILE", type=file_name, help=CONFIG_HELP, default=default(None)
    )
    parser.add_argument(
        "--windowed",
        action="store_true",
        default=default(False),
        help="a desktop run: open a window instead of fullscreen, and let the keyboard give coins "
        "(5, 6) and open the service menu (F2), as inputs.keyboard_cabinet_keys does",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no display or sound (SDL dummy drivers); for tests and measurements",
        default=default(False),
    )
    parser.add_argument(
        "--exit-after",
        type=seconds,
        metavar="SECONDS",
        help="quit cleanly after this many seconds",
        default=default(None),
    )
    parser.add_argument(
        "--screenshots",
        type=screenshot_folder,
        metavar="DIR",
        help="save a PNG of every scene when it first shows, then every 5 s",
        default=default(None),
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m cabinet",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="ArcadeForge Verse arcade cabinet. With no command, runs the cabinet.",
    )
    _add_run_options(parser, inner=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return commands.add_parser(
            name,
            help=help_text,
            description=help_text,
            epilog=EXIT_CODES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    _add_run_options(command("run", "run the cabinet (the default)"), inner=True)

    check = command(
        "check-config", "report every problem the cabinet would find in a settings file"
    )
    check.add_argument(
        "file",
        nargs="?",
        type=file_name,
        help="the YAML file (default: --config, else the one the cabinet reads)",
    )
    check.add_argument(
        "--config", metavar="FILE", type=file_name, help=CONFIG_HELP, default=argparse.SUPPRESS
    )

    scores = command("scores", "print the high-score tables")
    scores.add_argument(
        "--config",
        metavar="FILE",
        type=file_name,
        default=argparse.SUPPRESS,
        help="settings file (names the contest tables)",
    )

    books = command(
        "books", "print this cabinet's bookkeeping totals as CSV (the columns of fleet --csv)"
    )
    books.add_argument(
        "--config",
        metavar="FILE",
        type=file_name,
        default=argparse.SUPPRESS,
        help="settings file (names the cabinet's site and id)",
    )

    bench = command("bench", "measure speed, memory and AI strength")
    bench.add_argument("sections", nargs="*", help="only these sections (default: all)")
    bench.add_argument("--json", action="store_true", help="print JSON instead of a table")
    bench.add_argument(
        "--quick", action="store_true", help="a short run that only proves the bench works"
    )

    doctor = command(
        "doctor",
        "check this machine as the cabinet would use it: one line per check (ok, warn, fail, skip)",
    )
    doctor.add_argument(
        "checks",
        nargs="*",
        metavar="CHECK",
        help="only these families: screen sound gpio storage clock pi frames (default: all)",
    )
    doctor.add_argument(
        "--config", metavar="FILE", type=file_name, help=CONFIG_HELP, default=argparse.SUPPRESS
    )
    doctor.add_argument(
        "--frames",
        type=int,
        default=120,
        metavar="N",
        help="frames timed per scene by the frame check (default 120, 2 s of play)",
    )

    replay = command("replay", "play back a saved game; Start or Esc ends it")
    replay.add_argument("id", type=int, nargs="?", help="replay number (see --list or `scores`)")
    replay.add_argument("--list", action="store_true", help="list every stored replay and exit")
    _add_run_options(replay, inner=True)

    fleet = command("fleet", "every linked cabinet's audits, and the network tables (MQTT)")
    fleet.add_argument(
        "--config",
        metavar="FILE",
        default=argparse.SUPPRESS,
        help="settings file whose network section reaches the broker",
    )
    shown = fleet.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print JSON instead of text")
    shown.add_argument(
        "--csv", action="store_true", help="print each cabinet's bookkeeping totals as CSV"
    )
    fleet.add_argument(
        "--wait",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="give up on the broker after this long (default 10)",
    )

    music = command(
        "music",
        "write every music track's calm, danger and fast mix as WAV files, with each one's peak, loudness and loop-point check",
    )
    music.add_argument(
        "folder",
        help="where to write NAME-calm.wav, NAME-danger.wav, NAME-fast.wav (created if missing)",
    )
    music.add_argument(
        "--rate",
        type=int,
        default=22050,
        choices=(22050, 24000, 44100, 48000),
        help="sample rate in Hz (default 22050, the rate the cabinet renders at for a 44100 Hz mixer)",
    )

    _add_run_options(
        command("input-test", "show every switch lighting live; leaving the test quits"), inner=True
    )
    from cabinet.update import cli as release_cli  # loads no more than argparse

    release_cli.add_parser(command)
    from cabinet.network import office_push  # loads no more than argparse

    office_push.add_parser(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "run"
    if command == "check-config":
        if args.file and args.config and args.file != args.config:
            parser.error(
                f"check-config was given two files ({args.config} and {args.file}); give one"
            )
        return check_config(args.file or args.config)
    if command == "bench":
        from cabinet import bench  # each command loads only what it runs: start-up time

        return bench.run(args.sections, quick=args.quick, as_json=args.json)
    if command == "doctor":
        from cabinet import doctor

        known = [module.rsplit(".", 1)[1] for module in doctor.FAMILIES]
        unknown = [name for name in args.checks if name not in known]
        if unknown:
            parser.error(
                f"doctor: unknown check(s) {', '.join(unknown)}; known: {', '.join(known)}"
            )
        if args.frames < 1:
            parser.error("doctor: --frames needs at least 1")
        return doctor.run(getattr(args, "config", None), frames=args.frames, only=args.checks)
    if command == "books":
        from cabinet.network.books import (
            print_books,
        )  # each command loads only what it runs: start-up time

        return print_books(args)
    if command == "scores":
        from cabinet.storage.cli import (
            print_scores,
        )  # each command loads only what it runs: start-up time

        return print_scores(args)
    if command == "music":
        from cabinet.audio.music_export import (
            export,
        )  # each command loads only what it runs: start-up time

        return export(Path(args.folder), args.rate)
    if command == "fleet":
        from cabinet.network.fleet import (
            run_fleet,
        )  # each command loads only what it runs: start-up time

        return run_fleet(args)
    if command == "release":
        from cabinet.update import cli as release_cli

        return release_cli.run(args)
    if command == "settings":
        from cabinet.network import office_push

        return office_push.run(args)
    if command == "replay":
        if args.list and args.id is not None:
            parser.error("replay: --list or a replay number, not both")
        if args.list:
            from cabinet.storage.cli import (
                print_replays,
            )  # each command loads only what it runs: start-up time

            return print_replays()
        if args.id is None:
            parser.error("replay needs a replay number, or --list")
        from cabinet.app import (
            main as run_app,
        )  # each command loads only what it runs: start-up time

        return run_app(args, replay_id=args.id)
    from cabinet.app import main as run_app  # each command loads only what it runs: start-up time

    if command == "input-test":
        return run_app(args, start_scene="input-test")
    return run_app(args)


def check_config(path: str | None) -> int:
    """Print every problem the cabinet would report at start for ``path``, as it would word them,
    against the last good settings that cabinet keeps (the installed service's for the system file)."""
    from cabinet.settings.last_good import (
        load_for_check,
    )  # each command loads only what it runs: start-up time

    loaded, note = load_for_check(path)
    if note:
        print(f"check-config: {note}", file=sys.stderr)
    for problem in loaded.problems:
        print(problem)
    for line in boot_warning_lines(loaded) + network_warning_lines(loaded):
        print(line)
    source = loaded.source or "no settings file"
    print(loaded.summary() if loaded.problems else f"{source}: no problems")
    if not loaded.problems:
        return 0
    return 1 if loaded.usable else 3


def boot_warning_lines(loaded) -> list[str]:
    """One line per coin lockout or meter that is on while the Pi boots: a warning, the pin kept."""
    from cabinet.outputs.wiring import (
        boot_warnings,
    )  # each command loads only what it runs: start-up time

    return [
        warning_line(loaded, wired.key, why)
        for wired, why in boot_warnings(loaded.settings.outputs)
    ]


def network_warning_lines(loaded) -> list[str]:
    """One line per file of the fleet link's settings that it could not use: a warning, as the
    link would only say so on the NETWORK page once the cabinet runs."""
    network = loaded.settings.network
    if not (network.enabled and network.host):
        return []
    from cabinet.network.client import setup_problems  # paho-mqtt: only with the link on

    return [warning_line(loaded, *problem.split(": ", 1)) for problem in setup_problems(network)]


def warning_line(loaded, key: str, why: str) -> str:
    """``file:line: key: warning: why``: the cabinet starts, with the value as it is."""
    node = loaded.nodes.get(key)
    where = f"{loaded.source}:{node.start_mark.line + 1}" if node is not None else loaded.source
    return f"{where}: {key}: warning: {why}"


def run_command() -> int:
    """:func:`main` for a shell: a reader that leaves early (``| head``) ends the command quietly."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1


if __name__ == "__main__":
    sys.exit(run_command())
