"""SIGKILL of a real ``release install`` while it verifies, unpacks and builds the venv: the cabinet
still starts on its one complete release, and the next install goes through."""

import os
import platform
import signal
import subprocess
import sys
import time

import pytest

from cabinet.update.bundle import build
from cabinet.update.releases import COMPLETE, Releases
from cabinet.update.signing import load_private, make_key_pair
from support import ROOT
from support.wheels import make_wheel

PYTHON = f"{sys.version_info[0]}.{sys.version_info[1]}"


@pytest.fixture
def office(tmp_path):
    make_key_pair(tmp_path / "release.pem", tmp_path / "release.pub")

    def bundle(version: str):
        house = tmp_path / f"house-{version}"
        house.mkdir()
        make_wheel(
            house, "demo_cab", version, body="PADDING = " + repr("x" * (1 << 20)) + "\n"
        )  # time to verify
        return build(
            house,
            tmp_path / "bundles",
            load_private(tmp_path / "release.pem"),
            version=version,
            python=PYTHON,
            arch=platform.machine(),
            package="demo_cab",
            schema=1,
        )

    return bundle


def install(bundle, tmp_path, root) -> subprocess.Popen:
    command = [sys.executable, "-m", "cabinet", "release", "install", str(bundle)]
    command += ["--key", str(tmp_path / "release.pub"), "--root", str(root)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def running(root) -> str:
    python = root / "current" / "venv" / "bin" / "python"
    done = subprocess.run(
        [str(python), "-c", "import demo_cab; print(demo_cab.VERSION)"],
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def test_a_killed_install_leaves_the_running_release_and_the_next_install_works(office, tmp_path):
    root = tmp_path / "opt"
    first = install(office("1.0"), tmp_path, root)
    assert first.wait(120) == 0, first.stdout.read()
    Releases(root).switch("1.0")
    bundle = office("2.0")
    # Each kill lands later: opening the tar, hashing, copying the wheels out, making the venv, pip.
    started = time.monotonic()
    whole = install(bundle, tmp_path, root)
    assert whole.wait(120) == 0
    took = time.monotonic() - started
    (
        root / "releases" / "2.0" / COMPLETE
    ).unlink()  # as if never finished: the next one starts again
    for fraction in (0.15, 0.4, 0.65, 0.9):
        killed = install(bundle, tmp_path, root)
        time.sleep(took * fraction)
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        releases = Releases(root)
        assert (releases.current(), running(root)) == ("1.0", "1.0")
        assert "2.0" not in releases.installed() or (root / "releases" / "2.0" / COMPLETE).is_file()
    again = install(bundle, tmp_path, root)
    assert again.wait(120) == 0, again.stdout.read()
    Releases(root).switch("2.0")
    assert running(root) == "2.0"
