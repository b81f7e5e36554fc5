"""``python -m cabinet release``: the office's steps and the cabinet's, through the command line."""

import platform
import sys
from pathlib import Path

from cabinet.__main__ import main
from cabinet.storage.migrations import SCHEMA_VERSION
from support.wheels import make_wheel

PYTHON = f"{sys.version_info[0]}.{sys.version_info[1]}"


def built(tmp_path, version: str, arch: str) -> tuple[int, Path, Path]:
    """The office's keygen, then a build of a one-wheel house for ``arch``: (build's exit, keys, out)."""
    keys, house, out = tmp_path / "keys", tmp_path / "house", tmp_path / "out"
    main(["release", "keygen", str(keys)])
    house.mkdir()
    make_wheel(house, "arcadeforge_verse", version)
    build = ["release", "build", "--key", str(keys / "release-key.pem"), "--wheelhouse", str(house)]
    return main([*build, "--python", PYTHON, "--arch", arch, "--out", str(out)]), keys, out


def test_keygen_build_verify_install_switch_and_list(tmp_path, capsys):
    code, keys, out = built(tmp_path, "9.1", platform.machine())
    assert code == 0
    assert main(["release", "keygen", str(keys)]) == 3, (
        "a second keygen must not replace the office's key"
    )
    root = tmp_path / "opt"
    bundle = out / f"arcadeforge-9.1-py{PYTHON}-{platform.machine()}.tar"
    assert f"release 9.1, schema {SCHEMA_VERSION}" in capsys.readouterr().out
    public = ["--key", str(keys / "release-key.pub")]
    assert main(["release", "verify", str(bundle), *public]) == 0
    assert "ok, release 9.1" in capsys.readouterr().out
    assert main(["release", "install", str(bundle), *public, "--root", str(root)]) == 0
    assert main(["release", "switch", "9.1", "--root", str(root)]) == 0
    capsys.readouterr()
    assert main(["release", "list", "--root", str(root)]) == 0
    assert capsys.readouterr().out == "9.1\tcurrent\n"
    assert main(["release", "switch", "9.0", "--root", str(root)]) == 3


def test_a_bundle_for_another_machine_is_refused_with_exit_3_and_one_line(tmp_path, capsys):
    other = "armv7l" if platform.machine() != "armv7l" else "x86_64"
    _, keys, out = built(tmp_path, "9.2", other)
    capsys.readouterr()
    bundle = next(out.glob("*.tar"))
    assert main(["release", "verify", str(bundle), "--key", str(keys / "release-key.pub")]) == 3
    said = capsys.readouterr().err
    assert (
        said
        == f"release verify: {bundle.name}: built for {other}, this cabinet is {platform.machine()}\n"
    )
