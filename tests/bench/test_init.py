"""`bench.run`: a section registered beside the others runs at the same time as them (not as the
sections timed alone), and is reported."""

import json
import threading

from cabinet import bench
from cabinet.bench import Figure


def test_a_beside_section_runs_while_the_others_do_and_is_printed_after(monkeypatch, capsys):
    beside_started, foreground_done = threading.Event(), threading.Event()

    def beside(quick):
        beside_started.set()
        foreground_done.wait(60)
        return [Figure("beside ran", 1.0, "x")]

    def foreground(quick):
        seen = beside_started.wait(60)
        foreground_done.set()
        return [Figure("beside had started", float(seen), "x")]

    monkeypatch.setattr(bench, "load_sections", lambda: {"slow": beside, "fast": foreground})
    monkeypatch.setattr(bench, "BESIDE", {"slow"})
    assert bench.run(["slow", "fast"]) == 0
    out = capsys.readouterr().out
    (line,) = [line for line in out.splitlines() if "beside had started" in line]
    assert line.split()[3] == "1.000"
    assert out.index("== fast") < out.index("== slow") < out.index("== whole bench: 2 section(s)")


def test_a_section_timed_alone_runs_before_the_beside_section_starts(monkeypatch, capsys):
    events = []

    def beside(quick):
        events.append("beside started")
        return [Figure("beside ran", 1.0, "x")]

    def timed(quick):
        events.append("timed")
        return [Figure("timed", 1.0, "x")]

    def untimed(quick):
        events.append("untimed")
        return [Figure("untimed", 1.0, "x")]

    monkeypatch.setattr(
        bench, "load_sections", lambda: {"slow": beside, "timed": timed, "other": untimed}
    )
    monkeypatch.setattr(bench, "BESIDE", {"slow"})
    monkeypatch.setattr(bench, "ALONE", {"timed"})
    assert bench.run(["slow", "timed", "other"]) == 0
    assert events.index("timed") < events.index("beside started")
    assert "== slow" in capsys.readouterr().out
    events.clear()
    assert bench.run(["slow", "timed"]) == 0  # only sections timed alone: the beside one still runs
    assert events == ["timed", "beside started"]


def test_json_keeps_the_order_asked_for(monkeypatch, capsys):
    monkeypatch.setattr(
        bench,
        "load_sections",
        lambda: {
            "slow": lambda q: [Figure("a", 1.0, "x")],
            "fast": lambda q: [Figure("b", 2.0, "x")],
        },
    )
    monkeypatch.setattr(bench, "BESIDE", {"slow"})
    assert bench.run(["slow", "fast"], as_json=True) == 0
    assert list(json.loads(capsys.readouterr().out)) == ["slow", "fast"]
