"""ArcadeForge Verse: the firmware of a Raspberry Pi arcade cabinet."""

__version__ = "0.1.0"

# Logical screen size: everything is drawn here, then scaled to the display.
SCREEN_SIZE = (960, 540)
FPS = 60
