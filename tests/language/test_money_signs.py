"""Every text a player reads is checked against the fonts one way; the venue's money is drawn (issue 38)."""

from __future__ import annotations

import pygame
import pytest

from cabinet.render import glyphs
from cabinet.render.text import text
from cabinet.settings.load import parse_settings

SIGNS = "€£$¥"
PLAYER_TEXTS = {  # each setting a player reads, as a file sets it to ``value``
    "credits.price_text": 'credits:\n  price_text: "{value}"\n',
    "attract.message": 'attract:\n  message: "{value}"\n',
    "antigravity.contests[0].name": 'antigravity:\n  contests:\n    - name: "{value}"\n',
}


@pytest.mark.parametrize("key", PLAYER_TEXTS)
@pytest.mark.parametrize("value", ["€1", "£1", "$1", "¥100", "100円"])
def test_every_currency_sign_is_taken_by_every_text_a_player_reads(key, value):
    assert parse_settings(PLAYER_TEXTS[key].format(value=value), "op.yaml").problems == []


@pytest.mark.parametrize("key", PLAYER_TEXTS)
def test_a_character_no_font_draws_is_refused_in_the_same_words_everywhere(key):
    [problem] = parse_settings(PLAYER_TEXTS[key].format(value="₩1"), "op.yaml").problems
    assert f"{key}: has characters no font of the cabinet can draw: '₩'" in str(problem)


def _drawn(string: str) -> pygame.Surface:
    surface = pygame.Surface((200, 40))
    text(surface, string, (0, 0), 21, (255, 255, 255))
    return surface


@pytest.mark.parametrize("sign", SIGNS)
def test_each_sign_is_drawn_by_the_pixel_font_as_its_own_glyph(sign):
    assert glyphs.has(sign)
    others = {
        other: pygame.image.tobytes(_drawn(other), "RGB") for other in SIGNS + "?" if other != sign
    }
    mine = pygame.image.tobytes(_drawn(sign), "RGB")
    assert mine not in others.values()
    assert any(mine)  # something is lit
