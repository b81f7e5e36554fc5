"""YAML → validated :class:`~cabinet.settings_schema.Settings`.

A bad value never stops the cabinet: it is reported as a :class:`ConfigProblem`
naming the file, line and key, and the setting keeps its default. A file that is
not YAML at all gives the defaults and one problem.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
import typing
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from cabinet.settings_schema import CONTAINER_ITEMS, Settings

SYSTEM_CONFIG = Path("/etc/arcadeforge/cabinet.yaml")


def shipped_config(prefix: str = sys.prefix, package_dir: Path = Path(__file__).resolve().parent) -> Path:
    """The factory settings file: config/ beside the package in a checkout, else the
    copy pip installs under the environment's share/arcadeforge/."""
    checkout = package_dir.parent / "config" / "cabinet.yaml"
    installed = Path(prefix) / "share" / "arcadeforge" / "cabinet.yaml"
    return installed if installed.is_file() and not checkout.is_file() else checkout


SHIPPED_CONFIG = shipped_config()


@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong with a config file; ``line`` is 1-based, or None."""

    file: str
    key: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.key or '(file)'}: {self.message}"


@dataclass
class LoadedConfig:
    settings: Settings
    source: Path | None
    problems: list[ConfigProblem] = field(default_factory=list)
    nodes: dict[str, yaml.Node] = field(default_factory=dict)  # dotted key -> value node


def find_config(explicit: str | os.PathLike | None = None) -> Path | None:
    """The file to read: --config, then $CABINET_CONFIG, /etc/arcadeforge, the shipped one."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("CABINET_CONFIG")
    if env:
        return Path(env)
    for candidate in (SYSTEM_CONFIG, SHIPPED_CONFIG):
        if candidate.is_file():
            return candidate
    return None


def load_settings(path: str | os.PathLike | None = None) -> LoadedConfig:
    """Read and validate ``path`` (or the file :func:`find_config` picks)."""
    source = find_config(path)
    if source is None:
        return LoadedConfig(Settings(), None)
    try:
        text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problem = ConfigProblem(str(source), "", None, f"cannot read ({exc}); using defaults")
        return LoadedConfig(Settings(), Path(source), [problem])
    return parse_settings(text, str(source))


def parse_settings(text: str, filename: str = "<config>") -> LoadedConfig:
    """Validate YAML text; every problem is collected, none raised."""
    reader = _Reader(filename)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        reader.problem("", line, f"not valid YAML ({reason}); using every default")
        return LoadedConfig(Settings(), Path(filename), reader.problems)
    settings = reader.section(Settings, root, "")
    return LoadedConfig(settings, Path(filename), reader.problems, reader.nodes)


class _Reader:
    """Walks YAML nodes alongside the dataclass schema."""

    def __init__(self, filename: str):
        self.filename = filename
        self.problems: list[ConfigProblem] = []
        self.nodes: dict[str, yaml.Node] = {}
        self._constructor = yaml.constructor.SafeConstructor()

    def problem(self, key: str, line: int | None, message: str) -> None:
        self.problems.append(ConfigProblem(self.filename, key, line, message))

    def section(self, cls, node, prefix: str, defaults=None):
        defaults = cls() if defaults is None else defaults
        if node is None or is_null(node):
            return defaults
        if not isinstance(node, yaml.MappingNode):
            self.problem(prefix, _line(node), "must be a mapping of keys; using defaults")
            return defaults
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            dotted = f"{prefix}.{key}" if prefix else key
            if key not in fields:
                self.problem(dotted, _line(key_node), "unknown key, ignored")
                continue
            if key in values:
                self.problem(dotted, _line(key_node), "given twice; the first one is used")
                continue
            self.nodes[dotted] = value_node
            default = getattr(defaults, key)
            values[key] = self.value(cls, fields[key], hints[key], value_node, dotted, default)
        return dataclasses.replace(defaults, **values)

    def value(self, owner, fld, hint, node, dotted, default):
        if dataclasses.is_dataclass(hint):
            return self.section(hint, node, dotted, default)  # a nested section keeps its own factory values
        container = CONTAINER_ITEMS.get((owner, fld.name))
        if container is not None:
            item_cls, fixed_keys = container
            if fixed_keys is not None:
                return self.keyed(item_cls, fixed_keys, node, dotted, default)
            return self.listed(item_cls, node, dotted, default)
        return self.scalar(fld, hint, node, dotted, default)

    def keyed(self, item_cls, keys, node, dotted, default):
        if not isinstance(node, yaml.MappingNode):
            self.problem(dotted, _line(node), "must be a mapping; using defaults")
            return default
        result = dict(default)
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key not in keys:
                self.problem(f"{dotted}.{key}", _line(key_node),
                             f"unknown key, ignored (expected one of: {', '.join(keys)})")
                continue
            self.nodes[f"{dotted}.{key}"] = value_node
            result[key] = self.section(item_cls, value_node, f"{dotted}.{key}", default[key])
        return result

    def listed(self, item_cls, node, dotted, default):
        if not isinstance(node, yaml.SequenceNode):
            self.problem(dotted, _line(node), "must be a list; using defaults")
            return default
        items, names = [], set()
        for index, item_node in enumerate(node.value):
            item = self.section(item_cls, item_node, f"{dotted}[{index}]")
            name = getattr(item, "name", None)
            if name is not None and name in names:
                self.problem(f"{dotted}[{index}].name", _line(item_node),
                             f"name {name!r} used twice; this entry is ignored")
                continue
            names.add(name)
            items.append(item)
        return items

    def scalar(self, fld, hint, node, dotted, default):
        line = _line(node)
        if not isinstance(node, yaml.ScalarNode):
            self.problem(dotted, line, f"must be a single value; using {default!r}")
            return default
        value = self._constructor.construct_object(node, deep=True)
        error = _check(fld, hint, value)
        if error and fld.metadata.get("secret"):
            error = "must be text (the value is secret and not shown)"
        if error and fld.metadata.get("bad_disables"):
            self.problem(dotted, line, f"{error}; disabled")
            return None
        if error:
            self.problem(dotted, line, f"{error}; using {default!r}")
            return default
        if base_type(hint) is float and isinstance(value, int):
            value = float(value)
        return value


def base_type(hint):
    """The type behind an optional hint: ``int | None`` -> ``int``."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return args[0] if args else hint


def _check(fld, hint, value) -> str | None:
    """Why ``value`` does not fit the field, or None when it does."""
    optional = type(None) in typing.get_args(hint)
    base = base_type(hint)
    if value is None:
        return None if optional else "must not be empty"
    if base is bool and not isinstance(value, bool):
        return f"must be true or false, got {value!r}"
    if base is int and (isinstance(value, bool) or not isinstance(value, int)):
        return f"must be a whole number, got {value!r}"
    if base is float and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return f"must be a number, got {value!r}"
    if base is str and not isinstance(value, str):
        return f"must be text, got {value!r}"
    meta = fld.metadata
    if meta.get("pattern") and not re.fullmatch(meta["pattern"], value):
        return f"must be 1-32 letters, digits, dots, dashes or underscores, got {value!r}"
    if meta.get("choices") is not None and value not in meta["choices"]:
        options = ", ".join(str(c) for c in meta["choices"])
        return f"must be one of {options}; got {value!r}"
    if meta.get("min") is not None and value < meta["min"]:
        return f"must be at least {meta['min']}, got {value!r}"
    if meta.get("max") is not None and value > meta["max"]:
        return f"must be at most {meta['max']}, got {value!r}"
    return None


def is_null(node) -> bool:
    """True for a YAML ``null`` (or empty) value."""
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"


def _line(node) -> int | None:
    return node.start_mark.line + 1 if node is not None and node.start_mark else None
