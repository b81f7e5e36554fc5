"""Whether a stand-in answers a protocol whole, on every Python the suite runs under.

``isinstance`` against a runtime-checkable protocol will not do: from Python 3.12 it
reads members statically, so a forwarding ``__getattr__`` (a replay's context and audio)
answers nothing.
"""

from __future__ import annotations

import inspect
from typing import Protocol


def members(protocol: type) -> set[str]:
    """The public names ``protocol`` and the protocols it extends declare."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls in (object, Protocol) or not getattr(cls, "_is_protocol", False):
            continue
        names |= {
            name for name in (*vars(cls), *inspect.get_annotations(cls)) if not name.startswith("_")
        }
    return names


def missing(stand_in: object, protocol: type) -> list[str]:
    """The members of ``protocol`` that ``stand_in`` does not answer, sorted."""
    return sorted(name for name in members(protocol) if not hasattr(stand_in, name))
