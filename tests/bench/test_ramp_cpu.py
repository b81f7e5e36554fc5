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
    for level in (1, 3, 5):
        for label in ("blocks", "anti-gravity"):
            name = f"{label} CPU level {level}" + (" normal" if label == "anti-gravity" else "")
            mean = figures[f"{name} mean single game"]
            p90 = figures[f"{name} 90th percentile single game"]
            assert mean.unit == p90.unit == "s" and 0 < mean.value <= p90.value <= 30
        assert figures[f"blocks CPU level {level} games still on at the cap"].value in (0, 1)
        ends = [
            figures[f"anti-gravity CPU level {level} normal games ended by {how}"].value
            for how in ("the band", "game over", "cap")
        ]
        assert sum(ends) == 1  # the quick run's one game ended one way
    for name in ("blocks CPU level 1", "anti-gravity CPU level 1 normal"):
        assert figures[f"{name} mean single game"].target == ">= 90"
    for name in ("blocks CPU level 5", "anti-gravity CPU level 5 normal"):
        assert figures[f"{name} 90th percentile single game"].target == "<= 900"
    assert figures["anti-gravity CPU level 3 normal mean single game"].target == "<= 720"
    assert figures["blocks CPU level 3 mean single game"].target == "<= 720"
    versus = figures["anti-gravity versus CPU 3 vs 3 mean match"]
    assert versus.target == "90..300" and 0 < versus.value <= 30
    assert (
        sum(
            figures[f"anti-gravity versus CPU 3 vs 3 matches ended by {how}"].value
            for how in ("target", "game over", "cap")
        )
        == 1
    )
