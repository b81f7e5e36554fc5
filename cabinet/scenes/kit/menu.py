"""A menu screen: a vertical list of options under a heading, and what a game's mode menu starts through.

Up/down move, A or Start choose, B goes back; nobody touching the panel for
``IDLE_SECONDS`` returns to attract mode, counted down in the corner. An option
that starts a game names its price. Each game's own mode menu (in its screens
folder) is a :class:`MenuScene` whose options call a :class:`Starter` the flow
hands it, so the menu names what the player chose and the flow takes the
credits and starts the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cabinet.inputs.actions import Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.glyphs import POINT_RIGHT
from cabinet.render.sprites import panel
from cabinet.render.text import fit_size, text
from cabinet.scenes.kit.base import Scene, Standing
from cabinet.scenes.kit.credit_line import credit_line, credits_words, draw_credit_line
from cabinet.scenes.kit.fresh_press import FreshPresses
from cabinet.scenes.kit.widgets import READABLE, blink, draw_backdrop, draw_time_left, heading

__all__ = ["VS_CPU", "MenuScene", "Option", "Starter"]

IDLE_SECONDS = 30
ROW_H = 84
ROW_W = 640


@dataclass
class Option:
    """One row of a menu; ``priced_as``: the mode (as the credit bank prices it) of the game
    the option starts, whose price the row shows ("" for none)."""

    label: str
    detail: str
    choose: Callable[[], None]
    priced_as: str = ""


class MenuScene(Scene):
    """A vertical list of options under a heading."""

    title = N_("SELECT")  # an English message, translated as it is drawn
    standing = Standing.BETWEEN_GAMES  # a person choosing a game: the service menu may replace it

    def __init__(self, ctx, back: Callable[[], None] | None = None):
        super().__init__(ctx)
        self.back = back
        self.index = 0
        self.frames = 0
        self.idle = 0
        self.message = ""
        self.message_frames = 0
        self.message_credits = ""  # the credit line when the message came: a coin since ends it
        self.fresh = FreshPresses()  # the press that chose on the menu before does not choose here

    def options(self) -> list[Option]:
        raise NotImplementedError

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")
        self.fresh = FreshPresses()  # a menu comes back (B on the one after): guarded again

    def handle(self, event) -> None:
        if not self.fresh.admit(event) or not event.pressed or event.player not in (1, 2):
            return
        self.idle = 0
        options = self.options()
        if event.action in (Action.UP, Action.DOWN):
            step = -1 if event.action is Action.UP else 1
            self.index = (self.index + step) % len(options)
            self.ctx.audio.play("menu_move")
        elif event.action in (Action.A, Action.START):
            self.ctx.player = event.player
            self.ctx.audio.play("menu_select")
            options[self.index].choose()
        elif event.action is Action.B and self.back is not None:
            self.ctx.audio.play("menu_move")
            self.back()

    def update(self) -> None:
        self.fresh.tick()
        self.frames += 1
        self.idle += 1
        if self.message_frames:
            self.message_frames -= 1
            if credit_line(self.ctx) != self.message_credits:
                self.message_frames = 0  # "INSERT COIN" is done with once a coin is in
        if self.idle >= IDLE_SECONDS * 60:
            self.ctx.go_to_attract()

    def say(self, message: str) -> None:
        """Show a one-line message under the options for a few seconds, or until a coin
        changes the credit line (the message is most often what is missing)."""
        self.message, self.message_frames = message, 180
        self.message_credits = credit_line(self.ctx)

    def seconds_left(self) -> int:
        """Seconds before nobody's touch returns the cabinet to attract mode."""
        return max(0, IDLE_SECONDS * 60 - self.idle + 59) // 60

    def look(self):
        message = self.message if self.message_frames else ""
        return (
            self.index,
            blink(self.frames, 16),
            message,
            credit_line(self.ctx),
            self.seconds_left(),
        )

    def price(self, option: Option) -> str:
        """The price the row of ``option`` shows: "1 CREDIT"; "" in free play or for no game."""
        if not option.priced_as or self.ctx.free_play:
            return ""
        return credits_words(self.ctx.bank.price(option.priced_as))

    def draw(self, surface) -> None:
        draw_backdrop(surface)
        title = tr(self.title)
        heading(surface, title, 30, palette.YELLOW, fit_size(title, 42, WIDTH - 40))
        options = self.options()
        top = max(100, (HEIGHT - len(options) * ROW_H) // 2)
        left = (WIDTH - ROW_W) // 2
        for index, option in enumerate(options):
            y = top + index * ROW_H
            chosen = index == self.index
            surface.blit(
                panel(ROW_W, ROW_H - 10, palette.YELLOW if chosen else palette.PANEL_EDGE),
                (left, y),
            )
            colour = palette.WHITE if chosen else palette.GREY
            room = ROW_W - 60
            price = self.price(option)
            if price:
                shown = text(
                    surface,
                    price,
                    (left + ROW_W - 24, y + 14),
                    READABLE,
                    palette.YELLOW if chosen else palette.GREY,
                    "topright",
                )
                room = shown.x - 24 - (left + 30)
            text(surface, option.label, (left + 30, y + 10), 28, colour, max_width=room)
            text(
                surface,
                option.detail,
                (left + 30, y + 48),
                14,
                palette.CYAN if chosen else palette.DIM,
                max_width=ROW_W - 60,
            )
            if chosen and blink(self.frames, 16):
                text(surface, POINT_RIGHT, (left - 14, y + 22), 28, palette.YELLOW, "topright")
        draw_time_left(surface, self.seconds_left(), (WIDTH - 24, 16))
        if self.message_frames:
            text(surface, self.message, (WIDTH // 2, HEIGHT - 64), 21, palette.ORANGE, "midtop")
        keys = (
            tr("UP/DOWN CHOOSE   A SELECT   B BACK")
            if self.back
            else tr("UP/DOWN CHOOSE   A SELECT")
        )
        text(surface, keys, (16, HEIGHT - 10), 14, palette.GREY, "bottomleft")
        draw_credit_line(surface, self.ctx)


VS_CPU = N_("1P VS CPU")


class Starter(Protocol):
    """What a game's mode menu asks of the flow; each call takes the credits or
    says on the menu what is missing.

    ``single(menu, priced_as, **options)``: a one-player game, priced and audited
    as the mode ``priced_as``, built with the catalogue entry's ``single`` ``options``.
    ``versus(menu)``: two people play a match. ``cpu(menu)``: the player against
    the CPU (its level picked first when the operator lets players pick).
    """

    def single(self, menu: MenuScene, priced_as: str, **options) -> None: ...

    def versus(self, menu: MenuScene) -> None: ...

    def cpu(self, menu: MenuScene) -> None: ...


class ModeMenu(MenuScene):
    """A game's menu of modes (or one of its sub-menus): its options start games through
    ``play``, the flow's :class:`Starter`."""

    def __init__(self, ctx, play: Starter, back=None):
        super().__init__(ctx, back)
        self.play = play
