"""tools/japanese_font.py makes the shipped large Japanese fonts again, byte for byte, from Debian's Shinonome."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.render import dot_fonts
from support import ROOT

DEBIAN = [Path(f"/usr/share/fonts/X11/misc/shnmk{dots}b.pcf.gz") for dots in dot_fonts.LARGE_DOTS]


@pytest.mark.skipif(
    shutil.which("pcf2bdf") is None or not all(path.exists() for path in DEBIAN),
    reason="needs Debian's xfonts-shinonome and pcf2bdf (apt-get install xfonts-shinonome pcf2bdf)",
)
def test_the_tool_makes_the_shipped_fonts_again(tmp_path):
    made = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "japanese_font.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    for path in dot_fonts.SHINONOME.values():
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), (
            f"{path.name}: run tools/japanese_font.py"
        )
