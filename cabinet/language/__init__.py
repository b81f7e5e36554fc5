"""The words on the cabinet's screens, in the operator's language (``display.language``).

Every text a player or an operator reads is written in English in the code and
passed through :func:`tr` when it is drawn::

    tr("PLAYER {side} WINS", side=2)

The English text is the message id: :func:`tr` looks it up in the current
language's catalogue and fills its ``{fields}``. A text held in a table at
import time is marked with :func:`N_` (which returns it unchanged) and passed
through :func:`tr` where it is drawn, so a change of language shows on the next
frame. :func:`use` switches the language at once.

Catalogues are TOML files, ``cabinet/language/<code>/<part>.toml`` (``player``
for the players' screens, ``service`` for the operator's), each mapping an
English message to its translation; English needs none. TOML rather than
gettext's .po/.mo: the standard library reads it (``tomllib``), nothing is
compiled, no binary file sits in the repository, and arcade texts need no plural
forms. ``tests/language`` checks that every message has every translation, that
no catalogue holds a stale one, and that each keeps the same ``{fields}``.

A message missing from a catalogue is shown in English and logged once.

Never hand :func:`tr` a built string (an f-string, ``+``, ``.format``): no
catalogue holds it, so pass the parts as fields (the catalogue test refuses
one). A layer below the scenes hands the screen
:class:`~cabinet.language.words.Words`; a game, which cannot load this package,
marks its messages with :func:`cabinet.games.words.N_`. A new language needs
its code in :data:`LANGUAGES` and :data:`NAMES` and a folder with both
catalogues; ``tests/render/test_text.py`` checks its characters can be drawn.
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

LANGUAGES = ("en", "ms", "ja")
NAMES = {"en": "ENGLISH", "ms": "BAHASA MELAYU", "ja": "日本語"}  # each in its own words
FOLDER = Path(__file__).parent

_current = "en"
_missing: set[tuple[str, str]] = set()


def use(code: str) -> None:
    """Show every text in language ``code`` (one of :data:`LANGUAGES`) from now on."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; one of {', '.join(LANGUAGES)}")
    catalogue(code)  # read it now, not in the middle of a frame
    _current = code


def current() -> str:
    """The code of the language texts are shown in."""
    return _current


def N_(message: str) -> str:
    """Mark ``message`` as a text to translate where it is drawn (with :func:`tr`); returns it unchanged."""
    return message


def tr(message: str, **fields) -> str:
    """``message`` in the current language, its ``{fields}`` filled from ``fields``."""
    translated = catalogue(_current).get(message)
    if translated is None:
        translated = message
        if _current != "en" and (_current, message) not in _missing:
            _missing.add((_current, message))
            log.warning("language %s: no translation of %r; shown in English", _current, message)
    return translated.format(**fields) if fields else translated


@cache
def catalogue(code: str) -> dict[str, str]:
    """Every translation of language ``code``: English message -> its text (empty for English)."""
    found: dict[str, str] = {}
    for path in sorted((FOLDER / code).glob("*.toml")) if code != "en" else ():
        with path.open("rb") as file:
            found.update(tomllib.load(file))
    return found
