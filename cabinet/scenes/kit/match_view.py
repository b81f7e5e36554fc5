"""What both versus screens draw about the match: rounds won, and the round's result."""

from __future__ import annotations

import pygame

from cabinet.language import tr
from cabinet.render import palette, sprites
from cabinet.render.text import fit_size, text, text_size
from cabinet.scenes.kit.widgets import READABLE, side_name, side_short_name

PLAYER_COLOURS = {1: palette.CYAN, 2: palette.MAGENTA}
PIP = 8  # radius of one round pip


def round_pips(surface, centre, match, player: int) -> None:
    """One pip per round needed to win the match, lit for each round ``player`` has won."""
    count = match.rounds_to_win
    gap = 3 * PIP
    x0 = centre[0] - (count - 1) * gap // 2
    for index in range(count):
        where = (x0 + index * gap, centre[1])
        if index < match.wins[player]:
            pygame.draw.circle(surface, palette.YELLOW, where, PIP)
            pygame.draw.circle(surface, palette.WHITE, (where[0] - 2, where[1] - 2), 2)
        else:
            pygame.draw.circle(surface, palette.DIM, where, PIP, 2)


def round_result(surface, match, winner: int | None, centre, size=(620, 56)) -> pygame.Rect:
    """A slim banner, ``centre``d, that names the round's winner (or the match's, once it
    is decided) and the match score. Slim so that both boards stay in view while it shows;
    ``size`` lets it take exactly the place of a message bar.
    """
    box = pygame.Rect((0, 0), size)
    box.center = centre
    if match.winner is not None:
        winner = match.winner
    edge = palette.YELLOW if winner is None else PLAYER_COLOURS.get(winner, palette.YELLOW)
    surface.blit(sprites.panel(box.width, box.height, edge, palette.SHADOW), box)
    played = match.round - 1
    if winner is None:
        words, colour = tr("ROUND {round} DRAWN", round=played), palette.YELLOW
    elif match.forfeited is not None:
        words, colour = (
            tr(
                "{side} WINS: {other} LEFT",
                side=side_name(match, winner),
                other=side_short_name(match, match.forfeited),
            ),
            edge,
        )
    elif match.winner is not None:
        words, colour = tr("{side} WINS THE MATCH", side=side_name(match, winner)), edge
    else:
        words, colour = (
            tr("{side} TAKES ROUND {round}", side=side_name(match, winner), round=played),
            edge,
        )
    line = match.score_line(winner or 1)  # the named side's wins first
    # The score as big as the bar allows while the words still fit at a readable size.
    score_size = 35 if box.height >= 50 else 28
    if score_size > 28 and fit_size(words, 28, _room(box, line, score_size)) < READABLE:
        score_size = 28
    score = text(
        surface, line, (box.right - 24, box.centery), score_size, palette.WHITE, "midright"
    )
    room = pygame.Rect(
        box.x + 24, box.y, score.x - 24 - (box.x + 24), box.height
    )  # clear of the score
    text(surface, words, room.center, 28, colour, "center", max_width=room.width)
    return box


def _room(box: pygame.Rect, line: str, size: int) -> int:
    """The width left for the words of a result bar beside its score ``line`` at ``size``."""
    return box.width - 72 - text_size(line, size)[0]
