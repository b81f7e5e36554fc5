"""check-config, run from a shell, answers as the service would (issue 20, finding 8).

A shell has no $STATE_DIRECTORY, so check-config used to read the user's own
state folder: no last good copy, and a broken value was reported as going back
to its factory value ("using true": free play) where the service, with its
state folder, goes back to the last good one. The system file is the service's,
so check-config now compares it with the service's last good copy.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cabinet.__main__ import main
from cabinet.settings import load as config
from cabinet.settings.last_good import FILE_NAME, load_for_cabinet
from cabinet.settings.load import SHIPPED_CONFIG
from cabinet.system import paths
from support import ROOT

PAID = SHIPPED_CONFIG.read_text(encoding="utf-8").replace(
    "  free_play: true ", "  free_play: false", 1
)
BROKEN = PAID.replace("  free_play: false", "  free_play: maybe", 1)


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """An installed cabinet: the system file, and the service's state folder holding the last good
    copy the service wrote (a paid cabinet); then a shell without the service's environment."""
    etc, service = tmp_path / "etc", tmp_path / "var-lib-arcadeforge"
    etc.mkdir()
    service.mkdir()
    system = etc / "cabinet.yaml"
    system.write_text(PAID, encoding="utf-8")
    monkeypatch.setattr(config, "SYSTEM_CONFIG", system)
    monkeypatch.setattr(paths, "SERVICE_STATE_DIR", service, raising=False)
    monkeypatch.setenv("STATE_DIRECTORY", str(service))  # the service's own start
    monkeypatch.setenv("CABINET_CONFIG", str(system))
    assert load_for_cabinet().settings.credits.free_play is False
    assert (service / FILE_NAME).is_file()
    monkeypatch.delenv("STATE_DIRECTORY")  # now an operator's shell
    monkeypatch.delenv("CABINET_CONFIG")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "operator-home"))
    system.write_text(BROKEN, encoding="utf-8")
    return system


@pytest.mark.parametrize(
    "argv", [["check-config", "SYSTEM"], ["check-config"], ["--config", "SYSTEM", "check-config"]]
)
def test_check_config_from_a_shell_uses_the_services_last_good_settings(installed, argv, capsys):
    assert main([str(installed) if arg == "SYSTEM" else arg for arg in argv]) == 1
    out, err = capsys.readouterr()
    assert (
        "credits.free_play: must be true or false, got 'maybe'; using the last good value false"
        in out
    )
    assert "using true" not in out and err == ""
    assert not (Path(installed).parent.parent / "operator-home").exists(), (
        "check-config writes nothing"
    )


def test_a_last_good_copy_that_cannot_be_read_is_said_on_one_line(installed, capsys):
    copy = paths.SERVICE_STATE_DIR / FILE_NAME
    copy.unlink()
    copy.mkdir()  # as unreadable as a copy the operator's user may not read
    assert main(["check-config", str(installed)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(
        f"check-config: the cabinet's last good settings {copy} is a folder, not a file: "
    )
    assert err.count("\n") == 1 and "run check-config as root or the cabinet's user" in err
    assert "using true" in out, "said as it is: the factory value"


def test_another_file_is_checked_against_the_users_own_last_good_settings(
    installed, tmp_path, capsys
):
    """A desktop cabinet (a checkout run by its user) keeps its copy in the user's own state folder."""
    mine = tmp_path / "mine.yaml"
    mine.write_text(BROKEN, encoding="utf-8")
    assert main(["check-config", str(mine)]) == 1
    assert "got 'maybe'; using true" in capsys.readouterr().out, (
        "this user's cabinet never loaded a good file"
    )


def test_the_service_state_folder_is_the_units():
    unit = (ROOT / "systemd" / "arcadeforge.service").read_text()
    [names] = re.findall(r"^StateDirectory=(.+)$", unit, re.M)
    # The first is the state folder ($STATE_DIRECTORY's first); the second the books' mirror.
    assert Path("/var/lib") / names.split()[0] == paths.SERVICE_STATE_DIR
