"""Factory reset: the machine as it left the factory, except for what the operator keeps.

High scores, bookkeeping, credits and replays go back to factory state in one
transaction; the settings file goes back to the shipped one, the old file
kept beside it as ``<name>.bak``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.settings.load import SHIPPED_CONFIG
from cabinet.storage.db import FACTORY_RESET, counts_since_statements, now_stamp, set_stamp
from cabinet.system.files import refuse_odd_file, write_atomic

if TYPE_CHECKING:
    from cabinet.storage.store import Store

log = logging.getLogger("cabinet.storage")


def factory_reset(
    store: Store, config_path: str | Path | None = None, shipped: Path = SHIPPED_CONFIG
) -> None:
    """Reset ``store`` and, unless it is the shipped file itself, ``config_path``.

    Raises OSError when the settings file cannot be written (the state is reset by then).
    """
    when = now_stamp()
    store.db.write(
        [
            ("DELETE FROM scores", ()),
            ("DELETE FROM replays", ()),
            (
                "DELETE FROM counters WHERE name NOT LIKE 'meter.owed.%'",
                (),
            ),  # a meter is never reset
            ("DELETE FROM stamps", ()),
            set_stamp("scores.reset", when),
            set_stamp("audits.reset", when),
        ]
        + counts_since_statements(FACTORY_RESET)
    )
    log.warning("storage: factory reset of scores, bookkeeping, credits and replays")
    if config_path is None:
        return
    config_path, shipped = Path(config_path), Path(shipped)
    if config_path.exists() and config_path.resolve() == shipped.resolve():
        return
    original = shipped.read_text(encoding="utf-8")
    refuse_odd_file(config_path)
    if config_path.exists():
        backup = config_path.with_name(config_path.name + ".bak")
        write_atomic(backup, config_path.read_bytes(), like=config_path)  # as it was, byte for byte
    write_atomic(config_path, original)
    log.warning("settings: %s reset to the shipped file (the old one is kept as .bak)", config_path)
