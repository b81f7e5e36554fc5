"""The installer keeps a USB keyboard's console keys from the system (issue 38, notes)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from support import ROOT

BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")


def _install(root, *options: str) -> str:
    env = dict(os.environ, DESTDIR=str(root))
    result = subprocess.run(
        [BASH, str(ROOT / "systemd" / "install.sh"), "--dry-run", *options],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_install_masks_ctrl_alt_del_and_turns_sysrq_off_and_uninstall_undoes_both(tmp_path):
    (tmp_path / "boot" / "firmware").mkdir(parents=True)
    (tmp_path / "boot" / "firmware" / "cmdline.txt").write_text("console=tty1 rootwait\n")
    out = _install(tmp_path)
    conf = tmp_path / "etc/sysctl.d/90-arcadeforge-sysrq.conf"
    assert "kernel.sysrq = 0" in conf.read_text().splitlines()
    assert oct(conf.stat().st_mode & 0o777) == "0o644"
    assert "would run: systemctl mask ctrl-alt-del.target" in out
    assert "would run: sysctl -q -w kernel.sysrq=0" in out
    assert "unchanged: /etc/sysctl.d/90-arcadeforge-sysrq.conf" in _install(tmp_path)
    out = _install(tmp_path, "--uninstall")
    assert not conf.exists()
    assert "would run: systemctl unmask ctrl-alt-del.target" in out
