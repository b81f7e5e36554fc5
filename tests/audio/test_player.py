"""Audio: plays by name in the mixer's format, honours volumes and the demo-sound
setting, and never raises, whatever the mixer does."""

import logging

import numpy as np
import pygame
import pytest

from cabinet.audio.effects import EFFECTS, synthesize_all
from cabinet.audio.player import HEADROOM, Audio, mixer_samples
from cabinet.settings.schema import AudioSettings
from support.audio import FakeMixer, seconds_apart


def audio_records(caplog):
    return [r for r in caplog.records if r.name == "cabinet.audio"]


@pytest.fixture
def mixer():
    return FakeMixer()


def test_plays_each_effect_by_name(mixer):
    audio = Audio(AudioSettings(), mixer=mixer)
    assert audio.available and audio.status.startswith("on")
    for name in EFFECTS:
        assert audio.play(name)
    assert mixer.names_played() == list(EFFECTS)


def test_sounds_are_built_once(mixer):
    audio = Audio(AudioSettings(), mixer=mixer, clock=seconds_apart())
    for _ in range(3):
        audio.play("coin")
    assert len(mixer.made) == len(EFFECTS)
    assert mixer.names_played() == ["coin"] * 3


def test_the_same_effect_twice_in_one_frame_sounds_once(mixer):
    """Both boards of a versus demo pick up a piece in one frame: twice the level, nothing more."""
    now = [100.0]
    audio = Audio(AudioSettings(), mixer=mixer, clock=lambda: now[0])
    assert audio.play("blocks_pickup") and audio.play("blocks_pickup"), "it is sounding"
    assert audio.play("blocks_place"), "another effect in the same frame sounds"
    now[0] += 2 / 60
    assert audio.play("blocks_pickup")
    assert mixer.names_played() == ["blocks_pickup", "blocks_place"]
    now[0] += 2 / 60
    assert audio.play("blocks_pickup")
    assert mixer.names_played() == ["blocks_pickup", "blocks_place", "blocks_pickup"]


def test_opens_the_mixer_with_the_operators_rate_and_buffer(mixer):
    Audio(AudioSettings(sample_rate=22050, buffer=1024), mixer=mixer)
    assert mixer.opened_with == (22050, 1024)


def test_synthesizes_at_the_rate_the_mixer_actually_gave():
    mixer = FakeMixer(reports=(48000, -16, 2))
    Audio(AudioSettings(sample_rate=44100), mixer=mixer)
    expected = synthesize_all(48000)["coin"]
    coin = dict(zip(EFFECTS, mixer.made))["coin"].samples
    assert coin.shape == (len(expected), 2) and coin.dtype == np.int16


def test_demo_sounds_off_silences_attract_mode_only(mixer):
    audio = Audio(AudioSettings(demo_sounds=False), mixer=mixer, clock=seconds_apart())
    audio.attract = True
    assert not audio.play("title_jingle") and not audio.play("ag_chain_3")
    assert mixer.played == []
    assert audio.play("coin") and audio.play("credit"), (
        "a coin is heard even in a silent attract mode"
    )
    assert mixer.names_played() == ["coin", "credit"]
    mixer.played.clear()
    audio.attract = False
    assert audio.play("coin") and audio.play("blocks_place")
    assert mixer.names_played() == ["coin", "blocks_place"]


def test_demo_sounds_on_lets_attract_mode_play(mixer):
    audio = Audio(AudioSettings(demo_sounds=True), mixer=mixer)
    audio.attract = True
    assert audio.play("title_jingle")
    assert mixer.names_played() == ["title_jingle"]


def test_service_menu_edits_take_effect_at_once(mixer):
    audio = Audio(AudioSettings(demo_sounds=True), mixer=mixer)
    audio.attract = True
    audio.configure(AudioSettings(demo_sounds=False, master_volume=50, effects_volume=40))
    assert not audio.play("title_jingle")
    assert [sound.volume for sound in mixer.made] == pytest.approx([0.2 * HEADROOM] * len(EFFECTS))


def test_volume_is_master_times_effects_under_the_headroom(mixer):
    audio = Audio(AudioSettings(master_volume=80, effects_volume=50), mixer=mixer)
    assert audio.volume == pytest.approx(0.4)
    assert [sound.volume for sound in mixer.made] == pytest.approx([0.4 * HEADROOM] * len(EFFECTS))


def test_volume_zero_plays_nothing(mixer):
    audio = Audio(AudioSettings(master_volume=0), mixer=mixer)
    assert not audio.play("coin")
    assert mixer.played == []


def test_unknown_name_is_logged_once_and_ignored(mixer, caplog):
    audio = Audio(AudioSettings(), mixer=mixer)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="cabinet.audio"):
        assert not audio.play("blocks_clear_9")
        assert not audio.play("blocks_clear_9")
    assert [r.getMessage() for r in audio_records(caplog)] == [
        "unknown sound effect 'blocks_clear_9' ignored"
    ]
    assert mixer.played == []


def test_a_mixer_that_fails_to_open_means_silence_and_one_log_line(caplog):
    mixer = FakeMixer(open_error=pygame.error("No available audio device"))
    with caplog.at_level(logging.INFO, logger="cabinet.audio"):
        audio = Audio(AudioSettings(), mixer=mixer)
        assert not audio.play("coin")
        audio.attract = True
        assert not audio.play("title_jingle")
    assert not audio.available
    assert audio.status == "off: No available audio device"
    records = audio_records(caplog)
    assert len(records) == 1 and "No available audio device" in records[0].getMessage()


def test_a_failure_while_building_sounds_means_silence(mixer, caplog):
    def broken(samples):
        raise ValueError("Array depth must match number of mixer channels")

    mixer.make_sound = broken
    audio = Audio(AudioSettings(), mixer=mixer)
    assert not audio.available and not audio.play("coin")
    assert len(audio_records(caplog)) == 1


def test_no_mixer_module_at_all_never_raises(caplog):
    audio = Audio(AudioSettings(), mixer=object())  # has none of the methods
    assert not audio.available and not audio.play("coin")
    assert len(audio_records(caplog)) == 1


def test_a_mixer_closed_mid_game_silences_without_raising(mixer, caplog):
    audio = Audio(AudioSettings(), mixer=mixer)
    caplog.clear()
    mixer.open_now = False
    assert not audio.play("coin") and not audio.play("coin")
    assert mixer.played == [] and not audio.available
    assert len(audio_records(caplog)) == 1


def test_volume_change_after_the_mixer_closed_silences_without_raising(mixer, caplog):
    audio = Audio(AudioSettings(), mixer=mixer)
    caplog.clear()
    mixer.open_now = False
    audio.configure(AudioSettings(master_volume=30))
    assert not audio.available and not audio.play("coin")
    assert len(audio_records(caplog)) == 1


def test_a_failing_play_silences_without_raising(mixer, caplog):
    audio = Audio(AudioSettings(), mixer=mixer)
    caplog.clear()
    mixer.play_error = pygame.error("mixer not initialized")
    assert not audio.play("coin") and not audio.play("start")
    assert len(audio_records(caplog)) == 1


@pytest.mark.parametrize(
    "size, channels, dtype, shape_tail",
    [
        (-16, 2, np.int16, (2,)),
        (-16, 1, np.int16, ()),
        (16, 2, np.uint16, (2,)),
        (8, 1, np.uint8, ()),
        (-8, 2, np.int8, (2,)),
        (-32, 2, np.float32, (2,)),
        (-16, 6, np.int16, (6,)),
    ],
)
def test_samples_in_every_mixer_format(size, channels, dtype, shape_tail):
    mono = np.array([0.0, 0.5, -0.5, 0.98, -0.98], dtype=np.float32)
    out = mixer_samples(mono, size, channels)
    assert out.dtype == dtype and out.shape == (5,) + shape_tail and out.flags.c_contiguous
    column = out if channels == 1 else out[:, -1]
    if size == -32:
        assert np.array_equal(column, mono)
        return
    full = 2 ** (abs(size) - 1) - 1
    centre = 0 if size < 0 else full + 1
    values = column.astype(np.int64) - centre
    assert values[0] == 0 and values[1] == round(0.5 * full) and values[4] == round(-0.98 * full)


# ---------------------------------------------------------- the real pygame.mixer


@pytest.fixture
def real_mixer():
    yield
    pygame.mixer.quit()


def test_real_mixer_on_the_dummy_driver(real_mixer, caplog):
    with caplog.at_level(logging.INFO, logger="cabinet.audio"):
        audio = Audio(AudioSettings(sample_rate=22050, buffer=256, demo_sounds=False))
    assert pygame.mixer.get_init()[0] == 22050
    records = audio_records(caplog)
    assert len(records) == 1 and "dummy driver" in records[0].getMessage()
    assert audio.play("coin")
    audio.attract = True
    assert not audio.play("title_jingle")


def test_real_mixer_opened_earlier_is_reopened_with_the_settings(real_mixer):
    pygame.mixer.init(frequency=48000)
    Audio(AudioSettings(sample_rate=22050))
    assert pygame.mixer.get_init()[0] == 22050


def test_real_mixer_closed_by_pygame_quit_does_not_crash_play(real_mixer):
    # pygame segfaults when a Sound is played after the mixer closed; Audio must not.
    audio = Audio(AudioSettings())
    pygame.mixer.quit()
    audio.configure(AudioSettings(master_volume=10))
    assert not audio.play("coin")


def test_at_rest_the_real_mixer_is_closed_and_wakes_with_the_same_sounds(real_mixer):
    audio = Audio(AudioSettings(sample_rate=22050))
    before = {name: pygame.sndarray.array(sound) for name, sound in audio._sounds.items()}
    audio.rest()
    assert pygame.mixer.get_init() is None, "no sound thread while the screen sleeps"
    assert not audio.play("coin") and audio.muted
    audio.wake()
    assert pygame.mixer.get_init()[0] == 22050 and audio.status.startswith("on")
    assert all(
        np.array_equal(pygame.sndarray.array(audio._sounds[name]), samples)
        for name, samples in before.items()
    )
    assert audio.play("coin")


def test_waking_to_another_mixer_format_synthesizes_the_sounds_for_it():
    mixer = FakeMixer(reports=(44100, -16, 2))
    audio = Audio(AudioSettings(), mixer=mixer)
    audio.rest()
    mixer.reports = (22050, -16, 1)  # the card came back otherwise (a new setting, another device)
    audio.wake()
    assert len(mixer.made) == 2 * len(EFFECTS)
    assert mixer.made[-1].samples.ndim == 1 and audio.play("coin")
