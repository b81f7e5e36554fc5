"""A game's how-to-play page, as its catalogue entry gives it for today's settings."""

from __future__ import annotations

from typing import TypedDict


class HowToPage(TypedDict):
    """``title`` and each rule's words and each control's meaning are English messages
    (translated as drawn); a rule has the colour of the block drawn beside it, a control
    the key or arrows that do it."""

    title: str
    rules: list[tuple[tuple[int, int, int], str]]
    controls: list[tuple[str, str]]
