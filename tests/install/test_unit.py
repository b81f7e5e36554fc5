"""systemd/arcadeforge.service: it verifies, stays hardened, and agrees with the program and installer."""

import re
import subprocess
from pathlib import Path

import pytest

from support import ROOT, units

UNIT = ROOT / "systemd" / "arcadeforge.service"
INSTALLER = ROOT / "systemd" / "install.sh"
ANALYZE = units.ANALYZE
needs_analyze = pytest.mark.skipif(
    ANALYZE is None, reason="systemd-analyze is not installed (`make tools` installs it as root)"
)


def values(key: str, section: str = "Service") -> list[str]:
    return units.values(UNIT, key, section)


def environment() -> dict[str, str]:
    return dict(entry.split("=", 1) for entry in values("Environment"))


def runnable_copy(tmp_path: Path) -> Path:
    return units.runnable_copy(UNIT, tmp_path)


@needs_analyze
def test_the_unit_verifies_without_a_single_warning(tmp_path):
    result = subprocess.run(
        [ANALYZE, "verify", str(runnable_copy(tmp_path))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""


@needs_analyze
def test_the_only_complaint_about_the_shipped_unit_is_the_venv_missing_here():
    result = subprocess.run(
        [ANALYZE, "verify", str(UNIT)], capture_output=True, text=True, timeout=60
    )
    complaints = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    if Path("/opt/arcadeforge/current/venv/bin/python").exists():
        assert complaints == []
    else:
        assert complaints and all(
            "/opt/arcadeforge/current/venv/bin/python" in line for line in complaints
        )


@needs_analyze
def test_the_unit_stays_hardened(tmp_path):
    # Exposure 0.0 (locked down) to 10.0 (wide open); the unit scores 1.7 with every device it needs.
    result = subprocess.run(
        [
            ANALYZE,
            "security",
            "--offline=yes",
            "--threshold=25",
            "--no-pager",
            str(runnable_copy(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout[-400:] + result.stderr


def test_every_directive_has_a_comment_above_it():
    assert units.uncommented(UNIT) == []


def test_it_is_a_notify_service_that_always_comes_back():
    assert values("Type") == ["notify"]
    assert values("NotifyAccess") == ["main"]
    assert values("Restart") == ["always"]
    restart, watchdog = float(values("RestartSec")[0]), float(values("WatchdogSec")[0])
    abort = float(values("TimeoutAbortSec")[0])
    # A hung loop is back on screen at worst WatchdogSec + TimeoutAbortSec + RestartSec later.
    assert restart + watchdog + abort <= 15
    assert values("StartLimitIntervalSec", "Unit") == ["0"]


def test_it_runs_the_current_release_as_the_installers_user():
    installer = INSTALLER.read_text()
    prefix = re.search(r"^readonly PREFIX=(\S+)$", installer, re.M).group(1)
    user = re.search(r"^readonly CABINET_USER=(\S+)$", installer, re.M).group(1)
    groups = re.search(r"^readonly CABINET_GROUPS=\((.*)\)$", installer, re.M).group(1).split()
    assert values("ExecStart") == [f"{prefix}/current/venv/bin/python -m cabinet"]
    assert values("User") == [user]
    assert values("SupplementaryGroups")[0].split() == groups
    assert set(groups) == {"gpio", "video", "render", "input", "audio"}


def test_display_sound_and_folders_reach_the_program():
    env = environment()
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["SDL_AUDIODRIVER"] == "alsa"
    # systemd exports $STATE_DIRECTORY for StateDirectory=; cabinet.system.paths reads it.
    # The second is the books' mirror (storage.books_mirror: "" picks it), apart from the first.
    assert values("StateDirectory") == ["arcadeforge arcadeforge-books"]
    assert "STATE_DIRECTORY" not in env
    assert values("ConfigurationDirectory") == ["arcadeforge"]
    assert env["CABINET_CONFIG"] == "/etc/arcadeforge/cabinet.yaml"
    assert values("RuntimeDirectory") == ["arcadeforge"]
    assert env["LG_WD"] == "/run/arcadeforge"
    # The service menu saves settings next to the file: that folder must stay writable.
    assert "/etc/arcadeforge" in values("ReadWritePaths")


def test_the_devices_get_through_the_hardening():
    assert values("ProtectSystem") == ["strict"]
    for key in (
        "ProtectHome",
        "PrivateTmp",
        "NoNewPrivileges",
        "ProtectKernelTunables",
        "ProtectKernelModules",
    ):
        assert values(key) == ["yes"], key
    assert values("PrivateDevices") == []  # it would hide the GPIO, screen, input and sound devices
    assert values("DevicePolicy") == ["closed"]
    allowed = {entry.split()[0] for entry in values("DeviceAllow")}
    assert allowed == {"char-gpiochip", "char-drm", "char-input", "char-alsa"}
    # Local sockets, plus IPv4/IPv6 for the fleet link's MQTT broker (issue 15): nothing else.
    assert set(values("RestrictAddressFamilies")[0].split()) == {
        "AF_UNIX",
        "AF_NETLINK",
        "AF_INET",
        "AF_INET6",
    }


def test_the_state_folder_the_unit_names_is_where_the_program_writes(monkeypatch, tmp_path):
    from cabinet.system.paths import state_dir

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "arcadeforge"))
    assert state_dir() == tmp_path / "arcadeforge"
    assert state_dir().is_dir()


def test_log_lines_reach_the_journal_at_their_own_priority():
    # The program prefixes <N> (cabinet.system.journal); stray lines (tracebacks, hang dumps) are warnings.
    assert values("SyslogLevelPrefix") == ["yes"]
    assert values("SyslogLevel") == ["warning"]


def test_the_screen_is_double_buffered_for_a_frame_less_of_latency():
    assert environment()["SDL_VIDEO_DOUBLE_BUFFER"] == "1"
