"""A settings file's text as YAML nodes, with bounded work, and errors in the cabinet's own words.

Any text may reach :func:`compose`: an operator's typo, a file cut short, or
something written to hurt. pyyaml alone would build a document of a million
nodes, follow an alias bomb (a few hundred bytes that stand for billions of
nodes), nest until Python's stack runs out, and describe its errors by quoting
the text it choked on (a password's first character, a whole alias name).
So the nodes are counted as they are composed, before anything is built from
them or turned into text:

- at most :data:`MAX_NODES` nodes, counting each use of an alias as the nodes
  it stands for (the shipped file has about 200);
- at most :data:`MAX_ALIASES` aliases, none inside the value it names;
- at most :data:`MAX_DEPTH` levels of lists and mappings, aliases expanded.

Every refusal and every pyyaml error becomes a :class:`DocumentError`: a line
and a reason written here, never pyyaml's text, which may quote a secret.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml
from yaml.events import AliasEvent, CollectionStartEvent

from cabinet.language import N_
from cabinet.language.words import Words

MAX_NODES = 10_000
MAX_ALIASES = 100
MAX_DEPTH = 16
MAX_NAME = 40  # longer keys are not the name of any setting
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


class DocumentError(Exception):
    """The text gives no settings document: ``line`` (1-based, or None) and ``reason``."""

    def __init__(self, line: int | None, reason: Words):
        super().__init__(str(reason))
        self.line = line
        self.reason = reason


@dataclass
class Document:
    """The root node, and the nodes an alias repeats (their values are never quoted: the
    same text may also stand at a secret key)."""

    root: yaml.Node | None
    shared: set[int]

    def is_shared(self, node) -> bool:
        return id(node) in self.shared


def compose(text: str) -> Document:
    """The YAML nodes of ``text``, within the limits above; DocumentError when there are none."""
    loader = None
    try:
        loader = _CountingLoader(text)
        return Document(loader.get_single_node(), loader.shared)
    except yaml.MarkedYAMLError as exc:
        raise DocumentError(*_blame(exc, text)) from None
    except yaml.YAMLError as exc:  # the reader's: a character YAML does not allow
        position = getattr(exc, "position", None)
        line = text.count("\n", 0, position) + 1 if position is not None else None
        raise DocumentError(
            line, Words("not valid YAML ({reason})", reason=_reason(exc, ""))
        ) from None
    finally:
        if loader is not None:
            loader.dispose()


def key_name(node) -> str | None:
    """The text of a key node that could name a setting, or None (a list, a mapping, a long or odd
    text): such a key is reported as not a name, never quoted."""
    if (
        isinstance(node, yaml.ScalarNode)
        and len(node.value) <= MAX_NAME
        and _NAME.fullmatch(node.value)
    ):
        return node.value
    return None


def key_kind(node) -> Words:
    """What a key that is not a name is, for its problem line."""
    if isinstance(node, yaml.SequenceNode):
        return Words("a list")
    if isinstance(node, yaml.MappingNode):
        return Words("a mapping")
    return Words("text of {count} characters", count=len(node.value))


class _CountingLoader(yaml.SafeLoader):
    """pyyaml's safe loader, counting nodes, aliases and depth as it composes (see the module's notes).

    ``depth`` is the level of the collection being composed; ``reach`` the deepest level reached
    inside the node being composed, so that an anchor's value is remembered with its size and height.
    """

    def __init__(self, text: str):
        super().__init__(text)
        self.nodes = self.aliases = self.depth = self.reach = 0
        self.shared: set[int] = set()
        self._sizes: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height) of its value
        self._open: set[str] = set()  # anchors whose value is being composed

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            return self._alias(event, parent, index)
        outer, nested = self.depth, int(isinstance(event, CollectionStartEvent))
        before, anchor = self.nodes, event.anchor
        self._count(1, outer + nested, event)
        if anchor is not None:
            self._open.add(anchor)
        outer_reach, self.depth, self.reach = self.reach, outer + nested, outer + nested
        try:
            node = super().compose_node(parent, index)
        finally:
            self.depth = outer
        height, self.reach = self.reach - outer, max(outer_reach, self.reach)
        if anchor is not None:
            self._open.discard(anchor)
            self._sizes[anchor] = (self.nodes - before, height)
            self.shared.add(id(node))
        return node

    def _alias(self, event, parent, index):
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            raise _Refused(event, Words("more than {count} aliases (*name)", count=MAX_ALIASES))
        if event.anchor in self._open:
            raise _Refused(event, Words("an alias (*name) inside the value it names"))
        size, height = self._sizes.get(
            event.anchor, (0, 0)
        )  # an undefined one: pyyaml's error, next
        self._count(size, self.depth + height, event)
        self.reach = max(self.reach, self.depth + height)
        return super().compose_node(parent, index)

    def _count(self, nodes: int, level: int, event) -> None:
        self.nodes += nodes
        if self.nodes > MAX_NODES:
            raise _Refused(
                event,
                Words(
                    "more than {count} values (an alias counted as all it repeats)", count=MAX_NODES
                ),
            )
        if level > MAX_DEPTH:
            raise _Refused(
                event, Words("lists or mappings nested more than {depth} deep", depth=MAX_DEPTH)
            )


class _Refused(yaml.MarkedYAMLError):
    def __init__(self, event, why: Words):
        super().__init__(problem=str(why), problem_mark=event.start_mark)
        self.why = why


# --------------------------------------------------------------------------- pyyaml's errors, reworded

# pyyaml's problem -> the reason given instead. pyyaml quotes what it found ('%r'): a character,
# an alias or tag name, any of which may be part of a password; none of it is repeated here.
_REASONS = [
    (
        "found undefined alias",
        N_(
            "an alias (*name) that no anchor (&name) gives; a value starting with * must be written in quotes"
        ),
    ),
    ("found duplicate anchor", N_("an anchor (&name) given twice")),
    (
        "found unknown escape character",
        N_(
            "an unknown escape (a backslash) in double-quoted text; use single quotes, or write the backslash twice"
        ),
    ),
    ("expected escape sequence of", N_("a \\x, \\u or \\U escape without its hexadecimal digits")),
    (
        "found character '\\t' that cannot start any token",
        N_("a tab, which YAML does not allow here; indent with spaces"),
    ),
    (
        "that cannot start any token",
        N_("a value that starts with a character YAML reserves; write it in quotes"),
    ),
    (
        "expected alphabetic or numeric character",
        N_(
            "an alias or anchor name (after * or &) that is not letters and digits; write the value in quotes"
        ),
    ),
    (
        "special characters are not allowed",
        N_("a control character, which a settings file cannot hold"),
    ),
    (
        "mapping values are not allowed here",
        N_("a ': ' where no key can start; write the value in quotes"),
    ),
    ("could not find expected ':'", N_("a key without ':' after it")),
    ("found unexpected end of stream", N_("a quote or bracket that is never closed")),
    ("expected ',' or ']'", N_("a [ list ] that is not closed, or a missing comma")),
    ("expected ',' or '}'", N_("a { mapping } that is not closed, or a missing comma")),
    ("expected <block end>", N_("a line indented unlike the keys above it")),
    ("expected a single document", N_("a second document (a line '---' or '...')")),
    ("sequence entries are not allowed here", N_("a list entry ('- ') where a key belongs")),
    ("expected the node content", N_("an anchor or tag (& or !) with no value after it")),
    (
        "expected a comment or a line break",
        N_("text after a value where only a comment may follow"),
    ),
]
_TOKEN_ID = re.compile(r"'<[a-z ]+>'")  # pyyaml's own names: '<scalar>'
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def _reason(exc: yaml.YAMLError, context: str) -> Words | str:
    """Why pyyaml stopped, in the words of :data:`_REASONS`; its problem's words are tried before its
    context's ("found duplicate anchor" is the context of "second occurrence")."""
    problem = str(getattr(exc, "problem", None) or getattr(exc, "reason", None) or "")
    if isinstance(exc, _Refused):
        return exc.why
    if "tag" in context or "directive" in context:
        return Words("a tag (!name) or directive (%name) that is not valid")
    for said in (problem, context):
        for words, reason in _REASONS:
            if words in said:
                return Words(reason)
    # a problem this table does not know (another pyyaml): its own words, nothing it quoted
    unquoted = _QUOTED.sub(lambda m: m.group() if _TOKEN_ID.fullmatch(m.group()) else "…", problem)
    return unquoted.strip() or Words("not readable as YAML")


def _blame(exc: yaml.MarkedYAMLError, text: str) -> tuple[int | None, Words]:
    """The line to blame and the reason. An unclosed bracket or quote is blamed where it opened
    (pyyaml's context), not at the later line where the parser gave up."""
    problem, context = exc.problem_mark, exc.context_mark
    words = str(exc.context or "")
    opened = words.startswith(("while parsing a flow", "while scanning"))
    mark = context if opened and context is not None else problem
    reason = _reason(exc, words)
    start = _quote_run_on(text, mark) if not isinstance(exc, _Refused) else None
    if start is not None:
        mark, reason = (
            start,
            Words("a quoted value that runs onto the next line (is its closing quote missing?)"),
        )
    if mark is not None and problem is not None and problem.line != mark.line:
        reason = Words("{reason}; noticed at line {line}", reason=reason, line=problem.line + 1)
    line = mark.line + 1 if mark is not None else None
    if isinstance(exc, _Refused):
        return line, Words("too much for a settings file ({reason})", reason=reason)
    return line, Words("not valid YAML ({reason})", reason=reason)


def _quote_run_on(text: str, mark) -> yaml.Mark | None:
    """Where a quoted value opened that runs on to ``mark``'s line: a missing closing quote, which
    pyyaml notices only at a later key (and blames that key). None when there is none."""
    if mark is None or not text:
        return None
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if token.start_mark.line >= mark.line:
                break
            if (
                isinstance(token, yaml.ScalarToken)
                and token.style in ("'", '"')
                and token.end_mark.line == mark.line
            ):
                return token.start_mark
    except yaml.YAMLError:
        pass  # the same error, reached again: nothing ran on before it
    return None
