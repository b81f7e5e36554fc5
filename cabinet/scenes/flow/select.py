"""The selection screens between Start and a game: the game, then its mode menu, the CPU ladder
or a single match, the CPU's level.

Each is a :class:`~cabinet.scenes.kit.menu.MenuScene`. A game's own mode menu
lives in its screens folder (its catalogue entry's ``modes``) and starts games
through a :class:`ModeStarter`. The credit for a game is taken only when the
game actually starts.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from cabinet.games.match import cpu_levels, default_cpu_level
from cabinet.language import N_, tr
from cabinet.scenes import catalogue
from cabinet.scenes.flow.cpu_names import CPU_DETAILS, CPU_NAMES
from cabinet.scenes.flow.play import (
    single_scene,
    start_climb,
    start_cpu_match,
    start_game,
    start_versus,
)
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.menu import MenuScene, Option

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext


class GameSelectScene(MenuScene):
    title = N_("SELECT GAME")
    name = "game select"

    def __init__(self, ctx: SceneContext, back=None):
        super().__init__(ctx, back or ctx.go_to_attract)  # B leaves for attract mode

    def options(self) -> list[Option]:
        return [
            Option(entry.title, tr(entry.detail), partial(self.pick, entry.game))
            for entry in catalogue.entries()
        ]

    def pick(self, game: str) -> None:
        self.ctx.scenes.replace(ModeStarter(self.ctx, game).menu(back=self._again))

    def _again(self) -> None:
        self.ctx.scenes.replace(GameSelectScene(self.ctx))


class CpuModeScene(MenuScene):
    """1P VS CPU with the ladder on and the level pick offered: the climb, or one match at a level."""

    title = N_("1P VS CPU")
    name = "cpu mode select"

    # Every word this menu shows, in one place.
    LADDER = N_("CPU LADDER")
    LADDER_DETAIL = N_("BEAT LEVEL 1, 2, 3, 4, THEN MASTER")
    SINGLE = N_("SINGLE MATCH")
    SINGLE_DETAIL = N_("ONE MATCH AGAINST THE LEVEL YOU PICK")

    def __init__(self, ctx: SceneContext, game: str, back=None):
        super().__init__(ctx, back)
        self.game = game

    def options(self) -> list[Option]:
        return [
            Option(tr(self.LADDER), tr(self.LADDER_DETAIL), self.climb),
            Option(tr(self.SINGLE), tr(self.SINGLE_DETAIL), self.pick_level),
        ]

    def climb(self) -> None:
        start_climb(self.ctx, self.game, self.say)

    def pick_level(self) -> None:
        ctx = self.ctx
        ctx.scenes.replace(CpuLevelScene(ctx, self.game, back=lambda: ctx.scenes.replace(self)))


class CpuLevelScene(MenuScene):
    """The player picks the CPU's level among those the operator offers."""

    title = N_("CPU LEVEL")
    name = "cpu level select"

    def __init__(self, ctx: SceneContext, game: str, back=None):
        super().__init__(ctx, back)
        self.game = game
        self.levels = cpu_levels(ctx.settings)
        self.index = self.levels.index(default_cpu_level(ctx.settings))

    def options(self) -> list[Option]:
        return [
            Option(
                tr("LEVEL {level}  {name}", level=level, name=tr(CPU_NAMES[level])),
                tr(CPU_DETAILS[level]),
                partial(self.pick, level),
                "cpu",
            )
            for level in self.levels
        ]

    def pick(self, level: int) -> None:
        start_cpu_match(self.ctx, self.game, level, self.say)


class ModeStarter:
    """The :class:`~cabinet.scenes.kit.menu.Starter` of ``game``'s mode menu: the
    credits taken, the game started, or the menu told what is missing."""

    def __init__(self, ctx: SceneContext, game: str):
        self.ctx = ctx
        self.game = game

    def menu(self, back=None) -> Scene:
        """The game's own mode menu (its catalogue entry's ``modes``), starting through here."""
        return catalogue.entry(self.game).modes(self.ctx, self, back=back)

    def single(self, menu: MenuScene, priced_as: str, **options) -> None:
        start_game(
            self.ctx,
            self.game,
            priced_as,
            lambda: single_scene(self.ctx, self.game, **options),
            menu.say,
        )

    def versus(self, menu: MenuScene) -> None:
        start_versus(self.ctx, self.game, menu.say)

    def cpu(self, menu: MenuScene) -> None:
        """1P VS CPU chosen: the ladder or a single match (both offered), the level pick, or straight
        into the ladder's climb or the match at the operator's level."""
        ctx = self.ctx
        versus = ctx.settings.versus

        def back() -> None:
            ctx.scenes.replace(self.menu(menu.back))

        if versus.cpu_ladder and versus.player_picks_cpu_level:
            ctx.scenes.replace(CpuModeScene(ctx, self.game, back=back))
        elif versus.cpu_ladder:
            start_climb(ctx, self.game, menu.say)
        elif versus.player_picks_cpu_level:
            ctx.scenes.replace(CpuLevelScene(ctx, self.game, back=back))
        else:
            start_cpu_match(ctx, self.game, default_cpu_level(ctx.settings), menu.say)
