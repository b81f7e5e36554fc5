"""The network bench's parts run (their figures are judged by `python -m cabinet bench`, not here)."""

import math

from cabinet.bench import load_sections, network
from cabinet.network.local_broker import LocalBroker
from support.network import need_mosquitto


def test_the_network_section_is_registered():
    assert "network" in load_sections()


def test_each_part_of_the_network_bench_runs_small(tmp_path):
    need_mosquitto()
    with LocalBroker(tmp_path / "broker") as broker:
        assert all(math.isfinite(t) for t in network.score_latency(tmp_path, broker, 1))
        lost, twice, repeats, wrong = network.lossless(tmp_path, broker, 20)
        assert (lost, twice, wrong) == (0, 0, 0) and repeats >= 0
        assert network.drain_rate(tmp_path, broker, 20) > 0
    assert network.frame_ms("{}", 5) > 0
