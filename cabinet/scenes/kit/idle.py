"""Nobody at a panel: a versus match whose people walk away still ends.

An :class:`IdleWatch` counts, for each person in a match (never the CPU), the
frames of play since they last did something. After :data:`IDLE_WARN_FRAMES`
their field shows STILL THERE? with the seconds left; at :data:`IDLE_END_FRAMES`
they forfeit the match, or, when every person in it is idle, it ends with no
result. Play frames only, reset by the moves a match obeys (and its replay
records), so a replay ends exactly as the match did.
"""

from __future__ import annotations

import pygame

from cabinet import FPS
from cabinet.language import tr
from cabinet.render import palette, sprites
from cabinet.render.text import covered, fit_size, text
from cabinet.render.wrap import wrapped
from cabinet.scenes.kit.game_screen import GameScreen
from cabinet.scenes.kit.widgets import READABLE

IDLE_WARN_FRAMES = 60 * FPS  # a minute without a move: STILL THERE?
IDLE_END_FRAMES = 70 * FPS  # ten seconds later the match is given up


class WalksAway(GameScreen):
    """What a versus screen with an :class:`IdleWatch` does with its verdict (both games' screens
    share it): ``match`` is the :class:`~cabinet.games.match.Match`; :meth:`_finish` ends it."""

    def _finish(self) -> None:
        """Hand the ended match to whoever started the screen."""
        raise NotImplementedError

    def _walked_away(self, verdict) -> bool:
        """Act on the idle watch's verdict: a person gone forfeits the match (its result shows,
        then the rematch offer); everybody gone ends it with no result, back to attract."""
        if verdict is None:
            return False
        kind, player = verdict
        assert self.match is not None  # an idle watch's verdict comes in a versus match only
        if kind == "abandoned":
            self.match.abandon()
            self._finish()
            return True
        self.match.forfeit(player)
        self.end_frames = 1
        self.ctx.audio.play("game_over")
        return True


class IdleWatch:
    """Frames since each of ``people`` (player numbers) last moved."""

    def __init__(self, people):
        self.idle = dict.fromkeys(people, 0)

    def moved(self, player: int) -> None:
        if player in self.idle:
            self.idle[player] = 0

    def tick(self) -> tuple[str, int | None] | None:
        """One frame of play; the verdict when someone has been idle too long, else None:
        ("forfeit", player), or ("abandoned", None) when both sides are people and both are
        idle (against the CPU, which never is, the person forfeits)."""
        for player in self.idle:
            self.idle[player] += 1
        gone = [player for player, frames in self.idle.items() if frames >= IDLE_END_FRAMES]
        if not gone:
            return None
        if len(self.idle) > 1 and all(frames >= IDLE_WARN_FRAMES for frames in self.idle.values()):
            return "abandoned", None
        return "forfeit", gone[0]

    def seconds_left(self, player: int) -> int | None:
        """The seconds STILL THERE? counts down for ``player``, or None while they are not warned."""
        frames = self.idle.get(player, 0)
        if frames < IDLE_WARN_FRAMES:
            return None
        return max(1, (IDLE_END_FRAMES - frames + FPS - 1) // FPS)


def draw_still_there(surface: pygame.Surface, area: pygame.Rect, seconds: int) -> None:
    """STILL THERE?, the seconds left and MOVE TO PLAY ON across ``area`` (the idle person's
    field, or their side of the screen): every line at least READABLE, wrapped where a narrow
    area has no room for it on one line, so it reads from 2 m."""
    room = area.width
    question, question_size = _lines(tr("STILL THERE?"), 28, room)
    hint, hint_size = _lines(tr("MOVE TO PLAY ON"), READABLE, room)
    digit = 49
    height = 10 + len(question) * (question_size + 6) + digit + 4 + len(hint) * (hint_size + 6) + 4
    band = pygame.Rect(area.x - 8, area.centery - height // 2, area.width + 16, height)
    pygame.draw.rect(
        surface, palette.SHADOW, band, border_radius=10
    )  # opaque: it may cover the idle one's panel
    surface.blit(sprites.panel(band.width, band.height, palette.ORANGE, palette.SHADOW), band)
    covered(band)
    y = band.y + 10
    for line in question:
        text(surface, line, (band.centerx, y), question_size, palette.ORANGE, "midtop")
        y += question_size + 6
    text(
        surface,
        str(seconds),
        (band.centerx, y),
        digit,
        palette.RED if seconds <= 3 else palette.WHITE,
        "midtop",
    )
    y += digit + 4
    for line in hint:
        text(surface, line, (band.centerx, y), hint_size, palette.WHITE, "midtop")
        y += hint_size + 6


def _lines(words: str, size: int, room: int) -> tuple[list[str], int]:
    """``words`` on one line at ``size`` when it fits ``room``, else wrapped at READABLE."""
    if fit_size(words, size, room) >= size:
        return [words], size
    return wrapped(words, READABLE, room), READABLE
