"""Callouts: one at a time over a board, each shown long enough to read, on a plate that
goes where it covers the fewest blocks."""

import pygame

from cabinet.render import palette
from cabinet.scenes.kit.callout import (
    CALLOUT_FRAMES,
    READ_FRAMES,
    WAITING,
    Callout,
    Callouts,
    plate_rect,
)

BOARD = pygame.Rect(100, 100, 304, 304)


def said(words: str) -> Callout:
    return Callout(words, palette.WHITE, BOARD.center)


def test_a_newer_callout_waits_until_the_one_showing_has_been_read():
    callouts = Callouts()
    callouts.say(said("+12"))
    callouts.tick()
    callouts.say(said("1 STONE!"))
    shown = []
    for _ in range(2 * CALLOUT_FRAMES):
        shown.append(callouts.shown.words if callouts.shown else None)
        callouts.tick()
    assert shown[: READ_FRAMES - 1] == ["+12"] * (READ_FRAMES - 1)
    assert shown[READ_FRAMES] == "1 STONE!"
    assert shown[-1] is None, "and then the board is clear"


def test_a_delayed_callout_shows_when_its_delay_is_over_and_a_flood_keeps_the_newest():
    callouts = Callouts()
    callouts.say(said("+245"), delay=24)
    for _ in range(23):
        callouts.tick()
    assert callouts.shown is None
    callouts.tick()
    assert callouts.shown.words == "+245"
    for index in range(5):
        callouts.say(said(f"ATTACK {index}"))
    assert [c.words for c in callouts.waiting] == [
        f"ATTACK {index}" for index in range(5 - WAITING, 5)
    ]


def test_a_plate_covers_the_fewest_blocks_nearest_to_where_it_was_earned():
    blocks = [
        pygame.Rect(BOARD.x + col * 38, BOARD.y + row * 38, 38, 38)
        for row in range(3, 6)
        for col in range(8)
    ]
    plate, _, _ = plate_rect("ATTACK 3", 35, "+245", 21, BOARD, BOARD.center, blocks)
    assert BOARD.contains(plate) and plate.collidelist(blocks) == -1
    assert abs(plate.centery - BOARD.centery) < BOARD.height // 2
    wide, _, _ = plate_rect(
        "SERANG 12  BATAL 3  +1250", 35, "", 21, BOARD, (BOARD.x, BOARD.bottom + 50)
    )
    assert BOARD.contains(wide), "a long callout shrinks to its board and stays on it"


def test_words_shrunk_to_a_narrow_field_keep_clear_of_their_detail():
    from cabinet.render.text import Recorder
    from cabinet.scenes.kit.callout import draw_callout

    surface = pygame.Surface((400, 400))
    field = pygame.Rect(20, 20, 164, 300)  # a 6-wide field of 28-pixel cells, inside its frame
    with Recorder() as drawn:
        plate = draw_callout(
            surface, "2 CHAIN!", palette.YELLOW, 49, field, field.center, "+74", 28
        )
    words, detail = drawn
    assert words.size < 49, "the words did shrink"
    assert words.rect.bottom < detail.rect.top, "a pixel row at least between them"
    assert plate.contains(words.rect) and plate.contains(detail.rect)
