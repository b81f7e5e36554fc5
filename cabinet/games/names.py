"""The names of the games and of their modes, one list for the engines, the match, the tables,
the audits and the replays.

Each name is a :class:`~enum.StrEnum`: the member *is* the string written to the database
and to replay files (``Game.BLOCKS == "blocks"``, ``f"{Game.BLOCKS}/x" == "blocks/x"``), so
what was stored before reads back unchanged, ``Game("blocks")`` turns a stored or typed
name into its member, and a caller that still passes the plain string is understood.
"""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    """One of the cabinet's games."""

    BLOCKS = "blocks"
    ANTIGRAVITY = "antigravity"


class Mode(StrEnum):
    """How a game is played, as prices, audits and tables count it."""

    SINGLE = "single"  # one player against the game
    VERSUS = "versus"  # two people against each other
    CONTEST = "contest"  # ANTI-GRAVITY's set lists of blocks
    CPU = "cpu"  # one player against the CPU
    CHALLENGER = "challenger"  # the one-game price a challenger pays to join a game in play
