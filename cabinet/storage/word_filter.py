"""The word filter on initials: rude three-letter words are never shown in a public place.

In the spirit of Tetris: The Grand Master, whose name entry replaces rude words:
the entry keeps its score and rank, and its initials stay as typed in the
state file (an update of this list then applies to old entries too, and no
player's record is lost), but every screen, ``python -m cabinet scores`` and
the network tables show :data:`MASK` instead. The cabinet's own tables are
masked as they are read (:meth:`cabinet.storage.scores.ScoreTables.top`),
the fleet's as they are merged (:func:`cabinet.network.merge.network_table`),
so a cabinet with an older list still never shows another's rude word.

The list is short on purpose: vulgar words and slurs that fit three letters,
and the spellings around them that the initials alphabet allows.
"""

from __future__ import annotations

MASK = "***"

RUDE = frozenset(
    [
        "ASS",
        "ARS",
        "AZZ",
        "CUM",
        "KUM",
        "CNT",
        "KNT",
        "COC",
        "COK",
        "CUK",
        "DIC",
        "DIK",
        "DIX",
        "FAG",
        "FCK",
        "FKU",
        "FUC",
        "FUK",
        "FUQ",
        "FUX",
        "HOE",
        "JIZ",
        "KKK",
        "NAZ",
        "NGA",
        "NGR",
        "NIG",
        "PIS",
        "PUS",
        "SEX",
        "SHT",
        "SLT",
        "TIT",
        "TWT",
        "VAG",
        "WNK",
        "WOG",
        "XXX",
    ]
)


def is_rude(initials: str) -> bool:
    """True when ``initials`` are on the list, case, spaces and marks ignored ("A S.S" is "ASS")."""
    letters = "".join(char for char in (initials or "").upper() if char.isalpha())
    return letters in RUDE


def shown(initials: str) -> str:
    """``initials`` as a screen may show them: :data:`MASK` for a rude word."""
    return MASK if is_rude(initials) else initials
