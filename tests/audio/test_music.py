"""The music player: what plays when, how loud, fed to a stand-in channel on a fake clock."""

import dataclasses
import threading

import numpy as np
import pytest

from cabinet.audio import music as music_module
from cabinet.audio import music_cache
from cabinet.audio.music import (
    CHUNK_SECONDS,
    DUCK,
    FADE_OUT_SECONDS,
    JINGLE_DUCK,
    JINGLES,
    PAUSED,
    Music,
)
from cabinet.audio.sequencer import Track, Voice
from cabinet.settings.schema import AudioSettings

MIXER_RATE = 16000  # the music renders at 8000: small and quick


class Channel:
    """Stands in for the mixer's music channel: one chunk playing, one queued; the test plays them."""

    rate = MIXER_RATE

    def __init__(self):
        self.chunks, self.volume, self.stopped = [], 1.0, 0

    def prepare(self, samples):
        return samples

    def busy(self):
        return len(self.chunks) >= 1

    def queued(self):
        return len(self.chunks) >= 2

    def play(self, samples):
        self.chunks = [samples]

    def queue(self, samples):
        self.chunks.append(samples)

    def set_volume(self, volume):
        self.volume = volume

    def stop(self):
        self.chunks, self.stopped = [], self.stopped + 1

    def heard(self):
        """The chunk playing now ends: the next one plays."""
        return self.chunks.pop(0)


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class Attract:
    attract, attract_loop = False, 0


def tiny(name):
    return Track(
        name=name,
        tempo=160,
        patterns={"m": "C5 E5 G5 C6 G5 E5 C5 E5", "d": "k . h . s . h ."},
        layers={
            "base": (Voice("lead", ("m",)),),
            "drive": (Voice("drums", ("d", "d"), step=1),),
            "danger": (Voice("arp", ("m+12",)),),
        },
    )


@pytest.fixture
def cabinet(tmp_path, monkeypatch):
    """A Music on a whole cache of two tiny tracks, a stand-in channel, a fake clock and attract flag."""
    tracks = {name: tiny(name) for name in ("title", "blocks")}
    monkeypatch.setattr(music_cache, "TRACKS", tracks)
    monkeypatch.setattr(music_module, "TRACKS", tracks)
    music_cache.ensure((str(tmp_path), MIXER_RATE // 2))
    clock, attract = Clock(), Attract()
    music = Music(
        AudioSettings(master_volume=100, music_volume=50), tmp_path, Channel(), attract, clock
    )
    music._rate = MIXER_RATE // 2
    music.ready = set(tracks)
    return music, clock, attract


def played(music, count):
    """The next ``count`` chunks, each heard to its end before the next tick."""
    chunks = []
    for _ in range(count):
        music.tick()
        chunks.append(music.channel.heard())
    return chunks


def loudness(samples):
    return float(np.sqrt(np.mean(np.square(samples))))


def test_nothing_plays_until_a_track_is_wanted_and_ready(cabinet):
    music, _, _ = cabinet
    music.tick()
    assert music.channel.chunks == []
    music.ready = set()
    music.follow("blocks", 0.0)
    music.tick()
    assert music.channel.chunks == []  # not rendered yet: the game plays without music
    music.ready = {"blocks"}
    music.tick()
    assert len(music.channel.chunks) == 1
    music.tick()
    assert len(music.channel.chunks) == 2  # one playing, one in hand
    music.tick()
    assert len(music.channel.chunks) == 2  # no more until one is heard
    assert len(music.channel.chunks[0]) == round(CHUNK_SECONDS * MIXER_RATE)


def test_the_music_volume_setting_scales_the_samples(cabinet):
    music, _, _ = cabinet
    music.follow("blocks", 0.0)
    half = loudness(np.concatenate(played(music, 12)[2:]))  # after the first chunk's fade-in
    music.configure(AudioSettings(master_volume=100, music_volume=25))
    assert music.volume == 0.25
    quarter = loudness(np.concatenate(played(music, 12)[2:]))
    assert quarter == pytest.approx(half / 2, rel=0.1)
    music.configure(AudioSettings(master_volume=100, music_volume=0))
    # the chunk mixed ahead plays out, the next glides down, and the one after is silent
    assert np.all(played(music, 4)[-1] == 0)


@pytest.mark.parametrize(
    ("setting", "loop", "sounding"),
    [("off", 0, False), ("on", 1, True), ("demo", 0, True), ("demo", 1, False)],
)
def test_attract_mode_plays_the_title_on_its_schedule(cabinet, setting, loop, sounding):
    music, _, attract = cabinet
    music.configure(
        AudioSettings(music_volume=50, attract_music=setting, demo_sound_every=2, demo_volume=50)
    )
    attract.attract, attract.attract_loop = True, loop
    music.tick()
    assert music.track == "title"
    assert music.volume == (pytest.approx(0.8 * 0.5 * 0.5) if sounding else 0.0)


def test_a_pause_holds_the_music_down_at_once(cabinet):
    music, _, _ = cabinet
    music.follow("blocks", 0.3, paused=True)
    music.tick()
    assert music.channel.volume == PAUSED
    music.follow("blocks", 0.3, paused=False)
    music.tick()
    assert music.channel.volume == 1.0


def test_an_effect_ducks_the_music_and_it_comes_back(cabinet):
    music, clock, _ = cabinet
    music.follow("blocks", 0.0)
    music.heard("blocks_place")
    music.tick()
    assert music.channel.volume == pytest.approx(DUCK)
    clock.now += 1.0
    music.channel.heard()
    music.tick()
    assert music.channel.volume == 1.0


def test_game_over_fades_the_music_out_then_stops_it(cabinet):
    music, clock, _ = cabinet
    music.follow("blocks", 0.5)
    music.tick()
    music.heard("game_over")
    clock.now += FADE_OUT_SECONDS / 2
    assert music.level == pytest.approx(0.5 * 0.5)  # half way down from the 50 % it played at
    clock.now += FADE_OUT_SECONDS
    music.tick()
    assert music.track is None
    music.channel.chunks.clear()
    music.tick()
    assert music.channel.chunks == []


def test_the_danger_reaches_the_next_chunk_asked_for(cabinet):
    music, _, _ = cabinet
    music.follow("blocks", 0.0)
    music.tick()
    music.follow("blocks", 1.0)
    assert music._stream.stream.danger == 0.0  # the chunk in hand was mixed before
    music.tick()
    assert music._stream.stream.danger == 1.0


def test_sleep_stops_the_music_and_waking_brings_it_back(cabinet):
    music, _, _ = cabinet
    music.follow("blocks", 0.0)
    music.tick()
    music.rest()
    assert music.channel.stopped == 1 and music.channel.chunks == []
    music.tick()
    assert music.channel.chunks == []
    music.wake()
    music.tick()
    assert len(music.channel.chunks) == 1 and music.track == "blocks"


def test_a_cache_damaged_after_the_check_plays_nothing_and_never_raises(cabinet, tmp_path):
    music, _, _ = cabinet
    for path in tmp_path.glob("blocks-*-base.npy"):
        path.write_bytes(b"broken")
    music.follow("blocks", 0.0)
    music.tick()
    assert music.channel.chunks == [] and "blocks" not in music.ready


def test_a_failing_channel_stops_the_music_for_good(cabinet):
    music, _, _ = cabinet

    def broken(samples):
        raise RuntimeError("the mixer is closed")

    music.channel.play = broken
    music.follow("blocks", 0.0)
    music.tick()
    assert music.channel is None
    music.tick()  # and carries on without one


def test_settings_are_checked_like_every_key():
    from cabinet.settings.load import parse_settings

    loaded = parse_settings("audio:\n  music_volume: 140\n  attract_music: loud\n", "t.yaml")
    assert loaded.settings.audio == dataclasses.replace(AudioSettings())
    assert sorted(problem.key for problem in loaded.problems) == [
        "audio.attract_music",
        "audio.music_volume",
    ]


def test_a_jingle_holds_the_music_down_while_it_plays(cabinet):
    music, clock, _ = cabinet
    music.follow("blocks", 0.0)
    music.heard("new_record")
    assert music.hold == pytest.approx(JINGLE_DUCK)
    clock.now += JINGLES["new_record"] - 0.1
    assert music.hold == pytest.approx(JINGLE_DUCK)
    clock.now += 0.2
    assert music.hold == 1.0


def test_a_demos_game_over_in_attract_mode_only_ducks_the_title(cabinet):
    music, clock, attract = cabinet
    attract.attract = True
    music.tick()
    music.heard("game_over")
    clock.now += 2 * FADE_OUT_SECONDS
    music.tick()
    assert music.track == "title" and music.level > 0


def test_each_jingle_holds_the_music_for_as_long_as_it_plays():
    from cabinet.audio.effects import synthesize_all

    made = synthesize_all(8000)
    assert {
        name: len(made[name]) / 8000 <= seconds for name, seconds in JINGLES.items()
    } == dict.fromkeys(JINGLES, True)


def test_an_unforeseen_failure_stops_the_music_not_the_cabinet(cabinet, monkeypatch):
    music, _, _ = cabinet
    music.follow("blocks", 0.0)

    def broken(*args):
        raise MemoryError("no room")

    monkeypatch.setattr(music_module, "open_track", broken)
    music.tick()  # logged, not raised
    assert music.channel is None
    music.tick()


def test_a_music_without_a_cache_folder_renders_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    music = Music()
    music.render_now(44100)
    music.start_rendering(44100)
    assert music.ready == set() and not music.rendering
    assert not (tmp_path / "None").exists()


def test_chunks_mixed_beside_the_loop_are_the_ones_mixed_in_it(cabinet, tmp_path):
    from cabinet.audio.chunk_maker import MakeAside

    def heard(music, dangers):
        """One chunk heard per danger level, the next tick as soon as the mixer wants one."""
        chunks = []
        for danger in dangers:
            music.follow("blocks", danger)
            for _ in range(30_000):  # 30 s: a busy machine's thread is late, never this late
                music.tick()
                if music.channel.chunks:
                    break
                threading.Event().wait(0.001)  # the aside thread is still mixing
            chunks.append(music.channel.heard())
        return chunks

    here, _, _ = cabinet
    dangers = [0.0, 0.3, 0.6, 1.0, 1.0, 0.2, 0.0, 0.95, 0.95, 0.95]
    aside = Music(here.settings, tmp_path, Channel(), Attract(), Clock(), maker=MakeAside())
    aside._rate, aside.ready = here._rate, set(here.ready)
    try:
        assert all(
            np.array_equal(a, b)
            for a, b in zip(heard(here, dangers), heard(aside, dangers), strict=True)
        )
    finally:
        aside.close()
