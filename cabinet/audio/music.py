"""The cabinet's music: which track plays, how loud, how dangerous; fed to the mixer a chunk at a time.

:class:`Music` is what scenes talk to (``ctx.music``). A live game calls :meth:`follow`
every frame with its track, its danger level and whether it is paused; attract mode's
title theme starts by itself while attract mode shows. The game-over effect fades the
music out, any other effect ducks it for a moment, so a coin or a clear is always heard.

Nothing here renders on the main loop: :meth:`start_rendering` hands the cache's
:func:`~cabinet.audio.music_cache.ensure` to a worker process, and until it answers the
cabinet plays without music. Nor is a chunk mixed there: each :meth:`tick` hands the
mixer's music channel the chunk made beside the loop (:mod:`cabinet.audio.chunk_maker`)
when it has less than two in hand, and asks for the next. Without a channel (no sound
card, the dummy driver in tests) the state is kept all the same and nothing is heard.
"""

from __future__ import annotations

import logging
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from cabinet.audio.chunk_maker import ChunkMaker, MakeNow
from cabinet.audio.music_cache import ensure, music_rate, open_track
from cabinet.audio.sequencer import bar_samples
from cabinet.audio.sounds import AttractShowing
from cabinet.audio.stream import MusicStream
from cabinet.audio.tracks import TRACKS
from cabinet.settings.schema import AudioSettings

if TYPE_CHECKING:
    from cabinet.system.workers import Worker

log = logging.getLogger("cabinet.audio")

CHUNK_SECONDS = 0.2  # each chunk handed to the mixer; two in hand ride out a 0.4 s stall
DUCK = 0.5  # an effect drops the music to this share of its volume...
DUCK_SECONDS = 0.35  # ...and it comes back over this time
JINGLES = {
    "title_jingle": 2.3,
    "start": 0.7,
    "new_record": 0.8,
    "ladder_next": 0.9,
    "ladder_master": 1.3,
    "versus_challenger": 0.8,
}  # effects that are tunes of their own, and their length in seconds
JINGLE_DUCK = 0.15  # under a jingle the music all but stops: two tunes at two tempos would clash
PAUSED = 0.25  # the music's share of its volume while a game is paused
FADE_OUT_SECONDS = 0.6  # the game-over moment: the music fades to nothing in this time
TITLE = "title"  # attract mode's track


class MusicChannel(Protocol):
    """The mixer's music channel, as :class:`cabinet.audio.player.PygameMusicChannel` is."""

    rate: Any  # the mixer's sample rate (a property on the real channel)

    def prepare(self, samples: np.ndarray) -> Any:
        """Mono float samples in the mixer's format; numpy only, so it runs beside the loop."""

    def busy(self) -> bool: ...

    def queued(self) -> bool: ...

    def play(self, prepared: Any) -> None: ...

    def queue(self, prepared: Any) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def stop(self) -> None: ...


class Music:
    """The music of the cabinet; silent, but keeping its state, without a ``channel``.

    ``folder``: the cache folder (None: never rendered, as in most tests). ``channel``:
    the mixer's music channel. ``audio``: read for attract mode (``attract``,
    ``attract_loop``). ``clock``: seconds, for the ducking only. ``maker``: who mixes
    the chunks (:class:`~cabinet.audio.chunk_maker.MakeNow` unless a cabinet gives it a
    thread).
    """

    def __init__(
        self,
        settings: AudioSettings | None = None,
        folder: Path | None = None,
        channel=None,
        audio: AttractShowing | None = None,
        clock=time.monotonic,
        maker: ChunkMaker | None = None,
    ):
        self.settings = settings or AudioSettings()
        self.folder, self.audio, self.clock = folder, audio, clock
        self.channel: MusicChannel | None = channel
        self.maker: ChunkMaker = maker or MakeNow()
        self.track: str | None = None  # the track wanted now
        self.danger = 0.0
        self.paused = False
        self.ready: set[str] = set()  # tracks whose cache is whole
        self.resting = False
        self._stream: TrackMix | None = None  # the track the chunk maker mixes
        self._playing: str | None = None  # the track the stream reads
        self._rate = 0
        self._worker: Worker | None = None
        self._ducked_at = -1e9
        self._duck = (DUCK, DUCK_SECONDS)  # the last effect's hold: how low, how long
        self._fade_from: float | None = None  # when the game-over effect began the fade

    # ------------------------------------------------------------------ what scenes say

    def follow(self, track: str, danger: float, paused: bool = False) -> None:
        """A live game's frame: its track, its danger (0..1) and whether it is paused."""
        if track != self.track:
            self.play(track)
        self.danger = danger
        self.paused = paused

    def play(self, track: str | None) -> None:
        """Play ``track`` from its start (None: nothing); the same track again changes nothing."""
        if track is not None and track not in TRACKS:
            raise ValueError(f"unknown music track {track!r}")
        if track != self.track:
            self.track, self.danger, self.paused, self._fade_from = track, 0.0, False, None

    def heard(self, effect: str) -> None:
        """An effect started: a game's game over fades the music out, a jingle holds it down while it
        plays, anything else ducks it briefly. (A demo's game over in attract mode only ducks it.)"""
        attract = self.audio is not None and self.audio.attract
        if effect == "game_over" and not attract:
            if self._fade_from is None:
                self._fade_from = self.clock()
        else:
            self._ducked_at = self.clock()
            self._duck = (
                (JINGLE_DUCK, JINGLES[effect]) if effect in JINGLES else (DUCK, DUCK_SECONDS)
            )

    @property
    def volume(self) -> float:
        """The music's volume now, 0..1: :attr:`level` times :attr:`hold`."""
        return self.level * self.hold

    @property
    def level(self) -> float:
        """The settings' volume, attract mode's schedule and the game-over fade (set chunk by chunk)."""
        settings = self.settings
        level = settings.master_volume / 100 * settings.music_volume / 100
        if self.audio is not None and self.audio.attract:
            sounding = (
                settings.demo_sounds and self.audio.attract_loop % settings.demo_sound_every == 0
            )
            if settings.attract_music == "off" or (
                settings.attract_music == "demo" and not sounding
            ):
                return 0.0
            level *= settings.demo_volume / 100
        if self._fade_from is not None:
            level *= max(0.0, 1 - (self.clock() - self._fade_from) / FADE_OUT_SECONDS)
        return level

    @property
    def hold(self) -> float:
        """A pause's and an effect's hold on the music, 0..1: the channel's volume, heard at once."""
        hold = PAUSED if self.paused else 1.0
        since = self.clock() - self._ducked_at
        low, seconds = self._duck
        if since < seconds:
            hold *= low if seconds > DUCK_SECONDS else low + (1 - low) * since / seconds
        return hold

    def configure(self, settings: AudioSettings) -> None:
        """New volumes and attract setting from the service menu, heard from the next chunk."""
        self.settings = settings

    # ------------------------------------------------------------------ the cabinet's side

    def start_rendering(self, mixer_rate: int) -> None:
        """Make the cache whole in a worker process (after the first frame); the music waits for it."""
        if self.folder is None or self._worker is not None:
            return
        # multiprocessing: only a cabinet with music pays for it
        from cabinet.system.workers import Worker

        self._rate = music_rate(mixer_rate)
        try:
            self._worker = Worker()
            self._worker.start()
            self._worker.send(ensure, (str(self.folder), self._rate))
        except Exception as exc:  # no process to spare: the cabinet plays on without music
            log.warning("music: cannot start rendering (%s); the cabinet plays without music", exc)
            self._drop_worker()

    @property
    def rendering(self) -> bool:
        """True while the worker renders the cache."""
        return self._worker is not None

    def render_now(self, mixer_rate: int) -> None:
        """Make the cache whole here and now, blocking (the bench and tools; the cabinet uses a worker)."""
        if self.folder is None:
            return
        self._rate = music_rate(mixer_rate)
        fates = ensure((str(self.folder), self._rate))
        self.ready = {name for name, fate in fates.items() if not fate.startswith("failed")}

    def tick(self) -> None:
        """Once a pass of the main loop: the worker's answer, the track wanted, the channel topped up.

        Never raises: music is never worth a dead cabinet. Anything unforeseen is logged and the
        music stops for good; the game plays on.
        """
        try:
            self._tick()
        except Exception:
            log.exception("music: unexpected failure; the cabinet plays on without music")
            self._stream, self.channel = None, None
            self._drop_worker()

    def _tick(self) -> None:
        self._collect()
        wanted = self.track
        attract = self.audio is not None and self.audio.attract
        if attract and wanted != TITLE:
            self.play(TITLE)
            wanted = TITLE
        if self._fade_from is not None and self.clock() - self._fade_from >= FADE_OUT_SECONDS:
            self.play(None)
            wanted = None
        if wanted != self._playing:
            self._start(wanted)
        if self._stream is not None and self.channel is not None and not self.resting:
            self._feed()

    def rest(self) -> None:
        """Sleep hours: the music stops and lets its track go; :meth:`wake` brings it back."""
        self.resting = True
        self._start(None)
        if self.channel is not None:
            self.channel.stop()

    def wake(self) -> None:
        self.resting = False

    def close(self) -> None:
        """The cabinet ends: the chunk maker, and the worker too if it is still rendering."""
        self.maker.close()
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    # ------------------------------------------------------------------ inside

    def _collect(self) -> None:
        worker = self._worker
        if worker is None:
            return
        try:
            if not worker.connection.poll():
                return
            ok, fates = worker.connection.recv()
        except (EOFError, OSError) as exc:
            log.warning(
                "music: the rendering worker died (%s); the cabinet plays without music", exc
            )
            self._drop_worker()
            return
        if not ok:
            log.warning("music: rendering failed (%s); the cabinet plays without music", fates)
        else:
            self.ready = {name for name, fate in fates.items() if not fate.startswith("failed")}
            log.info("music: %s", ", ".join(f"{name} {fate}" for name, fate in fates.items()))
        self._drop_worker()

    def _drop_worker(self) -> None:
        # Its pipe closed, the worker reads end-of-file and ends by itself; SIGTERM makes sure.
        if self._worker is not None:
            self._worker.terminate()
            self._worker = None

    def _start(self, name: str | None) -> None:
        self.maker.drop()  # a chunk of the last track is not wanted
        if name is None or name not in self.ready or self.resting:
            self._stream = self._playing = None
            return
        self._stream, self._playing = TrackMix(self.folder, name, self._rate), name

    def _feed(self) -> None:
        channel = self.channel
        assert channel is not None  # tick feeds only with a channel
        try:
            channel.set_volume(self.hold)
            if channel.busy() and channel.queued():
                return
            if not self.maker.asked:
                self._ask_next(channel)
            chunk = self.maker.take()
            if chunk is None:
                return  # still being mixed: the channel plays the one it has
            if channel.busy():
                channel.queue(chunk)
            else:
                channel.play(chunk)
            self._ask_next(channel)  # mixed while the frames draw, ready when the mixer wants it
        except CacheDamaged as exc:  # since the worker checked it: rebuilt at the next start
            log.warning("music: the cache of %s cannot be read; it plays without music", exc)
            self.ready.discard(str(exc))
            self._start(None)
        except Exception as exc:  # a mixer closed under us: the music stops, the cabinet plays on
            log.warning("music: cannot play on (%s); the music stops", exc)
            self.channel = None
            self.maker.drop()

    def _ask_next(self, channel: MusicChannel) -> None:
        """Ask for the next chunk at the danger and volume wanted now."""
        assert self._stream is not None  # tick feeds only with a track
        self.maker.ask(partial(self._stream.chunk, channel, self.danger, self.level))


class CacheDamaged(Exception):
    """A track's cache cannot be read (its name is the message)."""


class TrackMix:
    """One track's mix, as the chunk maker makes it: its cache opened at the first chunk, in
    the maker too, so a frame never waits for a disk. The maker alone touches it after that."""

    def __init__(self, folder: Path | None, name: str, rate: int):
        self.folder, self.name, self.rate = folder, name, rate
        self.stream: MusicStream | None = None

    def chunk(self, channel: MusicChannel, danger: float, volume: float) -> Any:
        """The next :data:`CHUNK_SECONDS` at ``danger`` and ``volume``, as ``channel`` plays it."""
        if self.stream is None:
            parts = open_track(self.folder, self.name, self.rate) if self.folder else None
            if parts is None:
                raise CacheDamaged(self.name)
            track = TRACKS[self.name]
            self.stream = MusicStream(
                parts,
                self.rate,
                bar_samples(track, self.rate),
                bar_samples(track, self.rate, fast=True),
            )
        self.stream.set_danger(danger)
        count = round(CHUNK_SECONDS * self.rate)
        return channel.prepare(self.stream.chunk(count, volume, channel.rate))
