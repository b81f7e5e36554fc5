"""Where everything goes on the 960x540 play screen, for one field or two.

A layout draws the static screen (backdrop, panels, labels, the fields' frames)
once into a cached surface; each frame it blits that, then the blocks, the
ring timers, the numbers, the message bar and any banner on top.
"""

from __future__ import annotations

import dataclasses
import math
import weakref

import pygame

from cabinet import FPS
from cabinet.games.match import other
from cabinet.language import N_, tr
from cabinet.language import current as current_language
from cabinet.render import HEIGHT, WIDTH, palette, sprites
from cabinet.render.layer import Layer, screen_picture
from cabinet.render.sprites import backdrop
from cabinet.render.text import text, text_size
from cabinet.scenes.antigravity import alerts
from cabinet.scenes.antigravity.field_view import (
    NEXT_SCALE,
    STONE,
    FieldView,
    block_sprite,
    dispenser_depth,
    dispensers,
)
from cabinet.scenes.antigravity.hud import PairList, parts_that_fit, progress_bar
from cabinet.scenes.kit.flights import CANCEL_FRAMES, FLIGHT_FRAMES, Flight, Flights, draw_flights
from cabinet.scenes.kit.idle import draw_still_there
from cabinet.scenes.kit.match_view import PLAYER_COLOURS, round_pips, round_result
from cabinet.scenes.kit.ring_timer import RingTimer
from cabinet.scenes.kit.widgets import READABLE, difficulty_name, side_name, side_short_name

MARGIN = 16
FINAL_BOARD_FRAMES = (
    120  # after a game over the field shows alone (its cause marked), then the banner
)
TOP = 12
BAR = pygame.Rect(MARGIN, 494, WIDTH - 2 * MARGIN, 38)  # the message bar
PLAY_BOTTOM = BAR.y - 8
TONES = {**alerts.TONES, "info": palette.WHITE}
LABEL = palette.GREY
IDLE_HINTS = {
    "single": N_("LINE UP 3 OF A COLOUR - NO STACK OVER THE S LINE"),
    "contest": N_("B / C SCROLL THE PAIR LIST"),
}
BAND_HINT = N_("LINE UP 3 OF A COLOUR - NO STACK IN THE DARK BAND")


def fit_cell(width: int, height: int, max_width: int, max_height: int) -> int:
    """The biggest cell that fits a field and both dispensers into the space given."""
    depth_per_cell = 2 * (1 + NEXT_SCALE)  # each dispenser: the current block and the next
    by_height = int((max_height - 28) / (height + depth_per_cell))
    return max(8, min(by_height, max_width // width))


def _place_field(game, x: int, cell: int, symbols: bool) -> FieldView:
    """A view of ``game`` with its left edge at ``x``, centred in the play area's height."""
    total = game.height * cell + 2 * dispenser_depth(cell)
    top = TOP + (PLAY_BOTTOM - TOP - total) // 2 + dispenser_depth(cell)
    return FieldView((x, top), game.width, game.height, cell, symbols)


def seconds_left(seat) -> int:
    if seat.busy:
        return math.ceil(seat.game.turn_frames / FPS)
    return max(0, math.ceil(seat.game.frames_left / FPS))


class PlayLayout:
    """What both layouts share: caching the static screen, banners, pause, the bar."""

    def __init__(self, scene):
        self.scene = weakref.proxy(scene)  # no cycle: the scene is freed as soon as it ends
        self.views: list[FieldView] = []
        self._static: pygame.Surface | None = None
        self._static_bands: tuple[int, ...] = ()  # the horizon depths the static picture shows
        self.layer = Layer()  # the static picture and the fields' blocks at rest (_paint_layer)
        # The message bar; a demo or a replay has the attract strip there, so its messages
        # go to the foot of the score panel instead.
        self.bar = not (scene.demo or scene.watched)
        self.symbols = scene.ctx.settings.display.block_symbols

    def scroll_list(self, amount: int) -> None:
        """Only the contest layout has a list to scroll."""

    def flight(self, seat, launch) -> Flight:
        """The flight of stones ``seat`` threw: only versus fields throw any."""
        raise NotImplementedError("stones fly between versus fields only")

    def static(self) -> pygame.Surface:
        """The cached picture every frame starts from; redrawn when a horizon band widens."""
        bands = (
            current_language(),
            *(seat.horizon[0] for seat in self.scene.seats),
        )  # its labels: the language
        if self._static is None or bands != self._static_bands:
            self._static_bands = bands
            if self._static is None:
                self._static = screen_picture(self, (WIDTH, HEIGHT), pygame.display.get_surface())
            surface = self._static
            surface.blit(backdrop(WIDTH, HEIGHT), (0, 0))
            self.draw_static(surface)
            for view, depth in zip(self.views, bands[1:]):
                view.draw_static(surface, depth)
            if self.bar:
                surface.blit(sprites.panel(BAR.width, BAR.height), BAR)
            for view in self.views:
                view.lies_on(surface)
        return self._static

    def draw_static(self, surface: pygame.Surface) -> None:
        """Panels and labels that never change."""

    def steady(self):
        """What :meth:`draw_steady` draws (None: nothing), equal whenever its picture is."""
        return None

    def draw_steady(self, surface: pygame.Surface, steady) -> None:
        """Numbers and bars that change a few times a minute, drawn into the layer."""

    def _paint_layer(self, layer: pygame.Surface, settled, steady) -> None:
        """The static picture with the blocks at rest on each field and the steady numbers."""
        layer.blit(self.static(), (0, 0))
        for view, cells in zip(self.views, settled):
            view.draw_settled(layer, cells)
        self.draw_steady(layer, steady)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        pictures = [seat.picture() for seat in scene.seats]
        settled = tuple(view.settled(picture) for view, picture in zip(self.views, pictures))
        steady = self.steady()
        bands = (
            current_language(),
            *(seat.horizon[0] for seat in scene.seats),
        )  # the static picture's key
        self.layer.show(
            surface,
            (settled, steady, bands),
            lambda layer: self._paint_layer(layer, settled, steady),
        )
        playing = scene.playing
        for seat, view, picture, cells in zip(scene.seats, self.views, pictures, settled):
            game = seat.game
            view.draw(
                surface,
                picture,
                game.cursor,
                *dispensers(game),
                frame=seat.frame,
                show_cursor=playing and not game.game_over,
                settled=cells,
            )
            alerts.draw_horizon(surface, view, seat, picture)
            if playing and seat.danger:
                alerts.draw_danger(
                    surface, view, seat.danger, seat.frame, picture.cells, seat.horizon[0]
                )
            if game.game_over and not seat.busy:
                alerts.draw_cause(surface, view, seat, scene.end_frames)
            alerts.draw_popups(surface, view, seat.popups)
            alerts.draw_breaking(
                surface, view, seat.breaking
            )  # over the clear's points: the stones broke there
            if self.forcing(seat):
                alerts.draw_forced_countdown(surface, view, game, seat.frame)
            seconds = scene.idle.seconds_left(seat.player)
            if playing and seconds is not None:
                draw_still_there(surface, self.idle_area(seat.player, view), seconds)
        self.draw_panels(surface)
        if self.bar:
            self.draw_bar(surface)
        if scene.end_frames > FINAL_BOARD_FRAMES:
            self.draw_banner(surface)
        for view in self.views:
            scene.countdown.draw(surface, view.rect)
        fields = {seat.player: view.rect for seat, view in zip(scene.seats, self.views)}
        scene.pause.draw_hold(surface, fields.__getitem__)
        if scene.paused:
            self.draw_pause(surface)

    def idle_area(self, player: int, view: FieldView) -> pygame.Rect:
        """Where STILL THERE? goes for ``player`` (versus only): over their field."""
        return view.rect

    def forcing(self, seat) -> bool:
        """The seat's forced push is being counted down (its last two seconds, in play)."""
        scene, game = self.scene, seat.game
        if not scene.playing or seat.busy or game.game_over or scene.countdown.running:
            return False
        return alerts.forced_seconds(game) is not None

    def bar_message(self, seat):
        """What the bar says for ``seat`` now as (text, colour): its message, else FORCED PUSH
        while the digit counts down beside the dispenser, else None."""
        shown = self.message_text(seat)
        if shown is None and self.forcing(seat):
            return tr("FORCED PUSH"), palette.RED
        return shown

    def draw_panels(self, surface: pygame.Surface) -> None:
        """Numbers, timers and lists that change during play."""

    def draw_bar(self, surface: pygame.Surface) -> None:
        """The message bar's text."""

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The game-over or winner banner."""

    def draw_pause(self, surface: pygame.Surface) -> None:
        self.scene.pause.draw(surface, self.scene.ctx.frame)

    @staticmethod
    def banner(surface: pygame.Surface, width: int, height: int, edge, centre=None) -> pygame.Rect:
        """Draw a framed banner centred on ``centre`` (the play area's middle); return its rectangle."""
        box = pygame.Rect(0, 0, width, height)
        box.center = centre or (WIDTH // 2, (TOP + PLAY_BOTTOM) // 2)
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=10)
        surface.blit(sprites.panel(width, height, edge), box)
        return box

    @staticmethod
    def message_text(seat, joined: bool = True):
        """The seat's current message as (text, colour), or None; ``joined`` adds the detail."""
        message = seat.current_message()
        if message is None:
            return None
        words = tr(message.words, **message.fields)
        if joined and message.detail:
            words = f"{words}   {tr(message.detail, **message.fields)}"
        return words, TONES.get(message.tone, palette.WHITE)


class SingleLayout(PlayLayout):
    """One field in the middle: scores on the left, the ring (and contest list) on the right."""

    def __init__(self, scene):
        super().__init__(scene)
        seat = scene.seats[0]
        game = seat.game
        cell = fit_cell(game.width, game.height, 260, PLAY_BOTTOM - TOP)
        self.views = [_place_field(game, WIDTH // 2 - game.width * cell // 2, cell, self.symbols)]
        self.left = pygame.Rect(MARGIN, TOP, 340, PLAY_BOTTOM - TOP)
        self.right = pygame.Rect(WIDTH - MARGIN - 340, TOP, 340, PLAY_BOTTOM - TOP)
        self.ring = RingTimer(66)
        self.pairs = None
        if scene.mode == "contest":
            area = pygame.Rect(
                self.right.x + 12,
                self.right.y + 204,
                self.right.width - 24,
                self.right.height - 210,
            )
            self.pairs = PairList(area, scene.contest.length, self.symbols)
        self.hi_score = _hi_score(scene)

    def scroll_list(self, amount: int) -> None:
        if self.pairs is not None:
            if self.pairs.scroll(amount, len(self.scene.seats[0].game.remaining_pairs())):
                self.scene.ctx.audio.play("menu_move")

    def draw_static(self, surface: pygame.Surface) -> None:
        scene, left, right = self.scene, self.left, self.right
        surface.blit(sprites.panel(left.width, left.height), left)
        surface.blit(sprites.panel(right.width, right.height), right)
        text(surface, "ANTI-GRAVITY", (left.centerx, left.y + 18), 28, palette.TITLE, "midtop")
        if scene.demo:
            mode = tr("DEMO PLAY")
        elif scene.mode == "contest":
            mode = tr("CONTEST  {name}", name=scene.contest.name.upper())
        else:
            mode = tr("SINGLE  {difficulty}", difficulty=difficulty_name(scene.difficulty))
        room = left.width - 32
        # At READABLE, on two lines when one is too narrow.
        lines = parts_that_fit(mode, READABLE, room)
        for index, line in enumerate(lines):
            y = left.y + (60 if len(lines) == 1 else 54 + 26 * index)
            text(surface, line, (left.centerx, y), READABLE, palette.CYAN, "midtop", max_width=room)
        for label, y in (
            (N_("SCORE"), 112),
            (N_("CLEARED"), 196),
            (N_("HI-SCORE"), 280),
            (N_("BEST CHAIN"), 364),
        ):
            label = tr(label)
            text(surface, label, (left.x + 24, left.y + y), 21, LABEL, max_width=left.width - 48)
        text(surface, tr("TIME"), (right.centerx, right.y + 16), 21, LABEL, "midtop")
        if self.pairs is None:
            self._draw_help(surface)

    def _draw_help(self, surface: pygame.Surface) -> None:
        game = self.scene.seats[0].game
        right = self.right
        from_bottom = game.push_side("up") == "bottom"
        up, down = (
            (tr("PUSH BOTTOM"), tr("PUSH TOP"))
            if from_bottom
            else (tr("PUSH TOP"), tr("PUSH BOTTOM"))
        )
        lines = [(tr("LEFT/RIGHT"), tr("MOVE")), (tr("UP"), up), (tr("DOWN"), down)]
        y = right.y + 214
        text(surface, tr("CONTROLS"), (right.centerx, y), 21, palette.TITLE, "midtop")
        for key, action in lines:
            y += 34
            text(surface, key, (right.x + 24, y), 14, palette.CYAN)
            text(surface, action, (right.right - 24, y), 14, palette.WHITE, "topright")
        y += 50
        for offset, words in ((0, tr("3 IN A LINE CLEARS")), (26, tr("KEEP THE S LINE CLEAR"))):
            text(
                surface,
                words,
                (right.centerx, y + offset),
                14,
                palette.GREY,
                "midtop",
                max_width=right.width - 16,
            )

    def steady(self):
        """The score, the blocks cleared and the best chain."""
        seat = self.scene.seats[0]
        return seat.shown_score(), seat.shown_cleared(), seat.best_chain

    def draw_steady(self, surface: pygame.Surface, steady) -> None:
        score, cleared, best_chain = steady
        left = self.left
        right, room = left.right - 24, left.width - 48
        for value, y, size, colour in (
            (score, 140, 42, palette.WHITE),
            (cleared, 224, 42, palette.GREEN),
            (max(score, self.hi_score), 308, 35, palette.YELLOW),
        ):
            text(surface, str(value), (right, left.y + y), size, colour, "topright", max_width=room)
        text(surface, str(best_chain), (right, left.y + 392), 35, palette.MAGENTA, "topright")

    def draw_panels(self, surface: pygame.Surface) -> None:
        seat = self.scene.seats[0]
        right = self.right
        self.ring.draw(
            surface, (right.centerx, right.y + 114), seat.timer_fraction(), seconds_left(seat), 42
        )
        if seat.game.ramp is not None:
            # The ramp's level (RULES.md "Game length on a cabinet"), counted as BLOCKS counts it.
            text(
                surface,
                tr("LEVEL {level}", level=seat.game.ramp_level + 1),
                (right.right - 18, right.y + 18),
                14,
                palette.ORANGE if seat.game.ramp_level else LABEL,
                "topright",
            )
        if self.pairs is not None:
            self.pairs.draw(surface, seat.game.remaining_pairs())
        if not self.bar:
            self._draw_demo_message(surface, seat)

    def _draw_demo_message(self, surface: pygame.Surface, seat) -> None:
        """Attract mode covers the message bar: chains show at the foot of the score panel."""
        message = seat.current_message()
        if message is None:
            return
        left = self.left
        colour = TONES.get(message.tone, palette.WHITE)
        y = left.bottom - (44 if message.detail else 26)
        text(
            surface,
            tr(message.words, **message.fields),
            (left.centerx, y),
            14,
            colour,
            "midtop",
            max_width=left.width - 24,
        )
        if message.detail:
            text(
                surface,
                tr(message.detail, **message.fields),
                (left.centerx, y + 20),
                14,
                colour,
                "midtop",
                max_width=left.width - 24,
            )

    def draw_bar(self, surface: pygame.Surface) -> None:
        seat = self.scene.seats[0]
        shown = self.bar_message(seat)
        if shown is None:
            hint = BAND_HINT if seat.horizon[0] else IDLE_HINTS[self.scene.mode]
            shown = (tr(hint), palette.GREY)
        text(surface, shown[0], BAR.center, 21, shown[1], "center", max_width=BAR.width - 24)

    def draw_banner(self, surface: pygame.Surface) -> None:
        scene = self.scene
        game = scene.seats[0].game
        complete = scene.mode == "contest" and not game.remaining_pairs()
        # Over the field the game was played on, high up, as the versus result: the S line,
        # where the game was lost, stays in view, and so do the panels beside it.
        box = self.banner(
            surface,
            self.right.x - self.left.right - 16,
            170,
            palette.YELLOW if complete else palette.RED,
            (self.views[0].rect.centerx, TOP + 110),
        )
        title = tr("LIST COMPLETE!") if complete else tr("GAME OVER")
        text(
            surface,
            title,
            (box.centerx, box.y + 28),
            49,
            palette.YELLOW if complete else palette.RED,
            "midtop",
            max_width=box.width - 40,
        )
        text(
            surface,
            tr("SCORE {score}", score=game.score),
            (box.centerx, box.y + 102),
            28,
            palette.WHITE,
            "midtop",
        )


def draw_meter(surface: pygame.Surface, pending: int, well: pygame.Rect) -> None:
    """``pending`` stones waiting to land, stacked from the bottom of the meter ``well``, with
    their count over it (nothing when none wait)."""
    if not pending:
        return
    cell = VersusLayout.METER_CELL
    sprite = block_sprite(cell - 2, STONE)
    for index in range(min(pending, well.height // cell)):
        surface.blit(
            sprite, (well.x + (well.width - cell + 2) // 2, well.bottom - (index + 1) * cell + 1)
        )
    pygame.draw.rect(surface, palette.ORANGE, well.inflate(6, 6), 3, border_radius=6)
    text(surface, str(pending), (well.centerx, well.y - 8), READABLE, palette.ORANGE, "midbottom")


def shown_pending(seat, rival, flights: Flights, well: pygame.Rect) -> int:
    """The stones waiting for ``seat`` (its meter ``well``) as the screen has shown them so far.
    The engine moves stones when a turn is played; the screen, once its film has: while the
    seat's own film plays, the stones it will land or cancel still wait; the ``rival``'s attack
    counts once its flight (among ``flights``) has arrived, a cancel once it has met the meter."""
    pending = seat.game.pending
    turn = seat.last_turn
    if seat.busy and turn is not None:
        pending += len(turn.landed) + turn.cancelled
    if rival.busy and rival.last_turn is not None:
        pending -= rival.last_turn.attack - rival.last_turn.cancelled  # thrown, not yet flying
    for flight in flights.flights:
        if flight.end[0] == well.centerx:
            pending += flight.count if flight.cancel else -flight.count
    return max(0, pending)


def meter_flight(view: FieldView, launch, well: pygame.Rect, pending: int) -> Flight:
    """The flight of ``launch`` (a :class:`~cabinet.games.antigravity.seat.Launch`) from the
    field ``view`` to the meter ``well``, onto the ``pending`` stones it shows: an attack to
    the other field's meter, a cancel to its own."""
    start = view.rect.center
    if launch.cells:
        rows = [row for row, _ in launch.cells]
        columns = [column for _, column in launch.cells]
        start = (
            view.x + (sum(columns) / len(columns) + 0.5) * view.cell,
            view.y + (sum(rows) / len(rows) + 0.5) * view.cell,
        )
    cancel = launch.kind == "cancel"
    cell = VersusLayout.METER_CELL
    stacked = min(pending, well.height // cell - 1)
    end = (well.centerx, well.bottom - stacked * cell - cell // 2)
    return Flight(
        start, end, launch.count, CANCEL_FRAMES if cancel else FLIGHT_FRAMES, lambda: None, cancel
    )


class VersusLayout(PlayLayout):
    """Two fields side by side in the middle; each player's panel on their own side, and
    between panel and field, with attacks on, the meter of the stones waiting to land."""

    PANEL_W = 240
    METER_W = 20
    METER_CELL = 18  # one pending stone on the meter

    def __init__(self, scene):
        super().__init__(scene)
        first = scene.seats[0].game
        cell = fit_cell(
            first.width, first.height, (WIDTH // 2 - MARGIN - self.PANEL_W - 30), PLAY_BOTTOM - TOP
        )
        self.views = [
            _place_field(first, WIDTH // 2 - 14 - first.width * cell, cell, self.symbols),
            _place_field(scene.seats[1].game, WIDTH // 2 + 14, cell, self.symbols),
        ]
        self.panels = [
            pygame.Rect(MARGIN, TOP, self.PANEL_W, PLAY_BOTTOM - TOP),
            pygame.Rect(WIDTH - MARGIN - self.PANEL_W, TOP, self.PANEL_W, PLAY_BOTTOM - TOP),
        ]
        gaps = (
            (self.panels[0].right, self.views[0].outer.x),
            (self.views[1].outer.right, self.panels[1].x),
        )
        self.meters = [
            pygame.Rect(
                (left + right - self.METER_W) // 2, view.rect.y, self.METER_W, view.rect.height
            )
            for (left, right), view in zip(gaps, self.views)
        ]
        self.ring = RingTimer(48)

    def draw_static(self, surface: pygame.Surface) -> None:
        scene = self.scene
        for player, panel in ((1, self.panels[0]), (2, self.panels[1])):
            surface.blit(sprites.panel(panel.width, panel.height, PLAYER_COLOURS[player]), panel)
            text(
                surface,
                side_name(scene.match, player),
                (panel.centerx, panel.y + 10),
                28,
                PLAYER_COLOURS[player],
                "midtop",
                max_width=panel.width - 24,
            )
            text(surface, tr("SCORE"), (panel.x + 18, panel.y + 190), 14, LABEL)
            text(surface, tr("CLEARED"), (panel.x + 18, panel.y + 246), 14, LABEL)
            progress = scene.versus.progress(player)
            goal = (
                tr("GOAL {target} CLEARS", target=progress.target)
                if progress.kind == "clears"
                else tr("GOAL {target} POINTS", target=progress.target)
            )
            text(
                surface,
                goal,
                (panel.centerx, panel.y + 306),
                14,
                palette.WHITE,
                "midtop",
                max_width=panel.width - 24,
            )
            game = scene.seat_for(player).game
            # The handicap, big enough to read from 2 m: its colours over its turn where one line is too narrow.
            info = tr(
                "{colours} COLOURS  {seconds}S TURN",
                colours=game.colours,
                seconds=f"{game.turn_frames / FPS:g}",
            )
            lines = parts_that_fit(info, READABLE, panel.width - 24)
            for index, line in enumerate(reversed(lines)):
                y = panel.bottom - 10 - index * (READABLE + 6)
                text(
                    surface,
                    line,
                    (panel.centerx, y),
                    READABLE,
                    LABEL,
                    "midbottom",
                    max_width=panel.width - 24,
                )
        if self.bar:
            pygame.draw.line(
                surface,
                palette.PANEL_EDGE,
                (BAR.centerx, BAR.y + 6),
                (BAR.centerx, BAR.bottom - 6),
                2,
            )
        for seat, well in zip(scene.seats, self.meters):
            if seat.game.stones is not None:
                pygame.draw.rect(surface, palette.SHADOW, well, border_radius=4)
                pygame.draw.rect(
                    surface, palette.PANEL_EDGE, well.inflate(4, 4), 2, border_radius=5
                )

    def idle_area(self, player: int, view: FieldView) -> pygame.Rect:
        """The idle person's whole side, panel to field: a field alone is too narrow for
        STILL THERE? to read from 2 m, and what it covers is theirs, who is away."""
        panel = self.panels[player - 1]
        left, right = (
            (panel.x + 8, view.rect.right) if player == 1 else (view.rect.x, panel.right - 8)
        )
        return pygame.Rect(left, view.rect.y, right - left, view.rect.height)

    def draw_meter(self, surface: pygame.Surface, seat, well: pygame.Rect) -> None:
        """The stones waiting to land on ``seat``'s field as the player has seen them come
        (:meth:`shown_pending`)."""
        draw_meter(surface, self.shown_pending(seat), well)

    def shown_pending(self, seat) -> int:
        """The stones waiting for ``seat`` as the screen has shown them so far (:func:`shown_pending`)."""
        return shown_pending(
            seat,
            self.scene.seat_for(other(seat.player)),
            self.scene.flights,
            self.meters[seat.player - 1],
        )

    def flight(self, seat, launch) -> Flight:
        """The flight of ``launch`` from ``seat``'s field (:func:`meter_flight`)."""
        target = seat if launch.kind == "cancel" else self.scene.seat_for(other(seat.player))
        return meter_flight(
            self.views[seat.player - 1],
            launch,
            self.meters[target.player - 1],
            self.shown_pending(target),
        )

    def steady(self):
        """Per player: the score, the blocks cleared and the progress toward the goal."""
        scene = self.scene
        return tuple(
            (
                scene.seat_for(player).shown_score(),
                scene.seat_for(player).shown_cleared(),
                shown_progress(scene, player),
            )
            for player in (1, 2)
        )

    def draw_steady(self, surface: pygame.Surface, steady) -> None:
        for player, panel, (score, cleared, progress) in zip((1, 2), self.panels, steady):
            right, room = panel.right - 18, panel.width - 36
            for value, y, colour in ((score, 210, palette.WHITE), (cleared, 266, palette.GREEN)):
                text(
                    surface,
                    str(value),
                    (right, panel.y + y),
                    28,
                    colour,
                    "topright",
                    max_width=room,
                )
            bar = pygame.Rect(panel.x + 18, panel.y + 328, panel.width - 36, 24)
            progress_bar(surface, bar, progress.value, progress.target, PLAYER_COLOURS[player])
            text(
                surface,
                f"{min(progress.value, progress.target)} / {progress.target}",
                (panel.centerx, panel.y + 362),
                21,
                palette.WHITE,
                "midtop",
                max_width=panel.width - 24,
            )

    def draw_panels(self, surface: pygame.Surface) -> None:
        scene = self.scene
        for player, panel in ((1, self.panels[0]), (2, self.panels[1])):
            seat = scene.seat_for(player)
            round_pips(surface, (panel.centerx, panel.y + 54), scene.match, player)
            if scene.playing:  # a stopped clock would read as time still to play
                self.ring.draw(
                    surface,
                    (panel.centerx, panel.y + 122),
                    seat.timer_fraction(),
                    seconds_left(seat),
                    35,
                )
            else:
                self._draw_result(surface, panel, player)
            if seat.game.stones is not None:
                self.draw_meter(surface, seat, self.meters[player - 1])
        draw_flights(surface, scene.flights, lambda size: block_sprite(size, STONE))

    def _draw_result(self, surface, panel: pygame.Rect, player: int) -> None:
        winner = self.scene.round_winner()
        if winner is None:
            word, colour = tr("DRAW"), palette.YELLOW
        else:
            word, colour = (
                (tr("WIN"), palette.YELLOW) if winner == player else (tr("LOSE"), palette.GREY)
            )
        text(
            surface, word, (panel.centerx, panel.y + 122), 42, colour, "center"
        )  # where the ring stood

    def draw_bar(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if scene.end_frames > FINAL_BOARD_FRAMES and not scene.match_over:
            return  # the round's result takes the whole bar
        halves = (
            pygame.Rect(BAR.x, BAR.y, BAR.width // 2, BAR.height),
            pygame.Rect(BAR.centerx, BAR.y, BAR.width // 2, BAR.height),
        )
        for player, half in ((1, halves[0]), (2, halves[1])):
            seat = scene.seat_for(player)
            shown = self.bar_message(seat)
            if shown is None:
                progress = shown_progress(scene, player)
                done = min(progress.value, progress.target)
                fields = {
                    "name": side_short_name(scene.match, player),
                    "value": done,
                    "target": progress.target,
                }
                words = (
                    tr("{name}  {value}/{target} CLEARS", **fields)
                    if progress.kind == "clears"
                    else tr("{name}  {value}/{target} PTS", **fields)
                )
                shown = (words, PLAYER_COLOURS[player])
            text(surface, shown[0], half.center, 21, shown[1], "center", max_width=half.width - 24)

    def draw_banner(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if not scene.match_over:
            round_result(surface, scene.match, scene.round_winner(), BAR.center, BAR.size)
            return
        winner = scene.match.winner
        # High up, over the fields' top rows: the S line, where games are lost, stays in view;
        # between the side panels, so the names and the rounds won stay in view too.
        width = self.panels[1].x - self.panels[0].right - 16
        box = self.banner(
            surface, width, 220, PLAYER_COLOURS.get(winner, palette.YELLOW), (WIDTH // 2, TOP + 110)
        )
        title, colour = (
            tr("{side} WINS!", side=side_name(scene.match, winner)),
            PLAYER_COLOURS[winner],
        )
        text(
            surface,
            title,
            (box.centerx, box.y + 18),
            42,
            colour,
            "midtop",
            max_width=box.width - 40,
        )
        text(
            surface,
            tr("MATCH {score}", score=scene.match.score_line(winner)),
            (box.centerx, box.y + 70),
            28,
            palette.WHITE,
            "midtop",
        )
        # What decided the race, not the scores: each side's clears (or points) toward the goal.
        rows = [
            (
                player,
                side_short_name(scene.match, player),
                tr("WIN") if player == winner else tr("LOSE"),
                decisive(scene, player),
            )
            for player in (1, 2)
        ]
        size = _row_size(rows, box.width - 80)
        score_x = (
            box.right - 40 - max(text_size(score, size)[0] for *_, score in rows + [SCORE_ROOM])
        )
        word_x = score_x - 16
        # What is left of the words' column is the name's; a long one (a CPU, in Malay) shrinks into it.
        name_room = (
            word_x - max(text_size(word, size)[0] for _, _, word, _ in rows) - 16 - (box.x + 40)
        )
        for index, (player, name, word, score) in enumerate(rows):
            y = box.y + 120 + index * 40
            room = name_room
            if score:
                text(
                    surface,
                    word,
                    (word_x, y),
                    size,
                    palette.YELLOW if player == winner else palette.GREY,
                    "topright",
                )
                text(surface, score, (box.right - 40, y), size, palette.WHITE, "topright")
            else:  # the stack that ended the match: GAME OVER across the word and number columns
                over = text(
                    surface, tr("GAME OVER"), (box.right - 40, y), size, palette.RED, "topright"
                )
                room = over.x - 16 - (box.x + 40)
            text(surface, name, (box.x + 40, y), size, PLAYER_COLOURS[player], max_width=room)


SCORE_ROOM = (0, "", "", "00000")  # a result row's last column is at least five digits wide


def decisive(scene, player: int) -> str:
    """What decided the match for ``player``: how far they came in the measure the race is run
    on (blocks cleared, or points), as the bar below says it against the goal; "" when their
    stack ended it (the row then says GAME OVER)."""
    if scene.seat_for(player).game.game_over:
        return ""
    progress = scene.versus.progress(player)
    return str(min(progress.value, progress.target))


def _row_size(rows, width: int) -> int:
    """The size at which each result row (name, WIN or LOSE, score) fits ``width`` in three
    columns: 28, or the readable 21 for a CPU's longer name."""

    def needed(size: int) -> int:
        return (
            sum(
                max(text_size(row[column], size)[0] for row in rows + [SCORE_ROOM])
                for column in (1, 2, 3)
            )
            + 32
        )

    return 28 if needed(28) <= width else READABLE


def shown_progress(scene, player: int):
    """A versus player's progress as far as their animation has revealed it."""
    progress = scene.versus.progress(player)
    seat = scene.seat_for(player)
    value = seat.shown_cleared() if progress.kind == "clears" else seat.shown_score()
    return dataclasses.replace(progress, value=value)


def _hi_score(scene) -> int:
    """The top of the table this game competes for (0 without a store)."""
    store = scene.ctx.store
    if store is None:
        return 0
    top = store.scores.top(scene.table)
    return top[0].score if top else 0
