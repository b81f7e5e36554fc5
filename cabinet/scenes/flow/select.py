"""The selection screens between Start and a game: game, mode, difficulty, contest list.

Each is a :class:`MenuScene`: up/down move, A or Start choose, B goes back.
Nobody touching the panel for a while returns to attract mode. The credit for a
game is taken only when the game actually starts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

from cabinet.games.match import cpu_levels, default_cpu_level
from cabinet.inputs.actions import Action
from cabinet.render import HEIGHT, WIDTH, fit_size, palette, text
from cabinet.render.glyphs import POINT_RIGHT
from cabinet.render.sprites import panel
from cabinet.scenes import catalogue
from cabinet.scenes.flow.play import single_scene, start_cpu_match, start_game, start_versus
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.common import blink, credit_line, draw_backdrop, draw_credit_line, heading

log = logging.getLogger(__name__)

IDLE_SECONDS = 30
ROW_H = 84


@dataclass
class Option:
    label: str
    detail: str
    choose: Callable[[], None]


class MenuScene(Scene):
    """A vertical list of options under a heading."""

    title = "SELECT"

    def __init__(self, ctx, back: Callable[[], None] | None = None):
        super().__init__(ctx)
        self.back = back
        self.index = 0
        self.frames = 0
        self.idle = 0
        self.message = ""
        self.message_frames = 0

    def options(self) -> list[Option]:
        raise NotImplementedError

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")

    def handle(self, event) -> None:
        if not event.pressed or event.player not in (1, 2):
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
        self.frames += 1
        self.idle += 1
        if self.message_frames:
            self.message_frames -= 1
        if self.idle >= IDLE_SECONDS * 60:
            self.ctx.go_to_attract()

    def say(self, message: str) -> None:
        """Show a one-line message under the options for a few seconds."""
        self.message, self.message_frames = message, 180

    def look(self):
        message = self.message if self.message_frames else ""
        return self.index, blink(self.frames, 16), message, credit_line(self.ctx)

    def draw(self, surface) -> None:
        draw_backdrop(surface)
        heading(surface, self.title, 30, palette.YELLOW, 42)
        options = self.options()
        top = max(100, (HEIGHT - len(options) * ROW_H) // 2)
        for index, option in enumerate(options):
            y = top + index * ROW_H
            chosen = index == self.index
            surface.blit(panel(560, ROW_H - 10, palette.YELLOW if chosen else palette.PANEL_EDGE),
                         ((WIDTH - 560) // 2, y))
            colour = palette.WHITE if chosen else palette.GREY
            size = fit_size(option.label, 28, 480)
            text(surface, option.label, (WIDTH // 2 - 250, y + 10), size, colour)
            text(surface, option.detail, (WIDTH // 2 - 250, y + 48), fit_size(option.detail, 14, 500),
                 palette.CYAN if chosen else palette.DIM)
            if chosen and blink(self.frames, 16):
                text(surface, POINT_RIGHT, ((WIDTH - 560) // 2 - 14, y + 22), 28, palette.YELLOW, "topright")
        if self.message_frames:
            text(surface, self.message, (WIDTH // 2, HEIGHT - 64), 21, palette.ORANGE, "midtop")
        keys = "UP/DOWN CHOOSE   A SELECT" + ("   B BACK" if self.back else "")
        text(surface, keys, (16, HEIGHT - 10), 14, palette.GREY, "bottomleft")
        draw_credit_line(surface, self.ctx)


class GameSelectScene(MenuScene):
    title = "SELECT GAME"
    name = "game select"

    def __init__(self, ctx, back=None):
        super().__init__(ctx, back or ctx.go_to_attract)  # B leaves for attract mode

    def options(self) -> list[Option]:
        return [Option(entry.title, entry.detail, lambda game=game: self.pick(game))
                for game, entry in catalogue.GAMES.items()]

    def pick(self, game: str) -> None:
        self.ctx.scenes.replace(MODE_MENUS[game](self.ctx, back=self._again))

    def _again(self) -> None:
        self.ctx.scenes.replace(GameSelectScene(self.ctx))


class BlocksModeScene(MenuScene):
    title = "BLOCKS"
    name = "blocks mode select"

    def options(self) -> list[Option]:
        return [
            Option("SINGLE", "ONE PLAYER, PLAY FOR A HIGH SCORE", self.single),
            Option("VERSUS", "TWO PLAYERS - CLEAR LINES TO SEND STONES", self.versus),
            Option(VS_CPU, "ONE PLAYER AGAINST THE COMPUTER", lambda: pick_cpu(self, "blocks")),
        ]

    def single(self) -> None:
        start_game(self.ctx, "blocks", "blocks", lambda: single_scene(self.ctx, "blocks"), self.say)

    def versus(self) -> None:
        start_versus(self.ctx, "blocks", self.say)


class ModeSelectScene(MenuScene):
    title = "ANTI-GRAVITY"
    name = "mode select"

    def options(self) -> list[Option]:
        return [
            Option("SINGLE", "ONE PLAYER, PLAY FOR A HIGH SCORE", self.single),
            Option("VERSUS", "TWO PLAYERS SIDE BY SIDE", self.versus),
            Option(VS_CPU, "ONE PLAYER AGAINST THE COMPUTER", lambda: pick_cpu(self, "antigravity")),
            Option("CONTEST", "A FIXED LIST OF BLOCKS, SAME FOR ALL", self.contest),
        ]

    def _back_here(self) -> None:
        self.ctx.scenes.replace(ModeSelectScene(self.ctx, back=self.back))

    def single(self) -> None:
        settings = self.ctx.settings.antigravity
        if settings.player_picks_difficulty:
            self.ctx.scenes.replace(DifficultySelectScene(self.ctx, back=self._back_here))
        else:
            play_antigravity(self.ctx, "single", settings.difficulty, None, self.say)

    def versus(self) -> None:
        start_versus(self.ctx, "antigravity", self.say)

    def contest(self) -> None:
        self.ctx.scenes.replace(ContestSelectScene(self.ctx, back=self._back_here))


class DifficultySelectScene(MenuScene):
    title = "DIFFICULTY"
    name = "difficulty select"

    def __init__(self, ctx, back=None):
        super().__init__(ctx, back)
        order = list(ctx.settings.antigravity.difficulties)
        default = ctx.settings.antigravity.difficulty
        self.index = order.index(default) if default in order else 0

    def options(self) -> list[Option]:
        options = []
        for name, level in self.ctx.settings.antigravity.difficulties.items():
            detail = f"{level.colours} COLOURS - {level.turn_seconds:g} S A TURN"
            options.append(Option(name.upper(), detail, lambda name=name: self.pick(name)))
        return options

    def pick(self, difficulty: str) -> None:
        play_antigravity(self.ctx, "single", difficulty, None, self.say)


class ContestSelectScene(MenuScene):
    title = "CONTEST LIST"
    name = "contest select"

    def options(self) -> list[Option]:
        options = []
        for contest in self.ctx.settings.antigravity.contests:
            detail = f"{contest.length} PAIRS - {contest.colours} COLOURS - {contest.turn_seconds:g} S"
            options.append(Option(contest.name.upper(), detail, lambda c=contest: self.pick(c)))
        return options

    def pick(self, contest) -> None:
        play_antigravity(self.ctx, "contest", None, contest, self.say)


class CpuLevelScene(MenuScene):
    """The player picks the CPU's level among those the operator offers."""

    title = "CPU LEVEL"
    name = "cpu level select"

    def __init__(self, ctx, game: str, back=None):
        super().__init__(ctx, back)
        self.game = game
        self.levels = cpu_levels(ctx.settings)
        self.index = self.levels.index(default_cpu_level(ctx.settings))

    def options(self) -> list[Option]:
        return [Option(f"LEVEL {level}  {CPU_NAMES[level]}", CPU_DETAILS[level], lambda level=level: self.pick(level))
                for level in self.levels]

    def pick(self, level: int) -> None:
        start_cpu_match(self.ctx, self.game, level, self.say)


VS_CPU = "1P VS CPU"
CPU_NAMES = {1: "ROOKIE", 2: "EASY", 3: "NORMAL", 4: "HARD", 5: "MASTER"}
CPU_DETAILS = {
    1: "SLOW HANDS, MANY MISTAKES",
    2: "STEADY, STILL SLIPS NOW AND THEN",
    3: "QUICK AND CAREFUL",
    4: "FAST, LOOKS AHEAD",
    5: "THE STRONGEST THE CABINET CAN PLAY",
}


def pick_cpu(menu: MenuScene, game: str) -> None:
    """1P VS CPU chosen: the level pick, or straight into the match at the operator's level."""
    ctx = menu.ctx
    if ctx.settings.versus.player_picks_cpu_level:
        back = type(menu)
        ctx.scenes.replace(CpuLevelScene(ctx, game, back=lambda: ctx.scenes.replace(back(ctx, back=menu.back))))
    else:
        start_cpu_match(ctx, game, default_cpu_level(ctx.settings), menu.say)


def play_antigravity(ctx, mode: str, difficulty, contest, on_fail) -> None:
    """A one-player game (single or contest): the panel that chose drives."""
    start_game(ctx, "antigravity", mode,
               lambda: single_scene(ctx, "antigravity", mode=mode, difficulty=difficulty, contest=contest), on_fail)


# Each game's own menu of modes, after the game select.
MODE_MENUS: dict[str, type[MenuScene]] = {"blocks": BlocksModeScene, "antigravity": ModeSelectScene}
