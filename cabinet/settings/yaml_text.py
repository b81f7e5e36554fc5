"""A value read from the settings file, written as YAML writes it, for the lines that quote it.

The operator wrote YAML: a problem line saying ``using None`` or ``got True`` would send
them looking for words their file cannot hold (YAML's ``None`` is the text "None").
"""

from __future__ import annotations

import math


def yaml_text(value) -> str:
    """``value`` in YAML's flow style: true, null, .inf, 2024-05-01, [1, true], {a: 1}; a text
    quoted ('maybe'), so that it reads apart from the words around it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else ".inf" if value > 0 else "-.inf"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{yaml_text(key)}: {yaml_text(item)}" for key, item in value.items())
            + "}"
        )
    if hasattr(value, "isoformat"):  # a date YAML read (no datetime import: games load settings)
        return value.isoformat()
    return repr(value)  # numbers as written; a text in quotes YAML reads back the same
