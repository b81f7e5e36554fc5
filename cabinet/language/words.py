"""Words kept to be shown later: an English message and its fields, translated when drawn.

A layer that makes a sentence for a screen without drawing it (storage's notices and its
warning) hands the screen ``Words(N_("{name} IS FULL"), name=path.name)``; the screen
draws ``words.shown()``, in the language of that frame, and a log line takes
``str(words)``, the English. A field may itself be :class:`Words`: it is translated with
the sentence. The catalogue test reads the message of every ``Words(...)`` like a
:func:`~cabinet.language.tr` call's.
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.language import tr


@dataclass(frozen=True, init=False)
class Words:
    """``message`` (English, the message id) and its ``fields``, to translate when shown."""

    message: str
    fields: tuple[tuple[str, object], ...]

    def __init__(self, message: str, **fields):
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "fields", tuple(fields.items()))

    def shown(self) -> str:
        """The words in the current language."""
        return tr(
            self.message,
            **{
                name: value.shown() if isinstance(value, Words) else value
                for name, value in self.fields
            },
        )

    def __str__(self) -> str:
        """The words in English, as a log line has them."""
        fields = {name: str(value) for name, value in self.fields}
        return self.message.format(**fields) if fields else self.message


def shown(line: Words | str) -> str:
    """``line`` in the current language when it is :class:`Words`; a plain string as written."""
    return line.shown() if isinstance(line, Words) else line
