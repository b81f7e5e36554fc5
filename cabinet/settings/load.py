"""YAML → validated :class:`~cabinet.settings.schema.Settings`.

Every problem is reported as a :class:`ConfigProblem` naming the file, line and
key; none stops the cabinet. Where each setting's value comes from:

- a good value in the file: that value;
- a key the file leaves out: its last good value, reported when that differs
  from the factory value (a deleted line, or a file cut short by a power cut in
  an editor, must not change the price of a game); its factory value on a
  cabinet that never loaded a good file;
- a bad value (wrong type, out of range, a pin given to two inputs, an empty
  contest name, a key given twice, a number with a leading zero that YAML
  would read as octal): the value that key had in ``last_good``, the settings last in
  force (kept by :mod:`cabinet.settings.last_good`), or its factory value on a
  cabinet that never loaded a good file;
- a file that cannot be used at all (missing, unreadable, a folder, bigger than
  :data:`MAX_BYTES`, empty, not YAML, not a mapping of sections): the whole of
  ``last_good``, or the factory settings when there is none. A broken file
  must never turn a paid cabinet into free play.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import functools
import logging
import math
import os
import re
import sys
import traceback
import typing
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from cabinet.language import N_
from cabinet.language.words import Words
from cabinet.settings.checks import check_across
from cabinet.settings.document import DocumentError, compose, key_kind
from cabinet.settings.schema import RENAMED, Settings, secret_keys
from cabinet.settings.walk import KEYED, LISTED, SECTION, entries, shapes
from cabinet.settings.yaml_text import yaml_text
from cabinet.system.files import NOT_REGULAR
from cabinet.system.machine import machine_cabinet_id
from cabinet.system.price_table import PriceTable

log = logging.getLogger("cabinet.settings.load")

SYSTEM_CONFIG = Path("/etc/arcadeforge/cabinet.yaml")
MAX_BYTES = (
    256_000  # the shipped file is 10 kB; pyyaml reads about 0.5 MB a second here, a Pi 7x slower
)
MAX_QUOTED = 40  # a longer value is clipped where a problem line repeats it
MAX_PROBLEMS = 100  # listed one by one (log, NOTICES, check-config); the rest are counted
USING_LAST_GOOD = N_("USING LAST GOOD SETTINGS")
USING_FACTORY = N_("USING FACTORY SETTINGS")
NOT_FOUND = Words("not found")  # why a file is not read: the saver writes a new one then
_MISSING = object()  # "no last good value for this key"


PACKAGE_DIR = Path(__file__).resolve().parent.parent  # cabinet/


def shipped_config(prefix: str = sys.prefix, package_dir: Path = PACKAGE_DIR) -> Path:
    """The factory settings file: config/ beside the package in a checkout, else the
    copy pip installs under the environment's share/arcadeforge/."""
    checkout = package_dir.parent / "config" / "cabinet.yaml"
    installed = Path(prefix) / "share" / "arcadeforge" / "cabinet.yaml"
    return installed if installed.is_file() and not checkout.is_file() else checkout


SHIPPED_CONFIG = shipped_config()


def user_config() -> Path:
    """The operator's own file when no system one is writable: $XDG_CONFIG_HOME/arcadeforge/cabinet.yaml."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "arcadeforge" / "cabinet.yaml"


@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong with a config file; ``line`` is 1-based, or None.

    ``reason`` is :class:`~cabinet.language.words.Words` (a plain string from elsewhere is
    shown as written): the screens show it in the operator's language, with the values it
    quotes as the file has them; ``message`` and ``str()`` are the English of the log and
    ``check-config``.
    """

    file: str
    key: str
    line: int | None
    reason: Words | str

    @property
    def message(self) -> str:
        """The reason in English."""
        return str(self.reason)

    @property
    def words(self) -> Words:
        """The whole line, to show: the file, line and key as written, the reason translated."""
        where = f"{self.file}:{self.line}" if self.line else self.file
        return Words(
            "{where}: {key}: {reason}",
            where=where,
            key=self.key or Words("(file)"),
            reason=self.reason,
        )

    def __str__(self) -> str:
        return str(self.words)


@dataclass
class LoadedConfig:
    """What the cabinet runs on, and where it came from.

    ``usable``: the file was read as settings, so these (with its bad values
    replaced) may become the last good settings. ``last_good_used``: some value,
    or the whole file, came from the last good settings.
    """

    settings: Settings
    source: Path | None
    problems: list[ConfigProblem] = field(default_factory=list)
    nodes: dict[str, yaml.Node] = field(default_factory=dict)  # dotted key -> value node
    usable: bool = True
    last_good_used: bool = False
    origin: str = ""  # why this file: "--config", "$CABINET_CONFIG", "the system file"...
    unlisted: int = 0  # problems beyond MAX_PROBLEMS, counted in the last line of ``problems``

    def __post_init__(self):
        self.settings = with_own_id(self.settings)

    def verdict(self) -> str:
        """What the cabinet does about this file's problems, in the words of the screen and the log."""
        if self.last_good_used:
            return USING_LAST_GOOD
        if not self.usable:
            return USING_FACTORY
        return N_("THE REST OF THE FILE IS IN USE")

    @property
    def problem_count(self) -> int:
        """Every problem found, listed or not."""
        return len(self.problems) + self.unlisted - bool(self.unlisted)

    def summary(self) -> str:
        """One line for the log: the file, how many problems, the verdict."""
        return str(self.summary_words())

    def summary_words(self) -> Words:
        """The summary, to show in the operator's language (the file's name as written)."""
        count, source = (
            self.problem_count,
            str(self.source) if self.source else Words("no settings file"),
        )
        verdict = self.verdict()  # one of the marked verdicts
        fields = {"file": source, "count": count, "verdict": Words(verdict)}
        return (
            Words("{file}: {count} problem; {verdict}", **fields)
            if count == 1
            else Words("{file}: {count} problems; {verdict}", **fields)
        )

    def notices(self) -> list[Words]:
        """What the NOTICES page shows of this file: the summary, then each problem (none when clean)."""
        if not self.problems:
            return []
        return [self.summary_words()] + [problem.words for problem in self.problems]


def config_choice(explicit: str | os.PathLike | None = None) -> tuple[Path | None, str]:
    """The file to read and why: --config, $CABINET_CONFIG, the user's, the system's, the shipped one.

    The user's file comes before the system's so that what the service menu
    saves there (when /etc/arcadeforge cannot be written) is what is read next.
    A path that exists but is not a readable file is still chosen, so that its
    problem is reported instead of silently reading another file.
    """
    if explicit:
        return Path(explicit), "--config"
    env = os.environ.get("CABINET_CONFIG")
    if env:
        return Path(env), "$CABINET_CONFIG"
    for candidate, why in ((user_config(), "the user's file"), (SYSTEM_CONFIG, "the system file")):
        if candidate.exists():
            return candidate, why
    if SHIPPED_CONFIG.is_file():
        return SHIPPED_CONFIG, "the shipped defaults"
    return None, "no settings file"


def find_config(explicit: str | os.PathLike | None = None) -> Path | None:
    """The file to read (see :func:`config_choice`)."""
    return config_choice(explicit)[0]


def load_settings(
    path: str | os.PathLike | None = None, last_good: Settings | None = None
) -> LoadedConfig:
    """Read and validate ``path`` (or the file :func:`find_config` picks); never raises."""
    source = find_config(path)
    if source is None:
        return LoadedConfig(
            copy.deepcopy(last_good) if last_good else Settings(), None, usable=False
        )
    text, why = read_config_text(Path(source))
    if text is None:
        return unusable(str(source), None, "", why, last_good)
    return parse_settings(text, str(source), last_good)


def read_config_text(source: Path) -> tuple[str | None, Words | str]:
    """The file's text, or None and why it cannot be used."""
    try:
        if source.is_dir():
            return None, Words("is a folder, not a file")
        if source.exists() and not source.is_file():
            return None, Words(NOT_REGULAR)  # a FIFO would make open() wait for a writer for ever
        with open(source, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)  # never more: a runaway file must not eat the memory
    except FileNotFoundError:
        return None, NOT_FOUND
    except OSError as exc:
        return None, Words("cannot be read ({error})", error=exc.strerror or str(exc))
    if len(data) > MAX_BYTES:
        return None, Words(
            "is too big for a settings file (over {size} kB)", size=MAX_BYTES // 1000
        )
    try:
        return data.decode("utf-8"), ""
    except UnicodeDecodeError as exc:
        return None, Words("is not UTF-8 text (bad byte at {offset})", offset=exc.start)


def with_own_id(settings: Settings) -> Settings:
    """``settings`` with this machine's own fleet id where ``network.cabinet`` names none."""
    if settings.network.cabinet:
        return settings
    own = dataclasses.replace(settings.network, cabinet=machine_cabinet_id())
    return dataclasses.replace(settings, network=own)


def as_written(settings: Settings) -> Settings:
    """``settings`` as a file keeps them: this machine's own fleet id written as "", so that a
    copy of the file (a cloned card) gives the next machine its own."""
    if settings.network.cabinet != machine_cabinet_id():
        return settings
    return dataclasses.replace(settings, network=dataclasses.replace(settings.network, cabinet=""))


def unusable(
    filename: str, line: int | None, key: str, why: Words | str, last_good: Settings | None
) -> LoadedConfig:
    """A file that gives no settings at all: the last good ones (or factory ones) and one problem."""
    verdict = Words(USING_LAST_GOOD if last_good else USING_FACTORY)
    problem = ConfigProblem(
        filename, key, line, Words("{why}; {verdict}", why=why, verdict=verdict)
    )
    settings = copy.deepcopy(last_good) if last_good else Settings()
    return LoadedConfig(
        settings, Path(filename), [problem], usable=False, last_good_used=last_good is not None
    )


def parse_settings(
    text: str,
    filename: str = "<config>",
    last_good: Settings | None = None,
    *,
    fragment: bool = False,
) -> LoadedConfig:
    """Validate YAML text; every problem is collected, none raised: not even a fault in this loader
    (a RecursionError, a MemoryError), which gives the last good settings and one line.

    ``fragment``: the text gives only some keys (settings pushed from the office), and every key
    it leaves out keeps its value in ``last_good`` without a word."""
    try:
        return _parse(text, filename, last_good, fragment)
    except Exception as exc:
        return _loader_failed(exc, filename, last_good)


def _parse(
    text: str, filename: str, last_good: Settings | None, fragment: bool = False
) -> LoadedConfig:
    try:
        document = compose(text)
    except DocumentError as exc:
        return unusable(filename, exc.line, _key_at(text, exc.line), exc.reason, last_good)
    root = document.root
    if root is None:
        return unusable(filename, None, "", Words("has no settings in it (empty)"), last_good)
    if not isinstance(root, yaml.MappingNode):
        return unusable(
            filename, _line(root), "", Words("is not a mapping of settings sections"), last_good
        )
    reader = _Reader(filename, document.shared, fragment)
    if document.shared:  # an alias may make another key repeat a password, and it would be shown
        reader.copied_secrets = _secret_values(root) & document.shared
    settings = reader.section(
        Settings, root, "", Settings(), _MISSING if last_good is None else last_good
    )
    check_across(reader, settings, last_good)
    problems = reader.problems[:MAX_PROBLEMS]
    unlisted = len(reader.problems) - len(problems)
    if unlisted:
        problems.append(
            ConfigProblem(
                filename, "", None, Words("{count} more problems not listed", count=unlisted)
            )
        )
    return LoadedConfig(
        settings,
        Path(filename),
        problems,
        reader.nodes,
        last_good_used=reader.last_good_used,
        unlisted=unlisted,
    )


def _loader_failed(exc: Exception, filename: str, last_good: Settings | None) -> LoadedConfig:
    """A fault in the loader itself: logged for whoever fixes it (where, never the exception's
    text, which may quote the file), and the file treated as unusable."""
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    log.error(
        "settings: reading %s failed in the loader (%s at %s:%s); please report it",
        filename,
        type(exc).__name__,
        Path(frame.filename).name,
        frame.lineno,
    )
    return unusable(
        filename,
        None,
        "",
        Words("could not be read (a fault in the loader: {kind})", kind=type(exc).__name__),
        last_good,
    )


_KEY_LINE = re.compile(r"^(\s*(?:-\s+)?)([A-Za-z_][A-Za-z0-9_]{0,39})\s*:")


def _key_at(text: str, line: int | None) -> str:
    """The dotted key written on ``line`` (or the last one above it), read by indentation alone:
    the file is not YAML, so the parser cannot say."""
    if not line:
        return ""
    path: list[tuple[int, str]] = []
    for row in text.splitlines()[:line]:
        match = _KEY_LINE.match(row)
        if match:
            indent = len(match.group(1))
            while path and path[-1][0] >= indent:
                path.pop()
            path.append((indent, match.group(2)))
    return ".".join(name for _, name in path)


class _Reader:
    """Walks YAML nodes alongside the dataclass schema.

    Each step carries the factory value (``default``) and the last good value
    (``last``, or ``_MISSING``) of the part it reads: a bad value takes the
    last good one, a missing key the factory one. Every value a problem line
    repeats goes through :meth:`show`, which never repeats a secret's (a field
    marked ``secret`` in the schema) nor one an alias repeats (it may also
    stand at a secret key), and clips a long one.
    """

    def __init__(
        self, filename: str, shared: frozenset[int] | set[int] = frozenset(), fragment: bool = False
    ):
        self.filename = filename
        self.shared = shared
        self.fragment = fragment  # keys left out keep their last good values silently
        self.problems: list[ConfigProblem] = []
        self.nodes: dict[str, yaml.Node] = {}
        self.last_good_used = False
        self.copied_secrets: set[int] = set()  # secrets' value nodes that an alias repeats

    def problem(self, key: str, line: int | None, reason: Words | str) -> None:
        self.problems.append(ConfigProblem(self.filename, key, line, reason))

    def line_of(self, key: str) -> int | None:
        """The line of the value read for the dotted ``key``; None when the file has none."""
        return _line(self.nodes.get(key))

    def hidden(self, fld=None, node=None) -> Words | None:
        """What a value is, when it is not to be repeated (see the class's notes); else None."""
        if is_secret(fld):
            return Words("a secret value (not shown)")
        if node is not None and id(node) in self.shared:
            return Words("a value an alias repeats (not shown)")
        return None

    def show(self, value, fld=None, node=None) -> Words | str:
        """``value`` as a problem line may quote it: quoted as written, or what it is when it is hidden."""
        return self.hidden(fld, node) or quoted(value)

    def fall_back(
        self,
        key: str,
        line: int | None,
        why: Words | str,
        default,
        last,
        *,
        fld=None,
        whole: bool = False,
        disables: bool = False,
    ):
        """The value a bad entry gets instead, said in one problem: its last good value, else the
        factory one (or none at all, for a GPIO pin whose factory pin may be wired to something else)."""
        if (
            self.fragment
        ):  # a fragment with a problem changes nothing: there is no fall-back to tell
            self.problem(key, line, why)
            return copy.deepcopy(last) if last is not _MISSING else default
        if last is not _MISSING:
            self.last_good_used = True
            if whole:
                self.problem(key, line, Words("{why}; using the last good values", why=why))
            elif is_secret(fld):
                self.problem(key, line, Words("{why}; using the last good value", why=why))
            else:
                self.problem(
                    key,
                    line,
                    Words(
                        "{why}; using the last good value {value}",
                        why=why,
                        value=self.show(last, fld),
                    ),
                )
            return copy.deepcopy(last)
        if disables:
            self.problem(key, line, Words("{why}; disabled", why=why))
            return None
        if whole:
            self.problem(key, line, Words("{why}; using defaults", why=why))
        elif is_secret(fld):
            self.problem(key, line, Words("{why}; using the factory value", why=why))
        else:
            self.problem(
                key, line, Words("{why}; using {value}", why=why, value=self.show(default, fld))
            )
        return default

    def not_a_name(self, prefix: str, key_node) -> None:
        """A list, a mapping or a long text as a key names no setting, and is never quoted."""
        self.problem(
            prefix,
            _line(key_node),
            Words("a key that is not a name ({kind}), ignored", kind=key_kind(key_node)),
        )

    def section(self, cls, node, prefix: str, defaults, last=_MISSING):
        empty = node is None or is_null(node)
        if not empty and not isinstance(node, yaml.MappingNode):
            return self.fall_back(
                prefix, _line(node), Words("must be a mapping of keys"), defaults, last, whole=True
            )
        values: dict[str, typing.Any] = {}
        for entry in [] if empty else entries(node, cls):
            key = entry.name
            if key is None:
                self.not_a_name(prefix, entry.key_node)
                continue
            dotted = f"{prefix}.{key}" if prefix else key
            if entry.field is None and (cls, key) in RENAMED:
                self.renamed(
                    cls, key, entry.key_node, entry.node, dotted, node, values, defaults, last
                )
                continue
            if entry.field is None:
                guess = difflib.get_close_matches(key, shapes(cls), n=1)
                self.problem(
                    dotted,
                    _line(entry.key_node),
                    Words("unknown key, ignored (did you mean {key}?)", key=guess[0])
                    if guess
                    else Words("unknown key, ignored"),
                )
                continue
            key_last = _MISSING if last is _MISSING else getattr(last, key)
            if entry.again and key_last is _MISSING:
                self.problem(
                    dotted, _line(entry.key_node), Words("given twice; the first one is used")
                )
                continue
            if entry.again:  # which one the operator meant is a guess: neither may change the price
                values[key] = self.fall_back(
                    dotted,
                    _line(entry.key_node),
                    Words("given twice"),
                    None,
                    key_last,
                    fld=entry.field,
                    whole=not _is_single(key_last),
                )
                continue
            self.nodes[dotted] = entry.node
            values[key] = self.value(entry, dotted, getattr(defaults, key), key_last)
        if last is not _MISSING and not prefix.endswith(
            "]"
        ):  # a list item is matched to the last only by place
            for name, (fld, _hint, _shape) in shapes(cls).items():
                if name not in values:
                    values[name] = self.left_out(
                        prefix, name, node, getattr(defaults, name), getattr(last, name), fld
                    )
        return dataclasses.replace(defaults, **values)

    def renamed(self, cls, key, key_node, value_node, dotted, node, values, defaults, last) -> None:
        """A key of an earlier version (``coins_per_credit_1``): read as the key that replaced it,
        so that an old file keeps its prices; when the file gives the new key too, that one wins."""
        new, old_spec, convert = RENAMED[cls, key]
        new_dotted = dotted.rsplit(".", 1)[0] + "." + new if "." in dotted else new
        if any(str(k.value) == new for k, _ in node.value):
            self.problem(
                dotted,
                _line(key_node),
                Words("replaced by {key}, which this file also gives; ignored", key=new),
            )
            return
        if new in values:
            self.problem(dotted, _line(key_node), Words("given twice; the first one is used"))
            return
        self.nodes[new_dotted] = value_node
        new_last = _MISSING if last is _MISSING else getattr(last, new)
        value = self.scalar(old_spec, int, value_node, dotted, getattr(defaults, new), new_last)
        values[new] = value if isinstance(value, PriceTable) else convert(value)

    def left_out(self, prefix: str, name: str, node, factory, was, fld=None):
        """A key the file leaves out keeps its last good value, said when that is not the factory one:
        a deleted line or a file cut short (a power cut in an editor) must not change the price of a
        game. The operator writes the key, or uses the factory reset, to change it."""
        if was == factory:
            return factory
        if self.fragment:
            return copy.deepcopy(was)
        self.last_good_used = True
        dotted = f"{prefix}.{name}" if prefix else name
        line = _line(node) if prefix else None
        if dataclasses.is_dataclass(was):
            self.problem(
                dotted,
                line,
                Words("not in the file; using the last good values (the factory ones differ)"),
            )
        elif is_secret(fld):
            self.problem(
                dotted,
                line,
                Words("not in the file; using the last good value (secret, not shown)"),
            )
        else:
            self.problem(
                dotted,
                line,
                Words(
                    "not in the file; using the last good value {value} (the factory value is {factory})",
                    value=self.show(was),
                    factory=self.show(factory),
                ),
            )
        return copy.deepcopy(was)

    def value(self, entry, dotted, default, last):
        shape = entry.shape
        if shape.kind == SECTION:  # a nested section keeps its own factory values
            return self.section(shape.item, entry.node, dotted, default, last)
        if shape.kind == KEYED:
            return self.keyed(shape.item, shape.keys, entry.node, dotted, default, last)
        if shape.kind == LISTED:
            return self.listed(shape.item, entry.node, dotted, default, last)
        if base_type(entry.hint) is PriceTable:
            return self.price_table(entry.node, dotted, default, last)
        return self.scalar(entry.field, entry.hint, entry.node, dotted, default, last)

    def price_table(self, node, dotted, default, last):
        """A list of [coins, credits] steps, written in flow (``[[1, 1], [5, 6]]``) or block style."""
        try:
            for number in _scalars(node):
                if problem := _leading_zero_problem(number, construct_scalar(number)):
                    raise ValueError(problem)
            return PriceTable.parse(construct_scalar(node))
        except ValueError as exc:
            return self.fall_back(dotted, _line(node), exc.args[0], default, last)

    def keyed(self, item_cls, keys, node, dotted, default, last):
        if not isinstance(node, yaml.MappingNode):
            return self.fall_back(
                dotted, _line(node), Words("must be a mapping"), default, last, whole=True
            )
        result = {}
        for entry in entries(node):
            key = entry.name
            if key is None:
                self.not_a_name(dotted, entry.key_node)
                continue
            if key not in keys:
                self.problem(
                    f"{dotted}.{key}",
                    _line(entry.key_node),
                    Words("unknown key, ignored (expected one of: {keys})", keys=", ".join(keys)),
                )
                continue
            if entry.again:
                self.problem(
                    f"{dotted}.{key}",
                    _line(entry.key_node),
                    Words("given twice; the first one is used"),
                )
                continue
            self.nodes[f"{dotted}.{key}"] = entry.node
            item_last = last.get(key, _MISSING) if last is not _MISSING else _MISSING
            result[key] = self.section(
                item_cls, entry.node, f"{dotted}.{key}", default[key], item_last
            )
        for key in default:
            if key not in result:
                result[key] = (
                    default[key]
                    if last is _MISSING or key not in last
                    else self.left_out(dotted, key, node, default[key], last[key])
                )
        return {key: result[key] for key in default}

    def listed(self, item_cls, node, dotted, default, last):
        if not isinstance(node, yaml.SequenceNode):
            return self.fall_back(
                dotted, _line(node), Words("must be a list"), default, last, whole=True
            )
        items, names = [], set()
        for index, item_node in enumerate(node.value):
            item_last = last[index] if last is not _MISSING and index < len(last) else _MISSING
            item = self.section(item_cls, item_node, f"{dotted}[{index}]", item_cls(), item_last)
            name = getattr(item, "name", None)
            if name is not None and name in names:
                shown = self.show(name, node=self.nodes.get(f"{dotted}[{index}].name"))
                self.problem(
                    f"{dotted}[{index}].name",
                    _line(item_node),
                    Words("name {name} used twice; this entry is ignored", name=shown),
                )
                continue
            names.add(name)
            items.append(item)
        return items

    def scalar(self, fld, hint, node, dotted, default, last):
        line = _line(node)
        disables = fld.metadata.get("bad_disables", False)
        if not isinstance(node, yaml.ScalarNode):
            return self.fall_back(
                dotted,
                line,
                Words("must be a single value"),
                default,
                last,
                fld=fld,
                disables=disables,
            )
        if id(node) in self.copied_secrets and not is_secret(fld):
            why = Words("repeats a secret through an alias (not shown)")
            return self.fall_back(dotted, line, why, default, last, fld=fld, disables=disables)
        shown = functools.partial(self.show, fld=fld, node=node)
        try:
            value = construct_scalar(node)
        except ValueError as exc:
            why = (
                Words("cannot be read")
                if self.hidden(fld, node)
                else Words("cannot be read ({error})", error=exc.args[0])
            )
            return self.fall_back(dotted, line, why, default, last, fld=fld, disables=disables)
        error = (base_type(hint) is int and _leading_zero_problem(node, value)) or _check(
            fld, hint, value, shown
        )
        if (
            error
            and base_type(hint) is str
            and not isinstance(value, (str, type(None)))
            and node.style is None
        ):
            plain = not self.hidden(fld, node) and len(node.value) <= MAX_QUOTED
            # NO, yes, 1e3: YAML took it for no text
            error = (
                Words('{why} (write it in quotes: "{text}")', why=error, text=node.value)
                if plain
                else Words("{why} (write it in quotes)", why=error)
            )
        if error:
            return self.fall_back(dotted, line, error, default, last, fld=fld, disables=disables)
        if base_type(hint) is float and isinstance(value, int):
            value = float(value)
        return value


def _secret_values(root: yaml.Node) -> set[int]:
    """The value nodes under any key named as a secret is (``password``), anywhere in the file:
    another key an alias points at one of them is refused rather than shown."""
    names = {key.rsplit(".", 1)[-1] for key in secret_keys()}
    found: set[int] = set()
    seen: set[int] = set()
    todo = [root]
    while todo:  # the document's size and depth are already bounded (document.py)
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value in names:
                    found.add(id(value))
                todo += [key, value]
        elif isinstance(node, yaml.SequenceNode):
            todo += node.value
    return found


def is_secret(fld) -> bool:
    """True for a field the schema marks ``secret`` (a password): no problem line repeats its value."""
    return fld is not None and fld.metadata.get("secret", False)


def construct_scalar(node: yaml.Node):
    """The Python value of a scalar node (or a price table's flow list), or ValueError
    saying why it has none.

    pyyaml's constructors raise more than YAMLError on a tag that does not fit its
    text: ``!!bool maybe`` a KeyError, ``!!timestamp abc`` an AttributeError. The
    reason is written here: pyyaml's own quotes the tag and text at any length."""
    try:
        return yaml.constructor.SafeConstructor().construct_object(node, deep=True)
    except Exception as exc:
        kind = node.tag.rsplit(":", 1)[-1][:MAX_QUOTED]
        raise ValueError(
            Words("{value} is not a valid {kind}", value=quoted(node.value), kind=kind)
        ) from exc


_LEADING_ZERO = re.compile(r"[-+]?0[0-9_]+")


def _leading_zero_problem(node, value) -> Words | None:
    """A whole number written with a leading zero: YAML 1.1 reads 010 as octal 8 and 08 as text.
    A price or pin must not silently change (07 is 7 either way, so it passes)."""
    text = node.value
    if node.style is not None or len(text) > 20 or not _LEADING_ZERO.fullmatch(text):
        return None
    meant = int(text.replace("_", ""), 10)
    if value == meant and not isinstance(value, str):
        return None
    if isinstance(value, int):
        return Words(
            "{text} has a leading zero, which YAML reads as octal ({value}); write {meant}",
            text=text,
            value=value,
            meant=meant,
        )
    return Words(
        "{text} has a leading zero, which YAML reads as text; write {meant}", text=text, meant=meant
    )


def _scalars(node):
    """Every scalar inside ``node``, however deep."""
    if isinstance(node, yaml.ScalarNode):
        yield node
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _scalars(item)
    elif isinstance(node, yaml.MappingNode):
        for _key, item in node.value:
            yield from _scalars(item)


def _is_single(value) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def base_type(hint):
    """The type behind an optional hint: ``int | None`` -> ``int``."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return args[0] if args else hint


def quoted(value, limit: int = MAX_QUOTED) -> str:
    """``value`` as YAML writes it, for a problem line, clipped: a huge value must not make a huge
    line on the screen or in the log (nor a number too long for Python to print)."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, bytes) and len(value) > limit:  # a !!binary value
        return f"{value[:limit]!r}... ({len(value)} bytes)"
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    shown = yaml_text(value)
    return (
        shown if len(shown) <= 2 * limit else f"{shown[: 2 * limit]}... ({len(shown)} characters)"
    )


def _check(fld, hint, value, shown=quoted) -> Words | str | None:
    """Why ``value`` does not fit the field, or None when it does; ``shown`` quotes the value."""
    optional = type(None) in typing.get_args(hint)
    base = base_type(hint)
    if value is None:
        return None if optional else Words("must not be empty")
    if base is bool and not isinstance(value, bool):
        return Words("must be true or false, got {value}", value=shown(value))
    if base is int and (isinstance(value, bool) or not isinstance(value, int)):
        return Words("must be a whole number, got {value}", value=shown(value))
    if base is float and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return Words("must be a number, got {value}", value=shown(value))
    if base is float and not math.isfinite(value):
        return Words("must be a finite number, got {value}", value=shown(value))
    if base is str and not isinstance(value, str):
        return Words("must be text, got {value}", value=shown(value))
    meta = fld.metadata
    if meta.get("choices") is not None and value not in meta["choices"]:
        options = ", ".join(str(c) for c in meta["choices"])
        return Words("must be one of {options}; got {value}", options=options, value=shown(value))
    if meta.get("min") is not None and value < meta["min"]:
        return Words("must be at least {least}, got {value}", least=meta["min"], value=shown(value))
    if meta.get("max") is not None and value > meta["max"]:
        return Words("must be at most {most}, got {value}", most=meta["max"], value=shown(value))
    if meta.get("check") is not None and (problem := meta["check"](value)):
        return _requoted(problem, value, shown) if isinstance(value, str) else problem
    return None


def _requoted(problem: str, value: str, shown) -> Words | str:
    """A schema check's reason with the text it quoted (``{value!r}``) quoted by ``shown`` instead;
    a reason that still holds a text not to be shown is not given at all."""
    problem = problem.replace(repr(value), str(shown(value)))
    if shown(value) != quoted(value) and value in problem:
        return Words("is not valid (got {value})", value=shown(value))
    return problem


def is_null(node) -> bool:
    """True for a YAML ``null`` (or empty) value."""
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"


def _line(node) -> int | None:
    return node.start_mark.line + 1 if node is not None and node.start_mark else None
