"""Going back a release without losing the books (docs/operating.md, "Going back a release").

A newer release may have migrated ``cabinet.db`` past this firmware's schema. Two rules keep
every coin, credit, score and audit when the cabinet goes back:

* Each schema version says the oldest schema whose firmware may still use the file as it is
  (:data:`cabinet.storage.migrations.READABLE_FROM`, stamped into the file as
  ``schema.readable_from``). A migration that only adds tables or columns with defaults keeps
  older firmware able to read and write the file: it opens it as it is.
* A file no older firmware can use is moved aside, never deleted, and this firmware carries
  back every row of every table it knows, in the columns both schemas share, into a fresh
  file of its own schema. Counters, stamps (when the counts began), scores and replays come
  back exactly as the newer release left them.
"""

from __future__ import annotations

import sqlite3

from cabinet.storage import migrations
from cabinet.storage.migrations import READABLE_FROM_STAMP

Statement = tuple[str, tuple]


def readable_from(conn: sqlite3.Connection, version: int) -> int:
    """The oldest schema whose firmware may use this file as it is (``version`` if it does not say)."""
    try:
        row = conn.execute(
            "SELECT value FROM stamps WHERE name = ?", (READABLE_FROM_STAMP,)
        ).fetchone()
        return int(row[0]) if row else version
    except (sqlite3.DatabaseError, ValueError):
        return version


def carried_back(newer: sqlite3.Connection) -> list[Statement]:
    """Statements that fill a fresh file of this firmware's schema with what ``newer`` holds."""
    ours = _our_tables()
    statements: list[Statement] = []
    theirs = {name: _columns(newer, name) for name in _table_names(newer)}
    for table, columns in ours.items():
        shared = [name for name in columns if name in theirs.get(table, ())]
        if not shared:
            continue
        names = ", ".join(f'"{name}"' for name in shared)
        marks = ", ".join("?" * len(shared))
        statements.append((f'DELETE FROM "{table}"', ()))
        for row in newer.execute(f'SELECT {names} FROM "{table}"'):
            if table == "stamps" and row[shared.index("name")] == READABLE_FROM_STAMP:
                continue  # the newer file's rule, not this file's
            statements.append((f'INSERT INTO "{table}" ({names}) VALUES ({marks})', tuple(row)))
    for name, seq in (
        newer.execute("SELECT name, seq FROM sqlite_sequence")
        if "sqlite_sequence" in theirs
        else ()
    ):
        if name in ours:
            statements.append(("DELETE FROM sqlite_sequence WHERE name = ?", (name,)))
            statements.append(
                ("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (name, seq))
            )
    return statements


def _our_tables() -> dict[str, list[str]]:
    """This firmware's tables and their columns, from its migrations run on an empty database."""
    memory = sqlite3.connect(":memory:")
    try:
        for script in migrations.MIGRATIONS:
            memory.executescript(script)
        return {
            name: _columns(memory, name)
            for name in _table_names(memory)
            if name != "sqlite_sequence"
        }
    finally:
        memory.close()


def _table_names(conn: sqlite3.Connection) -> list[str]:
    return [
        row[0]
        for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    ]


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')]
