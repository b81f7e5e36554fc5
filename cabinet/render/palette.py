"""The cabinet's colours: a dark stage, bold neon accents, one colour per block kind."""

from __future__ import annotations

BACKGROUND = (10, 10, 28)
BACKGROUND_GLOW = (22, 18, 58)
PANEL = (20, 22, 48)
PANEL_EDGE = (70, 80, 160)
GRID = (34, 38, 74)
GRID_LINE = (46, 52, 96)
SHADOW = (0, 0, 0)

WHITE = (245, 245, 255)
GREY = (140, 144, 170)
DIM = (84, 88, 120)
YELLOW = (255, 220, 40)
ORANGE = (255, 150, 30)
RED = (255, 64, 72)
GREEN = (60, 230, 110)
CYAN = (60, 220, 255)
BLUE = (70, 120, 255)
MAGENTA = (240, 80, 220)
PURPLE = (160, 90, 255)

TITLE = YELLOW
GHOST_OK = GREEN
GHOST_BAD = RED
FLASH = WHITE

# BLOCKS pieces: a colour per piece shape, picked by the scene from this list.
PIECE_COLOURS = [CYAN, YELLOW, MAGENTA, GREEN, ORANGE, BLUE, RED, PURPLE]

# ANTI-GRAVITY block letters (R G B Y P, as RULES.md writes them). Green, blue and purple are
# nudged from the accents above so that every pair stays apart for the common colour-vision
# deficiencies too (tests/test_block_colours.py); each block also carries a shape of its own.
BLOCK_LETTERS = {
    "R": RED,
    "G": (63, 227, 131),
    "B": (90, 142, 255),
    "Y": YELLOW,
    "P": (134, 65, 215),
}
BLOCK_SYMBOLS = {"R": "heart", "G": "circle", "B": "triangle", "Y": "star", "P": "diamond"}
# An ANTI-GRAVITY versus stone: a block without a colour, grey, always marked with its X.
STONE = (122, 122, 122)
STONE_SYMBOL = "cross"

# Rank colours on the high-score tables: gold, silver, bronze, then the rest.
RANKS = [YELLOW, (210, 214, 230), (230, 150, 90)]
