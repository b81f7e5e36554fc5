"""``python -m cabinet books``: this cabinet's bookkeeping totals as CSV, in the columns of ``fleet --csv``.

The figures take the office's own path: the audit snapshot the cabinet would
publish, read back as a receiver reads it, so a row exported on the cabinet and
the office's row for it always agree, column for column.
"""

from __future__ import annotations

from cabinet.network import messages, topics
from cabinet.network.fleet import csv_report, report
from cabinet.network.view import FleetView
from cabinet.settings.last_good import load_for_cabinet
from cabinet.storage.audits import Audits
from cabinet.storage.db import Database, now_stamp


def print_books(args) -> int:
    """Print the CSV of this cabinet's state file (its site and id from the settings); exit 0."""
    settings = load_for_cabinet(getattr(args, "config", None), keep=False).settings
    network = settings.network
    db = Database.open()  # the cabinet's own state file, as ``scores`` opens it
    try:
        figures = Audits(db).snapshot()
        if settings.credits.money_format:
            figures["money_format"] = settings.credits.money_format
    finally:
        db.close()
    view = FleetView()
    view.receive(
        topics.topic(network.site, network.cabinet, "audits"),
        messages.encode(network.site, network.cabinet, version=1, made=now_stamp(), audits=figures),
    )
    print(csv_report(report(view)), end="")
    return 0
