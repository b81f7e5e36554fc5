"""The synthesized effects: every name exists, each is clean, short and audible,
the chain rises in pitch and a bigger clear sounds bigger."""

from functools import cache

import numpy as np
import pytest

from cabinet.audio.effects import EFFECTS, synthesize_all
from cabinet.audio.export import dominant_hz
from cabinet.audio.synth import hz, white
from cabinet.games.sounds import chain_effect, clear_effect

# Section 4 of CONTRACTS.md, written out so that a renamed effect fails here.
CONTRACT_NAMES = (
    ["blocks_pickup", "blocks_place", "blocks_invalid", "blocks_rotate"]
    + [f"blocks_clear_{n}" for n in range(1, 5)]
    + ["blocks_streak", "blocks_wipeout", "ag_move", "ag_push_top", "ag_push_bottom"]
    + [f"ag_chain_{n}" for n in range(1, 9)]
    + [
        "ag_pass",
        "ag_tick",
        "ag_forced",
        "coin",
        "credit",
        "start",
        "game_over",
        "initials_letter",
        "initials_confirm",
        "menu_move",
        "menu_select",
        "title_jingle",
        "new_record",
    ]
    + ["danger", "ready", "go"]
    + ["versus_attack", "versus_stones", "versus_challenger", "versus_cancel", "versus_pop"]
    + ["ag_horizon_warn", "ag_horizon_grow", "blocks_level_up"]
    + ["ladder_next", "ladder_master"]
)
RATES = (22050, 44100, 48000)  # every sample rate the settings allow


@cache
def sounds(rate=44100):
    return synthesize_all(rate)


def energy(samples):
    return float(np.sum(np.square(samples, dtype=np.float64)))


def test_every_contract_name_is_an_effect():
    assert sorted(EFFECTS) == sorted(CONTRACT_NAMES)
    assert list(sounds()) == list(EFFECTS)


@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize("name", CONTRACT_NAMES)
def test_effect_is_finite_short_unclipped_and_audible(name, rate):
    samples = sounds(rate)[name]
    assert samples.dtype == np.float32 and samples.ndim == 1
    assert np.all(np.isfinite(samples))
    assert len(samples) / rate <= (3.0 if name == "title_jingle" else 1.5)
    assert np.max(np.abs(samples)) <= 0.98
    assert np.sqrt(np.mean(np.square(samples, dtype=np.float64))) >= 0.03


@pytest.mark.parametrize("name", CONTRACT_NAMES)
def test_effect_fades_in_and_out_without_a_click_or_offset(name):
    samples = sounds()[name]
    peak = np.max(np.abs(samples))
    edge = 11  # a quarter of a millisecond at 44.1 kHz
    assert abs(samples[0]) < 1e-3 and abs(samples[-1]) < 1e-3
    assert np.max(np.abs(samples[:edge])) <= 0.3 * peak
    assert np.max(np.abs(samples[-4 * edge :])) <= 0.3 * peak
    # A DC offset thumps the speaker at every start and stop.
    assert abs(np.mean(samples, dtype=np.float64)) < 0.02


def test_synthesis_is_deterministic():
    first, second = synthesize_all(44100), synthesize_all(44100)
    assert list(first) == list(second)
    for name in first:
        assert np.array_equal(first[name], second[name]), name


@pytest.mark.parametrize("rate", RATES)
def test_length_follows_the_sample_rate(rate):
    for name, samples in sounds(rate).items():
        seconds = len(sounds()[name]) / 44100
        assert len(samples) / rate == pytest.approx(seconds, abs=0.005), name


def test_an_attack_a_cancel_a_landing_and_a_pop_each_sound_their_own():
    names = ("versus_attack", "versus_cancel", "versus_stones", "versus_pop")
    pitches = [dominant_hz(sounds()[name], 44100) for name in names]
    lengths = [len(sounds()[name]) for name in names]
    assert len(set(zip(pitches, lengths))) == len(names), list(zip(names, pitches, lengths))


@pytest.mark.parametrize("rate", RATES)
def test_chain_rises_in_pitch_with_every_step(rate):
    pitches = [dominant_hz(sounds(rate)[f"ag_chain_{step}"], rate) for step in range(1, 9)]
    # At least a semitone and a half apart: a player must hear each step go up.
    assert all(high / low > 2 ** (1.5 / 12) for low, high in zip(pitches, pitches[1:])), pitches


def test_first_chain_step_is_pitched_where_the_recipe_says():
    # The held top note of chain 1 is A5; the FFT must find it (within a quarter tone).
    assert dominant_hz(sounds()["ag_chain_1"], 44100) == pytest.approx(hz("A5"), rel=0.03)


def test_clearing_more_lines_sounds_bigger():
    clears = [sounds()[f"blocks_clear_{lines}"] for lines in range(1, 5)]
    energies = [energy(c) for c in clears]
    lengths = [len(c) for c in clears]
    assert energies == sorted(energies) and len(set(energies)) == 4, energies
    assert lengths == sorted(lengths) and len(set(lengths)) == 4, lengths


def test_note_names():
    assert hz("A4") == 440.0
    assert hz("C4") == pytest.approx(261.626, abs=0.001)
    assert hz("C#5") == hz("Db5") == pytest.approx(554.365, abs=0.001)
    assert hz(123.0) == 123.0


def test_family_names_for_any_count():
    assert [clear_effect(n) for n in (1, 2, 3, 4, 5, 9)] == [
        "blocks_clear_1",
        "blocks_clear_2",
        "blocks_clear_3",
        "blocks_clear_4",
        "blocks_clear_4",
        "blocks_clear_4",
    ]
    assert [chain_effect(n) for n in (1, 7, 8, 12)] == [
        "ag_chain_1",
        "ag_chain_7",
        "ag_chain_8",
        "ag_chain_8",
    ]
    assert {clear_effect(n) for n in range(1, 20)} | {chain_effect(n) for n in range(1, 20)} <= set(
        EFFECTS
    )


def test_white_noise_is_seeded_even_and_uncorrelated():
    noise = white(100_000, seed=5)
    assert np.array_equal(noise, white(100_000, seed=5))
    assert not np.array_equal(noise, white(100_000, seed=6))
    assert noise.min() >= -1.0 and noise.max() < 1.0
    assert abs(noise.mean()) < 0.01 and noise.std() == pytest.approx(3**-0.5, abs=0.01)
    assert abs(np.corrcoef(noise[:-1], noise[1:])[0, 1]) < 0.01
