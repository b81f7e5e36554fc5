"""The rules belong to the product (issue 12.8): the README points at docs/RULES.md,
and the document's worked examples are what the engines really score."""

import re

from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.blocks.engine import BlocksGame
from support import ROOT

RULES = ROOT / "docs" / "RULES.md"


def test_the_readme_links_the_rules_in_the_repository_and_nothing_outside_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/RULES.md)" in readme and RULES.is_file()
    assert "design folder" not in readme and "RULES.md's" not in readme


def test_the_rules_cover_both_games_their_modes_the_cpu_and_the_ramp():
    rules = RULES.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", rules, re.MULTILINE)
    for wanted in (
        "BLOCKS",
        "ANTI-GRAVITY",
        "BLOCKS versus: two players at once",
        "Playing against the CPU",
        "Modes",
        "Points",
    ):
        assert wanted in headings, wanted
    assert rules.count("The game-length ramp") == 2, "one ramp section per game"


def test_the_blocks_example_scores_as_written():
    # A row and a column crossing, no streak: 15 squares in 2 lines, plus the placed square.
    rows = (
        [".#######"] + ["#......."] * 6 + ["#......#"]
    )  # the last square keeps the board from emptying
    game = BlocksGame.from_text(rows, tray=[["#"], ["#"], ["#"]], seed=1)
    assert game.place(0, 0, 0).points == 300 + 1
    assert "A row and a column together remove 15 squares in 2 lines: 300." in " ".join(
        RULES.read_text().split()
    )


def test_the_anti_gravity_example_scores_as_written():
    # Normal difficulty, first clear: two lines of three sharing a corner count 6.
    game = AntiGravityGame.from_text(
        ["...", "...", "...", ".RR", "RGB", "RBG"], top="R", bottom="R"
    )
    (step,) = game.push("bottom", 0).steps
    assert (step.cleared_count, step.points) == (6, 120)
    assert "count 6, so 6 × 20 × 1 × 1 = 120" in " ".join(RULES.read_text().split())


def test_the_ramp_levels_in_the_rules_are_the_levels_on_screen():
    """The screens show an engine's ramp level + 1 (LEVEL 1 at the start): the rules count the same way."""
    from cabinet.games.antigravity.engine import RAMP_COLOURS_AFTER
    from cabinet.games.antigravity.ramp import ramp_rules
    from cabinet.settings.schema import RampSettings

    rules = " ".join(RULES.read_text(encoding="utf-8").split())
    assert rules.count("You start at level 1") == 2, (
        "both ramps say where the screen's count starts"
    )
    # BLOCKS lands stones from ramp level 1 on, one per ramp level: LEVEL 2 on screen lands one.
    assert (
        "From level 2 on, each new tray also drops grey **stones**" in rules
        and "one at level 2" in rules
    )
    # ANTI-GRAVITY's first extra colour comes with ramp level RAMP_COLOURS_AFTER + 1.
    assert f"from level {RAMP_COLOURS_AFTER + 2} on each level also brings one more colour" in rules
    ramp = ramp_rules(RampSettings())
    first_band = next(level for level in range(20) if ramp.target_depth(level, 6))
    assert f"From level {first_band + 1} *(setting `antigravity.ramp.horizon_level`" in rules
