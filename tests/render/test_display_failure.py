"""A screen that cannot be opened: a few tries, one clear line, exit 4, and no restart loop (issue 14.6)."""

import argparse
import logging

import pygame
import pytest

from cabinet import app as app_module
from cabinet.render import display_failure
from cabinet.render.display_failure import EXIT_NO_DISPLAY, explain
from support import ROOT


@pytest.fixture
def failing_screen(monkeypatch):
    """pygame's set_mode fails as SDL does on a Pi without a usable KMS device; counts the tries."""
    tries = []

    def refuse(*_args, **_kwargs):
        tries.append(1)
        raise pygame.error("Could not initialize KMSDRM")

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    monkeypatch.setattr(display_failure, "PAUSE_SECONDS", 0.0)
    return tries


def test_a_screen_that_never_opens_is_tried_three_times_then_one_critical_line_and_exit_4(
    failing_screen, caplog, tmp_path, monkeypatch
):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    args = argparse.Namespace(
        config=None, windowed=False, headless=True, screenshots=None, exit_after=None
    )
    with caplog.at_level(logging.INFO):
        code = app_module.main(args)
    assert code == EXIT_NO_DISPLAY == 4
    assert len(failing_screen) == 3
    critical = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(critical) == 1
    assert critical[0].startswith(
        "display: cannot open the screen (SDL: Could not initialize KMSDRM): "
    )


def test_no_dri_device_names_the_kms_overlay(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    line = explain("kmsdrm not available", tmp_path / "dri")
    assert "no " + str(tmp_path / "dri") + "/card*" in line and "dtoverlay=vc4-kms-v3d" in line


def test_a_device_the_user_may_not_open_names_the_groups(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    dri = tmp_path / "dri"
    dri.mkdir()
    (dri / "card0").write_text("")
    monkeypatch.setattr(display_failure.os, "access", lambda path, mode: False)
    line = explain("Permission denied", dri)
    assert "may not open" in line and "video and render groups" in line and "char-drm" in line


def test_an_sdl_without_kmsdrm_says_to_reinstall(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.setattr("cabinet.render.sdl_drivers.has_driver", lambda name: False)
    assert "no KMSDRM video driver" in explain("kmsdrm not available", tmp_path)


def test_otherwise_it_asks_for_the_monitor(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    dri = tmp_path / "dri"
    dri.mkdir()
    (dri / "card1").write_text("")
    assert "monitor connected to HDMI 0" in explain("No connected displays", dri)


def test_the_unit_does_not_restart_a_cabinet_without_a_screen():
    unit = (ROOT / "systemd" / "arcadeforge.service").read_text()
    assert f"\nRestartPreventExitStatus={EXIT_NO_DISPLAY}\n" in unit
    assert "\nRestart=always\n" in unit
