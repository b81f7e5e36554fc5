"""Text cut into lines that fit a width, measured by the font that draws it.

A line breaks at a space, or next to a Japanese character (kana, kanji, full-width marks:
Japanese is written without spaces), but never just before a closing mark (。、」) nor
just after an opening one (「(), which would begin or end a line with it (kinsoku). A run of
Latin letters and digits inside Japanese ("cabinet.db", "2026-12-02") stays whole; one wider
than a whole line (a long path) is cut where the line is full.
"""

from __future__ import annotations

from cabinet.render.text import text_size

NO_LINE_START = frozenset("。、，．・：；」』）)]!！?？ーぁぃぅぇぉっゃゅょァィゥェォッャュョ")
NO_LINE_END = frozenset("「『（([")
_WIDE_FROM = 0x2E80  # CJK, kana and full-width forms from here on


def wrapped(string: str, size: int, width: int, phrases: bool = False) -> list[str]:
    """``string`` drawn at ``size`` in lines each at most ``width`` wide (at least one line).

    ``phrases``: break only at spaces, Japanese too, for a text written with a space between
    its phrases (the cabinet's Japanese is) and read as it goes by: a line then never ends in
    the middle of a word, unless one phrase is wider than a whole line."""
    lines: list[str] = []
    current = ""
    pieces = (
        [(word, " " if index else "") for index, word in enumerate(string.split(" "))]
        if phrases
        else _pieces(string)
    )
    for piece, space in pieces:
        joined = current + space + piece if current else piece
        if _fits(joined, size, width):
            current = joined
            continue
        if current:
            lines.append(current)
        while not _fits(piece, size, width):
            cut = max(1, _longest_fit(piece, size, width))
            lines.append(piece[:cut])
            piece = piece[cut:]
        current = piece
    lines.append(current)
    return lines


def _pieces(string: str) -> list[tuple[str, str]]:
    """(piece, what joins it to the one before: " " or "") between every place a line may break."""
    pieces = []
    for index, word in enumerate(string.split(" ")):
        start = 0
        for at in range(1, len(word)):
            before, after = word[at - 1], word[at]
            if (
                (_wide(before) or _wide(after))
                and after not in NO_LINE_START
                and before not in NO_LINE_END
            ):
                pieces.append((word[start:at], " " if index and not start else ""))
                start = at
        pieces.append((word[start:], " " if index and not start else ""))
    return pieces


def _wide(char: str) -> bool:
    return ord(char) >= _WIDE_FROM


def _fits(string: str, size: int, width: int) -> bool:
    return text_size(string, size)[0] <= width


def _longest_fit(string: str, size: int, width: int) -> int:
    """How many of ``string``'s first characters fit in ``width`` (widths grow with each character)."""
    low, high = 0, len(string)
    while low < high:
        middle = (low + high + 1) // 2
        if _fits(string[:middle], size, width):
            low = middle
        else:
            high = middle - 1
    return low
