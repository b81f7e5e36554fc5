"""The music's mix, chunk by chunk: layer volumes that follow the danger, tiers that change on a bar.

A :class:`MusicStream` reads a rendered track (its layers and fast tier, see
:mod:`cabinet.audio.sequencer`) and hands out the next ``n`` samples of the mix each
time it is asked; the samples it has handed out are its clock. All layers are read at
the same position, so they stay on the beat whatever their volumes. A new danger level
sets where each layer's volume is heading, and the volumes glide there over
:data:`FADE_SECONDS`; the fast tier is asked for at :data:`FAST_FROM` and let go below
:data:`FAST_UNTIL`, and either change waits for the next bar line. :meth:`MusicStream.chunk`
gives what the mixer plays: the mix at the music's volume, at the mixer's rate.
"""

from __future__ import annotations

import numpy as np

from cabinet.audio.sequencer import FAST, LAYERS

FADE_SECONDS = 0.5  # a layer's volume moves from silent to full (or back) in this time
FAST_FROM = 0.9  # the last stage of danger: the fast tier from the next bar line
FAST_UNTIL = 0.75  # back to the normal tempo below this (not at once: no flapping)
SCALE = 1 / 32767  # the cache keeps samples as 16-bit integers


def layer_volumes(danger: float) -> tuple[float, float, float]:
    """Base, drive and danger layer volumes for a danger level in 0..1.

    The base always plays; the drive layer rises over 0.25..0.5, the danger layer over 0.55..0.8.
    """

    def ramp(low: float, high: float) -> float:
        return min(1.0, max(0.0, (danger - low) / (high - low)))

    return 1.0, ramp(0.25, 0.5), ramp(0.55, 0.8)


class MusicStream:
    """One track's endless mix; :meth:`read` gives the next samples.

    ``parts`` maps each layer name and ``"fast"`` (optional: a track without one never
    speeds up) to its samples, floats or 16-bit integers; ``bar`` and ``fast_bar`` are the
    bar lengths in samples of the normal and fast tiers.
    """

    def __init__(self, parts: dict, rate: int, bar: int, fast_bar: int | None = None):
        self.parts, self.rate = parts, rate
        self.bars = {False: bar, True: fast_bar or bar}
        self.fast = False  # the tier playing now
        self.position = 0  # the next sample to read, in the tier playing now
        self.volumes = np.array(layer_volumes(0.0))
        self.targets = self.volumes.copy()
        self._wants_fast = False
        self.danger = 0.0
        self._gain = 0.0  # the volume the last chunk ended on: the next one starts there
        self._last_sample = 0.0  # the last chunk's last sample, for the next one's first

    def set_danger(self, level: float) -> None:
        """Aim the layers at ``level`` (clamped to 0..1); the fast tier from the next bar if it asks."""
        self.danger = level = min(1.0, max(0.0, float(level)))
        self.targets = np.array(layer_volumes(level))
        if FAST in self.parts:
            self._wants_fast = level >= FAST_FROM or (self._wants_fast and level >= FAST_UNTIL)

    def _length(self, fast: bool) -> int:
        return len(self.parts[FAST]) if fast else len(self.parts[LAYERS[0]])

    def read(self, count: int) -> np.ndarray:
        """The next ``count`` samples of the mix, float32, switching tier only on a bar line."""
        out = np.empty(count, dtype=np.float32)
        done = 0
        while done < count:
            if self._wants_fast != self.fast and self.position % self.bars[self.fast] == 0:
                bar = self.position // self.bars[self.fast]
                self.fast = self._wants_fast
                self.position = bar * self.bars[self.fast] % self._length(self.fast)
            bar_left = self.bars[self.fast] - self.position % self.bars[self.fast]
            take = min(count - done, bar_left, self._length(self.fast) - self.position)
            out[done : done + take] = self._mix(self.position, take)
            done += take
            self.position = (self.position + take) % self._length(self.fast)
        return out

    def chunk(self, count: int, volume: float, mixer_rate: int) -> np.ndarray:
        """The next ``count`` samples at ``volume``, gliding from the last chunk's (no zipper),
        at ``mixer_rate``: the stream's own rate, or twice it."""
        samples = self.read(count)
        if volume == self._gain:
            samples *= np.float32(volume)
        else:
            samples *= np.linspace(self._gain, volume, count, endpoint=False, dtype=np.float32)
            self._gain = volume
        if mixer_rate == self.rate:
            return samples
        # Twice the rate: each new sample halfway between its neighbours, the first after the last chunk's.
        out = np.empty(2 * count, dtype=np.float32)
        out[1::2] = samples
        out[0] = (self._last_sample + samples[0]) / 2
        np.multiply(samples[:-1] + samples[1:], np.float32(0.5), out=out[2::2])
        self._last_sample = float(samples[-1])
        return out

    def _mix(self, start: int, count: int) -> np.ndarray:
        # Volumes glide linearly from where they are toward their targets, one step a sample; a
        # layer at rest (most chunks) is one multiply, so the music's thread holds the GIL little.
        step = 1.0 / (FADE_SECONDS * self.rate)
        if self.fast:
            mixed = self._layer(FAST, start, count, 1.0)
        else:
            mixed = np.zeros(count, dtype=np.float32)
            ramp = None
            for index, layer in enumerate(LAYERS):
                now, target = float(self.volumes[index]), float(self.targets[index])
                if now == target:
                    if now > 0:
                        mixed += self._layer(layer, start, count, now)
                    continue
                if ramp is None:
                    ramp = np.arange(1, count + 1, dtype=np.float32) * np.float32(step)
                gain = np.float32(now) + np.clip(np.float32(target - now), -ramp, ramp)
                mixed += self._layer(layer, start, count, 1.0) * gain
        reach = count * step
        self.volumes = self.volumes + np.clip(self.targets - self.volumes, -reach, reach)
        return mixed

    def _layer(self, part: str, start: int, count: int, gain: float) -> np.ndarray:
        samples = self.parts[part][start : start + count]
        return samples * np.float32(gain * SCALE if samples.dtype == np.int16 else gain)
