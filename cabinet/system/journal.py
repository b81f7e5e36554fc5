"""Log lines at the journal priority of their level, so ``journalctl -p warning`` shows the problems.

Under systemd the cabinet's stderr is a stream to the journal, which reads a
``<N>`` prefix on each line as that line's syslog priority (the unit's
``SyslogLevelPrefix=``, on by default): ``<3>`` error, ``<4>`` warning,
``<6>`` info. systemd names that stream in ``$JOURNAL_STREAM``
(``device:inode``); when stderr is that stream every line of a record, a
traceback's too, carries its record's prefix and no time stamp (the journal
stamps each line). Anywhere else (a terminal, a file, a test) lines stay
plain, with a time stamp and the level's name.
"""

from __future__ import annotations

import logging
import os
import sys

PLAIN_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
JOURNAL_FORMAT = "%(name)s: %(message)s"

# syslog priorities (RFC 5424): 2 crit, 3 err, 4 warning, 5 notice, 6 info, 7 debug.
_PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))


def priority(level: int) -> int:
    """The syslog priority of a logging level (a custom level takes the one of the level below it)."""
    return next((number for floor, number in _PRIORITIES if level >= floor), 7)


def is_journal(stream, environ=os.environ) -> bool:
    """True when ``stream`` is the journal stream systemd names in ``$JOURNAL_STREAM``."""
    named = environ.get("JOURNAL_STREAM", "")
    device, _, inode = named.partition(":")
    try:
        status = os.fstat(stream.fileno())
        return bool(inode) and (status.st_dev, status.st_ino) == (int(device), int(inode))
    except (AttributeError, OSError, ValueError):
        return False


class JournalFormatter(logging.Formatter):
    """Every line of a record prefixed with ``<N>``, its level's syslog priority."""

    def __init__(self):
        super().__init__(JOURNAL_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        prefix = f"<{priority(record.levelno)}>"
        return "\n".join(prefix + line for line in super().format(record).splitlines() or [""])


def configure(stream=None, level: int = logging.INFO) -> logging.Handler:
    """The root logger writes to ``stream`` (stderr): journal priorities under systemd, plain elsewhere.

    Python's warnings are logged too (``py.warnings``, at warning priority).
    """
    stream = sys.stderr if stream is None else stream
    handler = logging.StreamHandler(stream)
    handler.setFormatter(
        JournalFormatter() if is_journal(stream) else logging.Formatter(PLAIN_FORMAT)
    )
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    return handler
