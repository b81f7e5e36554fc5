"""The inputs bench section runs (quick); its figures are judged by `python -m cabinet bench`, not here."""

import math

from cabinet.bench import load_sections


def test_inputs_section_runs_and_reports_latency_and_losses():
    figures = load_sections()["inputs"](True)
    names = [f.name for f in figures]
    assert len(figures) == 4
    assert names[0].startswith("GPIO edge to scene, main loop at 60 Hz, mean")
    assert "p99" in names[1] and "presses lost" in names[2] and "releases lost" in names[3]
    assert all(math.isfinite(f.value) and f.target for f in figures)
