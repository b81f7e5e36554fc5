"""Bench section "audio": what the sound effects and the music cost at start-up and in memory."""

from __future__ import annotations

import statistics
import time

from cabinet.bench import Figure, section

RATE = 44100
MIXER_BYTES_PER_SAMPLE = 2 * 2  # the mixer's usual format: 16-bit, stereo


def _synthesis_ms(runs: int) -> tuple[float, float, dict]:
    """First-call and median time of synthesize_all(), in ms, and the last result."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.audio.effects import synthesize_all

    times = []
    for _ in range(runs):
        started = time.perf_counter()
        sounds = synthesize_all(RATE)
        times.append((time.perf_counter() - started) * 1000)
    return times[0], statistics.median(times), sounds


def _audio_startup_ms() -> float:
    """Audio() from nothing: open the mixer, synthesize, convert, make every Sound."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    import pygame

    from cabinet.audio.player import Audio

    started = time.perf_counter()
    Audio()
    elapsed = (time.perf_counter() - started) * 1000
    pygame.mixer.quit()
    return elapsed


def _music_figures() -> list[Figure]:
    """Every track rendered into an empty cache as a cabinet's first start does, its size, and
    what the music then costs a frame."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    import tempfile
    from pathlib import Path

    from cabinet.audio.music_cache import ensure, music_rate
    from cabinet.bench.scenes import p99

    rate = music_rate(RATE)
    with tempfile.TemporaryDirectory() as folder:
        started = time.process_time()  # CPU time: on a shared machine the wall clock says little
        ensure((folder, rate))
        elapsed = time.process_time() - started
        sizes: dict[str, int] = {}  # bytes by track
        for path in Path(folder).glob("*.npy"):
            track = path.name.split("-", 1)[0]
            sizes[track] = sizes.get(track, 0) + path.stat().st_size
        starts, mixed = _music_chunk_ms(Path(folder), aside=False)
        _, handed = _music_chunk_ms(Path(folder), aside=True)
    return [
        Figure(
            "render every music track into the cache (worker, at start-up), CPU",
            elapsed * 1000,
            "ms",
            "<= 5000",
        ),
        Figure(
            f"music cache on disk, 16-bit mono at {rate} Hz", sum(sizes.values()) / 2**20, "MiB"
        ),
        Figure(
            "music mapped while its largest track plays, at most",
            max(sizes.values()) / 2**20,
            "MiB",
            "<= 12",
        ),
        Figure(
            "music: a track's first chunk, its cache opened (in its thread), max", max(starts), "ms"
        ),
        Figure("music: a chunk mixed (in its thread, beside the loop), p99", p99(mixed), "ms"),
        Figure(
            "music: a frame where the mixer wants a chunk (the most a frame pays), p99",
            p99(handed),
            "ms",
            "<= 2",
        ),
    ]


def _music_chunk_ms(folder, aside: bool) -> tuple[list[float], list[float]]:
    """CPU ms of the music's tick when the mixer wants its next chunk, every track at a danger
    that moves: each track's first tick (it opens the track's cache), and the rest. Mixed here
    (``aside`` False): what mixing a chunk costs. Mixed in the cabinet's thread: what the main
    loop's own thread pays, a few times a second."""
    import threading

    import pygame

    from cabinet.audio.chunk_maker import MakeAside, MakeNow
    from cabinet.audio.music import Music
    from cabinet.audio.player import Audio, PygameMusicChannel
    from cabinet.audio.tracks import TRACKS

    class WantsAChunk(PygameMusicChannel):
        def busy(self) -> bool:
            return False  # every tick hands a chunk over and plays it

    audio = Audio()
    if not audio.available:
        return [float("nan")], [float("nan")]
    maker = MakeAside() if aside else MakeNow()
    music = Music(folder=folder, channel=WantsAChunk(audio), maker=maker)
    music.render_now(audio.sample_rate)  # finds the cache just made
    clock = time.thread_time_ns if aside else time.process_time_ns
    starts: list[float] = []
    times: list[float] = []
    for name in TRACKS:
        for tick in range(60):
            music.follow(name, danger=(tick % 30) / 29)
            started = clock()
            music.tick()
            (times if tick else starts).append((clock() - started) / 1e6)
            while isinstance(maker, MakeAside) and maker.asked and not maker.done:
                threading.Event().wait(0.001)  # the next chunk is ready before the mixer asks
    music.close()
    pygame.mixer.quit()
    return starts, times


@section("audio", alone=True)
def run(quick: bool) -> list[Figure]:
    first, median, sounds = _synthesis_ms(1 if quick else 7)
    samples = sum(len(s) for s in sounds.values())
    longest = max(sounds, key=lambda name: len(sounds[name]))
    return [
        Figure("synthesize all effects, first call (start-up)", first, "ms", "<= 200"),
        Figure("synthesize all effects, median", median, "ms", "<= 200"),
        Figure(
            "Audio() start-up: mixer, synthesis, Sound objects", _audio_startup_ms(), "ms", "<= 250"
        ),
        Figure("effects", len(sounds), "count"),
        Figure("total sound length", samples / RATE, "s"),
        Figure(f"longest effect ({longest})", len(sounds[longest]) / RATE, "s", "<= 3"),
        Figure("sample memory, float32 mono arrays", samples * 4 / 2**20, "MiB"),
        Figure(
            "sample memory, mixer Sounds (16-bit stereo)",
            samples * MIXER_BYTES_PER_SAMPLE / 2**20,
            "MiB",
        ),
        *_music_figures(),
    ]
