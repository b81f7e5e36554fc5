"""The storage bench section runs (its figures are judged by `python -m cabinet bench`, not here)."""

from cabinet.bench import load_sections


def test_storage_bench_section_runs_quick():
    figures = load_sections()["storage"](True)
    assert len(figures) == 14 and all(f.value >= 0 and f.target for f in figures)
