"""Giving freed memory back to the system, so a months-long attract loop stays flat.

Attract mode renders new score texts and builds a new screen for every demo;
their pixels are freed at once (no reference cycles), but glibc keeps freed
heap pages for reuse, so the process's resident size wobbles upward with
fragmentation. ``malloc_trim(0)`` returns every free page it can. It costs a
millisecond or two, so the main loop asks for it once a minute.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools

TRIM_EVERY_SECONDS = 60.0


@functools.cache
def _libc():
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") else None


def release_freed_memory() -> bool:
    """Hand the C heap's free pages back to the system; False where there is no glibc."""
    libc = _libc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
