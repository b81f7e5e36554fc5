"""An installed cabinet (pip install, as the Pi installer does) carries its factory settings file."""

import shutil
import subprocess
import sys
import zipfile

from cabinet.settings.load import SHIPPED_CONFIG, shipped_config
from support import ROOT


def test_an_installed_package_finds_the_factory_file_under_share(tmp_path):
    prefix = tmp_path / "venv"
    package_dir = prefix / "lib" / "python3.11" / "site-packages" / "cabinet"
    package_dir.mkdir(parents=True)
    assert (
        shipped_config(str(prefix), package_dir) == package_dir.parent / "config" / "cabinet.yaml"
    )
    installed = prefix / "share" / "arcadeforge" / "cabinet.yaml"
    installed.parent.mkdir(parents=True)
    installed.write_text("blocks: {}\n")
    assert shipped_config(str(prefix), package_dir) == installed


def test_a_checkout_uses_its_own_config_folder():
    assert SHIPPED_CONFIG == ROOT / "config" / "cabinet.yaml"


def test_the_wheel_carries_config_cabinet_yaml(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("cabinet", "config"):
        shutil.copytree(
            ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp_path / "wheel"),
            str(source),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    wheel = next((tmp_path / "wheel").glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        data = [
            name for name in archive.namelist() if name.endswith("share/arcadeforge/cabinet.yaml")
        ]
        assert len(data) == 1
        assert archive.read(data[0]).decode() == (ROOT / "config" / "cabinet.yaml").read_text()
        shipped = set(archive.namelist())
    for needed in (
        "cabinet/render/fonts/misaki_gothic.ttf",
        "cabinet/render/fonts/misaki-copyright",
        "cabinet/render/fonts/shinonome_bold_12.bdf",
        "cabinet/render/fonts/shinonome_bold_16.bdf",
        "cabinet/render/fonts/shinonome-copyright",
        "cabinet/language/ja/player.toml",
        "cabinet/language/ms/player.toml",
    ):
        assert needed in shipped


def test_the_sdl_the_cabinet_loads_can_draw_with_kms_drm():
    """pygame-ce's own SDL must keep its KMSDRM driver: without it a Pi cabinet has no screen.

    Asks the SDL library pygame actually loaded (SDL_GetVideoDriver), so a dependency
    change that brings an SDL without KMSDRM fails here, not on an operator's Pi.
    """
    import pygame

    from cabinet.render.sdl_drivers import loaded_sdl, video_drivers

    drivers = video_drivers()
    assert "KMSDRM" in drivers, f"{loaded_sdl()} has only {drivers}"
    assert "dummy" in drivers
    assert getattr(pygame, "IS_CE", False), "the cabinet runs on pygame-ce (pyproject.toml)"
