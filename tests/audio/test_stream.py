"""The music's mix: layer volumes follow the danger over half a second, tiers change on a bar line.

The stream's own sample count is the clock here, as the mixer's would be: no wall clock.
"""

import numpy as np
import pytest

from cabinet.audio.stream import FADE_SECONDS, MusicStream, layer_volumes

RATE = 1000  # a small rate keeps the arithmetic readable
BAR = 400  # samples in a bar; the fast tier's bar is 300


def marked_parts():
    """Constant layers (base 0.1, drive 0.2, danger 0.4) and a fast tier that counts its bars."""
    length = 4 * BAR
    fast = np.repeat(np.arange(4, dtype=np.float32) + 10, 300)
    return {
        "base": np.full(length, 0.1, np.float32),
        "drive": np.full(length, 0.2, np.float32),
        "danger": np.full(length, 0.4, np.float32),
        "fast": fast,
    }


def test_calm_plays_only_the_base_and_full_danger_every_layer():
    assert layer_volumes(0.0) == (1.0, 0.0, 0.0)
    assert layer_volumes(1.0) == (1.0, 1.0, 1.0)
    assert layer_volumes(0.4) < layer_volumes(0.7)


def test_the_layers_cross_fade_over_half_a_second_and_stay_there():
    stream = MusicStream(marked_parts(), RATE, BAR)
    assert stream.read(10) == pytest.approx(np.full(10, 0.1))
    stream.set_danger(0.65)  # drive full, danger at 0.4
    fade = stream.read(int(FADE_SECONDS * RATE))
    assert fade[0] < 0.11 and np.all(np.diff(fade) >= 0)  # rising, from where it was
    assert fade[-1] == pytest.approx(0.1 + 0.2 + 0.4 * 0.4, abs=1e-3)
    assert stream.read(50) == pytest.approx(np.full(50, 0.1 + 0.2 + 0.16), abs=1e-6)
    stream.set_danger(0.0)
    assert stream.read(int(FADE_SECONDS * RATE))[-1] == pytest.approx(0.1, abs=1e-3)


def test_the_layers_stay_in_step_through_the_loop():
    parts = marked_parts()
    parts["base"] = np.arange(4 * BAR, dtype=np.float32)
    stream = MusicStream(parts, RATE, BAR)
    first = stream.read(4 * BAR)
    assert np.array_equal(stream.read(4 * BAR), first)  # the second time round, the same samples


def test_the_fast_tier_comes_in_only_on_a_bar_line():
    stream = MusicStream(marked_parts(), RATE, BAR, fast_bar=300)
    stream.read(BAR + 150)  # in the middle of the second bar
    stream.set_danger(0.95)
    rest_of_bar = stream.read(250)
    assert np.all(rest_of_bar < 1)  # still the layers, to the bar line
    after = stream.read(300)
    assert np.all(after == 12)  # the fast tier's third bar, from its first sample


def test_the_fast_tier_holds_between_the_thresholds_and_leaves_on_a_bar_line():
    stream = MusicStream(marked_parts(), RATE, BAR, fast_bar=300)
    stream.set_danger(1.0)
    assert np.all(stream.read(300) == 10)
    stream.set_danger(0.8)  # still dangerous: no flapping back
    assert np.all(stream.read(300) == 11)
    stream.read(100)
    stream.set_danger(0.2)
    assert np.all(stream.read(200) == 12)  # to the end of the fast bar
    assert np.all(stream.read(BAR) < 1)  # then the layers, at the start of their fourth bar
    assert stream.position == 0


def test_a_track_without_a_fast_tier_never_speeds_up():
    parts = marked_parts()
    del parts["fast"]
    stream = MusicStream(parts, RATE, BAR)
    stream.set_danger(1.0)
    assert np.all(stream.read(3 * BAR) < 1)


def test_sixteen_bit_samples_are_read_as_floats():
    parts = {
        name: (samples * 32767).astype(np.int16)
        for name, samples in marked_parts().items()
        if name != "fast"
    }
    assert MusicStream(parts, RATE, BAR).read(5) == pytest.approx(np.full(5, 0.1), abs=1e-4)
