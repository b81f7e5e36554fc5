"""A settings file's mappings lined up with the schema: the one walk the loader and the saver share.

The loader reads a section's ``key: value`` pairs into settings (reporting
every key that is no name, no setting, or given again); the saver patches the
values of the same pairs in the text. Both see a mapping through
:func:`entries`, and a field's kind through :func:`shapes`, so they cannot
disagree about which pair is a setting's, or what it holds.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml

from cabinet.settings.document import key_name
from cabinet.settings.schema import CONTAINER_ITEMS

SECTION, KEYED, LISTED, SCALAR = "section", "keyed", "listed", "scalar"


@dataclass(frozen=True)
class Shape:
    """What a field holds: a ``SECTION`` (a dataclass, ``item``), ``KEYED`` items of ``item`` under
    the fixed ``keys`` (the difficulties), ``LISTED`` items of ``item`` (contests, joysticks), or a
    ``SCALAR``."""

    kind: str
    item: type | None = None
    keys: tuple[str, ...] | None = None


@functools.cache
def shapes(cls) -> dict[str, tuple[dataclasses.Field, Any, Shape]]:
    """Each field of the schema class ``cls``, by name: the field, its type hint and its shape."""
    hints = typing.get_type_hints(cls)
    found = {}
    for fld in dataclasses.fields(cls):
        hint = hints[fld.name]
        container = CONTAINER_ITEMS.get((cls, fld.name))
        if container is not None:
            shape = Shape(LISTED if container[1] is None else KEYED, *container)
        elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
            shape = Shape(SECTION, hint)
        else:
            shape = Shape(SCALAR)
        found[fld.name] = (fld, hint, shape)
    return found


@dataclass(frozen=True)
class Entry:
    """One ``key: value`` pair of a mapping node. ``name`` is None for a key that is no name (a
    list, a mapping, odd text); ``again`` is true when the name came earlier in the mapping (the
    first one is the one read). ``field``, ``hint`` and ``shape`` are None for a name that is no
    setting of the section."""

    key_node: yaml.Node
    node: yaml.Node
    name: str | None
    again: bool
    field: dataclasses.Field | None = None
    hint: Any = None
    shape: Shape | None = None


def entries(node: yaml.MappingNode, cls=None) -> Iterator[Entry]:
    """The pairs of ``node`` in the file's order, as the section ``cls`` sees them (or, without one,
    a keyed container's pairs: names only)."""
    known = shapes(cls) if cls is not None else {}
    seen: set[str] = set()
    for key_node, value_node in node.value:
        name = key_name(key_node)
        described = known.get(name) if name is not None else None
        yield Entry(key_node, value_node, name, name in seen, *(described or ()))
        if name is not None:
            seen.add(name)


def first_entries(node: yaml.MappingNode, cls=None) -> dict[str, Entry]:
    """The pairs the loader reads: by name, the first of each name (a setting's, when ``cls`` is given)."""
    return {
        entry.name: entry
        for entry in entries(node, cls)
        if entry.name is not None and not entry.again and (cls is None or entry.field is not None)
    }
