"""What a cabinet did with settings from the office, kept in its state folder.

``settings-from-office.log``: the audit log, one JSON line per fragment decided (applied or
refused), with who signed it, when it was issued and applied, and each change or problem
line (a secret's value never: those lines come from :mod:`cabinet.settings.fragment`).
Appended and synced, so a power cut loses at most the line being written; past
:data:`MAX_LOG_BYTES` it moves to ``.1`` and a new one starts.

``settings-from-office.json``: per target (``group/<g>``, ``cabinet/<site>/<id>``) the issue
time of the last fragment decided, so the retained one the broker sends again on each
connection is not applied twice and an older one published again is refused; and the last
result, published again after a restart. Written atomically.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from cabinet.system.files import refuse_odd_file, write_atomic

log = logging.getLogger("cabinet.settings")

LOG_NAME = "settings-from-office.log"
MEMORY_NAME = "settings-from-office.json"
MAX_LOG_BYTES = 1 << 20
MAX_MEMORY_BYTES = 256_000  # one short line per target: far more than a fleet needs


class OfficeRecord:
    """The audit log and the memory of decided fragments, in ``folder`` (the state folder)."""

    def __init__(self, folder: Path):
        self.log_path = folder / LOG_NAME
        self.memory_path = folder / MEMORY_NAME
        self._memory = self._read_memory()

    def _read_memory(self) -> dict:
        try:
            refuse_odd_file(self.memory_path)  # a pipe would hold the start for ever
            with open(self.memory_path, "rb") as handle:
                data = handle.read(MAX_MEMORY_BYTES + 1)
            if len(data) > MAX_MEMORY_BYTES:
                raise ValueError(f"over {MAX_MEMORY_BYTES // 1000} kB")
            memory = json.loads(data.decode("utf-8"))
        except FileNotFoundError:
            return {"decided": {}, "result": None}
        except (OSError, ValueError, RecursionError) as exc:
            # Forgetting means a retained fragment is checked again; an applied one changes nothing twice.
            log.warning(
                "settings from the office: %s cannot be read (%s); starting afresh",
                self.memory_path,
                exc,
            )
            return {"decided": {}, "result": None}
        decided = memory.get("decided") if isinstance(memory, dict) else None
        if not isinstance(decided, dict):
            return {"decided": {}, "result": None}
        return {
            "decided": {k: v for k, v in decided.items() if isinstance(v, str)},
            "result": memory.get("result"),
        }

    def decided(self, target: str) -> str:
        """The issue time of the last fragment decided for ``target``; "" for none."""
        return self._memory["decided"].get(target, "")

    def last_result(self) -> dict | None:
        return self._memory["result"]

    def remember(self, result: dict, target: str | None = None, issued: str | None = None) -> None:
        """Keep ``result`` as the last one and, given ``target``, ``issued`` as its last decided."""
        if target is not None and issued is not None:
            self._memory["decided"][target] = issued
        self._memory["result"] = result
        try:
            write_atomic(self.memory_path, json.dumps(self._memory, sort_keys=True))
        except OSError as exc:
            log.warning(
                "settings from the office: %s cannot be written (%s)",
                self.memory_path,
                exc.strerror or exc,
            )

    def audit(self, entry: dict) -> None:
        """Append one line to the audit log (and sync it)."""
        line = json.dumps(entry, sort_keys=True, ensure_ascii=False) + "\n"
        try:
            if self.log_path.exists() and self.log_path.stat().st_size > MAX_LOG_BYTES:
                os.replace(self.log_path, self.log_path.with_name(LOG_NAME + ".1"))
            with open(self.log_path, "a", encoding="utf-8") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            log.warning(
                "settings from the office: the audit log %s cannot be written (%s)",
                self.log_path,
                exc.strerror or exc,
            )

    def entries(self) -> list[dict]:
        """The audit log's lines, oldest first (the current file only)."""
        try:
            text = self.log_path.read_text(encoding="utf-8")
        except OSError:
            return []
        found = []
        for line in text.splitlines():
            try:
                found.append(json.loads(line))
            except ValueError:
                continue  # a line a power cut left half-written
        return found
