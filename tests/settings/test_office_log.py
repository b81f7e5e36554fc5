"""The memory of settings from the office, read back from a state folder that may be damaged."""

from __future__ import annotations

import json
import logging
import os

import pytest

from cabinet.settings.office_log import MEMORY_NAME, OfficeRecord

DAMAGE = {
    "nested past Python's recursion limit": lambda path: path.write_text("[" * 200_000),
    "a pipe in its place (open would wait for a writer for ever)": lambda path: os.mkfifo(path),
    "a runaway file": lambda path: path.write_bytes(b" " * (2 << 20) + b"{}"),
    "bytes that are not UTF-8": lambda path: path.write_bytes(b'{"decided": {"\xe9": 1}}'),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_damaged_memory_starts_afresh_with_one_line_naming_the_file(tmp_path, caplog, damage):
    """A start with the fleet link on reads this file: it must never stop or hang the cabinet."""
    DAMAGE[damage](tmp_path / MEMORY_NAME)
    caplog.set_level(logging.WARNING)
    record = OfficeRecord(tmp_path)
    assert record.decided("group/bar") == "" and record.last_result() is None
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and MEMORY_NAME in lines[0] and "\n" not in lines[0], lines


def test_the_memory_is_read_back_after_a_restart(tmp_path):
    OfficeRecord(tmp_path).remember({"ok": True}, "group/bar", "2026-12-06T07:00:00Z")
    record = OfficeRecord(tmp_path)
    assert record.decided("group/bar") == "2026-12-06T07:00:00Z"
    assert json.loads((tmp_path / MEMORY_NAME).read_text())["result"] == {"ok": True}
