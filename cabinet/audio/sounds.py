"""What the cabinet asks of its sound effects, as protocols: the real :class:`~cabinet.audio.player.Audio`,
a replay's hushable one and the tests' stand-in all answer them, so nobody probes which it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.settings.schema import AudioSettings


class AttractShowing(Protocol):
    """Whether attract mode shows, and which loop of its playlist: the demo sounds and music follow them."""

    attract: bool
    attract_loop: int  # from 0


class Sounds(AttractShowing, Protocol):
    """The effects, played by name (``ctx.audio``), and what the service menu reads and sets of them."""

    @property
    def status(self) -> str:
        """The sound test's line: "on: 48000 Hz, 2 channel(s)", "off: why"; "" says nothing."""

    def play(self, name: str) -> bool:
        """Start the effect ``name``; True if it is now sounding."""

    def configure(self, settings: AudioSettings) -> None:
        """Take the operator's new volumes and demo-sound settings at once."""

    def rest(self) -> None:
        """Let the sound card go while the screen sleeps."""

    def wake(self) -> None:
        """Take the sound card again."""
