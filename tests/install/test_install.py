"""systemd/install.sh into a temporary DESTDIR: the files it lays down, idempotence, uninstall."""

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support import ROOT

INSTALLER = ROOT / "systemd" / "install.sh"
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")

PI_CMDLINE = (
    "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4"
    " fsck.repair=yes rootwait consoleblank=600"
)


def install(destdir: Path | None, *options: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DESTDIR"}
    if destdir is not None:
        env["DESTDIR"] = str(destdir)
    result = subprocess.run(
        [BASH, str(INSTALLER), *options], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def snapshot(root: Path) -> dict[str, tuple]:
    """Every file and folder under root with its content hash, mode and modification time."""
    tree = {}
    for path in sorted(root.rglob("*")):
        stat = path.lstat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
        tree[str(path.relative_to(root))] = (digest, stat.st_mode, stat.st_mtime_ns)
    return tree


@pytest.fixture
def pi_root(tmp_path):
    """A DESTDIR that looks like a fresh Raspberry Pi OS Bookworm card: just its boot files."""
    root = tmp_path / "root"
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "boot" / "firmware" / "cmdline.txt").write_text(PI_CMDLINE + "\n")
    return root


def test_the_expected_files_appear(pi_root):
    out = install(pi_root, "--dry-run").stdout
    unit = pi_root / "etc/systemd/system/arcadeforge.service"
    assert unit.read_bytes() == (ROOT / "systemd/arcadeforge.service").read_bytes()
    assert oct(unit.stat().st_mode & 0o777) == "0o644"
    settings = pi_root / "etc/arcadeforge/cabinet.yaml"
    assert settings.read_bytes() == (ROOT / "config/cabinet.yaml").read_bytes()
    assert (pi_root / "usr/share/doc/arcadeforge/README.md").is_file()
    cmdline = (pi_root / "boot/firmware/cmdline.txt").read_text().split()
    assert "consoleblank=0" in cmdline and "vt.global_cursor_default=0" in cmdline
    assert "consoleblank=600" not in cmdline
    assert "rootwait" in cmdline  # the rest of the line is kept
    assert (
        pi_root / "boot/firmware/cmdline.txt.before-arcadeforge"
    ).read_text().strip() == PI_CMDLINE
    # System commands are printed, never run, under DESTDIR.
    printed = [line for line in out.splitlines() if line.startswith("would run: ")]
    for command in (
        "apt-get install",
        "useradd",
        "--system-site-packages",
        "systemctl enable arcadeforge",
    ):
        assert any(command in line for line in printed), command
    assert "python3-lgpio" in out and "libgl1-mesa-dri" in out


def test_a_second_run_changes_nothing(pi_root):
    install(pi_root, "--dry-run")
    before = snapshot(pi_root)
    second = install(pi_root, "--dry-run").stdout
    assert snapshot(pi_root) == before
    assert "nothing to do, already installed" in second
    assert "installed:" not in second and "edited:" not in second


def test_an_operators_settings_are_left_untouched(pi_root):
    settings = pi_root / "etc/arcadeforge/cabinet.yaml"
    settings.parent.mkdir(parents=True)
    settings.write_text("credits:\n  free_play: false  # the operator's own choice\n")
    os.utime(settings, ns=(1_000_000_000, 1_000_000_000))
    out = install(pi_root, "--dry-run").stdout
    assert settings.read_text() == "credits:\n  free_play: false  # the operator's own choice\n"
    assert settings.stat().st_mtime_ns == 1_000_000_000
    assert "kept: /etc/arcadeforge/cabinet.yaml" in out


def test_uninstall_removes_the_service_and_keeps_scores_and_settings(pi_root):
    install(pi_root, "--dry-run")
    scores = pi_root / "var/lib/arcadeforge/cabinet.db"
    scores.parent.mkdir(parents=True)
    scores.write_bytes(b"SQLite format 3\0 scores")
    out = install(pi_root, "--dry-run", "--uninstall").stdout
    assert not (pi_root / "etc/systemd/system/arcadeforge.service").exists()
    assert not (pi_root / "usr/share/doc/arcadeforge").exists()
    assert scores.read_bytes() == b"SQLite format 3\0 scores"
    assert (pi_root / "etc/arcadeforge/cabinet.yaml").is_file()
    # The console is as it was before the cabinet: the operator's own blanking time comes back.
    assert (pi_root / "boot/firmware/cmdline.txt").read_text().split() == PI_CMDLINE.split()
    assert "would run: systemctl disable --now arcadeforge.service" in out
    again = install(pi_root, "--dry-run", "--uninstall").stdout
    assert "nothing to do, already uninstalled" in again


def test_destdir_alone_installs_files_but_runs_no_system_command(pi_root):
    out = install(pi_root).stdout
    assert (pi_root / "etc/systemd/system/arcadeforge.service").is_file()
    assert [line for line in out.splitlines() if line.startswith("run: ")] == []
    assert "would run: systemctl restart arcadeforge.service" in out


def test_a_machine_without_a_pi_boot_partition_is_left_alone(tmp_path):
    out = install(tmp_path, "--dry-run").stdout
    assert "skipped: no /boot/firmware/cmdline.txt" in out
    assert not (tmp_path / "boot").exists()


def test_the_older_boot_location_is_found(tmp_path):
    (tmp_path / "boot").mkdir()
    (tmp_path / "boot/cmdline.txt").write_text("console=tty1 rootwait\n")
    install(tmp_path, "--dry-run")
    assert (
        tmp_path / "boot/cmdline.txt"
    ).read_text() == "console=tty1 rootwait consoleblank=0 vt.global_cursor_default=0\n"


def test_a_dry_run_onto_this_machine_writes_nothing():
    unit = Path("/etc/systemd/system/arcadeforge.service")
    existed = unit.exists()
    out = install(None, "--dry-run").stdout
    assert unit.exists() == existed
    assert "dry run" in out
    assert "would" in out


def test_a_bad_option_is_refused_in_one_line():
    result = subprocess.run(
        [BASH, str(INSTALLER), "--frobnicate"], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 1
    assert result.stderr.strip() == "install.sh: unknown option '--frobnicate' (try --help)"


@pytest.mark.skipif(
    shutil.which("shellcheck") is None,
    reason="shellcheck is not installed (`make tools` installs it as root)",
)
def test_shellcheck_finds_nothing():
    result = subprocess.run(
        ["shellcheck", "--shell=bash", str(INSTALLER)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout


def test_nothing_is_compiled_pygame_ce_comes_as_a_wheel(pi_root):
    out = install(pi_root, "--dry-run").stdout
    assert "--only-binary pygame-ce" in out
    for compiler_step in ("build-essential", "-dev", "--no-binary", "gcc", "pkg-config"):
        assert compiler_step not in out, compiler_step
    assert "libgbm1" in out and "libgles2" in out, (
        "SDL's KMS/DRM run-time libraries are still installed"
    )


def test_data_dir_puts_scores_and_settings_on_the_persistent_partition(pi_root):
    scores = pi_root / "var/lib/arcadeforge/cabinet.db"
    scores.parent.mkdir(parents=True)
    scores.write_bytes(b"SQLite format 3\0 scores")
    out = install(pi_root, "--dry-run", "--data-dir=/data/arcadeforge/").stdout
    state_unit = (pi_root / "etc/systemd/system/var-lib-arcadeforge.mount").read_text()
    config_unit = (pi_root / "etc/systemd/system/etc-arcadeforge.mount").read_text()
    assert "What=/data/arcadeforge/state\nWhere=/var/lib/arcadeforge\n" in state_unit
    assert "What=/data/arcadeforge/config\nWhere=/etc/arcadeforge\n" in config_unit
    assert "Options=bind" in state_unit and "RequiresMountsFor=/data/arcadeforge" in state_unit
    assert (
        pi_root / "data/arcadeforge/state/cabinet.db"
    ).read_bytes() == b"SQLite format 3\0 scores"
    assert (pi_root / "data/arcadeforge/config/cabinet.yaml").is_file()
    assert "would run: systemctl enable var-lib-arcadeforge.mount" in out
    books_unit = (pi_root / "etc/systemd/system/var-lib-arcadeforge\\x2dbooks.mount").read_text()
    assert "What=/data/arcadeforge/books\nWhere=/var/lib/arcadeforge-books\n" in books_unit
    assert (pi_root / "var/lib/arcadeforge-books").is_dir()  # the mount point, on the root
    # A later update without the option keeps the data where it is, and changes nothing.
    before = snapshot(pi_root)
    again = install(pi_root, "--dry-run").stdout
    assert snapshot(pi_root) == before and "nothing to do, already installed" in again
    assert "live on /data/arcadeforge" in again
    # Uninstalling removes the mounts but never the data.
    install(pi_root, "--dry-run", "--uninstall")
    assert not (pi_root / "etc/systemd/system/var-lib-arcadeforge.mount").exists()
    assert not (pi_root / "etc/systemd/system/var-lib-arcadeforge\\x2dbooks.mount").exists()
    assert (pi_root / "data/arcadeforge/state/cabinet.db").is_file()


def test_a_relative_data_dir_is_refused_in_one_line(pi_root):
    env = dict(os.environ, DESTDIR=str(pi_root))
    result = subprocess.run(
        [BASH, str(INSTALLER), "--dry-run", "--data-dir=data"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == "install.sh: --data-dir must be an absolute path, got 'data'"


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed"
)
def test_the_mount_units_verify(pi_root, tmp_path):
    install(pi_root, "--dry-run", "--data-dir=/data/arcadeforge")
    for name in (
        "var-lib-arcadeforge.mount",
        "etc-arcadeforge.mount",
        "var-lib-arcadeforge\\x2dbooks.mount",
    ):
        result = subprocess.run(
            ["systemd-analyze", "verify", str(pi_root / "etc/systemd/system" / name)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        complaints = [
            line
            for line in (result.stdout + result.stderr).splitlines()
            if line.strip() and "arcadeforge.service" not in line
        ]
        assert complaints == [], complaints


def test_the_settings_file_is_readable_by_root_and_the_cabinets_group_only(pi_root):
    """It may hold the broker password: not world-readable (0640, group arcade)."""
    out = install(pi_root, "--dry-run").stdout
    settings = pi_root / "etc/arcadeforge/cabinet.yaml"
    assert oct(settings.stat().st_mode & 0o777) == "0o640"
    assert "would run: chgrp arcade /etc/arcadeforge/cabinet.yaml" in out


def test_an_older_world_readable_settings_file_is_made_private_and_left_as_it_was(pi_root):
    settings = pi_root / "etc/arcadeforge/cabinet.yaml"
    settings.parent.mkdir(parents=True)
    settings.write_text("network:\n  password: s3cret\n")
    settings.chmod(0o664)  # as earlier versions of the installer left it
    os.utime(settings, ns=(1_000_000_000, 1_000_000_000))
    out = install(pi_root, "--dry-run").stdout
    assert oct(settings.stat().st_mode & 0o777) == "0o640"
    assert settings.read_text() == "network:\n  password: s3cret\n"
    assert settings.stat().st_mtime_ns == 1_000_000_000
    assert (
        "permissions: /etc/arcadeforge/cabinet.yaml readable by root and group arcade only (0640)"
        in out
    )
    assert "s3cret" not in out
    assert "nothing to do, already installed" in install(pi_root, "--dry-run").stdout


def test_data_dir_writes_no_temporary_file_another_user_could_have_planted(pi_root, tmp_path):
    """The installer runs as root: a link planted under the temporary file's name must not make it
    write through the link (a fixed name, or one from the process id, can be guessed)."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("root's file\n")
    env = {k: v for k, v in os.environ.items() if k != "DESTDIR"}
    env.update(DESTDIR=str(pi_root), TMPDIR=str(scratch))
    # The link is planted under the name of the very process that then becomes the installer.
    plant = 'ln -s "$1" "$TMPDIR/arcadeforge-mount.$$" && exec "$0" "$2" --dry-run --data-dir=/data/arcadeforge'
    result = subprocess.run(
        [BASH, "-c", plant, BASH, str(victim), str(INSTALLER)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert victim.read_text() == "root's file\n"
    assert (
        "What=/data/arcadeforge/state"
        in (pi_root / "etc/systemd/system/var-lib-arcadeforge.mount").read_text()
    )
    assert [p.is_symlink() for p in scratch.iterdir()] == [
        True
    ]  # ours cleaned up, the planted one left


def dry_run_with_apt(
    tmp_path: Path, candidate: str, installed: tuple[str, ...] = (), offered: tuple[str, ...] = ()
) -> str:
    """A dry run onto this machine whose apt-cache offers python3-lgpio at ``candidate`` ("(none)": not at all)
    and the packages ``offered``, and whose dpkg has exactly the packages ``installed``."""
    stubs = tmp_path / "bin"
    stubs.mkdir()
    apt_cache = stubs / "apt-cache"
    apt_cache.write_text(
        f'#!/bin/sh\n[ "$2" = python3-lgpio ] && printf "python3-lgpio:\\n  Installed: (none)\\n'
        f'  Candidate: {candidate}\\n"\n'
        f'case " {" ".join(offered)} " in *" $2 "*) printf "$2:\\n  Candidate: 1.0\\n" ;; esac\nexit 0\n'
    )
    dpkg_query = stubs / "dpkg-query"
    dpkg_query.write_text(
        f'#!/bin/sh\nfor p; do :; done\ncase " {" ".join(installed)} " in *" $p "*) printf "ii " ;; *) exit 1 ;; esac\n'
    )
    for stub in (apt_cache, dpkg_query):
        stub.chmod(0o755)
    env = dict(os.environ, PATH=f"{stubs}:{os.environ['PATH']}")
    env.pop("DESTDIR", None)
    result = subprocess.run(
        [BASH, str(INSTALLER), "--dry-run"], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_plain_debian_without_python3_lgpio_takes_the_pinned_pypi_wheel_or_builds_it(tmp_path):
    out = dry_run_with_apt(tmp_path, "(none)")
    [apt_install] = [line for line in out.splitlines() if "apt-get install" in line]
    assert "python3-lgpio" not in apt_install
    lgpio, program = [line for line in out.splitlines() if "pip install" in line]
    assert "--only-binary lgpio 'lgpio>=0.2'" in lgpio
    assert "build it once from the sdist, installing swig gcc libc6-dev python3-dev" in lgpio
    assert "--only-binary pygame-ce\\,lgpio" in program and "lgpio>=" not in program
    assert "no python3-lgpio in this system's apt archives" in out


@pytest.mark.parametrize(
    ("installed", "offered", "named"),
    [
        ((), ("libasound2t64",), "libasound2t64"),  # a fresh Debian 13: only the new name
        ((), ("libasound2",), "libasound2"),  # a fresh Debian 12
        (("libasound2t64",), ("libasound2t64",), None),  # Debian 13, installed: nothing to do
        (("libasound2",), ("libasound2", "libasound2t64"), None),
    ],
)
def test_alsa_is_asked_for_by_the_name_this_debian_gives_it(tmp_path, installed, offered, named):
    out = dry_run_with_apt(tmp_path, "1.0", installed, offered)
    [apt_install] = [line for line in out.splitlines() if "apt-get install" in line]
    asked = [word for word in apt_install.split() if word.startswith("libasound2")]
    assert asked == ([named] if named else [])


def test_raspberry_pi_os_keeps_python3_lgpio_from_apt(tmp_path):
    out = dry_run_with_apt(tmp_path, "0.2.2-1~rpt1")
    [apt_install] = [line for line in out.splitlines() if "apt-get install" in line]
    assert apt_install.endswith("python3-lgpio")
    assert "lgpio>=0.2" not in out and r"lgpio\>=0.2" not in out


def test_doctor_alone_on_a_machine_without_the_cabinet_says_so_in_one_line(pi_root):
    env = dict(os.environ, DESTDIR=str(pi_root))
    result = subprocess.run(
        [BASH, str(INSTALLER), "--doctor"], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 1
    assert (
        result.stderr == f"install.sh: the cabinet is not installed here; run {INSTALLER} first\n"
    )


def release_name() -> str:
    """This checkout's release as the installer names it: version + src. + its fingerprint's start."""
    out = subprocess.run(
        [BASH, str(INSTALLER), "--dry-run"], capture_output=True, text=True, timeout=60
    ).stdout
    return re.search(r"releases/(\S+)/venv", out).group(1)


def test_the_program_goes_in_as_a_release_the_unit_runs_through_current(pi_root):
    out = install(pi_root, "--dry-run").stdout
    name = release_name()
    version = re.search(r'^version = "(.*)"$', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    assert name.startswith(f"{version}+src.")
    assert (
        f"would run: python3 -m venv --system-site-packages /opt/arcadeforge/releases/{name}/venv"
        in out
    )
    opt = pi_root / "opt/arcadeforge"
    assert os.readlink(opt / "current") == f"releases/{name}"
    assert os.readlink(opt / "venv") == "current/venv", (
        "scripts that name the old venv still find the program"
    )
    assert (
        "ExecStart=/opt/arcadeforge/current/venv/bin/python -m cabinet"
        in (pi_root / "etc/systemd/system/arcadeforge.service").read_text()
    )
    assert (
        f"would run: /opt/arcadeforge/releases/{name}/venv/bin/python -c import" in out
    )  # the prune, below
    # No .complete under DESTDIR: nothing was built, so no release there counts as usable.
    assert not (opt / "releases").exists()


def test_an_install_in_the_old_venv_moves_to_the_release_layout_once(pi_root):
    old = pi_root / "opt/arcadeforge/venv"
    (old / "bin").mkdir(parents=True)
    (old / "bin/python").write_text("the venv of an earlier install")
    out = install(pi_root, "--dry-run").stdout
    assert "removed: /opt/arcadeforge/venv (the layout before releases" in out
    assert old.is_symlink() and os.readlink(old) == "current/venv"
    # The old venv goes only once the cabinet, which runs from it, is stopped.
    lines = out.splitlines()
    assert lines[lines.index("linked: /opt/arcadeforge/venv -> current/venv") + 1].startswith(
        "would check: "
    )
    assert "nothing to do, already installed" in install(pi_root, "--dry-run").stdout


def test_the_updater_is_installed_enabled_and_removed_with_the_cabinet(pi_root):
    out = install(pi_root, "--dry-run").stdout
    unit = pi_root / "etc/systemd/system/arcadeforge-updater.service"
    assert unit.read_bytes() == (ROOT / "systemd/arcadeforge-updater.service").read_bytes()
    assert "would run: systemctl enable arcadeforge-updater.service" in out
    assert "would run: systemctl restart arcadeforge-updater.service" in out
    gone = install(pi_root, "--dry-run", "--uninstall").stdout
    assert (
        not unit.exists()
        and "would run: systemctl disable --now arcadeforge-updater.service" in gone
    )


def test_release_key_puts_the_public_key_where_the_updater_reads_it(pi_root, tmp_path):
    from cabinet.update.cli import DEFAULT_PUBLIC_KEY
    from cabinet.update.signing import load_public, make_key_pair

    make_key_pair(tmp_path / "release-key.pem", tmp_path / "release-key.pub")
    out = install(pi_root, "--dry-run", f"--release-key={tmp_path / 'release-key.pub'}").stdout
    installed = pi_root / str(DEFAULT_PUBLIC_KEY).lstrip("/")
    assert installed.read_bytes() == (tmp_path / "release-key.pub").read_bytes()
    assert oct(installed.stat().st_mode & 0o777) == "0o644"
    load_public(installed)  # the updater can read what the installer put there
    assert f"installed: {DEFAULT_PUBLIC_KEY}" in out
    again = install(pi_root, "--dry-run").stdout
    assert (
        "nothing to do, already installed" in again and f"unchanged: {DEFAULT_PUBLIC_KEY}" in again
    )


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("private", "is a private key; only the public key (release-key.pub) goes on a cabinet"),
        (
            "ed25519 not-base64\n",
            "is not a release-key.pub made by python -m cabinet release keygen",
        ),
    ],
)
def test_a_private_or_unreadable_release_key_is_refused_and_nothing_changes(
    pi_root, tmp_path, content, why
):
    from cabinet.update.signing import make_key_pair

    make_key_pair(tmp_path / "release-key.pem", tmp_path / "release-key.pub")
    offered = tmp_path / "release-key.pem"
    if content != "private":
        offered = tmp_path / "offered.pub"
        offered.write_text(content)
    before = snapshot(pi_root)
    env = dict(os.environ, DESTDIR=str(pi_root))
    result = subprocess.run(
        [BASH, str(INSTALLER), "--dry-run", f"--release-key={offered}"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr == f"install.sh: --release-key: {offered} {why}\n"
    assert snapshot(pi_root) == before


def test_the_installer_keeps_current_previous_and_one_more_by_the_updaters_rule(tmp_path):
    from cabinet.update.releases import COMPLETE, Releases

    code = subprocess.run(
        [
            BASH,
            "-c",
            f'eval "$(grep -A1 "^readonly PRUNE_RELEASES=" {INSTALLER})"; printf %s "$PRUNE_RELEASES"',
        ],
        capture_output=True,
        text=True,
        timeout=30,
    ).stdout
    releases = Releases(tmp_path / "opt")
    for version in ("0.1.0+src.1", "0.1.0+src.2", "0.1.0+src.3", "0.1.0+src.4"):
        (releases.folder / version).mkdir(parents=True)
        (releases.folder / version / COMPLETE).write_text("{}")
        releases.switch(version)
    done = subprocess.run(
        [sys.executable, "-c", code, str(releases.root)], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout) == (0, "0.1.0+src.1\n"), done.stderr
    assert sorted(releases.installed()) == ["0.1.0+src.2", "0.1.0+src.3", "0.1.0+src.4"]


def complete(root: Path, version: str) -> None:
    """A release folder as `release install` or a live installer run leaves it, usable."""
    (root / "opt/arcadeforge/releases" / version).mkdir(parents=True)
    (root / "opt/arcadeforge/releases" / version / ".complete").write_text("{}")


def test_a_new_checkout_becomes_current_and_the_release_before_it_previous(pi_root):
    complete(pi_root, "0.0.9")
    os.symlink("releases/0.0.9", pi_root / "opt/arcadeforge/current")
    out = install(pi_root, "--dry-run").stdout
    opt = pi_root / "opt/arcadeforge"
    assert os.readlink(opt / "current") == f"releases/{release_name()}"
    assert os.readlink(opt / "previous") == "releases/0.0.9"
    assert "linked: /opt/arcadeforge/previous -> releases/0.0.9" in out


def test_a_rerun_keeps_a_release_the_updater_switched_to(pi_root):
    """The installer run again for another option (a key, a data partition) must not go back."""
    complete(pi_root, release_name())
    complete(pi_root, "0.2.0")
    os.symlink("releases/0.2.0", pi_root / "opt/arcadeforge/current")
    out = install(pi_root, "--dry-run").stdout
    assert os.readlink(pi_root / "opt/arcadeforge/current") == "releases/0.2.0"
    assert "kept: /opt/arcadeforge/current -> releases/0.2.0 (switched by release update)" in out
    assert "pip install" not in out
