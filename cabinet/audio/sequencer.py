"""A small tracker over :class:`~cabinet.audio.synth.Synth`: note data in, looping layers out.

A :class:`Track` is written as text patterns, one token a step::

    "E5 - B4 C5 D5 - C5 B4"     a voice stepping in eighths: a note, ``-`` holds it, ``.`` rests
    "k . h . s . h . k k h . s . h h"   drums in sixteenths: kick, snare, hat, open hat

Each :class:`Voice` plays its patterns one after another (``"A"``, or ``"A+5"`` for the
pattern five semitones up) on one of the :data:`INSTRUMENTS`, and every voice of a track
spans the same number of bars. The voices are grouped in layers (base, drive, danger) that
:func:`render_track` renders to separate buffers of the same length, so the player can mix
them at any volumes and they stay on the beat; the *fast tier* is the whole track again at a
higher tempo, all layers at full. A step is a whole number of samples, so every bar line
falls on an exact sample in every layer and tier. Notes still sounding at the loop's end
ring on into its start, so the loop point has no seam.

Rendering is deterministic: the same track and rate give the same samples.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from cabinet.audio.synth import SYNTH_VERSION, Synth, lowpass, transpose

SIXTEENTHS_PER_BAR = 16
LAYERS = ("base", "drive", "danger")
FAST = "fast"  # the name of the fast tier's buffer, beside the layers'
PEAK = 0.8  # the loudest a track gets, every layer at full: headroom for the effects
CUTOFF = 7000.0  # Hz: chip music's brightness without its fizz
FILTER_TAPS = 31
GATE = 0.92  # a note sounds for this share of its length: phrases stay articulated


@dataclass(frozen=True)
class Instrument:
    """One of the synth's voices with its settings; ``drum`` instruments play one sound per letter."""

    wave: str = "pulse"
    duty: float = 0.5
    level: float = 0.5
    vibrato: float = 0.0
    attack: float = 0.004
    decay: float | None = None
    release: float = 0.03


def _kick(s: Synth) -> np.ndarray:
    return s.tone(150.0, 0.14, wave="triangle", glide_to=42.0, decay=0.07, level=0.95, release=0.02)


def _snare(s: Synth) -> np.ndarray:
    return s.mix(
        s.noise(0.14, clock=9000, clock_to=5000, decay=0.045, level=0.55, seed=3),
        s.tone(196.0, 0.06, wave="triangle", glide_to=150.0, decay=0.03, level=0.4),
    )


def _hat(s: Synth) -> np.ndarray:
    return s.noise(0.04, clock=20000, decay=0.012, level=0.22, seed=5)


def _open_hat(s: Synth) -> np.ndarray:
    return s.noise(0.16, clock=20000, decay=0.06, level=0.18, seed=7)


# Drum letters and the sound each makes: chip drums, a triangle thump and noise.
DRUMS: dict[str, Callable[[Synth], np.ndarray]] = {
    "k": _kick,
    "s": _snare,
    "h": _hat,
    "o": _open_hat,
}

INSTRUMENTS: dict[str, Instrument | None] = {
    "lead": Instrument(duty=0.25, level=0.30, vibrato=0.12, attack=0.006, release=0.04),
    "echo": Instrument(duty=0.125, level=0.14, vibrato=0.1, attack=0.006, release=0.04),
    "bass": Instrument(wave="triangle", level=0.55, release=0.02),
    "arp": Instrument(duty=0.125, level=0.2, decay=0.09, release=0.02),
    "stab": Instrument(duty=0.25, level=0.3, decay=0.05, release=0.02),
    "pad": Instrument(duty=0.5, level=0.07, attack=0.03, release=0.08),
    "drums": None,  # the letters of DRUMS
}


@dataclass(frozen=True)
class Voice:
    """One line of a track: an instrument, its step in sixteenths, its patterns in order."""

    instrument: str
    order: tuple[str, ...]
    step: int = 2


@dataclass(frozen=True)
class Track:
    """A looping piece: tempo, patterns by name, and its voices by layer.

    ``fast`` is the fast tier's tempo as a multiple of ``tempo``.
    """

    name: str
    tempo: float
    patterns: dict[str, str]
    layers: dict[str, tuple[Voice, ...]]
    fast: float = 1.25
    bars: int = field(init=False)

    def __post_init__(self):
        bars = {
            _voice_bars(self, layer, voice) for layer in self.layers for voice in self.layers[layer]
        }
        if len(bars) != 1:
            raise ValueError(
                f"track {self.name}: its voices span different numbers of bars {sorted(bars)}"
            )
        if set(self.layers) != set(LAYERS):
            raise ValueError(f"track {self.name}: layers must be {', '.join(LAYERS)}")
        object.__setattr__(self, "bars", bars.pop())

    def key(self) -> str:
        """A short hash of everything that shapes the sound: the data and the synth's version."""
        text = repr(
            (
                SYNTH_VERSION,
                self.tempo,
                self.fast,
                sorted(self.patterns.items()),
                sorted(self.layers.items()),
                sorted(INSTRUMENTS.items()),
            )
        )
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _pattern(track: Track, name: str) -> tuple[list[str], int]:
    """The tokens of the pattern ``name`` (``"A"``, ``"A+5"``, ``"A-12"``) and its transposition."""
    base, shift = name, 0
    for sign in "+-":
        if sign in name[1:]:
            base, amount = name.split(sign, 1) if sign == "+" else name.rsplit(sign, 1)
            shift = int(amount) * (1 if sign == "+" else -1)
            break
    if base not in track.patterns:
        raise ValueError(f"track {track.name}: no pattern {base!r}")
    return track.patterns[base].split(), shift


def _voice_bars(track: Track, layer: str, voice: Voice) -> float:
    steps = sum(len(_pattern(track, name)[0]) for name in voice.order)
    bars = steps * voice.step / SIXTEENTHS_PER_BAR
    if bars != int(bars):
        raise ValueError(
            f"track {track.name}, {layer} {voice.instrument}: {steps} steps is not a whole bar"
        )
    return int(bars)


def step_samples(tempo: float, rate: int) -> int:
    """Samples in one sixteenth at ``tempo`` beats a minute: a whole number, so bar lines are exact."""
    return round(rate * 60.0 / tempo / 4)


def bar_samples(track: Track, rate: int, fast: bool = False) -> int:
    """Samples in one bar of ``track``, in the fast tier if ``fast``."""
    return SIXTEENTHS_PER_BAR * step_samples(track.tempo * (track.fast if fast else 1.0), rate)


def events(track: Track, voice: Voice) -> list[tuple[int, int, str, int]]:
    """``(start, length, token, shift)`` in sixteenths for every sound the voice makes."""
    out: list[tuple[int, int, str, int]] = []
    position = 0
    for name in voice.order:
        tokens, shift = _pattern(track, name)
        for token in tokens:
            if (
                token == "-"
                and out
                and out[-1][0] + out[-1][1] == position
                and voice.instrument != "drums"
            ):
                start, length, held, held_shift = out[-1]
                out[-1] = (start, length + voice.step, held, held_shift)
            elif token not in ".-":
                out.append((position, voice.step, token, shift))
            position += voice.step
    return out


class _Sounds:
    """Every distinct note made once: a track repeats the same few hundred sounds."""

    def __init__(self, synth: Synth, sixteenth: int):
        self.synth, self.sixteenth = synth, sixteenth
        self._made: dict[tuple[str, str, int, int], np.ndarray] = {}

    def get(self, instrument: str, token: str, shift: int, sixteenths: int) -> np.ndarray:
        key = (instrument, token, shift, sixteenths)
        if key not in self._made:
            self._made[key] = self._make(*key)
        return self._made[key]

    def _make(self, instrument: str, token: str, shift: int, sixteenths: int) -> np.ndarray:
        s = self.synth
        if instrument == "drums":
            unknown = set(token) - set(DRUMS)
            if unknown:
                raise ValueError(
                    f"unknown drum letter(s) {''.join(sorted(unknown))!r} in {token!r}"
                )
            return s.mix(*(DRUMS[letter](s) for letter in token))
        sound = INSTRUMENTS[instrument]
        assert sound is not None  # only the drums have none, and they are made above
        seconds = sixteenths * self.sixteenth * GATE / s.rate
        return s.tone(
            transpose(token, shift),
            seconds,
            wave=sound.wave,
            duty=sound.duty,
            level=sound.level,
            vibrato=sound.vibrato,
            attack=sound.attack,
            decay=sound.decay,
            release=sound.release,
        )


def _render_voices(track: Track, voices, synth: Synth, sixteenth: int) -> np.ndarray:
    total = track.bars * SIXTEENTHS_PER_BAR * sixteenth
    sounds = _Sounds(synth, sixteenth)
    out = np.zeros(total + synth.rate)  # room for the last notes' tails, folded back below
    for voice in voices:
        if voice.instrument not in INSTRUMENTS:
            raise ValueError(f"track {track.name}: unknown instrument {voice.instrument!r}")
        for start, length, token, shift in events(track, voice):
            sound = sounds.get(voice.instrument, token, shift, length)
            at = start * sixteenth
            out[at : at + len(sound)] += sound
    out[: synth.rate] += out[total:]  # what rings past the loop's end sounds at its start
    return out[:total]


def _smoothed(signal: np.ndarray, rate: int) -> np.ndarray:
    """``signal``, rendered at twice ``rate``, at ``rate``: everything above :data:`CUTOFF` removed
    first (the loop wrapped round the filter, so its ends still meet), then every other sample."""
    edge = FILTER_TAPS
    looped = np.concatenate([signal[-edge:], signal, signal[:edge]])
    return lowpass(looped, CUTOFF, 2 * rate, taps=FILTER_TAPS)[edge:-edge:2]


def render_track(track: Track, rate: int) -> dict[str, np.ndarray]:
    """The track's layers and its fast tier by name, mono float32 at ``rate``.

    The layers have the same length, a whole number of bars; so has the fast tier, shorter.
    One gain scales them all, so that every layer at full peaks at :data:`PEAK`. Everything is
    rendered at twice the rate and filtered down (:func:`_smoothed`): the pulse waves' highest
    overtones would otherwise fold back as harsh, out-of-tune whistles, tiring over an hour.
    """
    synth = Synth(2 * rate)
    normal = 2 * step_samples(track.tempo, rate)
    out = {layer: _render_voices(track, track.layers[layer], synth, normal) for layer in LAYERS}
    every = [voice for layer in LAYERS for voice in track.layers[layer]]
    out[FAST] = _render_voices(
        track, every, synth, 2 * step_samples(track.tempo * track.fast, rate)
    )
    out = {name: _smoothed(samples, rate) for name, samples in out.items()}
    loudest = max(np.max(np.abs(sum(out[layer] for layer in LAYERS))), np.max(np.abs(out[FAST])))
    return {name: (samples * (PEAK / loudest)).astype(np.float32) for name, samples in out.items()}
