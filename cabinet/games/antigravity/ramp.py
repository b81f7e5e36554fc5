"""The ramp of a single ANTI-GRAVITY game as the engine reads it (RULES.md "Game length on a cabinet").

A caller hands the engine its ramp as an object (the cabinet's
:class:`~cabinet.settings.schema.RampSettings`) or as a mapping with exactly the
keys :data:`RAMP_KEYS`; :func:`ramp_rules` checks either and gives a :class:`Ramp`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

RAMP_KEYS = ("clears", "step_seconds", "min_seconds", "horizon_level", "horizon_warning")


@dataclass(frozen=True)
class Ramp:
    """The ramp's numbers: a step every ``clears`` blocks cleared, ``step_seconds`` off the
    turn down to ``min_seconds``, and the widening horizon from level ``horizon_level``
    (0: never), each row announced ``horizon_warning`` turns before it takes effect."""

    clears: int
    step_seconds: float
    min_seconds: float
    horizon_level: int
    horizon_warning: int

    def target_depth(self, level: int, half: int) -> int:
        """The band's target depth a side at ramp ``level`` on a field of half height ``half``."""
        if not self.horizon_level:
            return 0
        return min(half - 1, max(0, level - self.horizon_level + 1))


def ramp_rules(ramp) -> Ramp | None:
    """``ramp`` (None, an object or a mapping) as a checked :class:`Ramp`; None when it is off.

    An object whose ``enabled`` is false is off; a mapping means on. ValueError names
    the missing, unknown or bad key.
    """
    if ramp is None:
        return None
    if isinstance(ramp, Mapping):
        missing = [key for key in RAMP_KEYS if key not in ramp]
        unknown = sorted(str(key) for key in ramp if key not in RAMP_KEYS)
        if missing or unknown:
            raise ValueError(
                f"ramp= needs exactly the keys {', '.join(RAMP_KEYS)}"
                + (f"; missing {', '.join(missing)}" if missing else "")
                + (f"; unknown {', '.join(unknown)}" if unknown else "")
            )
        values = {key: ramp[key] for key in RAMP_KEYS}
    else:
        if not getattr(ramp, "enabled", True):
            return None
        missing = [key for key in RAMP_KEYS if not hasattr(ramp, key)]
        if missing:
            raise ValueError(f"ramp= {type(ramp).__name__} lacks {', '.join(missing)}")
        values = {key: getattr(ramp, key) for key in RAMP_KEYS}
    for key, low, whole in (
        ("clears", 1, True),
        ("horizon_level", 0, True),
        ("horizon_warning", 1, True),
        ("step_seconds", 0, False),
        ("min_seconds", 0, False),
    ):
        value = values[key]
        kinds = int if whole else (int, float)
        if (
            isinstance(value, bool)
            or not isinstance(value, kinds)
            or value < low
            or (not whole and value <= 0)
        ):
            need = f"a whole number of at least {low}" if whole else "a number above 0"
            raise ValueError(f"ramp {key} must be {need}, not {value!r}")
    return Ramp(**values)
