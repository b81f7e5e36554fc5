"""Drawing for every screen: the logical surface, palette, pixel font, cached sprites.

Everything is drawn on a fixed 960x540 logical surface; :mod:`cabinet.render.display`
scales it to the screen (``pygame.SCALED``) and turns it for vertical monitors.
"""

from cabinet.render import palette
from cabinet.render.text import fit_size, fitted, render_text, text, text_size

LOGICAL_SIZE = (960, 540)
WIDTH, HEIGHT = LOGICAL_SIZE

__all__ = ["HEIGHT", "LOGICAL_SIZE", "WIDTH", "fit_size", "fitted", "palette", "render_text", "text", "text_size"]
