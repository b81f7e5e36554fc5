"""READY, then GO: the moment before a game starts, shared by every play screen.

A :class:`Countdown` sits in front of a game scene's update. While it runs the
game does not: no game frame passes, no turn timer moves, and whatever the
players press is kept, then handed over on the game's first frame, so nothing
pressed during the countdown is lost and a replay (which counts game frames
only) is unchanged by it::

    self.countdown = Countdown(self.ctx.audio.play)
    ...
    def update(self):
        live = self.countdown.admit(self.live)   # None while READY / GO shows
        if live is None:
            return
        ...                                      # the game's own frame
    def draw(self, surface):
        ...                                      # the game
        self.countdown.draw(surface, board_rect)
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cabinet.language import N_, tr
from cabinet.render import palette
from cabinet.render.text import text

READY_FRAMES = 60  # READY shows for a second ...
GO_FRAMES = 24  # ... then GO for a moment; the game starts when GO goes


class Countdown:
    """READY for ``ready_frames``, then GO for ``go_frames``; ``play`` sounds each word."""

    def __init__(
        self,
        play: Callable[[str], object] = lambda name: None,
        ready_frames: int = READY_FRAMES,
        go_frames: int = GO_FRAMES,
    ):
        self.play = play
        self.ready_frames = ready_frames
        self.length = ready_frames + go_frames
        self.frame = 0
        self._held: list = []

    @property
    def running(self) -> bool:
        return self.frame < self.length

    @property
    def left(self) -> int:
        """Countdown frames still to come (0 on its last frame and once the game runs)."""
        return max(0, self.length - self.frame)

    @property
    def word(self) -> str:
        """What shows now: "READY", "GO!" or "" once the game runs."""
        if not self.running:
            return ""
        return N_("READY") if self.frame < self.ready_frames else N_("GO!")

    def skip(self) -> None:
        """Start the game at once (tests and tools that set a position up by hand)."""
        self.frame = self.length

    def admit(self, events: list) -> list | None:
        """This frame's events for the game, or None while the countdown still runs.

        Call once per 60 Hz step. Events that come in while it runs are kept and
        returned, ahead of that frame's own, on the first frame the game runs.
        """
        if not self.running:
            if self._held:
                events, self._held = self._held + list(events), []
            return events
        self._held.extend(events)
        if self.frame == 0:
            self.play("ready")
        elif self.frame == self.ready_frames:
            self.play("go")
        self.frame += 1
        return None

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The word across the middle of ``area`` (a board or field), on a band that lets it read."""
        word = self.word
        if not word:
            return
        ready = word == "READY"
        word = tr(word)
        band = pygame.Rect(area.x, area.centery - 44, area.width, 88)
        surface.blit(_band(band.width, band.height), band)
        colour = palette.YELLOW if ready else palette.GREEN
        size = 56 if ready else 70
        text(surface, word, band.center, size, colour, "center", max_width=area.width - 12)


_bands: dict[tuple[int, int], pygame.Surface] = {}


def _band(width: int, height: int) -> pygame.Surface:
    """A see-through dark strip with bright edges, made once per size."""
    key = (width, height)
    if key not in _bands:
        band = pygame.Surface(key, pygame.SRCALPHA)
        band.fill((0, 0, 12, 190))
        band.fill((*palette.WHITE, 200), (0, 0, width, 2))
        band.fill((*palette.WHITE, 200), (0, height - 2, width, 2))
        _bands[key] = band
    return _bands[key]
