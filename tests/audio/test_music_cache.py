"""The music cache: rendered once, kept while whole, rebuilt when damaged or stale, never fatal."""

import numpy as np
import pytest

from cabinet.audio import music_cache
from cabinet.audio.music_cache import PARTS, ensure, music_rate, open_track
from cabinet.audio.sequencer import Track, Voice, render_track

RATE = 8000  # small files, quick renders


@pytest.fixture(autouse=True)
def one_small_track(monkeypatch):
    track = Track(
        name="tiny",
        tempo=160,
        patterns={"m": "C5 - E5 G5 C6 - G5 E5", "d": "k . h . s . h ."},
        layers={
            "base": (Voice("lead", ("m",)),),
            "drive": (Voice("drums", ("d", "d"), step=1),),
            "danger": (Voice("arp", ("m+12",)),),
        },
    )
    monkeypatch.setattr(music_cache, "TRACKS", {"tiny": track})
    return track


def test_the_first_start_renders_and_the_next_keeps(tmp_path):
    assert ensure((str(tmp_path), RATE))["tiny"].startswith("rendered in ")
    assert ensure((str(tmp_path), RATE)) == {"tiny": "kept"}


def test_the_cache_holds_the_rendered_samples(tmp_path, one_small_track):
    ensure((str(tmp_path), RATE))
    parts = open_track(tmp_path, "tiny", RATE)
    rendered = render_track(one_small_track, RATE)
    assert set(parts) == set(PARTS)
    for name in PARTS:
        assert np.max(np.abs(parts[name] / 32767 - rendered[name])) < 1e-4


@pytest.mark.parametrize("damage", ["truncate", "flip", "manifest"])
def test_a_damaged_cache_is_rebuilt(tmp_path, damage):
    ensure((str(tmp_path), RATE))
    part = next(tmp_path.glob("tiny-*-base.npy"))
    if damage == "truncate":
        part.write_bytes(part.read_bytes()[:200])
    elif damage == "flip":
        data = bytearray(part.read_bytes())
        data[-100] ^= 0xFF
        part.write_bytes(bytes(data))
    else:
        next(tmp_path.glob("tiny-*.json")).write_text("{not json")
    if damage != "flip":  # a flipped bit keeps the shape: only the CRC check finds it
        assert open_track(tmp_path, "tiny", RATE) is None
    assert ensure((str(tmp_path), RATE))["tiny"].startswith("rendered in ")
    assert open_track(tmp_path, "tiny", RATE) is not None


def test_a_new_version_renders_again_and_removes_the_old_files(
    tmp_path, monkeypatch, one_small_track
):
    ensure((str(tmp_path), RATE))
    (tmp_path / "notes.txt").write_text("the operator's")  # not ours: left alone
    old = sorted(path.name for path in tmp_path.iterdir())
    monkeypatch.setattr("cabinet.audio.sequencer.SYNTH_VERSION", -1)
    assert ensure((str(tmp_path), RATE))["tiny"].startswith("rendered in ")
    new = sorted(path.name for path in tmp_path.iterdir())
    kept = set(new) & set(old)
    assert (
        len(new) == len(old)
        and "notes.txt" in kept
        and not [name for name in kept if name.startswith("tiny-")]
    )


def test_a_folder_that_cannot_be_made_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert ensure((str(blocker / "music"), RATE))["tiny"].startswith("failed: cannot make ")
    assert open_track(blocker / "music", "tiny", RATE) is None


def test_a_full_disk_is_reported_with_its_reason(tmp_path, monkeypatch):
    def full(*args):  # numpy's own words when the disk fills: an OSError with no strerror
        raise OSError("Not enough free space to write 4096 bytes")

    monkeypatch.setattr(music_cache, "_save", full)
    fate = ensure((str(tmp_path), RATE))["tiny"]
    assert fate == f"failed: cannot write {tmp_path}: Not enough free space to write 4096 bytes"


def test_the_music_rate_halves_the_usual_mixer_rates():
    assert (music_rate(44100), music_rate(48000), music_rate(22050)) == (22050, 24000, 22050)
