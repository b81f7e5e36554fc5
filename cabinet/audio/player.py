"""Plays the synthesized effects through pygame.mixer, or stays silent.

:class:`Audio` is the one object the scenes talk to. It opens the mixer with
the operator's sample rate and buffer, builds a ``pygame.mixer.Sound`` for every
effect once, in the mixer's own sample format and channel count, and from then
on only starts them. A cabinet without a sound card, with a mixer that will not
open, or on SDL's dummy driver, keeps running in silence after one log line.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable

import numpy as np
import pygame
import pygame.sndarray

from cabinet.audio.effects import EFFECTS, synthesize_all
from cabinet.settings.schema import AudioSettings

log = logging.getLogger("cabinet.audio")

# A coin is answered even while the demo is silent, as on any arcade board: the
# player must hear that the machine took their money.
NEVER_DEMO = frozenset({"coin", "credit"})

MIXER_CHANNELS = 16  # sounds at once: a chain step, a pass and a timer tick may overlap
MUSIC_CHANNEL = 0  # reserved for the music: no effect ever takes it
# SDL_mixer sums its channels and clips at full scale. The loudest move starts three effects in
# one frame (a four-line clear, its streak and its attack peak at 1.8 together) over the ducked
# music: every effect and the music play at this share of their volume, so that the sum stays
# under full scale at master volume 100 (tests/audio/test_headroom.py) and every balance is the
# designer's. The amplifier, not the samples, makes the cabinet loud.
HEADROOM = 0.47
# The same effect started again this soon adds nothing the ear hears but level (+6 dB when both
# boards of a versus demo pick up a piece in one frame): it sounds once.
REPEAT_SECONDS = 0.05  # three frames


def mixer_samples(samples: np.ndarray, size: int, channels: int) -> np.ndarray:
    """Mono float samples in -1..1 as the mixer wants them.

    ``size`` and ``channels`` are as ``pygame.mixer.get_init()`` reports them:
    8 or 16 bits, negative when signed, and -32 for 32-bit float. Every
    channel gets the same signal.
    """
    dtype: type | str
    if abs(size) == 32:
        mono, dtype = samples.astype(np.float32), np.float32
    else:
        bits = abs(size)
        full_scale = 2 ** (bits - 1) - 1
        mono = np.rint(samples * full_scale)
        if size > 0:
            mono += full_scale + 1
        dtype = f"{'int' if size < 0 else 'uint'}{bits}"
    if channels == 1:
        return mono.astype(dtype)
    out = np.empty((len(mono), channels), dtype=dtype)
    out[...] = mono[:, np.newaxis]  # every channel the same, cast as it is copied
    return out


class PygameMixer:
    """``pygame.mixer`` behind the few calls :class:`Audio` makes.

    Tests give :class:`Audio` a stand-in with the same methods to watch what
    it plays, or one whose :meth:`open` fails like a missing sound card.
    """

    def open(self, sample_rate: int, buffer: int) -> tuple[int, int, int]:
        """Open the mixer; return its actual ``(rate, size, channels)``. Raises pygame.error."""

        if pygame.mixer.get_init():
            # pygame.init() opens the mixer with its own defaults: reopen it with the operator's.
            pygame.mixer.quit()
        pygame.mixer.init(frequency=sample_rate, size=-16, channels=2, buffer=buffer)
        pygame.mixer.set_num_channels(MIXER_CHANNELS)
        pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
        opened = pygame.mixer.get_init()
        if opened is None:
            raise pygame.error("the mixer did not open")
        return opened

    def close(self) -> None:
        pygame.mixer.quit()

    def make_sound(self, samples: np.ndarray):

        return pygame.sndarray.make_sound(samples)

    def samples_of(self, sound) -> np.ndarray:
        """A copy of ``sound``'s samples, as :meth:`make_sound` takes them."""

        return pygame.sndarray.array(sound)

    def is_open(self) -> bool:
        """False once ``pygame.quit()`` closed the mixer (playing then would crash pygame)."""

        return pygame.mixer.get_init() is not None

    @property
    def silent_driver(self) -> bool:
        """True on SDL's dummy driver, which plays without anyone hearing."""
        return os.environ.get("SDL_AUDIODRIVER", "").lower() == "dummy"


class Audio:
    """The cabinet's sound effects, played by name::

        audio = Audio(settings.audio)
        audio.play("coin")
        audio.attract = True        # attract mode: with demo_sounds off, play() is silent
        audio.attract_loop = 3      # its fourth loop: sounding only if demo_sound_every divides 3

    In attract mode the effects play at ``demo_volume`` percent of the game's volume, and
    only on one loop of the playlist in ``demo_sound_every`` (the first loop of attract mode
    sounds); a coin and a credit are always heard at the game's volume. ``clock`` (seconds)
    tells a repeat from a new start. Never raises. Without a working mixer it logs one line and every
    :meth:`play` does nothing. ``status`` says which, for the service menu.
    """

    def __init__(
        self,
        settings: AudioSettings | None = None,
        mixer=None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.settings = settings or AudioSettings()
        self._attract = False
        self.attract_loop = 0  # the loop of attract mode's playlist now showing, from 0
        self.status = "off"
        self._sounds: dict = {}
        self._format: tuple | None = None  # the open mixer's (rate, size, channels)
        self._resting: tuple | None = None  # while at rest: (mixer format, samples by name)
        self._unknown: set[str] = set()
        self._started: dict[str, float] = {}  # when each effect last started, by ``clock``
        self._clock = clock
        self._mixer = mixer or PygameMixer()
        self.music = None  # the cabinet's Music (the app's): game over fades it, effects duck it
        self._open()

    @property
    def available(self) -> bool:
        """True when the effects are built and a mixer is open."""
        return bool(self._sounds)

    @property
    def sample_rate(self) -> int:
        """The open mixer's rate in Hz; 0 without one."""
        return self._format[0] if self._format and self._sounds else 0

    @property
    def volume(self) -> float:
        """The playing volume, 0..1: master volume times effects volume."""
        return self.settings.master_volume / 100 * self.settings.effects_volume / 100

    @property
    def attract(self) -> bool:
        """True while attract mode shows: the demo-sound settings apply."""
        return self._attract

    @attract.setter
    def attract(self, on: bool) -> None:
        if on != self._attract:
            self._attract = on
            self.configure(self.settings)  # the demo volume, or the game's again

    @property
    def muted(self) -> bool:
        """True when :meth:`play` would make no sound right now."""
        settings = self.settings
        demo_silenced = self.attract and (
            not settings.demo_sounds
            or settings.demo_volume == 0
            or self.attract_loop % settings.demo_sound_every != 0
        )
        return not self._sounds or self.volume == 0 or demo_silenced

    def configure(self, settings: AudioSettings) -> None:
        """Take new volumes and demo-sound setting at once (the service menu's edits).

        A new sample rate or buffer takes effect at the next start.
        """
        self.settings = settings
        try:
            self._set_volume()
        except Exception as exc:  # the mixer was closed under us: carry on silent
            self._go_silent(exc)

    def play(self, name: str) -> bool:
        """Start the effect ``name``; True if it is now sounding.

        An unknown name is logged once and ignored, so a typo in a scene is
        found without ever stopping the game. The same effect asked for again within
        :data:`REPEAT_SECONDS` of its start is already sounding: it is not started twice.
        """
        if name not in EFFECTS:
            if name not in self._unknown:
                self._unknown.add(name)
                log.warning("unknown sound effect %r ignored", name)
            return False
        if name == "game_over" and self.music is not None:
            self.music.heard(name)  # the music fades out even when the effect is not heard
        if self.muted and not (name in NEVER_DEMO and self._sounds and self.volume > 0):
            return False
        now = self._clock()
        if name in self._started and now - self._started[name] < REPEAT_SECONDS:
            return True
        try:
            if not self._mixer.is_open():
                raise RuntimeError("the mixer was closed")
            sounding = self._sounds[name].play() is not None
            if sounding:
                self._started[name] = now
            if sounding and self.music is not None and name != "game_over":
                self.music.heard(name)
            return sounding
        except Exception as exc:  # a mixer closed or failing mid-game must not crash a scene
            self._go_silent(exc)
            return False

    def rest(self) -> None:
        """Let the sound card go while the screen sleeps: its thread woke 86 times a second
        to mix silence. The effects are kept, to sound again at :meth:`wake` at once."""
        if not self._sounds or self._resting is not None:
            return
        try:
            self._resting = (
                self._format,
                {name: self._mixer.samples_of(sound) for name, sound in self._sounds.items()},
            )
            self._sounds = {}
            self._mixer.close()
        except Exception as exc:  # a mixer closed under us: it is let go either way
            self._resting = None
            self._go_silent(exc)

    def wake(self) -> None:
        """Open the sound card again after :meth:`rest`; nothing if it was not resting."""
        if self._resting is not None:
            self._open()

    def _open(self) -> None:
        started = time.perf_counter()
        mixer = self._mixer
        kept, self._resting = self._resting, None
        try:
            self._format = rate, size, channels = mixer.open(
                self.settings.sample_rate, self.settings.buffer
            )
            if kept is not None and kept[0] == self._format:
                samples = kept[1]
            else:
                samples = {
                    name: mixer_samples(mono, size, channels)
                    for name, mono in synthesize_all(rate).items()
                }
            self._sounds = {name: mixer.make_sound(samples[name]) for name in samples}
            self._set_volume()
            unheard = " (dummy driver: nothing is heard)" if mixer.silent_driver else ""
        except (
            Exception
        ) as exc:  # no sound card, no driver, anything: sound is never worth a dead cabinet
            self._go_silent(exc)
            return
        self.status = f"on: {rate} Hz, {channels} channel(s)"
        log.info(
            "sound %s, %d effects built in %.0f ms%s",
            self.status,
            len(self._sounds),
            (time.perf_counter() - started) * 1000,
            unheard,
        )

    def _set_volume(self) -> None:
        if self._sounds and not self._mixer.is_open():
            raise RuntimeError("the mixer was closed")
        game = self.volume * HEADROOM
        demo = game * self.settings.demo_volume / 100 if self.attract else game
        for name, sound in self._sounds.items():
            sound.set_volume(game if name in NEVER_DEMO else demo)

    def _go_silent(self, exc: Exception) -> None:
        self._sounds = {}
        self.status = f"off: {exc or type(exc).__name__}"
        log.warning("sound %s; the cabinet carries on silent", self.status)


class PygameMusicChannel:
    """The mixer channel kept for the music, as :class:`cabinet.audio.music.Music` feeds it.

    :meth:`prepare` turns mono float chunks at the mixer's rate into the mixer's format
    (numpy only: the music's chunk maker calls it beside the main loop); :meth:`play` and
    :meth:`queue` make each a Sound. Raises pygame.error (or RuntimeError) when the mixer
    is closed; the music then stops for good and the cabinet plays on.
    """

    def __init__(self, audio: Audio):
        self._audio = audio

    @property
    def rate(self) -> int:
        return self._audio.sample_rate

    def _channel(self):
        if not self._audio.available:
            raise RuntimeError("the mixer is closed")
        return pygame.mixer.Channel(MUSIC_CHANNEL)

    def prepare(self, samples: np.ndarray) -> np.ndarray:
        opened = self._audio._format  # read once: the mixer may reopen meanwhile
        if opened is None:
            raise RuntimeError("the mixer is closed")
        _, size, channels = opened
        return mixer_samples(samples, size, channels)

    def busy(self) -> bool:
        return self._channel().get_busy()

    def queued(self) -> bool:
        return self._channel().get_queue() is not None

    def play(self, prepared: np.ndarray) -> None:
        self._channel().play(pygame.sndarray.make_sound(prepared))

    def queue(self, prepared: np.ndarray) -> None:
        self._channel().queue(pygame.sndarray.make_sound(prepared))

    def set_volume(self, volume: float) -> None:
        self._channel().set_volume(volume * HEADROOM)

    def stop(self) -> None:
        if self._audio.available:
            self._channel().stop()
