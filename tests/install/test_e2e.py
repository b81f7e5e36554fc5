"""The whole program under a stand-in systemd: READY after the first frame, pings, STOPPING at exit."""

import os

from cabinet.bench import load_sections
from cabinet.bench.startup import run_cabinet


def test_the_cabinet_says_ready_pings_the_watchdog_and_says_stopping(private_state):
    env = dict(os.environ, WATCHDOG_USEC="200000", STATE_DIRECTORY=str(private_state))
    env.pop("WATCHDOG_PID", None)
    run = run_cabinet(["--headless", "--exit-after", "3"], env)
    assert run.returncode == 0, run.output[-2000:]
    texts = run.texts()
    assert texts.count("READY=1") == 1
    assert texts.count("STOPPING=1") == 1 and texts[-1] == "STOPPING=1"
    ready, stopping = texts.index("READY=1"), texts.index("STOPPING=1")
    assert any(t.startswith("STATUS=attract") for t in texts[:stopping])
    # A 3 s run with a 0.2 s watchdog: the main loop pinged between start-up and exit.
    assert "WATCHDOG=1" in texts[ready:stopping]
    assert "first frame shown" in run.output


def test_the_startup_bench_section_runs():
    figures = load_sections()["startup"](True)
    assert [f.unit for f in figures] == ["ms"] * 4
    assert all(f.value == f.value for f in figures), figures  # no NaN: the cabinet reached READY
