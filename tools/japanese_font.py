"""Write the cabinet's large Japanese fonts, cabinet/render/fonts/shinonome_bold_{12,14,16}.bdf.

Large Japanese text (:mod:`cabinet.render.dot_fonts`) is drawn from Shinonome (東雲) Gothic
Bold, the public-domain 12-, 14- and 16-dot bitmap fonts of the /efont/ project (bold: as heavy
as the pixel font beside it). Only a subset ships: every character the catalogues and the
language names use, plus every kana, the Japanese punctuation and the full-width Latin, digits
and symbols (JIS X 0208 rows 1 and 3 to 5) that an operator's own Japanese words may put beside
them. What Latin text also uses (°, ★) stays Misaki's (:func:`cabinet.render.dot_fonts.japanese`).
Run it again when a catalogue gains a kanji (tests/render/test_text.py fails until then)::

    apt-get install xfonts-shinonome pcf2bdf    # Debian's Shinonome ships as PCF
    python tools/japanese_font.py               # or --bdf DIR holding shnmk12b/14b/16b.bdf

The same sources give the same bytes: glyphs in code-point order, their bitmaps as the source has them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from a checkout: the cabinet's catalogues

from cabinet import language  # noqa: E402
from cabinet.render.dot_fonts import LARGE_DOTS, SHINONOME, japanese  # noqa: E402

DEBIAN_FONTS = Path("/usr/share/fonts/X11/misc")
EXTRA_ROWS = (
    1,
    3,
    4,
    5,
)  # JIS X 0208: punctuation and symbols, full-width Latin and digits, hiragana, katakana
PROPERTIES = (
    "PIXEL_SIZE",
    "POINT_SIZE",
    "RESOLUTION_X",
    "RESOLUTION_Y",
    "SPACING",
    "FONT_ASCENT",
    "FONT_DESCENT",
)


def jis_code(char: str) -> int | None:
    """``char``'s JIS X 0208 code (row and cell, 0x2121 up), as Shinonome's BDF encodes it; None outside it."""
    try:
        euc = char.encode("euc_jp")
    except UnicodeEncodeError:
        return None
    return (euc[0] & 0x7F) << 8 | (euc[1] & 0x7F) if len(euc) == 2 and euc[0] >= 0xA1 else None


def wanted() -> dict[str, int]:
    """Each character to ship, with its JIS code: the texts' Japanese and the rows an operator may type."""
    used = {
        char
        for code in language.LANGUAGES
        for translation in language.catalogue(code).values()
        for char in translation
    }
    used.update("".join(language.NAMES.values()))
    for row in EXTRA_ROWS:
        for cell in range(1, 95):
            try:
                used.add(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                pass  # an empty cell of the row
    chosen = {char: jis_code(char) for char in used if japanese(char)}
    return {char: code for char, code in sorted(chosen.items()) if code is not None}


def read_bdf(path: Path) -> tuple[list[str], dict[int, list[str]]]:
    """The header lines of a BDF font (up to CHARS) and each glyph's lines after its ENCODING, by encoding."""
    header: list[str] = []
    glyphs: dict[int, list[str]] = {}
    lines = iter(path.read_text(encoding="latin-1").splitlines())
    for line in lines:
        if line.startswith("CHARS "):
            break
        header.append(line)
    for line in lines:
        if line.startswith("ENCODING "):
            body = glyphs[int(line.split()[1])] = []
            for rest in lines:
                body.append(rest)
                if rest == "ENDCHAR":
                    break
    return header, glyphs


def subset_bdf(source: Path, dots: int, chars: dict[str, int]) -> str:
    header, glyphs = read_bdf(source)
    missing = "".join(char for char, code in chars.items() if code not in glyphs)
    if missing:
        raise SystemExit(f"{source} has no glyph for {missing!r}")
    metrics = [line for line in header if line.startswith(("SIZE ", "FONTBOUNDINGBOX "))]
    # Its pixel size (FreeType's strike), spacing and the baseline: what a reader needs to place glyphs.
    properties = [line for line in header if line.split(" ")[0] in PROPERTIES]
    out = [
        "STARTFONT 2.1",
        f"COMMENT Shinonome Gothic Bold {dots} dots (public domain), the characters the cabinet draws large.",
        f"COMMENT Made by tools/japanese_font.py from {source.name}; encoded in Unicode.",
        *[
            line.rsplit("-", 2)[0] + "-ISO10646-1" for line in header if line.startswith("FONT ")
        ],  # its name, in Unicode
        *metrics,
        f"STARTPROPERTIES {len(properties) + 3}",
        'COPYRIGHT "Public Domain"',
        'CHARSET_REGISTRY "ISO10646"',
        'CHARSET_ENCODING "1"',
        *properties,
        "ENDPROPERTIES",
        f"CHARS {len(chars)}",
    ]
    for char, code in chars.items():
        out += [f"STARTCHAR uni{ord(char):04X}", f"ENCODING {ord(char)}", *glyphs[code]]
    out.append("ENDFONT")
    return "\n".join(out) + "\n"


def source_bdf(dots: int, bdf_folder: Path | None, scratch: Path) -> Path:
    """shnmk<dots>b.bdf (the bold one) from ``bdf_folder``, or made from Debian's PCF with pcf2bdf."""
    name = f"shnmk{dots}b"
    if bdf_folder is not None:
        return bdf_folder / f"{name}.bdf"
    made = scratch / f"{name}.bdf"
    subprocess.run(["pcf2bdf", "-o", str(made), str(DEBIAN_FONTS / f"{name}.pcf.gz")], check=True)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bdf",
        type=Path,
        help="folder of shnmk12b.bdf, shnmk14b.bdf and shnmk16b.bdf (default: Debian's PCF via pcf2bdf)",
    )
    parser.add_argument(
        "--out", type=Path, help="write the fonts to this folder instead of the cabinet's"
    )
    args = parser.parse_args(argv)
    chars = wanted()
    with tempfile.TemporaryDirectory() as scratch:
        for dots in LARGE_DOTS:
            out = args.out / SHINONOME[dots].name if args.out else SHINONOME[dots]
            out.write_text(
                subset_bdf(source_bdf(dots, args.bdf, Path(scratch)), dots, chars), encoding="ascii"
            )
            print(f"{out}: {len(chars)} characters")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
