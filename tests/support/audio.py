"""A mixer that plays nothing and remembers what it was asked to play."""

import itertools

from cabinet.audio.effects import EFFECTS


def seconds_apart():
    """A clock for :class:`~cabinet.audio.player.Audio` that reads a second later each time:
    no start is a repeat of the last, for tests that count what plays."""
    return itertools.count().__next__


class FakeMixer:
    """Stands in for pygame.mixer: records the Sounds made and every play."""

    silent_driver = False

    def __init__(self, reports=(44100, -16, 2), open_error=None):
        self.reports, self.open_error = reports, open_error
        self.opened_with = None
        self.made, self.played = [], []
        self.open_now, self.play_error = True, None

    def open(self, sample_rate, buffer):
        self.opened_with = (sample_rate, buffer)
        if self.open_error:
            raise self.open_error
        self.open_now = True
        return self.reports

    def close(self):
        self.open_now = False

    def make_sound(self, samples):
        self.made.append(FakeSound(samples, self))
        return self.made[-1]

    def samples_of(self, sound):
        return sound.samples

    def is_open(self):
        return self.open_now

    def names_played(self):
        by_sound = {
            id(sound): name for name, sound in zip(itertools.cycle(EFFECTS), self.made)
        }  # each opening
        return [by_sound[id(sound)] for sound in self.played]


class FakeSound:
    def __init__(self, samples, mixer):
        self.samples, self.mixer, self.volume = samples, mixer, 1.0

    def play(self):
        if self.mixer.play_error:
            raise self.mixer.play_error
        self.mixer.played.append(self)
        return "channel"

    def set_volume(self, volume):
        self.volume = volume
