"""The broker password as the cabinet reads it from ``network.password_file``."""

from __future__ import annotations

import pytest

from cabinet.network.client import SetupError, password
from cabinet.settings.schema import NetworkSettings


def test_a_password_written_in_password_file_by_mistake_is_never_shown():
    """The operator's likeliest slip: the password itself where its file's path belongs."""
    settings = NetworkSettings(password_file="Zq7-hunter2")
    with pytest.raises(SetupError) as refused:
        password(settings)
    line = str(refused.value)
    assert "Zq7-hunter2" not in line
    assert line.startswith("network.password_file:") and "\n" not in line


def test_a_password_file_that_cannot_be_read_is_named(tmp_path):
    unreadable = tmp_path / "mqtt-password"
    unreadable.write_bytes(b"caf\xe9\n")
    with pytest.raises(SetupError, match=str(unreadable)):
        password(NetworkSettings(password_file=str(unreadable)))


def test_a_password_file_saved_by_a_windows_editor_gives_the_password(tmp_path):
    """Notepad starts a UTF-8 file with a byte-order mark and ends lines with CR LF."""
    saved = tmp_path / "mqtt-password"
    saved.write_bytes("\ufeffZq7-hunter2\r\n".encode())
    assert password(NetworkSettings(password_file=str(saved))) == "Zq7-hunter2"
