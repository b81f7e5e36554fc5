"""Marking the words a game hands its screens, so that they can be shown in the cabinet's language.

Games are pure and cannot load :mod:`cabinet.language` (it logs, which brings in
threads and the clock): a game passes an English message with its fields, marked
with :func:`N_` so that the catalogue test finds it, and the screen translates it
with ``tr(message, **fields)`` as it draws.
"""


def N_(message: str) -> str:
    """Mark ``message`` as a text the screen translates; returns it unchanged."""
    return message
