"""What the cabinet's screens can draw, and how wide, known without pygame.

The settings loader checks the operator's own text (the attract message) before any
screen is open, and ``check-config`` never loads pygame: this module answers from the
pixel font's characters (:data:`PIXEL_CHARACTERS`, kept in step with
:mod:`cabinet.render.glyphs` by a test) and from the Misaki dot font's own tables, read
with :mod:`struct` (its ``cmap``: which characters it has; ``hmtx``: how wide each is).
Widths are in font dots, as :mod:`cabinet.render.text` draws them: 6 a pixel-font
character (5 and the column after it), 8 a full-width Misaki one, 4 a half-width one.
Large Japanese comes from another font in the same 8 dots (:mod:`cabinet.render.dot_fonts`),
so these widths hold at every size.
"""

from __future__ import annotations

import logging
import struct
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

DOT_FONT = Path(__file__).resolve().parent.parent / "render" / "fonts" / "misaki_gothic.ttf"
DOT_FONT_PIXELS = 8
PIXEL_ADVANCE = 6
# Every character of the pixel font (cabinet/render/glyphs.py): these draw with it, whatever the language.
PIXEL_CHARACTERS = frozenset(
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~"
    "\u00a3\u00a5\u00b7\u20ac\u2190\u2191\u2192\u2193\u25b2\u25b6\u25bc\u25c0\u2665"
)


def can_draw(char: str) -> bool:
    """True when a screen can draw ``char``: the pixel font has it, or the dot font does."""
    return char in PIXEL_CHARACTERS or (char.isprintable() and char in dot_font_advances())


def font_problem(shown: str) -> str | None:
    """Why a text a player reads cannot be drawn as ``shown`` (the characters neither font
    has, each once), or None. Every setting a screen shows is checked by this, so that a
    value is either refused in words or drawn, never drawn as a box."""
    lacking = "".join(dict.fromkeys(char for char in shown if not can_draw(char)))
    return f"has characters no font of the cabinet can draw: {lacking!r}" if lacking else None


def dots(string: str) -> int:
    """How many font dots ``string`` advances (the column after its last character included)."""
    advances = dot_font_advances()
    return sum(
        PIXEL_ADVANCE if char in PIXEL_CHARACTERS else advances.get(char, DOT_FONT_PIXELS)
        for char in string
    )


@cache
def dot_font_advances() -> dict[str, int]:
    """Each character the dot font maps, with its advance in dots at its own size; {} if it cannot be read."""
    try:
        return _advances(DOT_FONT.read_bytes())
    except (OSError, struct.error, KeyError, ValueError) as exc:
        log.error(
            "language: cannot read the dot font %s (%s); only the pixel font's characters are known",
            DOT_FONT,
            exc,
        )
        return {}


def _advances(data: bytes) -> dict[str, int]:
    tables = {}
    for index in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag] = offset
    units_per_em = struct.unpack_from(">H", data, tables[b"head"] + 18)[0]
    metrics = struct.unpack_from(">H", data, tables[b"hhea"] + 34)[0]
    widths = [
        struct.unpack_from(">H", data, tables[b"hmtx"] + 4 * index)[0] for index in range(metrics)
    ]
    return {
        chr(code): round(widths[min(glyph, metrics - 1)] * DOT_FONT_PIXELS / units_per_em)
        for code, glyph in _unicode_glyphs(data, tables[b"cmap"]).items()
        if glyph
    }


def _unicode_glyphs(data: bytes, cmap: int) -> dict[int, int]:
    """Code point -> glyph index from the cmap's Unicode BMP subtable (platform 3, encoding 1, format 4)."""
    for index in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        if (platform, encoding) == (3, 1) and struct.unpack_from(">H", data, cmap + offset)[0] == 4:
            return _format_4(data, cmap + offset)
    raise ValueError("no Unicode (3, 1) format 4 cmap")


def _format_4(data: bytes, at: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    glyphs = {}
    for index, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, ranges)):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                glyph = struct.unpack_from(
                    ">H", data, ranges_at + 2 * index + offset + 2 * (code - start)
                )[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            glyphs[code] = glyph
    return glyphs
