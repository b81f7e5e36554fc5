"""Drawing for every screen: the logical surface, palette, pixel font, cached sprites.

Everything is drawn on a fixed 960x540 logical surface; :mod:`cabinet.render.display`
scales it to the screen (``pygame.SCALED``) and turns it for vertical monitors.
This package file holds only that size and imports nothing, so a pure module
(:mod:`cabinet.render.palette`) loads without pygame; :mod:`cabinet.render.text`
draws words.
"""

LOGICAL_SIZE = (960, 540)
WIDTH, HEIGHT = LOGICAL_SIZE
