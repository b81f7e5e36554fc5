"""Sound for the cabinet: effects synthesized with numpy, played through pygame.mixer.

No audio files ship with the cabinet: :func:`synthesize_all` builds every
effect named in :data:`EFFECTS` at start-up, so there are no assets to lose and
a chain can sound higher the longer it runs. :class:`Audio` plays them, and
goes silent (never raising) when there is no sound device.
"""

from __future__ import annotations

from cabinet.audio.effects import EFFECTS, synthesize_all
from cabinet.games.sounds import chain_effect, clear_effect

__all__ = ["EFFECTS", "Audio", "chain_effect", "clear_effect", "synthesize_all"]


def __getattr__(name):
    # Audio imports pygame; load it only when asked, so that tools and tests that
    # inspect the sounds (and the bench) do not pay for pygame.
    if name == "Audio":
        from cabinet.audio.player import Audio  # loads pygame: only the running cabinet pays for it
        return Audio
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
