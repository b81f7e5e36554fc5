"""Problem lines quote values as YAML writes them (true, null, .inf), never as Python does:
the operator wrote YAML, and None or True in a line would send them looking for the wrong word."""

from __future__ import annotations

import dataclasses

from cabinet.settings.load import parse_settings
from cabinet.settings.schema import Settings

BAD = (
    "display:\n  fullscreen: maybe\n  rotation: yes\n"
    "inputs:\n  joysticks:\n    - left: 99\n"
    "credits:\n  price_table_1: [[1, true]]\n  price_table_2: false\n"
    "attract:\n  title_seconds: .inf\n"
    "antigravity:\n  half_height: 2024-05-01\n"
)


def lines(last_good=None) -> list[str]:
    return [str(problem) for problem in parse_settings(BAD, "op.yaml", last_good).problems]


def test_the_values_read_and_the_values_used_are_spelled_in_yaml():
    assert lines() == [
        "op.yaml:2: display.fullscreen: must be true or false, got 'maybe'; using true",
        "op.yaml:3: display.rotation: must be a whole number, got true; using 0",
        "op.yaml:6: inputs.joysticks[0].left: must be at most 31, got 99; using null",
        "op.yaml:8: credits.price_table_1: step 1 must be two whole numbers [coins, credits], got [1, true]; using [[1, 1]]",
        "op.yaml:9: credits.price_table_2: must be a list of [coins, credits] steps, e.g. [[1, 1], [5, 6]]; "
        "got false; using [[1, 1]]",
        "op.yaml:11: attract.title_seconds: must be a finite number, got .inf; using 8.0",
        "op.yaml:13: antigravity.half_height: must be a whole number, got 2024-05-01; using 6",
    ]


def test_a_last_good_value_is_spelled_in_yaml_too():
    good = Settings()
    good.display = dataclasses.replace(good.display, fullscreen=False)
    assert lines(good)[0] == (
        "op.yaml:2: display.fullscreen: must be true or false, got 'maybe'; using the last good value false"
    )
