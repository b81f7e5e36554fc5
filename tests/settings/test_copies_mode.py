"""The copies the cabinet makes of a settings file never let more people read it (issue 20).

A settings file may hold the broker password. Older installs left
/etc/arcadeforge/cabinet.yaml world-readable; its broken and last-good copies
must be readable by their owner and group only, whatever the original's mode.
"""

import os

from cabinet.settings.last_good import load_for_cabinet
from cabinet.settings.save import save_settings
from support.settings import SHIPPED


def _modes(*paths) -> list[str]:
    return [oct(path.stat().st_mode & 0o777) for path in paths]


def test_copies_of_a_world_readable_settings_file_are_not_world_readable(tmp_path, monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "cabinet.yaml"
    path.write_text(
        SHIPPED.replace('password: ""', 'password: "s3cret"', 1).replace(
            "free_play: true ", "free_play: maybe", 1
        ),
        encoding="utf-8",
    )
    path.chmod(0o664)
    loaded = load_for_cabinet(path)
    last_good = tmp_path / "state" / "settings.last-good.yaml"
    backup = save_settings(path, loaded.settings)
    assert "s3cret" in last_good.read_text() and "s3cret" in backup.read_text()
    assert _modes(path, backup, last_good) == [
        "0o664",
        "0o640",
        "0o640",
    ]  # the file itself is the operator's


def test_an_older_last_good_copy_is_made_private_when_it_is_next_written(tmp_path, monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "cabinet.yaml"
    path.write_text(SHIPPED, encoding="utf-8")
    os.chmod(path, 0o644)
    load_for_cabinet(path)
    last_good = tmp_path / "state" / "settings.last-good.yaml"
    last_good.chmod(0o666)  # as an older version left it
    path.write_text(SHIPPED.replace("free_play: true ", "free_play: false", 1), encoding="utf-8")
    load_for_cabinet(path)
    assert "free_play: false" in last_good.read_text()
    assert _modes(last_good) == ["0o640"]
