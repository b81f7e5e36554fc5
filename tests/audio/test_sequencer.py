"""The sequencer: note data to looping layers, the same every time, bar lines on exact samples."""

import numpy as np
import pytest

from cabinet.audio.sequencer import (
    CUTOFF,
    FAST,
    LAYERS,
    PEAK,
    Track,
    Voice,
    bar_samples,
    events,
    render_track,
)

RATE = 22050


def small_track(melody="C5 - E5 G5 . . G5 -", tempo=150.0):
    return Track(
        name="small",
        tempo=tempo,
        patterns={
            "m": melody,
            "b": "C3 C4 C3 C4 G2 G3 G2 G3",
            "d": "k . h . s . h . k . h . s . h h",
        },
        layers={
            "base": (Voice("lead", ("m", "m+5")), Voice("bass", ("b", "b"))),
            "drive": (Voice("drums", ("d", "d"), step=1),),
            "danger": (Voice("arp", ("m+12", "m+7")),),
        },
    )


def test_the_same_data_renders_the_same_samples():
    first, second = render_track(small_track(), RATE), render_track(small_track(), RATE)
    for name in (*LAYERS, FAST):
        assert np.array_equal(first[name], second[name])
    changed = render_track(small_track(melody="C5 - E5 G5 . . A5 -"), RATE)
    assert not np.array_equal(first["base"], changed["base"])


def test_layers_share_one_length_of_whole_bars_and_the_fast_tier_is_shorter():
    track = small_track()
    out = render_track(track, RATE)
    assert track.bars == 2
    assert {len(out[layer]) for layer in LAYERS} == {2 * bar_samples(track, RATE)}
    assert len(out[FAST]) == 2 * bar_samples(track, RATE, fast=True) < len(out["base"])


def test_every_layer_at_full_peaks_at_the_headroom_mark():
    out = render_track(small_track(), RATE)
    full = sum(out[layer] for layer in LAYERS)
    assert max(np.max(np.abs(full)), np.max(np.abs(out[FAST]))) == pytest.approx(PEAK, abs=1e-4)


def test_a_hold_lengthens_the_note_and_a_rest_makes_none():
    track = small_track()
    lead = track.layers["base"][0]
    first_bar = [e for e in events(track, lead) if e[0] < 16]
    assert first_bar == [(0, 4, "C5", 0), (4, 2, "E5", 0), (6, 2, "G5", 0), (12, 4, "G5", 0)]
    assert events(track, lead)[4] == (16, 4, "C5", 5)  # "m+5": the pattern a fourth up


def test_a_sound_ringing_past_the_loop_end_sounds_at_its_start():
    # A kick on the last sixteenth: its tail crosses the loop point, into the silent first step.
    last_kick = ". " * 15 + "k"
    track = Track(
        name="tail",
        tempo=150.0,
        patterns={"d": last_kick, "r": ". " * 16},
        layers={
            "base": (Voice("drums", ("d",), step=1),),
            "drive": (Voice("drums", ("r",), step=1),),
            "danger": (Voice("drums", ("r",), step=1),),
        },
    )
    base = render_track(track, RATE)["base"]
    assert np.max(np.abs(base[: RATE // 50])) > 0.05  # the tail, heard at the start
    looped = np.concatenate([base, base])
    assert np.max(np.abs(np.diff(looped))) == pytest.approx(
        np.max(np.abs(np.diff(base)))
    )  # no seam


def test_voices_of_different_lengths_are_refused_by_name():
    with pytest.raises(ValueError, match="track odd: its voices span different numbers of bars"):
        Track(
            name="odd",
            tempo=120,
            patterns={"m": "C5 " * 8, "l": "C5 " * 16},
            layers={
                "base": (Voice("lead", ("m",)),),
                "drive": (Voice("lead", ("l",)),),
                "danger": (Voice("lead", ("m",)),),
            },
        )


def test_a_missing_pattern_is_named():
    with pytest.raises(ValueError, match="track gap: no pattern 'x'"):
        Track(
            name="gap",
            tempo=120,
            patterns={"m": "C5 " * 8},
            layers={"base": (Voice("lead", ("x",)),), "drive": (), "danger": ()},
        )


def test_the_key_follows_the_data():
    assert small_track().key() == small_track().key()
    assert small_track().key() != small_track(tempo=151.0).key()


def test_the_fizz_above_the_cutoff_is_filtered_out():
    # Thin pulse waves high up: unfiltered, their overtones fill the top of the spectrum.
    track = small_track(melody="C7 D7 E7 G7 A7 G7 E7 D7")
    base = render_track(track, RATE)["base"]
    power = np.abs(np.fft.rfft(base)) ** 2
    hz = np.fft.rfftfreq(len(base), 1 / RATE)
    assert power[hz > CUTOFF + 2000].sum() < 0.01 * power.sum()
