"""A CPU pilot with a stopwatch, for the versus bench parts of both games."""

from __future__ import annotations

import time

from cabinet.games.pilots import Pilot


class TimedPilot(Pilot):
    """Wraps a pilot: the CPU seconds spent deciding in ``events``, and the presses made."""

    def __init__(self, pilot):
        self.pilot = pilot
        self.player = pilot.player
        self.seconds = 0.0
        self.presses = 0

    def bind(self, scene) -> None:
        self.pilot.bind(scene)

    def events(self, game_frame, live_events):
        start = time.thread_time()
        events = self.pilot.events(game_frame, live_events)
        self.seconds += time.thread_time() - start
        self.presses += sum(event.pressed for event in events)
        return events
