"""Every message has every translation (cabinet/language).

The messages are read from the source with ``ast``: the literal first argument
of every ``tr(...)``, ``N_(...)`` and ``Words(...)`` call under ``cabinet/``. Each must
be in each language's catalogues, no catalogue keeps a message the code no longer has,
and a translation names the same ``{fields}`` as its English. Texts that reach a screen
from below the scenes are checked too: the help line of every setting the service menu
shows, and storage's warning and NOTICES sentences (``Words``, not English strings).
"""

import ast
import dataclasses
import string
import tomllib
from collections import Counter

import pytest

from cabinet import language
from cabinet.language.words import Words
from support import ROOT
from support.screens import storage_trouble
from support.settings import menu_help_lines

CABINET = ROOT / "cabinet"
TRANSLATED = [code for code in language.LANGUAGES if code != "en"]


def _calls():
    """(file, line, name, first argument) of every tr(), N_() and Words() call in cabinet/."""
    for path in sorted(CABINET.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name in ("tr", "N_", "Words"):
                    yield path.relative_to(ROOT), node.lineno, name, node.args[0]


CALLS = list(_calls())
MESSAGES = {
    arg.value
    for _, _, _, arg in CALLS
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _files(code):
    return sorted((language.FOLDER / code).glob("*.toml"))


def test_messages_are_found():
    assert "PRESS START" in MESSAGES  # the scan reads the code: a broken one would find none


def test_tr_is_given_a_literal_or_a_marked_name():
    """A text built at run time (f-string, +, .format, %) cannot be in a catalogue: pass its parts as fields."""
    built = [
        f"{path}:{line}: {name}({ast.unparse(arg)})"
        for path, line, name, arg in CALLS
        if isinstance(arg, (ast.JoinedStr, ast.BinOp, ast.Call))
        or (isinstance(arg, ast.Constant) and not isinstance(arg.value, str))
        or (name == "N_" and not isinstance(arg, ast.Constant))
    ]
    assert not built


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogues_parse_to_strings(code):
    assert _files(code)
    for path in _files(code):
        with path.open("rb") as file:
            table = tomllib.load(file)
        assert all(isinstance(value, str) and value for value in table.values()), path


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code):
    assert sorted(MESSAGES - set(language.catalogue(code))) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_is_stale(code):
    assert sorted(set(language.catalogue(code)) - MESSAGES) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_their_fields(code):
    changed = {
        message: text
        for message, text in language.catalogue(code).items()
        if _fields(message) != _fields(text)
    }
    assert changed == {}


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_message_is_in_one_catalogue_of_a_language(code):
    """player.toml and service.toml never both hold a message: the one read last would win unseen."""
    seen = Counter()
    for path in _files(code):
        with path.open("rb") as file:
            seen.update(tomllib.load(file).keys())
    assert sorted(message for message, count in seen.items() if count > 1) == []


def test_every_setting_the_menu_labels_has_its_help_line_marked():
    """A setting shown in the service menu (it has a label) shows its doc as the row's help line."""
    unmarked = [f"{key}: {doc!r}" for key, doc in menu_help_lines().items() if doc not in MESSAGES]
    assert unmarked == []


def _messages_of(words):
    """The message of ``words`` and of every Words among its fields."""
    found = [words.message]
    for _name, value in words.fields:
        found += _messages_of(value) if isinstance(value, Words) else []
    return found


def test_storage_hands_the_screens_words_to_translate(tmp_path):
    """Storage's warning and every NOTICES sentence (of real damaged files) are catalogue messages,
    their parts too: none is an English sentence built where it happened."""
    status = storage_trouble(tmp_path)
    unknown = dataclasses.replace(status, known=False)
    said = (
        status.notices()
        + unknown.notices()
        + [status.warning, unknown.warning]
        + list(status.events)
    )
    assert all(isinstance(words, Words) for words in said), said
    messages = [message for words in said for message in _messages_of(words)]
    assert sorted(set(messages) - MESSAGES) == []
