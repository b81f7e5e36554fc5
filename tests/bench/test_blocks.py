"""The bench's "blocks" section runs and reports every figure (its numbers are not judged)."""

from cabinet.bench import load_sections


def test_blocks_section_runs_quick_and_reports_every_figure():
    figures = load_sections()["blocks"](True)
    names = [f.name for f in figures]
    assert names[:2] == ["engine: candidate placements checked/s", "engine: moves applied/s"]
    assert any("mean CPU per placement" in n for n in names)
    assert any("p95" in n for n in names)
    survival = [
        f for f in figures if f.name.startswith("AI survival, gravity") and "(mean" in f.name
    ]
    assert len(survival) == 2
    assert all(1 <= f.value <= 50 for f in survival)  # quick: capped at 50 placements
    assert sum("standard error" in n for n in names) == 2
    assert sum("games reaching the cap" in n for n in names) == 2
    for figure in figures:
        assert figure.value >= 0, figure
