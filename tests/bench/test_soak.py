"""The "soak" bench section runs a headless attract loop in its own process and reports memory figures."""

import math

from cabinet import bench
from cabinet.bench.soak import slope


def test_slope_is_the_least_squares_trend():
    assert slope([(1, 10.0), (2, 12.0), (3, 14.0)]) == 2.0
    assert slope([(1, 10.0), (2, 9.0), (3, 11.0), (4, 10.0)]) == 0.2
    assert slope([(1, 5.0)]) == 0.0


def test_quick_soak_reports_growth_peak_and_cpu_of_the_cabinet_and_its_ai_worker():
    figures = bench.load_sections()["soak"](True)
    by_name = {figure.name: figure for figure in figures}
    assert "peak RSS during the soak" in by_name
    assert any(name.startswith("RSS growth per simulated hour") for name in by_name)
    assert all(math.isfinite(figure.value) for figure in figures)
    assert 20 < by_name["peak RSS during the soak"].value < 1000
    assert by_name["peak RSS during the soak"].value >= by_name["RSS at the end of the soak"].value
    # the CPU players think in the AI worker, as on a cabinet, and its memory is judged too
    assert 20 < by_name["peak RSS of the AI worker"].value < 1000
    assert any(name.startswith("AI worker RSS growth per simulated hour") for name in by_name)


def test_freed_memory_goes_back_to_the_system_once_a_minute(monkeypatch):
    from cabinet.system import memory
    from support.app import make_app

    trims = []
    monkeypatch.setattr(memory, "release_freed_memory", lambda: trims.append(1) or True)
    app = make_app()
    for second in (0.0, 0.5, 59.0, 60.0, 61.0, 120.5):
        app.tick_services(1000.0 + second)
    assert len(trims) == 3  # at 0, 60 and 120.5 s
    monkeypatch.undo()
    assert memory.release_freed_memory() is (memory._libc() is not None)


def test_a_collection_at_a_cut_is_the_minutes_hand_back(monkeypatch):
    from cabinet.system import memory
    from support.app import make_app

    trims = []
    monkeypatch.setattr(memory, "release_freed_memory", lambda: trims.append(1) or True)
    app = make_app(gc_at_cuts=True)
    assert trims == [1]  # start-up's, as the collector settled
    trims.clear()
    app.tick_services(1000.0)  # the first tick: the minute's hand-back
    app.garbage.cut()
    app.tick_services(1030.0)  # the cut's collection hands back
    for second in (1060.0, 1089.0):  # within a minute of it: nothing more
        app.tick_services(second)
    assert len(trims) == 2
    app.tick_services(1090.0)
    assert len(trims) == 3
    app.close()
