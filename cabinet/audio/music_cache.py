"""The rendered music on disk, in the state folder, rebuilt whenever it is missing, stale or damaged.

Each track's layers and fast tier are kept as 16-bit ``.npy`` files named by the track,
the sample rate and :meth:`Track.key` (the note data and the synth's version), with a
small manifest of each part's length and CRC-32 written last. :func:`ensure` (run in
a worker process at start-up, so no frame waits) checks every file against its
manifest and renders what fails; :func:`open_track` then maps the files into memory
without reading them, and answers None for anything that does not match, so the
cabinet plays that track's silence rather than noise.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
import zlib
from pathlib import Path

import numpy as np

from cabinet.audio.sequencer import FAST, LAYERS, Track, bar_samples, render_track
from cabinet.audio.tracks import TRACKS

log = logging.getLogger("cabinet.audio")

PARTS = (*LAYERS, FAST)


def music_rate(mixer_rate: int) -> int:
    """The rate the music is rendered at: half the mixer's (chip music has little above 10 kHz,
    and half the rate halves the memory), the mixer's own at 22050 Hz and below."""
    return mixer_rate // 2 if mixer_rate > 24000 else mixer_rate


def _stem(track: Track, rate: int) -> str:
    return f"{track.name}-{rate}-{track.key()}"


def _crc(samples: np.ndarray) -> int:
    # an ndarray is a buffer (no copy); numpy's stubs do not declare it one
    return zlib.crc32(np.ascontiguousarray(samples).view(np.uint8))  # type: ignore[arg-type]


def _write_atomically(path: Path, write) -> None:
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "wb") as out:
        write(out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def _expected(track: Track, rate: int) -> dict[str, int]:
    return {
        **{layer: track.bars * bar_samples(track, rate) for layer in LAYERS},
        FAST: track.bars * bar_samples(track, rate, fast=True),
    }


def _manifest(folder: Path, track: Track, rate: int) -> dict | None:
    """The track's manifest, if it is there, reads and matches the track's part lengths."""
    try:
        parts = json.loads((folder / f"{_stem(track, rate)}.json").read_text())["parts"]
        lengths = {name: parts[name][0] for name in PARTS}
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
    return parts if lengths == _expected(track, rate) else None


def _intact(folder: Path, track: Track, rate: int) -> bool:
    """Every part of the track on disk, whole: its length and CRC as the manifest says."""
    parts = _manifest(folder, track, rate)
    if parts is None:
        return False
    for name in PARTS:
        try:
            samples = np.load(folder / f"{_stem(track, rate)}-{name}.npy", allow_pickle=False)
        except (OSError, ValueError, EOFError):
            return False
        if (
            samples.dtype != np.int16
            or samples.shape != (parts[name][0],)
            or _crc(samples) != parts[name][1]
        ):
            return False
    return True


def _save(folder: Path, track: Track, rate: int) -> None:
    rendered = render_track(track, rate)
    parts = {}
    for name in PARTS:
        pcm = np.round(np.clip(rendered[name], -1.0, 1.0) * 32767).astype(np.int16)
        _write_atomically(
            folder / f"{_stem(track, rate)}-{name}.npy", lambda out, pcm=pcm: np.save(out, pcm)
        )
        parts[name] = [len(pcm), _crc(pcm)]
    _write_atomically(
        folder / f"{_stem(track, rate)}.json",
        lambda out: out.write(json.dumps({"parts": parts}).encode()),
    )


def ensure(job: tuple[str, int]) -> dict[str, str]:
    """Make every track's cache whole in ``folder`` at ``rate`` (the job, a tuple for a worker).

    Answers each track's fate: ``"kept"``, ``"rendered in N ms"`` or ``"failed: why"``.
    The tracks' files of other keys or rates (an older version's) are removed. Never raises for a
    track: one that cannot be written is left out, and the cabinet plays without it.
    """
    folder, rate = Path(job[0]), job[1]
    fates = {}
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return dict.fromkeys(TRACKS, f"failed: cannot make {folder}: {exc.strerror or exc}")
    for name, track in TRACKS.items():
        if _intact(folder, track, rate):
            fates[name] = "kept"
            continue
        started = time.perf_counter()
        try:
            _save(folder, track, rate)
        except OSError as exc:
            fates[name] = f"failed: cannot write {folder}: {exc.strerror or exc}"
            continue
        fates[name] = f"rendered in {(time.perf_counter() - started) * 1000:.0f} ms"
    ours = tuple(f"{name}-" for name in TRACKS)
    wanted = tuple(
        _stem(track, rate) + suffix for track in TRACKS.values() for suffix in ("-", ".")
    )
    for path in folder.iterdir():
        if path.name.startswith(ours) and not path.name.startswith(wanted):
            with contextlib.suppress(OSError):
                path.unlink()
    return fates


def open_track(folder: Path, name: str, rate: int) -> dict[str, np.ndarray] | None:
    """The track's parts mapped from disk (nothing read yet), or None if any is missing or wrong."""
    track = TRACKS[name]
    parts = _manifest(folder, track, rate)
    if parts is None:
        return None
    out = {}
    for part in PARTS:
        try:
            samples = np.load(
                folder / f"{_stem(track, rate)}-{part}.npy", mmap_mode="r", allow_pickle=False
            )
        except (OSError, ValueError, EOFError):
            return None
        if samples.dtype != np.int16 or samples.shape != (parts[part][0],):
            return None
        out[part] = samples
    return out
