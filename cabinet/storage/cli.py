"""``python -m cabinet scores`` and ``replay --list``: the tables and the replays, as text."""

from __future__ import annotations

from cabinet.settings.last_good import load_for_cabinet
from cabinet.storage.scores import table_ids
from cabinet.storage.store import Store


def print_scores(args) -> int:
    loaded = load_for_cabinet(
        getattr(args, "config", None), keep=False
    )  # the contest lists the cabinet has
    store = Store.open()
    try:
        tables = table_ids(contest.name for contest in loaded.settings.antigravity.contests)
        tables += [
            table for table in store.scores.tables() if table not in tables
        ]  # lists since removed
        for table in tables:
            print(f"{table}  (last reset: {store.scores.last_reset(table) or 'never'})")
            for entry in store.scores.top(table):
                replay = f"replay {entry.replay_id}" if entry.replay_id is not None else "-"
                print(
                    f"  {entry.rank:>2}. {entry.initials:<3} {entry.score:>10}  {entry.when or '':<20}  {replay}"
                )
            print()
        if store.db.degraded:
            print(f"note: {store.db.path} could not be opened for writing; shown from a copy")
    finally:
        store.close()
    return 0


def print_replays() -> int:
    """Every stored replay: id, game and mode, score, initials and date, newest last."""
    store = Store.open()
    try:
        rows = store.replays.listing()
        for row in rows:
            print(
                f"{row.id:>6}  {row.game:<12} {row.mode:<8} {row.score:>10}  {row.initials or '---':<3}  {row.created}"
            )
        print(
            f"{len(rows)} replay{'s' * (len(rows) != 1)}; play one with: python -m cabinet replay ID"
        )
    finally:
        store.close()
    return 0
