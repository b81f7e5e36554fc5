"""The sound protocols: the cabinet's Audio and every stand-in for it answer them whole."""

from cabinet.audio.player import Audio
from cabinet.audio.sounds import AttractShowing, Sounds
from cabinet.scenes.flow.playback import HushableAudio
from support.app import Heard
from support.audio import FakeMixer
from support.protocols import members, missing


def test_the_cabinets_audio_a_replays_and_the_tests_stand_in_are_sounds():
    assert {"attract", "attract_loop", "status", "play", "configure", "rest", "wake"} <= members(
        Sounds
    )
    for sounds in (Audio(mixer=FakeMixer()), HushableAudio(Heard()), Heard()):
        assert missing(sounds, Sounds) == [], type(sounds).__name__


def test_a_stand_in_without_the_service_menus_members_is_not():
    class PlaysOnly:
        attract, attract_loop = False, 0

        def play(self, name: str) -> bool:
            return True

    assert missing(PlaysOnly(), AttractShowing) == []
    assert missing(PlaysOnly(), Sounds) == ["configure", "rest", "status", "wake"]
