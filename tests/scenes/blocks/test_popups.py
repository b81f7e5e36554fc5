"""Popups earned together over a BLOCKS board read one above the other, never one through the other."""

import pygame

from cabinet.render.popups import POPUP_FRAMES, Popup, age_popups, popup_rect, settle

BOARD = pygame.Rect(126, 116, 304, 304)


def _overlaps(popups):
    """(frame, a, b) of every frame two popups touch, from now until all are gone."""
    found = []
    popups = list(popups)
    for frame in range(POPUP_FRAMES * 2):
        shown = [(p.words, popup_rect(p)) for p in popups if popup_rect(p) is not None]
        for i, (a, ra) in enumerate(shown):
            for b, rb in shown[i + 1 :]:
                if ra.colliderect(rb):
                    found.append((frame, a, b))
        popups = age_popups(popups)
    return found


def test_points_attack_and_streak_earned_together_never_cross():
    popups = []
    centre = BOARD.center
    settle(popups, Popup("+6", (255, 255, 255), (300, 240), 21), BOARD)
    for _ in range(10):
        popups = age_popups(popups)
    settle(popups, Popup("+85", (255, 255, 0), (300, 250), 35, delay=24), BOARD)
    settle(popups, Popup("STREAK x2", (0, 255, 255), (centre[0], centre[1] - 40), 28), BOARD)
    settle(popups, Popup("ATTACK 1", (255, 128, 0), (centre[0], centre[1] + 90), 28), BOARD)
    settle(popups, Popup("2 STONES!", (128, 128, 128), centre, 35), BOARD)
    assert _overlaps(popups) == []


def test_a_lone_popup_stays_where_it_was_earned_and_inside_the_board():
    popups = []
    alone = settle(popups, Popup("+85", (255, 255, 0), (200, 250), 35), BOARD)
    assert alone.pos == (200, 250)
    edge = settle([], Popup("ATTACK 12", (255, 128, 0), (BOARD.x, BOARD.bottom + 60), 28), BOARD)
    rect = popup_rect(edge)
    assert BOARD.contains(rect), (rect, BOARD)


def test_a_popup_never_rises_over_what_is_above_its_board():
    popups = []
    top = settle(popups, Popup("+4", (255, 255, 255), (200, BOARD.y + 5), 21), BOARD)
    settle(popups, Popup("STREAK x2", (0, 255, 255), (200, BOARD.y + 10), 28), BOARD)
    for _ in range(POPUP_FRAMES - 1):
        rects = [popup_rect(p) for p in popups]
        assert all(rect.top >= BOARD.y for rect in rects) and not rects[0].colliderect(rects[1]), rects
        popups = age_popups(popups)
    assert top in popups


def test_a_busy_board_drops_its_oldest_popups_rather_than_print_one_through_another():
    # A fast player's clears, one every 15 frames, each with its points, streak and attack
    # (seen at a two-player BLOCKS versus played fast: ATTACK 3 through +184).
    popups, other_board = [], pygame.Rect(530, 116, 304, 304)
    other = settle(popups, Popup("CANCEL 2", (0, 255, 0), other_board.center, 28), other_board)
    centre = BOARD.center
    for move in range(12):
        settle(popups, Popup(f"+{100 + move}", (255, 255, 0), (centre[0], centre[1] + 20), 35), BOARD)
        settle(popups, Popup(f"STREAK x{move + 2}", (0, 255, 255), (centre[0], centre[1] - 40), 28), BOARD)
        newest = settle(popups, Popup(f"ATTACK {move}", (255, 128, 0), (centre[0], centre[1] + 90), 28), BOARD)
        assert newest in popups
        assert move > 2 or other in popups  # the other board's popups are not this board's to drop
        shown = [(p.words, popup_rect(p)) for p in popups if popup_rect(p) is not None]
        crossing = [(a, b) for i, (a, ra) in enumerate(shown) for b, rb in shown[i + 1 :] if ra.colliderect(rb)]
        assert crossing == [], (move, crossing)
        for _ in range(15):
            popups = age_popups(popups)
