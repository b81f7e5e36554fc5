"""``python -m cabinet release``: make keys, build and check bundles, install and switch releases.

In the office: ``release keygen DIR``, then ``release build --key DIR/release-key.pem`` for each
Pi OS release (``--python 3.11`` Bookworm, ``--python 3.13`` Trixie). On a cabinet, as root:
``release install BUNDLE``, then ``release update VERSION`` (the health gate, at a safe moment),
``release resume`` at boot, ``release switch VERSION`` by hand, ``release list``.

Over the fleet: ``release publish BUNDLE --url URL --group NAME`` (or ``--cabinet SITE/ID``) and
``release rollout BUNDLE --url URL --group NAME`` in the office; ``release watch``, the updater
service, on each cabinet (docs/operating.md, "Updating the fleet from the office").
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_ROOT = Path("/opt/arcadeforge")
DEFAULT_PUBLIC_KEY = Path(
    "/etc/arcadeforge-update/release-key.pub"
)  # root's: the cabinet may write /etc/arcadeforge
PACKAGE = "arcadeforge-verse"
# manylinux tags a Pi OS release's glibc runs (Bookworm 2.36, Trixie 2.41).
PLATFORMS = (
    "manylinux_2_28_{arch}",
    "manylinux_2_17_{arch}",
    "manylinux2014_{arch}",
    "linux_{arch}",
)
DEFAULT_JOURNAL = Path("/var/lib/arcadeforge-update/update.json")
DEFAULT_WINDOW = 180.0
DOCTOR_CHECKS = ("storage", "clock", "pi")  # those that need no screen the running cabinet holds
OWN_WHEEL = "arcadeforge_verse-*.whl"
EXIT_REFUSED = 3


def add_parser(command) -> None:
    """Add ``release`` and its sub-commands; ``command(name, help)`` makes a sub-parser."""
    release = command(
        "release",
        "signed release bundles: keygen, build, verify, install, switch, list; publish, rollout, watch",
    )
    steps = release.add_subparsers(dest="step", metavar="STEP", required=True)

    keygen = steps.add_parser("keygen", help="make the office's key pair (once)")
    keygen.add_argument("folder", type=Path, help="where release-key.pem and release-key.pub go")

    build = steps.add_parser(
        "build", help="build a signed bundle of this tree and every dependency"
    )
    build.add_argument("--key", type=Path, required=True, help="the private key (release-key.pem)")
    build.add_argument(
        "--python",
        default=f"{sys.version_info[0]}.{sys.version_info[1]}",
        help="the cabinets' Python: 3.11 (Bookworm) or 3.13 (Trixie)",
    )
    build.add_argument("--arch", default="aarch64", help="the cabinets' machine (default aarch64)")
    build.add_argument(
        "--wheelhouse", type=Path, help="bundle these wheels instead of fetching them"
    )
    build.add_argument(
        "--out", type=Path, default=Path("dist"), help="where the bundle goes (default dist/)"
    )

    for name, text in (
        ("verify", "check a bundle as a cabinet would, changing nothing"),
        ("install", "verify a bundle and install it beside the running release"),
    ):
        step = steps.add_parser(name, help=text)
        step.add_argument("bundle", type=Path)
        step.add_argument(
            "--key",
            type=Path,
            default=DEFAULT_PUBLIC_KEY,
            help=f"public key (default {DEFAULT_PUBLIC_KEY})",
        )
        step.add_argument(
            "--root",
            type=Path,
            default=DEFAULT_ROOT,
            help=f"releases folder (default {DEFAULT_ROOT})",
        )

    switch = steps.add_parser("switch", help="make an installed release the one the cabinet runs")
    switch.add_argument("version")
    switch.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    update = steps.add_parser(
        "update",
        help="switch to an installed release at a safe moment, keep it only if the cabinet stays healthy, else go back (root)",
    )
    update.add_argument("version")
    update.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    update.add_argument(
        "--window",
        type=float,
        default=DEFAULT_WINDOW,
        help="seconds of health to prove (default 180)",
    )
    update.add_argument(
        "--wait",
        type=float,
        default=0.0,
        help="wait this long for a safe moment (default: ask once)",
    )
    update.add_argument(
        "--journal", type=Path, default=DEFAULT_JOURNAL, help=f"(default {DEFAULT_JOURNAL})"
    )
    resume = steps.add_parser(
        "resume", help="finish an update an earlier updater left half-way (at boot)"
    )
    resume.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    resume.add_argument("--journal", type=Path, default=DEFAULT_JOURNAL)

    listing = steps.add_parser("list", help="installed releases, current and previous")
    listing.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    _add_delivery(steps)


def _add_delivery(steps) -> None:
    """The fleet's steps: publish and rollout in the office, watch on each cabinet."""
    office = (
        "--config",
        {
            "metavar": "FILE",
            "help": "settings file whose network section reaches the broker as the office",
        },
    )
    publish = steps.add_parser(
        "publish", help="announce a bundle to a group or one cabinet (retained, signed)"
    )
    rollout = steps.add_parser(
        "rollout",
        help="announce a bundle to one cabinet of a group, then, once it kept it, the rest",
    )
    for step in (publish, rollout):
        step.add_argument("bundle", type=Path)
        step.add_argument(
            "--url",
            required=True,
            help="where cabinets fetch the bundle (http or https, your own network)",
        )
        step.add_argument(
            "--key", type=Path, required=True, help="the office's private key (release-key.pem)"
        )
        step.add_argument(office[0], **office[1])
    whom = publish.add_mutually_exclusive_group(required=True)
    whom.add_argument(
        "--group", help="every cabinet whose network.group (else network.site) is NAME"
    )
    whom.add_argument("--cabinet", metavar="SITE/ID", help="one cabinet")
    rollout.add_argument("--group", required=True)
    rollout.add_argument(
        "--first", metavar="SITE/ID", help="the cabinet to update first (default: the first online)"
    )
    rollout.add_argument(
        "--timeout",
        type=float,
        default=3600.0,
        help="seconds to wait for each stage (default 3600)",
    )

    watch = steps.add_parser(
        "watch",
        help="the updater service: fetch, verify, install and switch announced releases (root)",
    )
    watch.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    watch.add_argument("--key", type=Path, default=DEFAULT_PUBLIC_KEY)
    watch.add_argument(
        "--config",
        metavar="FILE",
        help="the cabinet's settings file (default: as the cabinet finds it)",
    )
    watch.add_argument(
        "--state",
        type=Path,
        default=DEFAULT_JOURNAL.parent,
        help=f"(default {DEFAULT_JOURNAL.parent})",
    )
    watch.add_argument(
        "--runtime",
        type=Path,
        default=Path("/run/arcadeforge"),
        help="the cabinet's runtime folder",
    )
    watch.add_argument(
        "--window",
        type=float,
        default=DEFAULT_WINDOW,
        help="seconds of health to prove (default 180)",
    )


def run(args: argparse.Namespace) -> int:
    from cabinet.update.announce import BadAnnouncement
    from cabinet.update.bundle import BundleRefused
    from cabinet.update.releases import UpdateError
    from cabinet.update.signing import KeyFileError

    try:
        return STEPS[args.step](args)
    except (BundleRefused, UpdateError, KeyFileError, BadAnnouncement, ConnectionError) as exc:
        print(f"release {args.step}: {exc}", file=sys.stderr)
        return EXIT_REFUSED


def _keygen(args) -> int:
    from cabinet.update.signing import make_key_pair

    args.folder.mkdir(parents=True, exist_ok=True)
    private, public = args.folder / "release-key.pem", args.folder / "release-key.pub"
    try:
        make_key_pair(private, public)
    except FileExistsError:
        print(
            f"release keygen: {private} exists; a new key would orphan every cabinet that trusts it",
            file=sys.stderr,
        )
        return EXIT_REFUSED
    print(
        f"{private}: keep it in the office, never on a cabinet\n{public}: install on each cabinet "
        "(systemd/install.sh --release-key)"
    )
    return 0


def _build(args) -> int:
    from cabinet.storage.migrations import SCHEMA_VERSION
    from cabinet.update.bundle import build
    from cabinet.update.signing import load_private

    key = load_private(args.key)
    with tempfile.TemporaryDirectory(prefix="wheelhouse-") as temp:
        house = args.wheelhouse or _fetch_wheelhouse(Path(temp), args.python, args.arch)
        version = _own_version(house)
        path = build(
            house,
            args.out,
            key,
            version=version,
            python=args.python,
            arch=args.arch,
            package=PACKAGE,
            schema=SCHEMA_VERSION,
        )
    print(f"{path}: {path.stat().st_size >> 10} KiB, release {version}, schema {SCHEMA_VERSION}")
    return 0


def _own_version(house: Path) -> str:
    """The release's version: that of the cabinet's own wheel in ``house`` (pyproject.toml's)."""
    from cabinet.update.bundle import BundleRefused

    own = sorted(house.glob(OWN_WHEEL))
    if len(own) != 1:
        raise BundleRefused(f"{house}: needs exactly one {OWN_WHEEL}, found {len(own)}")
    return own[0].name.split("-")[1]


def _fetch_wheelhouse(house: Path, python: str, arch: str) -> Path:
    """This tree's wheel and, as binary wheels for the target, everything it needs."""
    tree = Path(__file__).resolve().parents[2]
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run([*pip, "wheel", "--no-deps", "--wheel-dir", str(house), str(tree)], check=True)
    own = next(house.glob(OWN_WHEEL))
    targets = [flag for pattern in PLATFORMS for flag in ("--platform", pattern.format(arch=arch))]
    subprocess.run(
        [
            *pip,
            "download",
            "--only-binary=:all:",
            *targets,
            "--python-version",
            python,
            "--implementation",
            "cp",
            "--dest",
            str(house),
            str(own),
        ],
        check=True,
    )
    return house


def _target(python: str | None = None):
    from cabinet.update.bundle import Target

    return Target(
        python=python or f"{sys.version_info[0]}.{sys.version_info[1]}", arch=platform.machine()
    )


def _verify(args) -> int:
    from cabinet.update.bundle import open_bundle
    from cabinet.update.signing import load_public

    with tempfile.TemporaryDirectory(prefix="bundle-") as temp:
        manifest = open_bundle(args.bundle, load_public(args.key), _target(), Path(temp) / "opened")
    print(
        f"{args.bundle.name}: ok, release {manifest.version} for Python {manifest.python} "
        f"{manifest.arch}, {len(manifest.files)} wheels, schema {manifest.schema}"
    )
    return 0


def _install(args) -> int:
    from cabinet.update.releases import Releases
    from cabinet.update.signing import load_public

    manifest = Releases(args.root).install(args.bundle, load_public(args.key), _target())
    print(
        f"release {manifest.version} installed beside the running one; `release switch {manifest.version}` runs it"
    )
    return 0


def _switch(args) -> int:
    from cabinet.update.releases import Releases

    Releases(args.root).switch(args.version)
    print(f"release {args.version} is current; restart the cabinet (systemctl restart arcadeforge)")
    return 0


def _list(args) -> int:
    from cabinet.update.releases import Releases

    releases = Releases(args.root)
    marks = {releases.current(): "current", releases.previous(): "previous"}
    for version in releases.installed():
        print(f"{version}\t{marks.get(version, '')}".rstrip())
    return 0


def _gate(args, window: float, journal=None):
    import time

    from cabinet.update.gate import Gate, Journal
    from cabinet.update.releases import Releases
    from cabinet.update.systemd import SystemdService

    releases = Releases(args.root)
    return Gate(
        releases,
        SystemdService(),
        journal or Journal(args.journal),
        doctor=lambda: _doctor(releases),
        clock=time.monotonic,
        sleep=time.sleep,
        window=window,
    )


def _doctor(releases) -> tuple[bool, str]:
    """The new release's own doctor, on the checks a running cabinet leaves free."""
    python = releases.root / "current" / "venv" / "bin" / "python"
    try:
        done = subprocess.run(
            [str(python), "-m", "cabinet", "doctor", *DOCTOR_CHECKS],
            capture_output=True,
            text=True,
            check=False,
        )
    except (
        OSError
    ) as exc:  # a release whose venv cannot run: its own start fails too, and says so first
        return False, f"fail  doctor: cannot run {python}: {exc.strerror}"
    failed = [line for line in done.stdout.splitlines() if line.startswith("fail")]
    return done.returncode != 3, (failed or [f"exit {done.returncode}"])[0]


def _update(args) -> int:
    import time

    from cabinet.update.moment import SAFE, read_moment
    from cabinet.update.systemd import SystemdService, unit_problem

    problem = unit_problem(SystemdService(), args.root)
    if problem is not None:
        print(f"release update: {problem}", file=sys.stderr)
        return EXIT_REFUSED
    deadline = time.monotonic() + args.wait
    while (
        moment := read_moment(cabinet_running=SystemdService().state().active == "active")
    ) != SAFE:
        if time.monotonic() >= deadline:
            print(
                f"release update: not a safe moment ({moment}); the cabinet keeps running as it is",
                file=sys.stderr,
            )
            return EXIT_REFUSED
        time.sleep(5)
    verdict = _gate(args, args.window).update(args.version)
    print(_said(verdict))
    return 0 if verdict.outcome == "kept" else EXIT_REFUSED


def _resume(args) -> int:
    verdict = _gate(args, DEFAULT_WINDOW).resume()
    print(_said(verdict) if verdict else "release resume: no update was under way")
    return 0 if verdict is None or verdict.outcome == "kept" else EXIT_REFUSED


def _said(verdict) -> str:
    if verdict.outcome == "kept":
        return f"release {verdict.version} kept (it was {verdict.previous})"
    return f"release {verdict.version} rolled back to {verdict.previous}: {verdict.reason}"


def _publish(args) -> int:
    from cabinet.settings.load import load_settings
    from cabinet.update import announce, channel
    from cabinet.update.signing import load_private

    net = load_settings(args.config).settings.network
    if args.group is not None:
        _check_name(args.group, "--group")
        topic = announce.group_topic(args.group)
    else:
        site, _, cabinet = args.cabinet.partition("/")
        _check_name(site, "--cabinet's site")
        _check_name(cabinet, "--cabinet's id")
        topic = announce.cabinet_topic(site, cabinet)
    made = announce.for_bundle(args.bundle, topic, args.url)
    channel.publish(
        net,
        f"arcadeforge-office-{os.getpid()}",
        [(topic, announce.encode(made, load_private(args.key)))],
    )
    print(
        f"release {made.version} announced on {topic} ({made.size >> 10} KiB, sha256 {made.sha256[:12]}...)"
    )
    return 0


def _rollout(args) -> int:
    from cabinet.settings.load import load_settings
    from cabinet.update.rollout import Rollout
    from cabinet.update.signing import load_private

    _check_name(args.group, "--group")
    net = load_settings(args.config).settings.network
    rollout = Rollout(
        net,
        load_private(args.key),
        args.bundle,
        args.url,
        args.group,
        say=print,
        first=args.first,
        timeout=args.timeout,
    )
    return rollout.run()


def _watch(args) -> int:
    from cabinet.update.service import run_watch

    return run_watch(args, lambda journal: _gate(args, args.window, journal), _target())


def _check_name(name: str, what: str) -> None:
    from cabinet.update.announce import NAME
    from cabinet.update.releases import UpdateError

    if not NAME.fullmatch(name or ""):
        raise UpdateError(
            f"{what} must be 1-32 letters, digits, dots, dashes or underscores; got {name!r:.40}"
        )


STEPS = {
    "keygen": _keygen,
    "build": _build,
    "verify": _verify,
    "install": _install,
    "switch": _switch,
    "update": _update,
    "resume": _resume,
    "list": _list,
    "publish": _publish,
    "rollout": _rollout,
    "watch": _watch,
}
