"""ANTI-GRAVITY's parts of the "versus" and "ramp" bench sections run and report every figure."""

import math

from cabinet import bench
from cabinet.bench import ramp_antigravity, versus_antigravity


def test_both_parts_are_registered():
    sections = bench.load_sections()
    assert {"versus", "ramp"} <= set(sections)
    assert versus_antigravity.run in bench._PARTS["versus"]
    assert ramp_antigravity.run in bench._PARTS["ramp"]


def test_quick_versus_part_reports_the_ladder_thinking_time_and_chains():
    figures = {figure.name: figure for figure in versus_antigravity.run(True)}
    for level in (2, 3, 4, 5):
        ladder = figures[f"anti-gravity CPU level {level} beats level {level - 1}"]
        assert ladder.unit == "%" and ladder.target == "65..90" and 0 <= ladder.value <= 100
    newcomer = figures["anti-gravity newcomer beats CPU level 1"]
    assert newcomer.target == ">= 60" and 0 <= newcomer.value <= 100
    assert figures["anti-gravity newcomer beats CPU level 1: spread of 1 matches"].unit == "%"
    for level in (1, 2, 3, 4, 5):
        thinking = figures[f"anti-gravity CPU level {level} decision ms per input step"]
        assert thinking.target == "<= 5" and math.isfinite(thinking.value) and thinking.value > 0
    chain = figures["anti-gravity top level mean longest chain"]
    assert chain.target == ">= 4" and 1 <= chain.value <= 40


def test_quick_ramp_part_reports_game_length_on_and_off():
    figures = {figure.name: figure for figure in ramp_antigravity.run(True)}
    on = figures["anti-gravity AI mean pushes, ramp on, normal"]
    assert on.target == "<= 1000" and 0 < on.value <= 25
    assert 0 < figures["anti-gravity AI mean pushes, ramp off, normal"].value <= 25
    for label in ("on", "off"):
        seconds = figures[
            f"anti-gravity AI mean seconds at attract pace, ramp {label}, normal"
        ].value
        assert 0 < seconds < 25 * 10  # at attract pace a push takes well under ten seconds
        assert (
            seconds
            <= figures[
                f"anti-gravity AI 90th percentile seconds at attract pace, ramp {label}, normal"
            ].value
        )
        ends = [
            figures[f"anti-gravity AI games ended by {how}, ramp {label}, normal"].value
            for how in ("the band", "game over", "cap")
        ]
        assert sum(ends) == 1  # the quick run's one game ended one way
