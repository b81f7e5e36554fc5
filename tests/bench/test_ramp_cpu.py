"""The CPU part of the "ramp" bench section: how long each stand-in player's game lasts."""

from cabinet import bench
from cabinet.bench import ramp_cpu


def test_the_part_is_registered_in_the_ramp_section():
    bench.load_sections()
    assert ramp_cpu.run in bench._PARTS["ramp"]


def test_nearest_rank_percentile():
    assert ramp_cpu.nearest_rank([5, 1, 4, 2, 3], 90) == 5
    assert ramp_cpu.nearest_rank(list(range(1, 21)), 90) == 18
    assert ramp_cpu.nearest_rank([7], 90) == 7


def test_quick_run_reports_mean_and_p90_for_levels_1_3_and_5_of_both_games():
    figures = {figure.name: figure for figure in ramp_cpu.run(True)}
    for label in ("blocks", "anti-gravity"):
        for level in (1, 3, 5):
            mean = figures[f"{label} CPU level {level} mean single game"]
            p90 = figures[f"{label} CPU level {level} 90th percentile single game"]
            assert mean.unit == p90.unit == "s" and 0 < mean.value <= p90.value <= 30
            assert figures[f"{label} CPU level {level} games still on at the cap"].value in (0, 1)
        assert figures[f"{label} CPU level 1 mean single game"].target == ">= 90"
        assert figures[f"{label} CPU level 5 90th percentile single game"].target == "<= 900"
