"""The round result bar: the named side's wins first, its words readable and clear of the score."""

import pygame
import pytest

from cabinet.games.match import Match
from cabinet.scenes.kit import match_view
from cabinet.scenes.kit.widgets import READABLE
from support.drawn import spy_sizes


def _bar(monkeypatch, match, winner, size=(620, 56)) -> list[tuple[str, int, pygame.Rect]]:
    seen, _ = spy_sizes(monkeypatch, match_view)
    match_view.round_result(pygame.Surface((960, 540)), match, winner, (480, 460), size)
    return seen


def test_player_2_winning_reads_2_1_not_1_2(monkeypatch):
    drawn = _bar(monkeypatch, Match("blocks", 2, 1, wins={1: 1, 2: 2}, round=4), 2)
    assert [words for words, _, _ in drawn] == ["2 - 1", "PLAYER 2 WINS THE MATCH"]


def test_a_round_taken_by_the_side_behind_puts_its_wins_first(monkeypatch):
    drawn = _bar(monkeypatch, Match("blocks", 3, 1, wins={1: 1, 2: 2}, round=4), 1)
    assert drawn[0][0] == "1 - 2" and drawn[1][0] == "PLAYER 1 TAKES ROUND 3"


@pytest.mark.parametrize(
    "match, winner",
    [
        (Match("blocks", 2, 1, wins={1: 1, 2: 2}, round=4), 2),
        (Match("blocks", 2, 1, {2: 3}, wins={1: 0, 2: 2}, round=3), 2),
        (Match("blocks", 2, 1, {1: 5}, wins={1: 1, 2: 0}, round=2, forfeited=2), 1),
        (Match("blocks", 5, 1, {2: 5}, wins={1: 4, 2: 3}, round=8), 1),
    ],
)
def test_the_words_stay_readable_and_clear_of_the_score(monkeypatch, match, winner):
    (_, _, score), (words, size, rect) = _bar(monkeypatch, match, winner)
    assert size >= READABLE, words
    assert not rect.colliderect(score)
