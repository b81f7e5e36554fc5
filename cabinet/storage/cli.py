"""``python -m cabinet scores``: every high-score table, as text, with its replay ids."""

from __future__ import annotations

from cabinet.config import load_settings
from cabinet.storage import Store
from cabinet.storage.scores import STREAK_GAMES, antigravity_tables, streak_table


def table_ids(contest_names) -> list[str]:
    """Every table the cabinet shows, in the order of the attract pages."""
    return ["blocks"] + antigravity_tables(contest_names) + [streak_table(game) for game in STREAK_GAMES]


def print_scores(args) -> int:
    loaded = load_settings(getattr(args, "config", None))
    store = Store.open()
    try:
        tables = table_ids(contest.name for contest in loaded.settings.antigravity.contests)
        tables += [table for table in store.scores.tables() if table not in tables]  # lists since removed
        for table in tables:
            print(f"{table}  (last reset: {store.scores.last_reset(table) or 'never'})")
            for entry in store.scores.top(table):
                replay = f"replay {entry.replay_id}" if entry.replay_id is not None else "-"
                print(f"  {entry.rank:>2}. {entry.initials:<3} {entry.score:>10}  {entry.when or '':<20}  {replay}")
            print()
        if store.db.degraded:
            print(f"note: {store.db.path} could not be opened for writing; shown from a copy")
    finally:
        store.close()
    return 0
