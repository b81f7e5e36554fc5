"""Peak memory of a child process: its own, not what it was forked from.

A reaped child's ``ru_maxrss`` counts the resident pages of the process that forked
it (Linux carries the old mm's high-water mark across exec), so the bench's AI worker
and start-up cabinet once read as big as the bench itself.
"""

import os
import subprocess
import sys

from cabinet.bench import PEAK_PROBE, peak_in, peak_rss_mb
from cabinet.settings.load import SHIPPED_CONFIG
from support import ROOT

BALLAST_MB = 300  # far above what a settings check needs


def test_a_childs_own_peak_leaves_out_the_parent_it_was_forked_from():
    ballast = bytearray(BALLAST_MB * 2**20)
    ballast[::4096] = b"\1" * len(ballast[::4096])  # resident, page by page
    assert peak_rss_mb() > BALLAST_MB
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", PEAK_PROBE, "check-config", str(SHIPPED_CONFIG)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    output = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, output
    assert usage.ru_maxrss / 1024 > BALLAST_MB, "the kernel's figure counts the parent"
    assert 5 < peak_in(output) < BALLAST_MB / 2, output


def test_a_live_process_peak_is_read_and_a_gone_one_is_nan():
    sleeper = subprocess.Popen(
        [sys.executable, "-c", "import time; print(flush=True); time.sleep(30)"],
        stdout=subprocess.PIPE,
    )
    try:
        sleeper.stdout.readline()  # Python runs in it now, not the fork before the exec
        assert 1 < peak_rss_mb(sleeper.pid) < BALLAST_MB
    finally:
        sleeper.kill()
        sleeper.wait()
    assert peak_rss_mb(sleeper.pid) != peak_rss_mb(sleeper.pid)  # NaN
