"""The cabinet's music, as note data for :mod:`cabinet.audio.sequencer`.

Four pieces, 32 bars each before they loop, all on the white keys (C major and its
modes), so the jingles in C of :mod:`cabinet.audio.effects` sit in every one of them:

- ``title``: C major, 128 beats a minute, bright; attract mode and the menus.
- ``blocks``: A minor, 120, a bouncing dance in the manner of a falling-block game.
- ``antigravity``: D dorian, 136, floating syncopations.
- ``versus``: A minor, 150, a driving race.

Each is verse, chorus, verse, chorus (the second time with new endings). The melody,
bass and drums are the base layer; the drive layer adds a sixteenth-note arpeggio and
hats; the danger layer a pulsing bass, four-on-the-floor kicks and snare rolls. Bass,
arpeggio and pulse are written out from the chords, one chord a bar, by the helpers
below: the data stays a few lines a section.
"""

from __future__ import annotations

from cabinet.audio.sequencer import Track, Voice

_SEMITONES = {
    "C": 0,
    "C#": 1,
    "D": 2,
    "Eb": 3,
    "E": 4,
    "F": 5,
    "F#": 6,
    "G": 7,
    "G#": 8,
    "A": 9,
    "Bb": 10,
    "B": 11,
}
_NAMES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]


def _note(midi: int) -> str:
    return f"{_NAMES[midi % 12]}{midi // 12 - 1}"


def _chord(symbol: str, octave: int) -> tuple[int, int, int]:
    """Root, third and fifth of ``"Am"``, ``"G"``... as MIDI numbers, the root in ``octave``."""
    minor = symbol.endswith("m")
    root = 12 * (octave + 1) + _SEMITONES[symbol.rstrip("m")]
    return root, root + (3 if minor else 4), root + 7


def bass(chords: str, style: str) -> str:
    """One bar of eighths per chord: ``bounce`` (root and octave), ``drive`` (repeated root,
    a climb at the end) or ``float`` (syncopated)."""
    bars = []
    for symbol in chords.split():
        root, _, fifth = _chord(symbol, 2)
        r, o, f = _note(root), _note(root + 12), _note(fifth)
        bars.append(
            {
                "bounce": f"{r} {o} {r} {o} {r} {o} {f} {o}",
                "drive": f"{r} {r} {r} {r} {r} {r} {o} {f}",
                "float": f"{r} - . {r} - {f} {o} -",
            }[style]
        )
    return " ".join(bars)


def arpeggio(chords: str) -> str:
    """One bar of sixteenths per chord: up and down through it, two octaves of sparkle."""
    bars = []
    for symbol in chords.split():
        root, third, fifth = _chord(symbol, 5)
        tones = [_note(n) for n in (root, third, fifth, root + 12, fifth, third, root + 12, third)]
        bars.append(" ".join(tones * 2))
    return " ".join(bars)


def pulse(chords: str) -> str:
    """One bar of sixteenths per chord: the root hammered, jumping an octave on the off-beats."""
    bars = []
    for symbol in chords.split():
        root, _, _ = _chord(symbol, 3)
        low, high = _note(root), _note(root + 12)
        bars.append(" ".join([low, low, high, low] * 4))
    return " ".join(bars)


# Drums, one bar of sixteenths each: k kick, s snare, h hat, o open hat; several letters at once.
BEAT = "k . h . s . h . k . h k s . h ."
FILL = "k . h . s . h . k . s . s s s s"
BUSY = "k . h . s . h k . k h . s . h o"
HATS = "h h o h h h o h h h o h h h o h"
FLOOR = "k . . . k . . . k . . . k . . ."
ROLL = "k . . . k . . . k . s . ks s ks s"

# Each piece's sections: name -> (chords, one a bar; the melody in eighths, ``-`` holds, ``.`` rests).
# The order every piece plays them in:
ORDER = ("Va", "Vb", "Ca", "Cb", "Va", "Vb2", "Ca", "Cb2")

PIECES: dict[str, tuple[float, str, dict[str, tuple[str, str]]]] = {
    "title": (
        128,
        "bounce",
        {
            "Va": (
                "C Am F G",
                "E5 - G5 - C6 - B5 G5  A5 - - - E5 - C5 -  F5 - A5 - C6 - A5 F5  G5 - - - D5 - B4 -",
            ),
            "Vb": (
                "C Am Dm G",
                "E5 - G5 - C6 - D6 E6  D6 - C6 - A5 - E5 -  F5 - A5 - D6 - C6 A5  B5 - - - G5 - - -",
            ),
            "Vb2": (
                "C Am Dm G",
                "E5 - G5 - C6 - D6 E6  G6 - E6 - C6 - A5 -  F5 - A5 - D6 - C6 B5  B5 - C6 - D6 - - -",
            ),
            "Ca": (
                "F G Em Am",
                "A5 - G5 A5 C6 - A5 -  B5 - A5 B5 D6 - B5 -  G5 - E5 G5 B5 - G5 E5  A5 - - - - - . .",
            ),
            "Cb": (
                "Dm G C C",
                "F5 - E5 F5 A5 - D6 -  D6 - C6 B5 A5 - G5 -  C6 - - - G5 - E5 -  C6 - - - - - . .",
            ),
            "Cb2": (
                "Dm G C C",
                "F5 - E5 F5 A5 - D6 -  D6 - C6 B5 A5 - B5 -  C6 - E6 - G6 - E6 -  C6 - - - G5 - . .",
            ),
        },
    ),
    "blocks": (
        120,
        "bounce",
        {
            "Va": (
                "Am F C G",
                "E5 - C5 D5 E5 - A5 -  A5 G5 F5 E5 F5 - C5 -  G5 - E5 F5 G5 - C6 -  B5 A5 G5 F5 D5 - . .",
            ),
            "Vb": (
                "Am F E Am",
                "E5 - C5 D5 E5 - A5 -  C6 B5 A5 G5 A5 - F5 -  G#5 - E5 F5 G#5 - B5 -  A5 - - - - - . .",
            ),
            "Vb2": (
                "Am F E Am",
                "A5 - E5 F5 A5 - C6 -  C6 B5 A5 G5 A5 - F5 -  G#5 - B5 - D6 - B5 G#5  A5 - - - E5 - . .",
            ),
            "Ca": (
                "Dm Am E Am",
                "F5 - A5 - D6 - C6 -  C6 B5 A5 - E5 - A5 -  B5 - G#5 - E5 - G#5 -  A5 - C6 - E6 - . .",
            ),
            "Cb": (
                "Dm Am F E",
                "F5 - A5 - D6 - C6 -  C6 B5 A5 - E5 - C5 -  D5 - F5 - A5 - C6 -  B5 - - - G#5 - . .",
            ),
            "Cb2": (
                "Dm Am E Am",
                "F5 - A5 - D6 - F6 -  E6 D6 C6 - A5 - E5 -  G#5 - B5 - E6 - D6 B5  A5 - - - - - . .",
            ),
        },
    ),
    "antigravity": (
        136,
        "float",
        {
            "Va": (
                "Dm G Dm C",
                "D5 - F5 A5 - G5 F5 E5  D5 - B4 - D5 - E5 -  F5 - A5 D6 - C6 A5 G5  E5 - - - G5 - - -",
            ),
            "Vb": (
                "Dm G F Am",
                "D5 - F5 A5 - G5 F5 E5  D5 - B4 - D5 - G5 -  A5 - C6 - A5 G5 F5 -  E5 - - - . . . .",
            ),
            "Vb2": (
                "Dm G F Am",
                "D6 - C6 A5 - G5 F5 E5  D5 - B4 - D5 - G5 B5  C6 - A5 - F5 G5 A5 -  A5 - - - E5 - . .",
            ),
            "Ca": (
                "F G Em Am",
                "C6 - . C6 D6 - C6 A5  B5 - . B5 D6 - B5 G5  B5 - . B5 E6 - D6 B5  C6 - - - A5 - - -",
            ),
            "Cb": (
                "F G Am Am",
                "C6 - . C6 D6 - C6 A5  B5 - . B5 D6 - G6 -  E6 - - - C6 - A5 -  A5 - - - . . . .",
            ),
            "Cb2": (
                "F G Am Dm",
                "A5 - C6 - F6 - E6 C6  D6 - B5 - G5 - A5 B5  C6 - E6 - A6 - G6 E6  D6 - - - A5 - . .",
            ),
        },
    ),
    "versus": (
        150,
        "drive",
        {
            "Va": (
                "Am Am F G",
                "A4 - C5 - E5 - A5 G5  E5 - C5 - E5 D5 C5 B4  C5 - A4 - C5 - F5 E5  D5 - B4 - G4 - B4 -",
            ),
            "Vb": (
                "Am G F G",
                "A4 - C5 - E5 - A5 G5  B5 - A5 - G5 - D5 -  C5 - F5 - A5 - C6 -  B5 - - - G5 - - -",
            ),
            "Vb2": (
                "Am G F G",
                "A5 - E5 - A5 - C6 B5  B5 - G5 - D6 - B5 -  A5 - F5 - C6 - A5 -  G5 - A5 - B5 - D6 -",
            ),
            "Ca": (
                "C G Am F",
                "E6 - D6 C6 G5 - C6 -  D6 - C6 B5 G5 - B5 -  C6 - B5 A5 E5 - A5 -  A5 - G5 F5 C5 - F5 -",
            ),
            "Cb": (
                "Dm Em F G",
                "F5 - E5 F5 A5 - D6 -  E5 - D5 E5 G5 - B5 -  A5 - C6 - F6 - E6 -  D6 - - - B5 - - -",
            ),
            "Cb2": (
                "Dm Em F E",
                "F5 - A5 - D6 - F6 -  E6 - D6 - B5 - G5 -  A5 - C6 - F6 - E6 D6  B5 - - - G#5 - . .",
            ),
        },
    ),
}


def _track(name: str, tempo: float, bass_style: str, sections: dict[str, tuple[str, str]]) -> Track:
    patterns = {
        "beat": " ".join([BEAT] * 3 + [FILL]),
        "busy": " ".join([BUSY] * 3 + [FILL]),
        "hats": " ".join([HATS] * 4),
        "roll": " ".join([FLOOR] * 3 + [ROLL]),
    }
    for section, (chords, melody) in sections.items():
        patterns[f"m{section}"] = melody
        patterns[f"b{section}"] = bass(chords, bass_style)
        patterns[f"a{section}"] = arpeggio(chords)
        patterns[f"p{section}"] = pulse(chords)
    half = len(ORDER) // 2

    def line(prefix: str) -> tuple[str, ...]:
        return tuple(prefix + section for section in ORDER)

    return Track(
        name=name,
        tempo=tempo,
        patterns=patterns,
        fast=1.25,
        layers={
            "base": (
                Voice("lead", line("m")),
                Voice("bass", line("b")),
                Voice("drums", ("beat",) * half + ("busy",) * half, step=1),
            ),
            "drive": (
                Voice("arp", line("a"), step=1),
                Voice("drums", ("hats",) * len(ORDER), step=1),
            ),
            "danger": (
                Voice("stab", line("p"), step=1),
                Voice("drums", ("roll",) * len(ORDER), step=1),
            ),
        },
    )


TRACKS: dict[str, Track] = {name: _track(name, *piece) for name, piece in PIECES.items()}
