"""The music export: every mix sounds, never clips, joins its loop without a click, and danger is louder."""

import wave

import pytest

from cabinet.__main__ import main
from cabinet.audio.music_export import mixes
from cabinet.audio.tracks import TRACKS

RATE = 8000  # the checks hold at any rate; this one keeps the test quick


@pytest.fixture(scope="module")
def every_mix():
    return {mix.name: mix for mix in mixes(RATE)}


def test_every_track_exports_a_calm_a_danger_and_a_fast_mix_without_a_problem(every_mix):
    assert set(every_mix) == {
        f"{name}-{kind}" for name in TRACKS for kind in ("calm", "danger", "fast")
    }
    assert {name: mix.problems() for name, mix in every_mix.items()} == {
        name: [] for name in every_mix
    }


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_the_danger_mix_is_louder_and_the_fast_one_faster(every_mix, name):
    calm, danger, fast = (every_mix[f"{name}-{kind}"] for kind in ("calm", "danger", "fast"))
    assert danger.rms_db > calm.rms_db + 1
    assert fast.seconds == pytest.approx(calm.seconds / TRACKS[name].fast, rel=0.01)


def test_the_command_writes_the_wav_files(tmp_path, capsys):
    assert main(["music", str(tmp_path), "--rate", "22050"]) == 0
    with wave.open(str(tmp_path / "blocks-danger.wav")) as wav:
        assert (wav.getframerate(), wav.getnchannels()) == (22050, 1)
        assert wav.getnframes() / 22050 > 32 * 4 * 60 / TRACKS["blocks"].tempo - 0.1
    assert "blocks-danger" in capsys.readouterr().out
