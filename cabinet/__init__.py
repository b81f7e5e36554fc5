"""ArcadeForge Verse: the firmware of a Raspberry Pi arcade cabinet."""

__version__ = "0.1.0"

FPS = 60  # the fixed update rate of the main loop and of every game clock
