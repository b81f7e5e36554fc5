"""systemd unit files as the tests read them: directives in order, and copies that run here."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ANALYZE = shutil.which("systemd-analyze")


def directives(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) for every directive, in order; repeated keys kept."""
    section, found = "", []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.append((section, key, value))
    return found


def values(unit: Path, key: str, section: str = "Service") -> list[str]:
    return [v for s, k, v in directives(unit.read_text()) if s == section and k == key]


def uncommented(unit: Path) -> list[str]:
    """Directives with no comment line right above them."""
    lines = unit.read_text().splitlines()
    directive_lines = zip([""] + lines, lines)
    return [
        line
        for before, line in directive_lines
        if line and line[0] not in "#[" and not before.startswith("#")
    ]


def runnable_copy(unit: Path, folder: Path) -> Path:
    """The unit with every Exec line's /opt/arcadeforge Python pointed at this machine's, which exists."""
    text = re.sub(
        r"(?m)^(Exec\w+=-?)/opt/arcadeforge/\S+", rf"\g<1>{sys.executable}", unit.read_text()
    )
    copy = folder / unit.name
    copy.write_text(text)
    return copy


def exposure(unit: Path) -> float:
    """``systemd-analyze security``'s overall exposure (0.0 locked down to 10.0 wide open)."""
    result = subprocess.run(
        [ANALYZE, "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout)
    assert found, result.stdout[-400:] + result.stderr
    return float(found.group(1))
