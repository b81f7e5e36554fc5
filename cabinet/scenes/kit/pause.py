"""Pausing a game from the panel, and the pause screen every play scene shows.

A cabinet's panel has no pause button: a player pauses by holding Start for a
second (``play.pause: hold_start``) and goes on with a press of Start; while Start is
held, HOLD START TO PAUSE and a bar fill toward the pause, so a tap shows there is one. The
cabinet's pause key (F9 on a keyboard with cabinet keys) pauses and resumes
too. While paused the field is hidden, so a pause buys no thinking time, and a
pause ends by itself after ``play.pause_seconds``: nobody holds the cabinet.
"""

from __future__ import annotations

import pygame

from cabinet import FPS
from cabinet.inputs.actions import Action, InputEvent
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette, sprites
from cabinet.render.text import covered as text_drawn_under
from cabinet.render.text import text
from cabinet.render.wrap import wrapped
from cabinet.scenes.kit.widgets import READABLE, blink, draw_backdrop

HOLD_FRAMES = FPS  # holding Start this long pauses
RESUME_HINT = N_("PRESS START TO RESUME")
HOLD_HINT = N_("HOLD START TO PAUSE")


class Pause:
    """Whether a game is paused, and the presses that pause and resume it.

    ``players``: the panels whose Start may pause (the people at the game).
    ``settings``: the ``play`` section (``pause``, ``pause_seconds``). ``sound``
    plays an effect by name. A demo or a replay makes a pause with ``players``
    empty: only the pause key reaches it.
    """

    def __init__(self, settings, players, sound):
        self.by_start = settings.pause == "hold_start"
        self.limit = settings.pause_seconds * FPS
        self.players = frozenset(players)
        self.sound = sound
        self.paused = False
        self.frames = 0  # frames paused
        self._held: dict[int, int] = {}  # player -> frames Start has been held toward a pause

    def toggle(self) -> None:
        """The pause key: pause, or resume."""
        self.paused = not self.paused
        self.frames = 0
        self._held.clear()
        self.sound("menu_select")

    def press(self, event: InputEvent) -> bool:
        """Take a player's Start if it is the pause's; True when it was (the game must not see it)."""
        if event.action is not Action.START or event.player not in self.players:
            return False
        if self.paused:
            if event.pressed:
                self.toggle()
            return True
        if not self.by_start:
            return False
        if event.pressed:
            self._held[event.player] = 0
        else:
            self._held.pop(event.player, None)
        return True

    def tick(self) -> None:
        """One frame: a Start held long enough pauses; a pause too long ends."""
        if self.paused:
            self.frames += 1
            if self.frames >= self.limit:
                self.toggle()
            return
        for player in self._held:
            self._held[player] += 1
        if any(held >= HOLD_FRAMES for held in self._held.values()):
            self.toggle()

    def holding(self) -> dict[int, float]:
        """How far each player's held Start has come toward a pause, from 0 to 1."""
        if self.paused or not self.by_start:
            return {}
        return {player: min(1.0, held / HOLD_FRAMES) for player, held in self._held.items()}

    def draw_hold(self, surface: pygame.Surface, field_of) -> None:
        """Each held Start's bar filling toward the pause, on its player's field (``field_of(player)``)."""
        for player, fraction in self.holding().items():
            draw_pause_hold(surface, field_of(player), fraction)

    @property
    def seconds_left(self) -> int:
        """Whole seconds until the pause ends by itself."""
        return (self.limit - self.frames + FPS - 1) // FPS

    def draw(self, surface: pygame.Surface, frame: int) -> None:
        draw_pause(surface, frame, self.seconds_left)


def draw_pause_hold(surface: pygame.Surface, area: pygame.Rect, fraction: float) -> None:
    """HOLD START TO PAUSE over a bar filled to ``fraction``, at the foot of ``area`` (the
    holding player's field): the pause is a second away, not missing."""
    hint = tr(HOLD_HINT)
    lines = wrapped(
        hint, READABLE, area.width
    )  # a narrow field takes it on two lines, still readable
    band = pygame.Rect(area.x - 8, 0, area.width + 16, 50 + len(lines) * (READABLE + 6))
    band.bottom = area.bottom - 8
    surface.blit(sprites.panel(band.width, band.height, palette.YELLOW, palette.SHADOW), band)
    for index, line in enumerate(lines):
        text(
            surface,
            line,
            (band.centerx, band.y + 10 + index * (READABLE + 6)),
            READABLE,
            palette.YELLOW,
            "midtop",
        )
    bar = pygame.Rect(band.x + 16, band.bottom - 30, band.width - 32, 18)
    pygame.draw.rect(surface, palette.GREY, bar, 2)
    filled = bar.inflate(-6, -6)
    filled.width = round(filled.width * fraction)
    if filled.width:
        surface.fill(palette.YELLOW, filled)


def draw_pause(surface: pygame.Surface, frame: int, seconds_left: int | None = None) -> None:
    """The field hidden, PAUSED in a framed box in the middle of the screen, and how to resume,
    which stays lit: a player who looks up at any moment must read how to go on."""
    draw_backdrop(surface)
    text_drawn_under()
    box = pygame.Rect(0, 0, 600, 200)  # wide enough for every language's lines at READABLE
    box.center = (WIDTH // 2, HEIGHT // 2 - 10)
    surface.blit(sprites.panel(box.width, box.height, palette.YELLOW), box)
    text(surface, tr("PAUSED"), (box.centerx, box.y + 30), 56, palette.YELLOW, "midtop")
    hint = tr(RESUME_HINT)
    text(
        surface,
        hint,
        (box.centerx, box.y + 104),
        24,
        palette.YELLOW if blink(frame) else palette.WHITE,
        "midtop",
        max_width=box.width - 24,
    )
    if seconds_left is not None:
        goes_on = tr("THE GAME GOES ON IN {seconds}", seconds=seconds_left)
        text(
            surface,
            goes_on,
            (box.centerx, box.y + 146),
            21,
            palette.GREY,
            "midtop",
            max_width=box.width - 24,
        )
