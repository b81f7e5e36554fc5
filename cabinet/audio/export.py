"""Write every effect as a WAV file, to listen to them: ``python -m cabinet.audio.export DIR``.

Also prints each effect's length, peak, loudness and dominant pitch, the
figures the tests check, so a change to a recipe can be judged by ear and by
number.
"""

from __future__ import annotations

import argparse
import sys
import wave
from pathlib import Path

import numpy as np

from cabinet.audio.effects import synthesize_all


def write_wav(path: Path, samples: np.ndarray, rate: int) -> None:
    """Save mono float samples in -1..1 as a 16-bit WAV file."""
    pcm = np.round(np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())


def dominant_hz(samples: np.ndarray, rate: int) -> float:
    """The frequency with the most energy over the whole sound (Hann-windowed FFT)."""
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.argmax(spectrum) * rate / len(samples))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cabinet.audio.export", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "folder", help="where to write NAME.wav for every effect (created if missing)"
    )
    parser.add_argument(
        "--rate",
        type=int,
        default=44100,
        choices=(22050, 44100, 48000),
        help="sample rate in Hz (default 44100)",
    )
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    for name, samples in synthesize_all(args.rate).items():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_wav(folder / f"{name}.wav", samples, args.rate)
        except OSError as exc:
            print(
                f"export: cannot write {folder / name}.wav: {exc.strerror or exc}", file=sys.stderr
            )
            return 1
        rms = float(np.sqrt(np.mean(np.square(samples, dtype=np.float64))))
        print(
            f"{name:<18} {len(samples) / args.rate:5.2f} s  peak {np.max(np.abs(samples)):.2f}"
            f"  rms {rms:.3f}  dominant {dominant_hz(samples, args.rate):6.0f} Hz"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
