"""The CPU ladder's figures: a step's share of wins, its spread, and the range target."""

import pytest

from cabinet.bench import Figure, meets
from cabinet.bench.ladder import STEP_TARGET, step_figures


def test_a_step_reports_its_share_and_the_standard_error_of_it():
    share, spread = step_figures("level 2 beats level 1", [True, True, True, False])
    assert (share.value, share.unit, share.target) == (75.0, "%", STEP_TARGET)
    assert spread.name == "level 2 beats level 1: spread of 4 matches"
    assert spread.value == pytest.approx(100 * (0.75 * 0.25 / 4) ** 0.5)
    assert spread.target == ""


def test_a_step_won_every_time_has_no_spread_and_misses_the_range():
    share, spread = step_figures("step", [True] * 40)
    assert share.value == 100 and spread.value == 0
    assert meets(share) is False


@pytest.mark.parametrize(
    ("value", "met"), [(64.9, False), (65, True), (77.5, True), (90, True), (90.1, False)]
)
def test_a_range_target_holds_both_ends(value, met):
    assert meets(Figure("step", value, "%", "65..90")) is met
