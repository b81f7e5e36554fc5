"""The listening tool writes every effect as a WAV file; the bench section runs."""

import wave

import numpy as np

from cabinet.audio.effects import EFFECTS, synthesize_all
from cabinet.audio.export import main as export
from cabinet.bench import load_sections


def test_export_writes_every_effect_as_a_playable_wav(tmp_path, capsys):
    assert export([str(tmp_path / "wavs"), "--rate", "22050"]) == 0
    sounds = synthesize_all(22050)
    for name in EFFECTS:
        with wave.open(str(tmp_path / "wavs" / f"{name}.wav"), "rb") as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
            pcm = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
        assert np.allclose(pcm / 32767, sounds[name], atol=1 / 32767)
    assert capsys.readouterr().out.count("dominant") == len(EFFECTS)


def test_export_to_an_unwritable_place_says_so_in_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert export([str(blocker / "wavs")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(blocker) in err[0]


def test_bench_section_runs():
    figures = load_sections()["audio"](True)
    names = [figure.name for figure in figures]
    assert "synthesize all effects, first call (start-up)" in names
    assert all(np.isfinite(figure.value) for figure in figures)
