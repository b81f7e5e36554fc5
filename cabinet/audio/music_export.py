"""Every track as WAV files, to listen to and to check: ``python -m cabinet music DIR``.

For each track three files: ``NAME-calm.wav`` (the base layer alone, danger 0),
``NAME-danger.wav`` (every layer at full) and ``NAME-fast.wav`` (the fast tier), each one
loop long. Beside each file it prints the figures that say the mix is sound: its peak in
dBFS (below 0: no clipping), its loudness (RMS, dBFS), its largest step between two
samples, and the step across the loop point, which must be no larger (no click where the
loop joins).
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cabinet.audio.export import write_wav
from cabinet.audio.sequencer import FAST, LAYERS, render_track
from cabinet.audio.tracks import TRACKS


@dataclass(frozen=True)
class Mix:
    """One exported mix and its figures."""

    name: str
    samples: np.ndarray
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate

    @property
    def peak_db(self) -> float:
        return 20 * math.log10(float(np.max(np.abs(self.samples))))

    @property
    def rms_db(self) -> float:
        return 10 * math.log10(float(np.mean(np.square(self.samples, dtype=np.float64))))

    @property
    def largest_step(self) -> float:
        return float(np.max(np.abs(np.diff(self.samples))))

    @property
    def loop_step(self) -> float:
        """The jump from the loop's last sample back to its first."""
        return abs(float(self.samples[0]) - float(self.samples[-1]))

    def problems(self) -> list[str]:
        found = []
        if not np.any(self.samples):
            found.append("silent")
        elif self.peak_db >= 0:
            found.append(f"clips (peak {self.peak_db:+.1f} dBFS)")
        if self.loop_step > self.largest_step:
            found.append(
                f"clicks at the loop point ({self.loop_step:.3f} > {self.largest_step:.3f})"
            )
        return found


def mixes(rate: int) -> list[Mix]:
    """Every track's calm, danger and fast mixes, in :data:`TRACKS` order."""
    out = []
    for name, track in TRACKS.items():
        parts = render_track(track, rate)
        out += [
            Mix(f"{name}-calm", parts["base"], rate),
            Mix(f"{name}-danger", np.sum([parts[layer] for layer in LAYERS], axis=0), rate),
            Mix(f"{name}-fast", parts[FAST], rate),
        ]
    return out


def export(folder: Path, rate: int) -> int:
    """Write and describe every mix; the exit code: 0, 1 if a file cannot be written, 3 if a check fails."""
    failed = False
    for mix in mixes(rate):
        path = folder / f"{mix.name}.wav"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_wav(path, mix.samples, rate)
        except OSError as exc:
            print(f"music: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        problems = mix.problems()
        failed = failed or bool(problems)
        print(
            f"{mix.name:<18} {mix.seconds:6.2f} s  peak {mix.peak_db:+6.1f} dBFS  rms {mix.rms_db:+6.1f} dBFS"
            f"  largest step {mix.largest_step:.3f}  loop step {mix.loop_step:.3f}"
            f"  {'; '.join(problems) or 'ok'}"
        )
    return 3 if failed else 0
