"""Log lines carry their journal priority (<N>) when stderr is systemd's journal stream, and only then."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.system import journal
from support import ROOT

LOGGING = """
import logging, warnings
from cabinet.system import journal
journal.configure()
log = logging.getLogger("cabinet.test")
log.debug("not shown at info")
log.info("an info line")
log.warning("a warning line")
log.error("an error line")
log.critical("a critical line")
try:
    1 / 0
except ZeroDivisionError:
    log.exception("a failure with its traceback")
warnings.warn("a library complains")
"""


def run_python(code: str, stderr_file: Path, journal_stream: bool, *args: str) -> list[str]:
    """Run ``code`` with stderr into ``stderr_file``, named as the journal's stream or not; its lines."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("JOURNAL_STREAM", None)
    with open(stderr_file, "w") as err:
        if journal_stream:
            status = os.fstat(err.fileno())
            env["JOURNAL_STREAM"] = f"{status.st_dev}:{status.st_ino}"
        subprocess.run(
            [sys.executable, *(["-c", code] if code else []), *args],
            stderr=err,
            stdout=subprocess.DEVNULL,
            env=env,
            timeout=120,
            check=True,
        )
    return stderr_file.read_text().splitlines()


def test_under_the_journal_every_line_has_its_levels_priority(tmp_path):
    lines = run_python(LOGGING, tmp_path / "err", journal_stream=True)
    assert lines[:4] == [
        "<6>cabinet.test: an info line",
        "<4>cabinet.test: a warning line",
        "<3>cabinet.test: an error line",
        "<2>cabinet.test: a critical line",
    ]
    failure = [line for line in lines if line.startswith("<3>")][1:]
    assert failure[0] == "<3>cabinet.test: a failure with its traceback"
    assert (
        failure[1] == "<3>Traceback (most recent call last):"
        and failure[-1] == "<3>ZeroDivisionError: division by zero"
    )
    assert all(line[:3] in ("<2>", "<3>", "<4>", "<6>") for line in lines)
    assert any(
        line.startswith("<4>py.warnings:") and "a library complains" in line for line in lines
    )
    assert not any("not shown" in line for line in lines)


def test_elsewhere_lines_are_plain_with_a_time_stamp(tmp_path):
    lines = run_python(LOGGING, tmp_path / "err", journal_stream=False)
    assert not any(line.startswith("<") for line in lines)
    assert lines[1].endswith("WARNING cabinet.test: a warning line") and lines[1][:4].isdigit()


def test_a_journal_stream_that_names_another_file_is_not_taken_for_stderr(tmp_path):
    other = tmp_path / "other"
    other.write_text("")
    with open(tmp_path / "err", "w") as err:
        status = os.fstat(err.fileno())
        assert journal.is_journal(err, {"JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"})
        assert not journal.is_journal(
            err, {"JOURNAL_STREAM": f"{status.st_dev}:{os.stat(other).st_ino}"}
        )
        assert not journal.is_journal(err, {"JOURNAL_STREAM": "garbage"})
        assert not journal.is_journal(err, {})


@pytest.mark.parametrize(
    "level, number",
    [
        (logging.CRITICAL, 2),
        (logging.ERROR, 3),
        (logging.WARNING, 4),
        (logging.INFO, 6),
        (logging.DEBUG, 7),
        (logging.WARNING + 5, 4),
    ],
)
def test_priorities(level, number):
    assert journal.priority(level) == number


def test_the_cabinet_itself_logs_at_journal_priorities(tmp_path):
    lines = run_python(
        "", tmp_path / "err", True, "-m", "cabinet", "--headless", "--exit-after", "1"
    )
    assert lines and all(line[:3] in ("<2>", "<3>", "<4>", "<6>") for line in lines), lines
    assert "<6>cabinet.app: first frame shown" in lines
