"""The bench's BLOCKS parts of "versus" and "ramp" run quick and report every figure (numbers not judged)."""

from cabinet.bench import load_sections


def test_versus_section_reports_each_level_pair_thinking_time_and_engine_speed():
    figures = {f.name: f for f in load_sections()["versus"](True)}
    for level in (2, 3, 4, 5):
        figure = figures[f"blocks CPU level {level} beats level {level - 1}"]
        assert figure.unit == "%" and figure.target == "65..90" and 0 <= figure.value <= 100
        assert figures[f"blocks CPU level {level} decision ms per input step"].value > 0
    newcomer = figures["blocks newcomer beats CPU level 1"]
    assert newcomer.target == ">= 60" and 0 <= newcomer.value <= 100
    assert figures["blocks newcomer beats CPU level 1: spread of 2 matches"].unit == "%"
    assert figures["blocks CPU decision ms per input step"].target == "<= 5"
    assert figures["blocks versus placements per second"].value > 0
    assert figures["blocks versus placements per second"].target == ">= 100000"


def test_ramp_section_reports_the_ai_game_length_with_the_ramp_on_and_off():
    figures = {f.name: f for f in load_sections()["ramp"](True)}
    on = figures["blocks AI mean placements, ramp on"]
    assert on.target == "<= 600" and on.value > 0
    off = [
        f for name, f in figures.items() if name.startswith("blocks AI mean placements, ramp off")
    ]
    assert len(off) == 1 and 0 < off[0].value <= 40  # quick: capped at 40 placements
    assert figures["blocks AI mean seconds at attract pace, ramp on"].value > 0
