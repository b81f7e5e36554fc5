"""doctor knows the board (Pi 5, Pi 4, other) and gives each its own supply, sound and vsync advice."""

import os

import pygame
import pytest

from cabinet.audio import player
from cabinet.doctor import FAIL, OK, SKIP, WARN, Context, pi, screen, sound
from cabinet.doctor.board import Board
from cabinet.doctor.pi import board_result
from cabinet.render.vsync import Reading
from cabinet.settings.load import load_settings

PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.4"


def device_tree(tmp_path, model: str, max_current_ma: int | None = None):
    """A /proc/device-tree with the firmware's model string and, for a Pi 5, the supply's current."""
    tree = tmp_path / "device-tree"
    tree.mkdir()
    (tree / "model").write_bytes(model.encode() + b"\0")
    if max_current_ma is not None:
        (tree / "chosen" / "power").mkdir(parents=True)
        (tree / "chosen" / "power" / "max_current").write_bytes(max_current_ma.to_bytes(4, "big"))
    return tree


def context(tmp_path, model: str, **tree) -> Context:
    return Context(
        settings=load_settings(None).settings,
        state_folder=tmp_path,
        device_tree=device_tree(tmp_path, model, **tree),
    )


def fake_vcgencmd(tmp_path, monkeypatch, readings: dict[str, str] | None):
    """Put a vcgencmd answering ``readings`` (its arguments joined by spaces) alone on PATH; None: none at all."""
    folder = tmp_path / "bin"
    folder.mkdir()
    if readings is not None:
        cases = "".join(f'    "{args}") echo "{said}" ;;\n' for args, said in readings.items())
        script = folder / "vcgencmd"
        script.write_text(f'#!/bin/sh\ncase "$*" in\n{cases}    *) exit 1 ;;\nesac\n')
        script.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))


def rpi_volt(tmp_path, monkeypatch, alarm: str | None):
    """The firmware's hwmon sensors: rpi_volt with its under-voltage alarm (None: no such sensor)."""
    hwmon = tmp_path / "hwmon"
    (hwmon / "hwmon0").mkdir(parents=True)
    (hwmon / "hwmon0" / "name").write_text("cpu_thermal\n")
    if alarm is not None:
        (hwmon / "hwmon1").mkdir()
        (hwmon / "hwmon1" / "name").write_text("rpi_volt\n")
        (hwmon / "hwmon1" / "in0_lcrit_alarm").write_text(alarm + "\n")
    monkeypatch.setattr(pi, "HWMON", hwmon)


@pytest.mark.parametrize(
    ("model", "series", "verdict"),
    [
        (PI5, 5, OK),
        ("Raspberry Pi 500 Rev 1.0", 5, OK),
        ("Raspberry Pi Compute Module 5 Rev 1.0", 5, OK),
        (PI4, 4, OK),
        ("Raspberry Pi 400 Rev 1.0", 4, OK),
        ("Raspberry Pi Compute Module 4 Rev 1.0", 4, OK),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", 3, WARN),
        ("Raspberry Pi Zero 2 W Rev 1.0", None, WARN),
        ("", None, SKIP),
        ("Generic x86 PC", None, SKIP),
    ],
)
def test_the_board_is_known_by_its_model_string(model, series, verdict):
    board = Board(model)
    assert board.series == series and board.is_pi5 == (series == 5)
    assert board_result(board).verdict == verdict


def test_each_board_is_told_its_own_supply():
    assert "5 V 5 A" in Board(PI5).supply and "600 mA" in Board(PI5).supply
    assert "5.1 V 3 A" in Board(PI4).supply
    assert "5 V 5 A" in pi.throttled_result("throttled=0x50005", Board(PI5)).detail
    assert "5.1 V 3 A" in pi.throttled_result("throttled=0x50005", Board(PI4)).detail


def test_a_pi_5_with_vcgencmd_reads_throttling_its_supplys_current_and_its_5_v_input(
    tmp_path, monkeypatch
):
    fake_vcgencmd(
        tmp_path,
        monkeypatch,
        {
            "get_throttled": "throttled=0x0",
            "pmic_read_adc EXT5V_V": "EXT5V_V volt(24)=5.10240000V",
            "measure_temp": "temp=51.6'C",
        },
    )
    results = {r.name: r for r in pi.check(context(tmp_path, PI5, max_current_ma=5000))}
    assert list(results) == ["board", "power", "supply", "temperature"]
    assert results["power"].verdict == OK
    assert (
        results["supply"].verdict == OK
        and results["supply"].detail == "the supply offers 5.0 A, 5 V input at 5.10 V"
    )
    assert results["temperature"].detail == "51.6 C"


@pytest.mark.parametrize(
    ("max_current_ma", "ext5v", "verdict", "words"),
    [
        (
            3000,
            "EXT5V_V volt(24)=5.10240000V",
            WARN,
            "offers 3.0 A, 5 V input at 5.10 V: a Pi 5 wants 5 V 5 A",
        ),
        (5000, "EXT5V_V volt(24)=4.71000000V", WARN, "below 4.8 V, close to under-voltage"),
        (None, "EXT5V_V volt(24)=5.10240000V", SKIP, "reports no supply current"),
    ],
)
def test_a_pi_5_on_a_weak_supply_is_told_so(
    tmp_path, monkeypatch, max_current_ma, ext5v, verdict, words
):
    fake_vcgencmd(
        tmp_path, monkeypatch, {"get_throttled": "throttled=0x0", "pmic_read_adc EXT5V_V": ext5v}
    )
    [supply] = [
        r
        for r in pi.check(context(tmp_path, PI5, max_current_ma=max_current_ma))
        if r.name == "supply"
    ]
    assert supply.verdict == verdict and words in supply.detail


@pytest.mark.parametrize(
    ("alarm", "verdict", "words"),
    [
        ("1", FAIL, "under-voltage now (hwmon rpi_volt): use a 5 V 5 A supply"),
        (
            "0",
            OK,
            "no under-voltage now (hwmon rpi_volt; without vcgencmd nothing is known of earlier",
        ),
        (None, SKIP, "install raspi-utils (Trixie)"),
    ],
)
def test_without_vcgencmd_a_pi_5_reads_the_firmwares_under_voltage_alarm(
    tmp_path, monkeypatch, alarm, verdict, words
):
    fake_vcgencmd(tmp_path, monkeypatch, None)
    rpi_volt(tmp_path, monkeypatch, alarm)
    results = {r.name: r for r in pi.check(context(tmp_path, PI5, max_current_ma=5000))}
    assert results["power"].verdict == verdict and words in results["power"].detail
    assert results["supply"].detail == "the supply offers 5.0 A"  # no PMIC reading without vcgencmd


def test_a_pi_4_has_no_supply_line_and_is_told_its_own_supply(tmp_path, monkeypatch):
    fake_vcgencmd(tmp_path, monkeypatch, {"get_throttled": "throttled=0x50000"})
    results = {r.name: r for r in pi.check(context(tmp_path, PI4))}
    assert list(results) == ["board", "power", "temperature"]
    assert results["power"].verdict == FAIL and "5.1 V 3 A" in results["power"].detail


def test_unpaced_flips_fail_on_a_pi_5_with_the_setting_that_fixes_them_and_warn_elsewhere():
    unpaced, paced = Reading(False, 0.0006), Reading(True, 1 / 60)
    on_pi5 = screen.vsync_result(unpaced, Board(PI5))
    assert on_pi5.verdict == FAIL and "Environment=SDL_RENDER_VSYNC=1" in on_pi5.detail
    assert screen.vsync_result(unpaced, Board(PI4)).verdict == WARN
    assert screen.vsync_result(unpaced, Board("")).verdict == WARN
    assert screen.vsync_result(paced, Board(PI5)).verdict == OK


def test_the_screen_line_names_the_drm_card_sdl_opened_and_the_others(tmp_path):
    dri = tmp_path / "dev" / "dri"
    dri.mkdir(parents=True)
    for card in ("card0", "card1", "card2", "renderD128"):
        (dri / card).touch()
    drivers = tmp_path / "sys" / "bus" / "platform" / "drivers"
    sys_drm = tmp_path / "sys" / "class" / "drm"
    for card, driver in (("card0", "v3d"), ("card1", "vc4-drm"), ("card2", "drm-rp1-dsi")):
        (drivers / driver).mkdir(parents=True, exist_ok=True)
        (sys_drm / card / "device").mkdir(parents=True)
        (sys_drm / card / "device" / "driver").symlink_to(drivers / driver)
    fds = tmp_path / "fd"
    fds.mkdir()
    for number, target in ((3, dri / "card1"), (4, dri / "renderD128"), (5, tmp_path / "log")):
        (fds / str(number)).symlink_to(target)
    opened = screen.opened_cards(fds, dri)
    assert opened == ["card1"]
    assert (
        screen.cards_words(opened, sys_drm, dri)
        == f", on {dri}/card1 (vc4-drm); also card0 (v3d), card2 (drm-rp1-dsi)"
    )
    assert screen.cards_words([], sys_drm, dri) == ""
    assert screen.card_driver("card9", sys_drm) == "?"


@pytest.mark.parametrize(
    ("model", "words"), [(PI5, "a Pi 5 has no 3.5 mm audio jack"), (PI4, "3.5 mm jack")]
)
def test_a_sound_card_that_will_not_open_gets_the_boards_own_advice(
    tmp_path, monkeypatch, model, words
):
    def refuse(*_args):
        raise pygame.error("No such audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(player.PygameMixer, "open", refuse)
    [result] = sound.check(context(tmp_path, model))
    assert result.verdict == WARN and words in result.detail and "aplay -l" in result.detail


def test_the_open_cards_of_this_very_process_are_read(tmp_path):
    """The real /proc/self/fd: a file opened here under a stand-in dri folder is found."""
    dri = tmp_path / "dri"
    dri.mkdir()
    (dri / "card3").touch()
    handle = os.open(dri / "card3", os.O_RDONLY)
    try:
        assert screen.opened_cards(dri=dri) == ["card3"]
    finally:
        os.close(handle)
