"""A cabinet killed during the initials entry keeps the score (issue 12.5).

A real cabinet process plays BLOCKS to a game over that makes the table, and
is killed with SIGKILL while its player is still choosing letters. After the
restart the score is on its table, under the placeholder initials, with its
replay, and the game is counted as ended.
"""

import os
import select
import signal
import subprocess
import sys

from cabinet.storage.scores import PLACEHOLDER
from cabinet.storage.store import Store
from support import ROOT, TESTS

# The child: the headless cabinet, driven by scripted presses as in the flow tests.
CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from support.app import end_blocks_on_the_table, make_app, tap
from cabinet.inputs.actions import Action
from cabinet.scenes.flow.initials import InitialsScene

app = make_app()
score = end_blocks_on_the_table(app)                # worth second place
assert isinstance(app.ctx.scenes.top, InitialsScene), app.ctx.scenes.top
tap(app, Action.UP)
print("initials", score, flush=True)
while True:                                         # still choosing a letter when the power goes
    tap(app, Action.UP)
"""


def test_a_score_survives_a_kill_during_the_initials_entry(private_state, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), STATE_DIRECTORY=str(private_state))
    errors = tmp_path / "child.err"
    with errors.open("w") as stderr:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(TESTS)],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    try:
        # Generous: a busy machine may take long to start it, but a hung child must not hang the suite.
        ready, _, _ = select.select([child.stdout], [], [], 300)
        line = child.stdout.readline() if ready else ""
        assert line.startswith("initials"), (
            errors.read_text() or "the child never reached the initials"
        )
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    score = int(line.split()[1])

    # The restart: the operator's own view of the tables, then the cabinet's.
    listed = subprocess.run(
        [sys.executable, "-m", "cabinet", "scores"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert listed.returncode == 0, listed.stderr
    assert f"2. {PLACEHOLDER} {score:>10}" in listed.stdout

    store = Store.open()
    try:
        entry = store.scores.top("blocks")[1]
        assert (entry.initials, entry.score) == (PLACEHOLDER, score)
        assert entry.replay_id in store.replays.ids()
        assert store.replays.load(entry.replay_id).score == score
        assert store.audits.counter("ended.blocks/single") == 1
    finally:
        store.close()
