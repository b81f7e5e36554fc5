"""A settings fragment: a few keys pushed from the office, read against the settings in force.

The fragment is read by the loader itself (:func:`~cabinet.settings.load.parse_settings`, the
checks ``check-config``, a starting cabinet and the service menu's save all go through), with
the settings in force standing for the last good ones: a key the fragment gives is checked as
in a settings file, a key it leaves out keeps its value. Its problems are the loader's lines
(file, line, key, why), which never repeat a secret. A fragment with any problem changes nothing.

Some keys are the cabinet's own and never come from the office: the fleet link's (a wrong
host or password pushed over the link would cut the cabinet off the office that could put it
right) but for ``network.show_rankings``, the wiring of ``inputs`` and ``outputs`` (a
pin pushed to the wrong switch could silence a coin chute), and ``storage`` (where the books'
mirror lives depends on the cabinet's own disks and unit; "off" from afar would drop it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import yaml

from cabinet.language.words import Words
from cabinet.settings.load import ConfigProblem, as_written, is_secret, parse_settings, quoted
from cabinet.settings.schema import Settings

CABINET_ONLY = ("network.", "inputs.", "outputs.", "storage.")
OFFICE_MAY = ("network.show_rankings",)
# Plain text, not Words: it is read in the office's report and audit log, never on a screen.
CABINET_ONLY_WHY = "set at the cabinet only, never from the office"


@dataclass(frozen=True)
class Change:
    """One setting a fragment changes, as a report may show it (a secret as ``(secret)``)."""

    key: str
    old: str
    new: str

    def __str__(self) -> str:
        return f"{self.key}: {self.old} -> {self.new}"


@dataclass
class FragmentReading:
    """``settings``: those in force with the fragment's keys (use them only without ``problems``)."""

    settings: Settings
    problems: list[ConfigProblem]
    changes: list[Change]


def read_fragment(text: str, current: Settings, name: str = "fragment") -> FragmentReading:
    """``text`` (YAML, some keys) read over ``current``, the settings in force."""
    loaded = parse_settings(text, name, current, fragment=True)
    problems = list(loaded.problems)
    for key, node in loaded.nodes.items():
        if _cabinet_only(key) and not isinstance(node, yaml.MappingNode):
            line = node.start_mark.line + 1
            problems.append(ConfigProblem(name, key, line, CABINET_ONLY_WHY))
    if (
        not loaded.usable
    ):  # the loader's line ends with what a cabinet would run on: here, nothing changes
        problems = [dataclasses.replace(p, reason=_without_verdict(p.reason)) for p in problems]
    if not loaded.usable or problems:
        return FragmentReading(current, problems, [])
    return FragmentReading(loaded.settings, [], changes(current, loaded.settings))


def _without_verdict(reason: Words | str) -> Words | str:
    """The loader's reason for an unusable file, without what a cabinet would run on instead."""
    why = dict(reason.fields).get("why") if isinstance(reason, Words) else None
    return why if isinstance(why, (Words, str)) else reason


def _cabinet_only(key: str) -> bool:
    return key.startswith(CABINET_ONLY) and key not in OFFICE_MAY


def changes(old: Settings, new: Settings) -> list[Change]:
    """Every setting that differs, by dotted key; a list or mapping of items (the contests, the
    difficulties) as one key."""
    found: list[Change] = []
    _compare(as_written(old), as_written(new), "", found)
    return found


def _compare(old, new, prefix: str, found: list[Change]) -> None:
    for fld in dataclasses.fields(old):
        before, after = getattr(old, fld.name), getattr(new, fld.name)
        key = f"{prefix}.{fld.name}" if prefix else fld.name
        if before == after:
            continue
        if dataclasses.is_dataclass(before):
            _compare(before, after, key, found)
        elif isinstance(before, dict) and isinstance(after, dict) and before.keys() == after.keys():
            for name in before:  # the difficulties: each one's own keys
                if before[name] != after[name]:
                    _compare(before[name], after[name], f"{key}.{name}", found)
        elif is_secret(fld):
            found.append(Change(key, "(secret)", "(secret)"))
        else:
            found.append(Change(key, _shown(before), _shown(after)))


def _shown(value) -> str:
    if isinstance(value, (list, dict)):
        return f"({len(value)} items)"
    return quoted(value)
