"""The cabinet's pieces: long enough to loop unnoticed, each with a melody, a bass line and drums."""

import pytest

from cabinet.audio.sequencer import events
from cabinet.audio.tracks import TRACKS


def test_there_are_four_pieces_for_the_four_places():
    assert set(TRACKS) == {"title", "blocks", "antigravity", "versus"}


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_each_piece_plays_32_bars_before_it_loops(name):
    assert TRACKS[name].bars >= 32


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_the_base_layer_holds_a_melody_a_bass_line_and_drums(name):
    track = TRACKS[name]
    played = {voice.instrument: events(track, voice) for voice in track.layers["base"]}
    assert set(played) == {"lead", "bass", "drums"}
    assert all(len(notes) >= 4 * track.bars for notes in played.values())
    # A melody, not a drone: it moves over at least an octave and a half of distinct notes.
    assert len({token for _, _, token, _ in played["lead"]}) >= 9


def test_the_pieces_differ_in_tempo_and_tune():
    assert len({track.tempo for track in TRACKS.values()}) == 4
    assert len({track.patterns["mVa"] for track in TRACKS.values()}) == 4
