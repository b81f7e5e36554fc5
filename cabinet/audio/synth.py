"""Chip-style synthesis in numpy: oscillators, seeded noise, envelopes, a filter.

Everything here makes or shapes mono float32 arrays at one sample rate, held by
:class:`Synth` so that the recipes in :mod:`cabinet.audio.effects` read like a
short score. The waveforms are the ones of 1980s sound chips (pulse waves with
a duty cycle, a triangle, sample-and-hold noise); every note carries its own
attack and release so nothing starts or stops with a click.
"""

from __future__ import annotations

import numpy as np

# Raised whenever a change here, or in how cabinet.audio.sequencer renders, changes the sound:
# the music cached on disk is keyed by it (cabinet.audio.music_cache), so an update renders again.
SYNTH_VERSION = 2

# Semitones of each natural note above C, for :func:`hz`.
_NATURALS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def hz(note: str | float) -> float:
    """The frequency of a note name ("A4" = 440 Hz, "C#5", "Eb3"); numbers pass through."""
    if not isinstance(note, str):
        return float(note)
    letter, rest = note[0].upper(), note[1:]
    semitone = _NATURALS[letter]
    while rest and rest[0] in "#b":
        semitone += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    midi = 12 * (int(rest) + 1) + semitone
    return 440.0 * 2.0 ** ((midi - 69) / 12)


def transpose(note: str | float, semitones: float) -> float:
    """The frequency ``semitones`` above (or below, if negative) ``note``."""
    return hz(note) * 2.0 ** (semitones / 12)


def pulse(cycles: np.ndarray, duty: float = 0.5) -> np.ndarray:
    """A pulse (square) wave: high for the first ``duty`` of every cycle, low after.

    A duty of 0.5 is the hollow square; 0.25 and 0.125 are the thinner, nasal
    tones that give chip music its colour. The wave is centred on zero (as a
    chip's output capacitor does), so a thin pulse carries no DC offset that
    would thump at every note's start and waste headroom.
    """
    return np.where(np.mod(cycles, 1.0) < duty, 2.0 * (1.0 - duty), -2.0 * duty)


def triangle(cycles: np.ndarray) -> np.ndarray:
    """A triangle wave: soft, flute-like, the classic bass voice."""
    return 4.0 * np.abs(np.mod(cycles - 0.25, 1.0) - 0.5) - 1.0


def white(count: int, seed: int) -> np.ndarray:
    """``count`` values spread evenly over -1..1, the same for the same ``seed``.

    Each value is the splitmix64 hash of its index, computed for all at once:
    as good as a random generator for noise, and it spares the start-up the
    cost of importing numpy.random (tens of milliseconds on a Pi).
    """
    x = np.arange(count, dtype=np.uint64) + np.uint64(seed * 0x9E3779B97F4A7C15 % 2**64)
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return (x >> np.uint64(11)).astype(np.float64) * (2.0 / 2**53) - 1.0


def lowpass(signal: np.ndarray, cutoff: float, rate: int, taps: int = 63) -> np.ndarray:
    """Remove what lies above ``cutoff`` Hz (a Hann-windowed sinc FIR, same length out)."""
    cutoff = min(cutoff, 0.45 * rate)  # stay below Nyquist at every mixer rate
    n = np.arange(taps) - (taps - 1) / 2
    kernel = np.sinc(2 * cutoff / rate * n) * np.hanning(taps)
    kernel /= kernel.sum()
    return np.convolve(signal, kernel, mode="same")


def echo(signal: np.ndarray, delay: float, gain: float, repeats: int, rate: int) -> np.ndarray:
    """Add ``repeats`` copies, each ``delay`` seconds later and ``gain`` times quieter."""
    step = int(round(delay * rate))
    out = np.zeros(len(signal) + step * repeats)
    for k in range(repeats + 1):
        out[k * step : k * step + len(signal)] += signal * gain**k
    return out


class Synth:
    """Makes notes, noise and mixes at one sample rate.

    Times are in seconds; notes are names or frequencies. Each sound-making
    method shapes its output with :meth:`envelope`: a short linear attack, an
    optional exponential ``decay`` (time constant), and a linear release to
    silence at the end.
    """

    def __init__(self, rate: int):
        self.rate = rate

    def length(self, seconds: float) -> int:
        return max(1, int(round(seconds * self.rate)))

    def envelope(
        self, n: int, attack: float = 0.002, decay: float | None = None, release: float = 0.01
    ) -> np.ndarray:
        """Gain over ``n`` samples: ramp up, decay, ramp down to exactly zero."""
        env = np.ones(n)
        rise = min(n, self.length(attack))
        env[:rise] = np.linspace(0.0, 1.0, rise, endpoint=False)
        if decay:
            env *= np.exp(-np.arange(n) / (decay * self.rate))
        fall = min(n, self.length(release))
        env[n - fall :] *= np.linspace(1.0, 0.0, fall)
        return env

    def cycles(
        self, start: float, seconds: float, end: float | None = None, vibrato: float = 0.0
    ) -> np.ndarray:
        """Oscillator phase in cycles for a pitch gliding from ``start`` to ``end`` Hz.

        The glide is exponential (even steps in pitch, as the ear hears them);
        ``vibrato`` is a depth in semitones at 6 Hz, fading in over the note.
        """
        n = self.length(seconds)
        t = np.arange(n) / self.rate
        freq = np.full(n, start) if end is None else start * (end / start) ** (t / seconds)
        if vibrato:
            fade_in = np.minimum(1.0, t / (0.5 * seconds))
            freq = freq * 2.0 ** (vibrato / 12 * fade_in * np.sin(2 * np.pi * 6.0 * t))
        return np.cumsum(freq) / self.rate

    def tone(
        self,
        note: str | float,
        seconds: float,
        wave: str = "pulse",
        duty: float = 0.5,
        glide_to: str | float | None = None,
        vibrato: float = 0.0,
        level: float = 1.0,
        attack: float = 0.002,
        decay: float | None = None,
        release: float = 0.01,
    ) -> np.ndarray:
        """One enveloped note of a ``"pulse"`` or ``"triangle"`` wave."""
        end = None if glide_to is None else hz(glide_to)
        phase = self.cycles(hz(note), seconds, end, vibrato)
        if wave not in ("pulse", "triangle"):
            raise ValueError(f"unknown wave {wave!r}: use 'pulse' or 'triangle'")
        raw = pulse(phase, duty) if wave == "pulse" else triangle(phase)
        return level * raw * self.envelope(len(raw), attack, decay, release)

    def noise(
        self,
        seconds: float,
        clock: float = 12000.0,
        clock_to: float | None = None,
        seed: int = 0,
        level: float = 1.0,
        attack: float = 0.001,
        decay: float | None = None,
        release: float = 0.02,
    ) -> np.ndarray:
        """Seeded sample-and-hold noise, like a sound chip's noise channel.

        A new random value is drawn ``clock`` times a second and held: a high
        clock hisses, a low one rumbles. ``clock_to`` sweeps it (a falling sweep
        is the classic explosion). The same seed always gives the same noise.
        """
        held = np.floor(self.cycles(clock, seconds, clock_to)).astype(np.int64)
        return (
            level
            * white(held[-1] + 1, seed)[held]
            * self.envelope(len(held), attack, decay, release)
        )

    def rest(self, seconds: float) -> np.ndarray:
        return np.zeros(self.length(seconds))

    def mix(self, *layers: np.ndarray | tuple[float, np.ndarray]) -> np.ndarray:
        """Sum layers; a layer is an array starting at 0 or ``(start_seconds, array)``."""
        placed = [
            (0, layer) if isinstance(layer, np.ndarray) else (round(layer[0] * self.rate), layer[1])
            for layer in layers
        ]
        out = np.zeros(max(start + len(part) for start, part in placed))
        for start, part in placed:
            out[start : start + len(part)] += part
        return out

    def seq(self, *parts: np.ndarray) -> np.ndarray:
        """Play parts one after another."""
        return np.concatenate(parts)

    def finish(self, signal: np.ndarray, level: float) -> np.ndarray:
        """The final sound: peak scaled to ``level``, ends faded, float32.

        Scaling to a chosen peak (never above 0.95) sets each effect's loudness
        relative to the others and leaves headroom below clipping; the 1 ms and
        4 ms fades guarantee the first and last samples are silent.
        """
        out = signal * self.envelope(len(signal), attack=0.001, release=0.004)
        peak = float(np.max(np.abs(out)))
        return (out * (min(level, 0.95) / peak)).astype(np.float32)
