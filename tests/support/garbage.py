"""Helpers for the tests of full garbage collections at safe moments (:mod:`cabinet.system.garbage`)."""

from __future__ import annotations

import gc
import weakref


class Node:
    """A container object for a reference cycle (only the cyclic collector frees one)."""


def an_old_cycle() -> weakref.ref:
    """A reference cycle grown old (generation 2) before it became garbage: no young
    collection frees it, only a full one. A weak reference to watch it by."""
    node = Node()
    node.me = node
    gc.collect(1)  # alive still: it moves on to the oldest generation
    return weakref.ref(node)


def an_old_cycle_holding(thing) -> weakref.ref:
    """As :func:`an_old_cycle`, the cycle also holding ``thing`` (its last reference, once the caller drops its own)."""
    node = Node()
    node.me = node
    node.held = thing
    gc.collect(1)
    return weakref.ref(node)
