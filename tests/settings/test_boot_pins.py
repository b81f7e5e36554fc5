"""check-config warns of a coin lockout or meter that is on while the Pi boots (issue 38, finding 10)."""

from __future__ import annotations

import pytest

from cabinet.__main__ import main


def _check(tmp_path, capsys, outputs: str) -> tuple[int, list[str]]:
    config = tmp_path / "cabinet.yaml"
    config.write_text(f"outputs:\n{outputs}")
    code = main(["check-config", str(config)])
    return code, [line for line in capsys.readouterr().out.splitlines() if "warning:" in line]


@pytest.mark.parametrize(
    ("pin", "why"),
    [
        (14, "GPIO 14 is the UART's TX"),
        (0, "GPIO 0 is the HAT EEPROM's ID_SD line"),
        (1, "GPIO 1 is the HAT EEPROM's ID_SC line"),
    ],
)
@pytest.mark.parametrize("output", ["lockout1", "lockout2", "meter1", "meter2"])
def test_a_coil_on_a_line_high_at_boot_is_named_with_why(tmp_path, capsys, output, pin, why):
    code, warnings = _check(tmp_path, capsys, f"  {output}:\n    pin: {pin}\n")
    assert warnings == [warnings[0]]
    assert f"cabinet.yaml:3: outputs.{output}.pin: warning: {why}" in warnings[0]
    assert code == 0  # a warning, not a problem: the output is still driven on that pin


def test_an_active_low_coil_is_warned_of_on_a_line_low_at_boot(tmp_path, capsys):
    code, warnings = _check(
        tmp_path,
        capsys,
        "  meter1:\n    pin: 20\n    active_high: false\n  lockout1:\n    pin: 14\n    active_high: false\n",
    )
    assert (code, len(warnings)) == (0, 1)
    assert (
        "outputs.meter1.pin: warning: GPIO 20 is low from power-on and this output is active low"
        in warnings[0]
    )


def test_the_suggested_map_and_lamps_on_boot_high_lines_draw_no_warning(tmp_path, capsys):
    code, warnings = _check(
        tmp_path,
        capsys,
        "  lockout1:\n    pin: 15\n  meter1:\n    pin: 20\n  meter2:\n    pin: 21\n  marquee:\n    pin: 14\n",
    )
    assert (code, warnings) == (0, [])


def test_a_coil_on_a_line_the_chip_pulls_up_is_named_once_its_input_is_moved(tmp_path, capsys):
    config = tmp_path / "cabinet.yaml"
    config.write_text(
        "inputs:\n  gpio:\n    p1:\n      left: null\noutputs:\n  lockout1:\n    pin: 4\n"
    )
    assert main(["check-config", str(config)]) == 0
    [warning] = [line for line in capsys.readouterr().out.splitlines() if "warning:" in line]
    assert ":7: outputs.lockout1.pin: warning: GPIO 4 is pulled high from power-on" in warning
