"""How a match writes its score."""

from cabinet.games.match import Match


def test_the_score_line_puts_the_named_sides_wins_first():
    match = Match("blocks", 2, 1, wins={1: 1, 2: 2})
    assert match.score_line(2) == "2 - 1", "PLAYER 2 WINS 2 - 1, not 1 - 2"
    assert match.score_line(1) == "1 - 2"
    assert match.score_line() == "1 - 2", "player 1 first when no side is named"

