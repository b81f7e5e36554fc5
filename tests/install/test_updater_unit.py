"""systemd/arcadeforge-updater.service: it verifies, is hardened as far as its job allows, and finishes
an interrupted update before it watches for new ones."""

import subprocess

import pytest

from cabinet.update import cli
from cabinet.update.gate import DEFAULT_START_TIMEOUT
from support import ROOT, units

UPDATER = ROOT / "systemd" / "arcadeforge-updater.service"
CABINET = ROOT / "systemd" / "arcadeforge.service"
needs_analyze = pytest.mark.skipif(
    units.ANALYZE is None, reason="systemd-analyze is not installed (`make tools` as root)"
)


def values(key: str, section: str = "Service") -> list[str]:
    return units.values(UPDATER, key, section)


@needs_analyze
def test_the_updater_unit_verifies_without_a_single_warning(tmp_path):
    copy = units.runnable_copy(UPDATER, tmp_path)
    result = subprocess.run(
        [units.ANALYZE, "verify", str(copy)], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@needs_analyze
def test_the_updater_is_no_more_exposed_than_the_cabinet(tmp_path):
    """It runs as root (it writes /opt/arcadeforge and restarts the cabinet), yet scores no worse
    than the cabinet's own unit: 1.6 against 1.9 with systemd 252."""
    (tmp_path / "updater").mkdir()
    (tmp_path / "cabinet").mkdir()
    updater = units.exposure(units.runnable_copy(UPDATER, tmp_path / "updater"))
    cabinet = units.exposure(units.runnable_copy(CABINET, tmp_path / "cabinet"))
    assert updater <= cabinet, (updater, cabinet)


def test_every_directive_has_a_comment_above_it():
    assert units.uncommented(UPDATER) == []


def test_it_finishes_an_interrupted_update_then_watches():
    python = "/opt/arcadeforge/{}/venv/bin/python"
    # The current release resumes; if it cannot even run, the previous one does. Neither fails the start.
    assert values("ExecStartPre") == [
        f"-{python.format(name)} -m cabinet release resume" for name in ("current", "previous")
    ]
    assert values("ExecStart") == [f"{python.format('current')} -m cabinet release watch"]
    assert values("Restart") == ["always"] and values("StartLimitIntervalSec", "Unit") == ["0"]
    # Resuming may wait out a whole health window before the updater counts as started.
    minutes = int(values("TimeoutStartSec")[0].removesuffix("min"))
    assert minutes * 60 >= DEFAULT_START_TIMEOUT + cli.DEFAULT_WINDOW + 60


def test_it_writes_the_releases_and_its_journal_and_reads_the_key_where_the_cli_looks():
    assert (
        values("User") == []
    )  # root: the cabinet's user must not be able to change its own program
    assert values("ProtectSystem") == ["strict"]
    assert values("ReadWritePaths") == ["/opt/arcadeforge"]
    assert [f"/var/lib/{name}" for name in values("StateDirectory")] == [
        str(cli.DEFAULT_JOURNAL.parent)
    ]
    assert [f"/etc/{name}" for name in values("ConfigurationDirectory")] == [
        str(cli.DEFAULT_PUBLIC_KEY.parent)
    ]
    assert values("CapabilityBoundingSet") == [""]
    assert values("UMask") == ["0022"], (
        "the cabinet's user must be able to read the releases it runs"
    )


def test_it_can_read_the_cabinets_moment_without_a_capability():
    """The moment file lives in the cabinet's runtime folder, readable by the cabinet's group."""
    runtime_mode = int(units.values(CABINET, "RuntimeDirectoryMode")[0], 8)
    assert runtime_mode & 0o050 == 0o050
    assert values("SupplementaryGroups") == units.values(CABINET, "Group")
