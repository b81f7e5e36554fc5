"""Blocks a colour-blind player can tell apart (issue 24.4): the ANTI-GRAVITY colours stay apart
under simulated colour-vision deficiencies, every block also carries a shape of its own, and
the BLOCKS move preview says fit / no fit by shape as well as by colour."""

import itertools

import numpy as np
import pygame
import pytest
from colorspacious import cspace_convert, deltaE

from cabinet.inputs.actions import Action
from cabinet.render import palette, sprites
from cabinet.scenes.antigravity.field_view import block_sprite
from cabinet.scenes.blocks.ghost import ghost
from support.app import choose, make_app, past_countdown, tap

DEFICIENCIES = (None, "deuteranomaly", "protanomaly", "tritanomaly")
CELL = 26  # an ANTI-GRAVITY single game's cell at 960x540
CLOSEST = 10  # CAM02-UCS: pairs nearer than this are hard to tell apart


def _seen(rgb, deficiency):
    """``rgb`` as a person with ``deficiency`` (full severity, Machado's model) sees it."""
    colour = np.array(rgb[:3]) / 255
    if deficiency is None:
        return colour
    return np.clip(
        cspace_convert(
            colour, {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}, "sRGB1"
        ),
        0,
        1,
    )


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_every_pair_of_block_colours_stays_apart(deficiency):
    distances = {
        a + b: deltaE(
            _seen(palette.BLOCK_LETTERS[a], deficiency),
            _seen(palette.BLOCK_LETTERS[b], deficiency),
            input_space="sRGB1",
            uniform_space="CAM02-UCS",
        )
        for a, b in itertools.combinations(palette.BLOCK_LETTERS, 2)
    }
    closest = min(distances, key=distances.get)
    assert distances[closest] >= CLOSEST, f"{closest} only {distances[closest]:.1f} apart"


def _grey(surface: pygame.Surface, under=palette.GRID) -> np.ndarray:
    """The sprite laid on ``under`` with its colours taken away: what is left is its shape."""
    laid = pygame.Surface(surface.get_size())
    laid.fill(under)
    laid.blit(surface, (0, 0))
    rgb = pygame.surfarray.array3d(laid).astype(float)
    return rgb @ np.array([0.3, 0.59, 0.11])


def _shape(letter: str) -> np.ndarray:
    """Where the block's symbol is: the pixels that differ from the plain block of its colour."""
    marked = _grey(block_sprite(CELL, letter))
    plain = _grey(sprites.block(CELL, palette.BLOCK_LETTERS[letter]))
    return np.abs(marked - plain) > 20


def test_every_block_colour_has_a_shape_of_its_own():
    shapes = {letter: _shape(letter) for letter in palette.BLOCK_LETTERS}
    assert len(set(palette.BLOCK_SYMBOLS.values())) == len(palette.BLOCK_LETTERS)
    for letter, shape in shapes.items():
        assert shape.sum() >= CELL * CELL * 0.08, f"{letter}'s shape is too small to read"
    for a, b in itertools.combinations(shapes, 2):
        union = (shapes[a] | shapes[b]).sum()
        assert (shapes[a] ^ shapes[b]).sum() >= 0.3 * union, f"{a} and {b} look alike"


def test_without_symbols_a_block_is_its_colour_alone():
    for letter in palette.BLOCK_LETTERS:
        plain = sprites.block(CELL, palette.BLOCK_LETTERS[letter])
        assert np.array_equal(_grey(block_sprite(CELL, letter, symbols=False)), _grey(plain))


@pytest.mark.parametrize("symbols", [True, False])
def test_the_operators_setting_reaches_the_field(symbols):
    app = make_app(f"display:\n  block_symbols: {str(symbols).lower()}\n")
    tap(app, Action.START)
    for label in ("ANTI-GRAVITY", "SINGLE", "NORMAL"):
        app.render()
        choose(app, label)
    scene = past_countdown(app)
    app.render()
    assert [view.symbols for view in scene.layout.views] == [symbols]


def test_the_move_preview_says_fit_or_no_fit_without_colour():
    fits, blocked = _grey(ghost(CELL, True)), _grey(ghost(CELL, False))
    assert (np.abs(fits - blocked) > 25).mean() >= 0.15


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_a_stone_stays_apart_from_every_block_colour(deficiency):
    for letter, colour in palette.BLOCK_LETTERS.items():
        distance = deltaE(
            _seen(palette.STONE, deficiency),
            _seen(colour, deficiency),
            input_space="sRGB1",
            uniform_space="CAM02-UCS",
        )
        assert distance >= CLOSEST, f"a stone and {letter} only {distance:.1f} apart"


@pytest.mark.parametrize("symbols", [True, False])
def test_a_stone_keeps_its_own_mark_unlike_every_shape(symbols):
    stone = (
        np.abs(
            _grey(block_sprite(CELL, "+", symbols=symbols))
            - _grey(sprites.block(CELL, palette.STONE))
        )
        > 20
    )
    assert stone.sum() >= CELL * CELL * 0.08
    for letter in palette.BLOCK_LETTERS:
        shape = _shape(letter)
        union = (stone | shape).sum()
        assert (stone ^ shape).sum() >= 0.3 * union, f"a stone's mark and {letter}'s look alike"
