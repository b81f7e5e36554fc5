"""The mix never reaches full scale: the loudest effects the cabinet starts together, over the
music ducked under them, summed as SDL_mixer sums its channels, at the factory volumes and at
master volume 100, keep under full scale. (A capture of attract mode found 123-131 samples at
full scale a minute, with and without the music.)"""

import numpy as np
import pygame
import pytest

from cabinet.audio.effects import EFFECTS
from cabinet.audio.music import DUCK, Music
from cabinet.audio.player import MUSIC_CHANNEL, Audio, PygameMusicChannel
from cabinet.audio.sequencer import PEAK
from cabinet.scenes.blocks.animation import FLASH_FRAMES
from cabinet.settings.schema import AudioSettings
from support.audio import FakeMixer

FULL_SCALE = 32767
BREAK = FLASH_FRAMES / 60  # single play: a clear's news sounds as its cells break

# What one frame can start at most (the scenes' tests pin their layers), with when each starts.
LOUDEST = {
    "a versus four-line clear, its streak, its attack": [
        ("blocks_clear_4", 0),
        ("blocks_streak", 0),
        ("versus_attack", 0),
    ],
    "a versus two-line clear, its streak, its cancel": [
        ("blocks_clear_2", 0),
        ("blocks_streak", 0),
        ("versus_cancel", 0),
    ],
    "a versus wipe-out and its attack": [("blocks_wipeout", 0), ("versus_attack", 0)],
    "a wipe-out and a streak's top step breaking over its clear": [
        ("blocks_clear_4", 0),
        ("blocks_wipeout", BREAK),
        ("ag_chain_8", BREAK),
    ],
    "a long streak breaking over its clear": [
        ("blocks_clear_4", 0),
        ("blocks_streak", BREAK),
        ("ag_chain_8", BREAK),
    ],
    "a turn's horizon row, its attack, a new danger": [
        ("ag_horizon_warn", 0),
        ("versus_attack", 0),
        ("danger", 0),
    ],
    "the horizon grows, an attack, a new danger": [
        ("ag_horizon_grow", 0),
        ("versus_attack", 0),
        ("danger", 0),
    ],
    "a chain's top step and its stones breaking": [("ag_chain_8", 0), ("versus_pop", 0)],
}


def sdl_mix(voices, rate: int, music: int) -> np.ndarray:
    """``voices`` (stereo int16 samples, volume 0..1, start in seconds) summed as SDL_mixer
    does: each scaled by its whole 128th of volume, added one by one with saturation, over a
    steady ``music`` sample (the music at its peak, ducked, the worst it can add)."""
    length = max(round(start * rate) + len(samples) for samples, _, start in voices)
    out = np.full((length, 2), music, dtype=np.int64)
    for samples, volume, start in voices:
        at = round(start * rate)
        scaled = samples.astype(np.int64) * int(volume * 128)
        scaled = np.sign(scaled) * (np.abs(scaled) // 128)  # C's division rounds towards zero
        out[at : at + len(samples)] += scaled
        np.clip(out, -FULL_SCALE - 1, FULL_SCALE, out=out)
    return out


@pytest.fixture
def music_channel_share():
    """The music channel's volume on the real (dummy) mixer for a hold of ``DUCK``."""
    audio = Audio(AudioSettings(demo_sounds=False))
    PygameMusicChannel(audio).set_volume(DUCK)
    yield pygame.mixer.Channel(MUSIC_CHANNEL).get_volume()
    pygame.mixer.quit()


@pytest.mark.parametrize("master", [AudioSettings().master_volume, 100])
@pytest.mark.parametrize("moment", LOUDEST)
def test_the_loudest_moments_stay_under_full_scale(master, moment, music_channel_share):
    settings = AudioSettings(master_volume=master)
    mixer = FakeMixer()
    Audio(settings, mixer=mixer)
    sounds = dict(zip(EFFECTS, mixer.made))
    music = round(PEAK * Music(settings).level * FULL_SCALE) * round(music_channel_share * 128)
    voices = [(sounds[name].samples, sounds[name].volume, start) for name, start in LOUDEST[moment]]
    loudest = np.abs(sdl_mix(voices, 44100, music // 128)).max()
    assert loudest < FULL_SCALE, f"{moment} at master volume {master}: {loudest / FULL_SCALE:.2f}"
