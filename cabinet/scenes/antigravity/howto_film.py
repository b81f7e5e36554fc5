"""ANTI-GRAVITY's how-to film in attract mode: the lessons of :mod:`.lessons`, each played by
the real engine through the presses a player makes, beside its captions and the controls.
Attract mode shows one chapter (a lesson or a few) a loop, taking turns with the how-to page.

Each lesson's position comes from the engine's ``from_text``; the film walks the cursor and
pushes as a player does (:class:`~cabinet.games.antigravity.seat.Seat`'s ``act``), so what
the field shows (the clears, the flights over the S line, the band, the stones) is the
rules' own doing, animated and heard as in a game. The control being pressed lights up.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cabinet.games.antigravity.modes import AntiGravityVersus
from cabinet.games.antigravity.seat import Seat
from cabinet.inputs.actions import Action, InputEvent
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, palette, sprites
from cabinet.render.layer import screen_picture
from cabinet.render.sprites import backdrop
from cabinet.render.text import fit_size, text
from cabinet.render.wrap import wrapped
from cabinet.scenes.antigravity import alerts
from cabinet.scenes.antigravity.field_view import (
    STONE,
    FieldView,
    block_sprite,
    dispenser_depth,
    dispensers,
)
from cabinet.scenes.antigravity.howto import PAGE, RING, howto_page
from cabinet.scenes.antigravity.layouts import PlayLayout, draw_meter, meter_flight, shown_pending
from cabinet.scenes.antigravity.lessons import chapters, events, lessons_for, seconds
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.flights import Flights, draw_flights
from cabinet.scenes.kit.match_view import PLAYER_COLOURS
from cabinet.scenes.kit.widgets import READABLE, heading

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

PRESS_FRAMES = 8  # between two presses of the script: a cursor step, then the push
LEAD_FRAMES = 40  # a step's caption shows this long before its first press
LIT_FRAMES = 12  # a pressed control stays lit this long
CELL = 28  # a field as wide as versus play's: its popups keep their readable size
TOP = 46  # under the title
FIELDS = pygame.Rect(20, TOP, 480, 12 * CELL + 2 * dispenser_depth(CELL))
CAPTION = pygame.Rect(516, TOP, WIDTH - 516 - 20, 258)
CONTROLS = pygame.Rect(
    CAPTION.x, CAPTION.bottom + 10, CAPTION.width, FIELDS.bottom - CAPTION.bottom - 10
)
CAPTION_SIZE = READABLE  # read from 2 m, as the play screens' smallest words
CAPTION_LINES = 4  # the most a caption may take in every language (tests hold it)
CAPTION_TOP = 66  # the caption's first line, below the lesson's heading
PIP = 18  # a lesson's pip in the caption box's corner, its gap included
LINE = 30  # from one caption line to the next
METER_W = 20
ARROWS = {
    Action.LEFT: 0,
    Action.RIGHT: 0,
    Action.UP: 1,
    Action.DOWN: 2,
}  # which control row a press lights


def caption_lines(caption: str) -> list[str]:
    """``caption`` in the language shown, cut into the caption box's lines."""
    return wrapped(tr(caption), CAPTION_SIZE, CAPTION.width - 32, phrases=True)


def film_chapters(ctx) -> list[tuple[float, Callable[[], Scene]]]:
    """Each chapter of the film for ``ctx``'s settings, as (its seconds, a maker of its scene)."""
    parts = chapters(lessons_for(ctx.settings))
    return [(seconds(part), partial(HowToFilm, ctx, index)) for index, part in enumerate(parts)]


class HowToFilm(Scene):
    """Plays the lessons for today's settings (``chapter``: only that chapter's) once, then
    holds the last picture (``finished``)."""

    name = "how to play anti-gravity film"
    finished = False

    def __init__(self, ctx: SceneContext, chapter: int | None = None):
        super().__init__(ctx)
        self.every = lessons_for(ctx.settings)  # a pip each, this one's lit
        self.lessons = self.every if chapter is None else chapters(self.every)[chapter]
        # The page's controls, up and down swapped as the operator set them; not the ring (none here).
        self.controls = [
            control for control in howto_page(ctx.settings)["controls"] if control != RING
        ]
        self.symbols = ctx.settings.display.block_symbols
        self.lesson = -1
        self.step = 0
        self.frame = 0  # frames into the step
        self.frames = 0  # frames into the film
        self.made: list[
            set[str]
        ] = []  # per step shown so far: what its pushes made (lessons.events)
        self.versus: AntiGravityVersus | None = None  # the lesson's match, when it plays two fields
        self.seats: list[Seat] = []
        self.views: list[FieldView] = []
        self.flights = Flights()  # versus: stones thrown from one field to a meter (pictures only)
        self._lit: tuple[int, Action, int] | None = (
            None  # (player, action, film frame it goes dark)
        )
        self._static: pygame.Surface | None = None
        self._static_key: tuple = ()
        self._start_lesson(0)

    # ------------------------------------------------------------------ playing
    def _start_lesson(self, index: int) -> None:
        self.lesson, self.step = index, 0
        made = self.lessons[index].setup()
        play = self.ctx.audio.play
        if isinstance(made, AntiGravityVersus):
            self.versus = made
            self.seats = [Seat(made.game(1), 1, play), Seat(made.game(2), 2, play)]
        else:
            self.versus = None
            self.seats = [Seat(game, 1, play) for game in made]
        self.views = self._place_fields()
        self.flights = Flights()
        self._start_step()

    def _start_step(self) -> None:
        self.frame = 0
        self.pushed = 0  # pushes of this step made so far
        self.next_press = LEAD_FRAMES
        self.made.append(set())

    @property
    def busy(self) -> bool:
        """A field still shows the last turn, or its stones are still flying."""
        return any(seat.busy for seat in self.seats) or self.flights.busy

    @property
    def current(self):
        """The step on screen."""
        return self.lessons[self.lesson].steps[self.step]

    def update(self) -> None:
        if self.finished:
            return
        self._press()
        for seat in self.seats:
            seat.step(clock=False)  # no turn timer: only the script pushes
        self._fly()
        self.frame += 1
        self.frames += 1
        if self.frame < self.current.frames:
            return
        if self.step + 1 < len(self.lessons[self.lesson].steps):
            self.step += 1
            self._start_step()
        elif self.lesson + 1 < len(self.lessons):
            self._start_lesson(self.lesson + 1)
        else:
            self.finished = True  # attract mode moves on; the last picture stays till then

    def _fly(self) -> None:
        """The stones each seat's turns threw take off (an attack, a cancel), as in versus play;
        those in the air move on."""
        for seat in self.seats:
            for launch in seat.launches:
                target = seat if launch.kind == "cancel" else self._rival(seat)
                well = self._meters()[target.player - 1]
                self.flights.launch(
                    meter_flight(self.views[seat.player - 1], launch, well, self.pending(target))
                )
            seat.launches.clear()
        self.flights.update()

    def _rival(self, seat: Seat) -> Seat:
        return self.seats[2 - seat.player]

    def pending(self, seat: Seat) -> int:
        """The stones waiting for ``seat`` as its meter shows them (those in flight not yet)."""
        return shown_pending(seat, self._rival(seat), self.flights, self._meters()[seat.player - 1])

    def _press(self) -> None:
        """The script's next press, as a player makes it: the cursor a column at a time, then
        the push; never while a field still shows the last turn."""
        pushes = self.current.pushes
        if self.pushed >= len(pushes) or self.frame < self.next_press or self.busy:
            return
        push = pushes[self.pushed]
        seat = self.seats[push.player - 1]
        game = seat.game
        if game.cursor != push.column:
            action = Action.LEFT if push.column < game.cursor else Action.RIGHT
        else:
            action = Action.UP if game.push_side("up") == push.side else Action.DOWN
            self.pushed += 1
        turn = seat.act(InputEvent(push.player, action, True))
        if turn is not None:
            if self.versus is not None:
                self.versus.update()
            self.made[-1] |= events(turn, game)
        self._lit = (push.player, action, self.frames + LIT_FRAMES)
        self.next_press = self.frame + PRESS_FRAMES

    # ------------------------------------------------------------------ drawing
    def _place_fields(self) -> list[FieldView]:
        """One field in the middle of the fields' area, or two with their meters outside them."""
        game = self.seats[0].game
        width = game.width * CELL
        y = FIELDS.y + dispenser_depth(CELL)
        if len(self.seats) == 1:
            return [
                FieldView(
                    (FIELDS.centerx - width // 2, y), game.width, game.height, CELL, self.symbols
                )
            ]
        gap = 40
        left = FIELDS.centerx - gap // 2 - width
        return [
            FieldView((left, y), game.width, game.height, CELL, self.symbols),
            FieldView((FIELDS.centerx + gap // 2, y), game.width, game.height, CELL, self.symbols),
        ]

    def _meters(self) -> list[pygame.Rect]:
        """Each versus field's meter of waiting stones, on its outer side."""
        first, second = self.views
        return [
            pygame.Rect(first.outer.x - 14 - METER_W, first.rect.y, METER_W, first.rect.height),
            pygame.Rect(second.outer.right + 14, second.rect.y, METER_W, second.rect.height),
        ]

    def _static_picture(self) -> pygame.Surface:
        """The backdrop, the panels and the fields' frames (with today's band), redrawn when the
        lesson or a band changes."""
        key = (self.lesson, *(seat.horizon[0] for seat in self.seats))
        if self._static is None or key != self._static_key:
            self._static_key = key
            if self._static is None:
                self._static = screen_picture(self, (WIDTH, HEIGHT), pygame.display.get_surface())
            picture = self._static
            picture.blit(backdrop(WIDTH, HEIGHT), (0, 0))
            picture.blit(
                sprites.panel(CAPTION.width, CAPTION.height, self.lessons[self.lesson].colour),
                CAPTION,
            )
            picture.blit(sprites.panel(CONTROLS.width, CONTROLS.height), CONTROLS)
            for view, seat in zip(self.views, self.seats):
                view.draw_static(picture, seat.horizon[0])
            if self.versus is not None:
                for well in self._meters():
                    pygame.draw.rect(picture, palette.SHADOW, well, border_radius=4)
                    pygame.draw.rect(
                        picture, palette.PANEL_EDGE, well.inflate(4, 4), 2, border_radius=5
                    )
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._static_picture(), (0, 0))
        title = tr(PAGE["title"])
        heading(surface, title, 10, palette.YELLOW, fit_size(title, 28, WIDTH - 40))
        for seat, view in zip(self.seats, self.views):
            self._draw_field(surface, seat, view)
        if self.versus is not None:
            for seat, view, well in zip(self.seats, self.views, self._meters()):
                draw_meter(surface, self.pending(seat), well)
                side = tr("{side}P", side=seat.player)
                text(
                    surface,
                    side,
                    (well.centerx, view.rect.bottom + 12),
                    READABLE,
                    PLAYER_COLOURS[seat.player],
                    "midtop",
                )
            draw_flights(surface, self.flights, lambda size: block_sprite(size, STONE))
        self._draw_caption(surface)
        self._draw_controls(surface)

    def _draw_field(self, surface, seat: Seat, view: FieldView) -> None:
        picture = seat.picture()
        game = seat.game
        view.draw(
            surface,
            picture,
            game.cursor,
            *dispensers(game),
            frame=seat.frame,
            show_cursor=not game.game_over,
        )
        alerts.draw_horizon(surface, view, seat, picture)
        if seat.danger:
            alerts.draw_danger(
                surface, view, seat.danger, seat.frame, picture.cells, seat.horizon[0]
            )
        alerts.draw_popups(surface, view, seat.popups)
        alerts.draw_breaking(
            surface, view, seat.breaking
        )  # over the clear's points: the stones broke there

    def _draw_caption(self, surface) -> None:
        """The lesson's heading, the step's caption, what the game just said, and a pip per
        lesson (this one lit)."""
        lesson = self.lessons[self.lesson]
        inner = CAPTION.width - 32
        text(
            surface,
            tr(lesson.heading),
            (CAPTION.x + 16, CAPTION.y + 16),
            28,
            lesson.colour,
            max_width=inner,
        )
        for index, line in enumerate(caption_lines(self.current.caption)[:CAPTION_LINES]):
            y = CAPTION.y + CAPTION_TOP + index * LINE
            text(surface, line, (CAPTION.x + 16, y), CAPTION_SIZE, palette.WHITE, max_width=inner)
        pips = len(self.every) * PIP
        for index, shown in enumerate(self.every):
            pip = pygame.Rect(
                CAPTION.right - 16 - pips + index * PIP, CAPTION.bottom - 26, PIP - 6, PIP - 6
            )
            if shown is lesson:
                surface.fill(shown.colour, pip)
            else:
                pygame.draw.rect(surface, palette.DIM, pip, 2)
        said = self._said()
        if said is not None:  # over the pips, the box's width: it must stay readable, as in play
            text(
                surface,
                said[0],
                (CAPTION.x + 16, CAPTION.bottom - 32),
                CAPTION_SIZE,
                said[1],
                "bottomleft",
                max_width=inner,
            )

    def _said(self):
        """The latest line a field's message bar would show, as (words, colour), or None; its
        detail left out (the caption says more)."""
        shown = [
            (seat, message)
            for seat in self.seats
            if (message := seat.current_message()) is not None
        ]
        if not shown:
            return None
        latest, _ = max(shown, key=lambda said: said[1].until)
        return PlayLayout.message_text(latest, joined=False)

    def lit(self) -> tuple[int, tuple[int, int, int]] | None:
        """The control row lit now (0: the cursor's moves, 1: up, 2: down) and its colour, the
        pressing player's; None between presses."""
        if self._lit is None or self.frames >= self._lit[2]:
            return None
        player, action, _ = self._lit
        return ARROWS[action], PLAYER_COLOURS[player]

    def _draw_controls(self, surface) -> None:
        """The stick's moves and pushes, the one being pressed lit in its player's colour."""
        lit = self.lit()
        rows = len(self.controls)
        pitch = (CONTROLS.height - 16) // rows
        for index, (key, meaning) in enumerate(self.controls):
            row = pygame.Rect(
                CONTROLS.x + 8, CONTROLS.y + 8 + index * pitch, CONTROLS.width - 16, pitch - 4
            )
            colour = palette.YELLOW
            if lit is not None and lit[0] == index:
                pygame.draw.rect(surface, lit[1], row, 3, border_radius=6)
                colour = lit[1]
            text(surface, key, (row.x + 48, row.centery), 28, colour, "center")
            meaning = tr(meaning)
            text(
                surface,
                meaning,
                (row.x + 96, row.centery),
                CAPTION_SIZE,
                palette.WHITE,
                "midleft",
                max_width=row.width - 104,
            )
