"""Saving settings back to the operator's YAML file, comments and key order kept.

The new file is the old text with only the changed values rewritten in place,
found by the position marks pyyaml gives every node; settings the file lacks
are added at the end of their section. A list whose length changed (the
contest lists) is rewritten as one block where it stood. The result is checked
by loading it again: if it would not give back exactly the settings saved, the
file is written fresh from the shipped template, or failing that in full.

pyyaml is enough: its node marks locate every value in the original text, so
no round-trip parser (ruamel.yaml) is needed.

Writing is atomic (:func:`~cabinet.system.files.write_atomic`): a power cut leaves the old file or
the new one, never a mix.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import os
import re
from pathlib import Path

import yaml

from cabinet.settings import load
from cabinet.settings.document import DocumentError, compose
from cabinet.settings.load import (
    NOT_FOUND,
    SHIPPED_CONFIG,
    as_written,
    construct_scalar,
    is_null,
    parse_settings,
    read_config_text,
    user_config,
)
from cabinet.settings.schema import RENAMED, Settings
from cabinet.settings.walk import KEYED, LISTED, SECTION, first_entries, shapes
from cabinet.storage.db import aside_path
from cabinet.system.files import refuse_odd_file, write_atomic
from cabinet.system.price_table import PriceTable

log = logging.getLogger("cabinet.storage")

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9 _.\-]*")
_UNREADABLE = object()  # a value in the file that pyyaml cannot build: always rewritten
_FULL_HEADER = "# ArcadeForge Verse — operator settings (written by the service menu).\n\n"


def save_path(source: str | os.PathLike | None) -> Path:
    """Where the service menu saves settings read from ``source``.

    The file they came from, unless that is the shipped default (part of the
    installation, replaced by updates, and the factory reset's template) or none.
    Then /etc/arcadeforge/cabinet.yaml when that folder exists and may be
    written (an installed cabinet), else the user's own file
    (``~/.config/arcadeforge/cabinet.yaml``, a checkout run by a normal user).
    Both come before the shipped file in the search order, so they are read next.
    """
    if source is not None and Path(source).resolve() != SHIPPED_CONFIG.resolve():
        return Path(source)
    system = load.SYSTEM_CONFIG
    if system.parent.is_dir() and os.access(system.parent, os.W_OK):
        return system
    return user_config()


def save_settings(path: str | os.PathLike, settings: Settings) -> Path | None:
    """Write ``settings`` to ``path`` atomically, keeping the file's comments and key order.

    A file with any problem (bad values, unknown keys, not YAML, unreadable) is
    first copied beside itself as ``<name>.broken-<date-time>``, and replaced by a
    complete, valid file: patched when that reads back without a problem, else
    the shipped template with the settings in it. Returns that copy's path, or
    None. No folder is created but the user's own config folder. Raises OSError
    when the disk refuses; the old file is then left as it was.
    """
    path = Path(path)
    refuse_odd_file(path)
    if path == user_config():
        path.parent.mkdir(parents=True, exist_ok=True)  # the user's own folder; never a system one
    old, why = read_config_text(path)
    broken = why != NOT_FOUND if old is None else bool(parse_settings(old).problems)
    backup = None
    if broken:
        backup = aside_path(path, "broken")
        write_atomic(backup, path.read_bytes(), like=path)
        log.warning(
            "settings: %s had errors; kept as %s, and a complete valid file written",
            path,
            backup.name,
        )
    write_atomic(path, settings_text(old, settings))
    return backup


def over_the_file(path: str | os.PathLike, before: Settings, after: Settings) -> Settings:
    """``after``'s changes from ``before`` (the settings in force), over what ``path`` holds now.

    The file may have been edited (by hand, over SSH) since the cabinet read it: a save from the
    service menu or the office then changes only what it changed, and keeps those edits. A file
    that cannot be read as settings gives ``after`` as it is."""
    text, _why = read_config_text(Path(path))
    if text is None:
        return after
    on_disk = parse_settings(text, str(path), before)
    if not on_disk.usable:
        return after
    # deep: a bad key's value may be the very object ``before`` holds
    return load.with_own_id(_changes_over(before, after, copy.deepcopy(on_disk.settings)))


def _changes_over(before, after, base):
    """``base``, changed in place: each field where ``after`` differs from ``before`` taken from ``after``."""
    for fld in dataclasses.fields(after):
        old, new, kept = (getattr(item, fld.name) for item in (before, after, base))
        if dataclasses.is_dataclass(new) and dataclasses.is_dataclass(kept):
            _changes_over(old, new, kept)
        elif new != old:
            setattr(base, fld.name, new)
    return base


def settings_text(old: str | None, settings: Settings) -> str:
    """The text to save: ``old`` patched, else the shipped template patched, else a full dump."""
    settings = as_written(settings)
    for base in ([] if old is None else [old]) + [_shipped_text()]:
        if base is not None and (new := _patchable(base, settings)) is not None:
            return new
    return (
        _FULL_HEADER
        + "\n".join(
            _block(f.name, getattr(settings, f.name), 0) for f in dataclasses.fields(Settings)
        )
        + "\n"
    )


def _patchable(text: str, settings: Settings) -> str | None:
    """``text`` patched to hold ``settings``, if that reads back exactly and without a problem; else None."""
    try:
        new = patched(text, settings)
    except (DocumentError, _Unpatchable):
        return None
    loaded = parse_settings(new)
    if as_written(loaded.settings) != settings or loaded.problems:
        log.warning(
            "settings: patching would not give a clean file of these settings; it is written afresh"
        )
        return None
    return new


def _shipped_text() -> str | None:
    try:
        return SHIPPED_CONFIG.read_text(encoding="utf-8")
    except OSError:
        return None


# --------------------------------------------------------------------------- patching


class _Unpatchable(Exception):
    """The text's shape does not allow patching (not a mapping at the top)."""


def patched(text: str, settings: Settings) -> str:
    """``text`` with every value that differs from ``settings`` rewritten or added."""
    root = compose(text).root  # the loader's limits: a hostile file must not hang a save either
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        raise _Unpatchable("the file is not a block mapping of sections")
    patcher = _Patcher(text)
    patcher.mapping(Settings, root, settings, as_written(Settings()))
    return patcher.apply()


class _Patcher:
    """Collects text edits while walking the YAML nodes alongside the settings.

    It sees the file's pairs as the loader does (:mod:`cabinet.settings.walk`:
    the first of each setting's name). A setting the file lacks is added when
    it differs from the fresh section's value (inside a section that is present),
    or from the container's own default (inside a keyed container: the difficulties).
    """

    def __init__(self, text: str):
        self.text = text
        self.edits: list[tuple[int, int, str]] = []

    def apply(self) -> str:
        # From the end backwards, so earlier positions stay valid; of several insertions at
        # one place, the first made (the innermost section's) ends up first.
        text = self.text
        order = sorted(
            range(len(self.edits)), key=lambda i: (self.edits[i][0], self.edits[i][1], i)
        )
        for i in reversed(order):
            start, end, new = self.edits[i]
            text = text[:start] + new + text[end:]
        return text

    def replace_scalar(self, node, new: str) -> None:
        """Replace a scalar, keeping an end-of-line comment in its column where there is room."""
        start, end = node.start_mark.index, node.end_mark.index
        gap = end
        while self.text[gap : gap + 1] == " ":
            gap += 1
        if gap > end and self.text[gap : gap + 1] == "#":
            spaces = max(1, (gap - end) - (len(new) - (end - start)))
            self.edits.append((start, gap, new + " " * spaces))
        else:
            self.edits.append((start, end, new))

    # ------------------------------------------------------------------ walking

    def mapping(self, cls, node: yaml.MappingNode, value, defaults) -> None:
        present = first_entries(node, cls)
        missing = []
        for name, (_fld, _hint, shape) in shapes(cls).items():
            wanted = getattr(value, name)
            entry = present.get(name)
            if entry is None:
                if self.renamed(cls, name, node, wanted):
                    continue
                if wanted != getattr(defaults, name):
                    missing.append((name, wanted))
            elif shape.kind == SECTION:
                assert shape.item is not None  # a section's shape names its class
                self.section(entry.key_node, entry.node, wanted, shape.item())
            elif shape.kind == KEYED:
                self.keyed(entry.key_node, entry.node, wanted, getattr(defaults, name))
            elif shape.kind == LISTED:
                self.listed(entry.key_node, entry.node, wanted, shape.item)
            else:
                self.scalar(entry.key_node, entry.node, wanted)
        self.add_keys(node, missing)

    def renamed(self, cls, name: str, mapping: yaml.MappingNode, wanted) -> bool:
        """The file holds ``name`` under its old key (``coins_per_credit_1``): left as it is when it
        still reads as ``wanted``, else that line becomes the new key. True when there was one."""
        present = first_entries(mapping)  # names only: an old key is no setting of ``cls``
        for (owner, old), (new, _spec, convert) in RENAMED.items():
            if owner is not cls or new != name or old not in present:
                continue
            key_node, node = present[old].key_node, present[old].node
            try:
                current = (
                    convert(construct_scalar(node))
                    if isinstance(node, yaml.ScalarNode)
                    else _UNREADABLE
                )
            except (ValueError, TypeError):
                current = _UNREADABLE
            if current != wanted:
                self.edits.append(
                    (
                        key_node.start_mark.index,
                        self.line_end(node.end_mark.index),
                        f"{name}: {_scalar(wanted)}",
                    )
                )
            return True
        return False

    def section(self, key_node, node, wanted, defaults) -> None:
        if isinstance(node, yaml.MappingNode):
            self.mapping(type(wanted), node, wanted, defaults)
        else:
            self.rewrite(key_node, node, wanted)

    def keyed(self, key_node, node, wanted: dict, defaults: dict) -> None:
        if not isinstance(node, yaml.MappingNode):
            self.rewrite(key_node, node, wanted)
            return
        present = first_entries(node)
        missing = []
        for name, item in wanted.items():
            if name in present:
                self.section(present[name].key_node, present[name].node, item, defaults[name])
            elif item != defaults[name]:
                missing.append((name, item))
        self.add_keys(node, missing)

    def listed(self, key_node, node, wanted: list, item_cls) -> None:
        """Patch the items both lists have; append new items after them, or delete the extra."""
        if not (
            _is_block(node)
            and isinstance(node, yaml.SequenceNode)
            and all(
                isinstance(item, yaml.MappingNode) and not item.flow_style for item in node.value
            )
        ):
            self.rewrite(key_node, node, wanted)
            return
        kept = min(len(node.value), len(wanted))
        for item_node, item in zip(node.value[:kept], wanted[:kept]):
            self.mapping(item_cls, item_node, item, item_cls())
        if not wanted:
            self.rewrite(key_node, node, wanted)
        elif len(wanted) > kept:
            at = self.line_end(self.content_end(node))
            indent = node.start_mark.column
            self.edits.append((at, at, "\n" + "\n".join(_value_lines(wanted[kept:], indent))))
        elif len(node.value) > kept:
            start = self.line_end(self.content_end(node.value[kept - 1]))
            self.edits.append((start, self.line_end(self.content_end(node)), ""))

    def scalar(self, key_node, node, wanted) -> None:
        if isinstance(wanted, PriceTable) and isinstance(node, yaml.SequenceNode):
            current: object
            try:
                current = PriceTable.parse(construct_scalar(node))
            except ValueError:
                current = _UNREADABLE
            if current == wanted:
                return
            if node.flow_style:
                self.replace_scalar(node, _scalar(wanted))
                return
        if isinstance(node, yaml.ScalarNode):
            try:
                current = construct_scalar(node)
            except ValueError:
                current = _UNREADABLE
            if _same(current, wanted):
                return
            if not is_null(node) or node.start_mark.index < node.end_mark.index:
                self.replace_scalar(node, _scalar(wanted))
                return
        self.rewrite(key_node, node, wanted)

    # ------------------------------------------------------------------ editing

    def rewrite(self, key_node, node, wanted) -> None:
        """Replace a whole value (a section given as a scalar, a list of another length...)."""
        indent = key_node.start_mark.column + 2
        block = _is_block(node)
        if block:
            start = self.line_start(node.start_mark.index)
            indent = node.start_mark.column
            self.edits.append(
                (
                    start,
                    self.line_end(self.content_end(node)),
                    "\n".join(_value_lines(wanted, indent)),
                )
            )
            return
        if _is_scalar_value(wanted):
            empty = node.start_mark.index == node.end_mark.index
            self.edits.append(
                (node.start_mark.index, node.end_mark.index, " " * empty + _scalar(wanted))
            )
            return
        if node.start_mark.index < node.end_mark.index:
            self.edits.append((node.start_mark.index, node.end_mark.index, ""))
        at = self.line_end(key_node.end_mark.index)
        self.edits.append((at, at, "\n" + "\n".join(_value_lines(wanted, indent))))

    def add_keys(self, node: yaml.MappingNode, missing: list) -> None:
        if not missing:
            return
        if node.flow_style or not node.value:
            if not node.flow_style or self.text[node.end_mark.index - 1] != "}":
                raise _Unpatchable("cannot add keys to this mapping")
            at = node.end_mark.index - 1
            parts = [f"{name}: {_flow(value)}" for name, value in missing]
            self.edits.append((at, at, (", " if node.value else "") + ", ".join(parts)))
            return
        indent = node.value[0][0].start_mark.column
        at = self.line_end(self.content_end(node))
        lines = [
            line for name, value in missing for line in _block(name, value, indent).split("\n")
        ]
        self.edits.append((at, at, "\n" + "\n".join(lines)))

    def content_end(self, node) -> int:
        """Where a node's own text ends (pyyaml's block end marks run on to the next key)."""
        if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
            key, value = node.value[-1]
            return max(key.end_mark.index, self.content_end(value))
        if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
            return self.content_end(node.value[-1])
        return node.end_mark.index

    def line_start(self, index: int) -> int:
        return self.text.rfind("\n", 0, index) + 1

    def line_end(self, index: int) -> int:
        end = self.text.find("\n", index)
        end = len(self.text) if end < 0 else end
        return end - 1 if self.text[end - 1 : end] == "\r" else end


# --------------------------------------------------------------------------- rendering


def _block(name: str, value, indent: int) -> str:
    """``name: value`` as block YAML lines at ``indent``."""
    pad = " " * indent
    if _is_scalar_value(value):
        return f"{pad}{name}: {_scalar(value)}"
    if not value and not dataclasses.is_dataclass(value):
        return f"{pad}{name}: {'[]' if isinstance(value, list) else '{}'}"
    return f"{pad}{name}:\n" + "\n".join(_value_lines(value, indent + 2))


def _value_lines(value, indent: int) -> list[str]:
    """A collection's lines at ``indent`` (what follows ``key:``)."""
    pad = " " * indent
    if _is_scalar_value(value):
        return [pad + _scalar(value)]
    if isinstance(value, list):
        if not value:
            return [pad + "[]"]
        lines = []
        for item in value:
            item_lines = _value_lines(item, indent + 2)
            lines.append(pad + "- " + item_lines[0][indent + 2 :])
            lines += item_lines[1:]
        return lines
    items = (
        ((f.name, getattr(value, f.name)) for f in dataclasses.fields(value))
        if dataclasses.is_dataclass(value)
        else value.items()
    )
    lines = [line for name, item in items for line in _block(name, item, indent).split("\n")]
    return lines or [pad + "{}"]


def _is_section(value) -> bool:
    """A settings section's value (a dataclass instance, not its class)."""
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def _flow(value) -> str:
    if _is_scalar_value(value):
        return _scalar(value)
    plain = dataclasses.asdict(value) if _is_section(value) else value
    if isinstance(plain, list):
        plain = [dataclasses.asdict(v) if _is_section(v) else v for v in plain]
    return yaml.safe_dump(plain, default_flow_style=True, width=10**6, sort_keys=False).strip()


def _scalar(value) -> str:
    """``value`` as a YAML scalar that reads back as the same value and type."""
    if value is None:
        return "null"
    if isinstance(value, PriceTable):
        return str(value)  # flow style: [[1, 1], [5, 6]]
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        text = repr(value)
        return text.replace("e", ".0e", 1) if "e" in text and "." not in text else text
    text = str(value)
    if _PLAIN.fullmatch(text) and not text.endswith(" ") and yaml.safe_load(text) == text:
        return text
    return json.dumps(text)  # a JSON string is a valid double-quoted YAML scalar


def _is_scalar_value(value) -> bool:
    """True for what is written on its key's line (a price table too, in flow style)."""
    return value is None or isinstance(value, (bool, int, float, str, PriceTable))


def _same(current, wanted) -> bool:
    if isinstance(current, bool) != isinstance(wanted, bool):
        return False
    if isinstance(current, str) != isinstance(wanted, str):
        return False
    return current == wanted


def _is_block(node) -> bool:
    return (
        isinstance(node, (yaml.MappingNode, yaml.SequenceNode))
        and not node.flow_style
        and bool(node.value)
    )
