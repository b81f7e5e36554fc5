"""How a match writes its score, and the CPU ladder: a climb moves up on a win only, and ends at MASTER."""

import pytest

from cabinet.games.match import Climb, Match


def test_the_score_line_puts_the_named_sides_wins_first():
    match = Match("blocks", 2, 1, wins={1: 1, 2: 2})
    assert match.score_line(2) == "2 - 1", "PLAYER 2 WINS 2 - 1, not 1 - 2"
    assert match.score_line(1) == "1 - 2"
    assert match.score_line() == "1 - 2", "player 1 first when no side is named"


def won(match: Match, player: int) -> Match:
    match.wins[player] = match.rounds_to_win
    return match


def test_a_win_beats_the_level_and_brings_the_next():
    climb = Climb("blocks", person=1)
    match = Match("blocks", 2, 7, {2: 1})
    assert climb.match_won(won(match, 1))
    assert (climb.beaten, climb.level) == (1, 2)
    nxt = climb.next_match(match)
    assert nxt.cpu == {2: 2} and nxt.rounds_to_win == 2 and nxt.wins == {1: 0, 2: 0}


def test_a_loss_leaves_the_climb_where_it_was():
    climb = Climb("antigravity", person=2, level=3, beaten=2)
    assert not climb.match_won(won(Match("antigravity", 1, 7, {1: 3}), 1))
    assert (climb.beaten, climb.level) == (2, 3)


def test_a_match_at_another_level_does_not_count():
    climb = Climb("blocks", person=1, level=2, beaten=1)
    assert not climb.match_won(won(Match("blocks", 1, 7, {2: 4}), 1))
    assert climb.beaten == 1


@pytest.mark.parametrize("person", [1, 2])
def test_beating_level_5_is_the_master_clear(person):
    climb = Climb("blocks", person=person)
    cpu = 2 if person == 1 else 1
    for level in range(1, 6):
        assert not climb.cleared and climb.level == level
        assert climb.match_won(won(Match("blocks", 1, level, {cpu: level}), person))
    assert climb.cleared and climb.beaten == 5 and climb.level == 5
