"""Layers and the screen pictures they keep: repainted only when their key changes,
and a freed screen's picture reused by the next instead of allocated again."""

import pygame
import pytest

from cabinet.render import layer as layer_module
from cabinet.render.layer import SPARES, Layer, screen_picture

SIZE = (96, 54)


class Owner:
    """Anything a picture can belong to."""


@pytest.fixture
def screen():
    pygame.display.init()
    layer_module._spares.clear()
    yield pygame.Surface(SIZE, 0, 32)
    layer_module._spares.clear()


def test_a_freed_owners_picture_is_the_next_owners(screen):
    first = Owner()
    picture = screen_picture(first, SIZE, screen)
    del first
    assert screen_picture(Owner(), SIZE, screen) is picture


def test_a_living_owners_picture_is_never_handed_out(screen):
    keeper = Owner()
    picture = screen_picture(keeper, SIZE, screen)
    assert screen_picture(Owner(), SIZE, screen) is not picture


def test_only_a_picture_of_the_same_size_and_format_is_reused(screen):
    owner = Owner()
    picture = screen_picture(owner, SIZE, screen)
    del owner
    assert screen_picture(Owner(), (SIZE[1], SIZE[0]), screen) is not picture
    assert screen_picture(Owner(), SIZE, pygame.Surface(SIZE, 0, 16)).get_bitsize() == 16
    reused = screen_picture(Owner(), SIZE, screen)
    assert reused is picture


def test_spares_are_bounded(screen):
    owners = [Owner() for _ in range(SPARES + 4)]
    pictures = {id(screen_picture(owner, SIZE, screen)): owner for owner in owners}
    kept = list(pictures)  # ids stay meaningful while the pictures live
    del owners, pictures
    assert len(layer_module._spares) == SPARES
    assert all(id(spare) in kept for spare in layer_module._spares)


def test_with_no_screen_a_picture_is_new_and_not_kept(screen):
    owner = Owner()
    picture = screen_picture(owner, SIZE, None)
    del owner
    assert picture.get_size() == SIZE
    assert layer_module._spares == []


def test_a_layer_repaints_a_reused_picture_before_showing_it(screen):
    old = Layer()
    old.show(screen, "red", lambda picture: picture.fill((255, 0, 0)))
    del old
    new = Layer()
    painted = []
    new.show(screen, "blue", lambda picture: (painted.append(1), picture.fill((0, 0, 255))))
    assert painted and screen.get_at((5, 5))[:3] == (0, 0, 255)


def test_a_layer_paints_only_when_its_key_changes(screen):
    layer, painted = Layer(), []
    for key in ("a", "a", "b", "b", "a"):
        layer.show(
            screen,
            key,
            lambda picture, key=key: (painted.append(key), picture.fill((len(painted), 0, 0))),
        )
    assert painted == ["a", "b", "a"]
    assert screen.get_at((0, 0))[0] == 3
