"""ANTI-GRAVITY's menus of modes: single (with its difficulty), versus, 1P vs CPU, contest lists."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from cabinet.language import N_, tr
from cabinet.scenes.kit.menu import VS_CPU, ModeMenu, Option
from cabinet.scenes.kit.widgets import difficulty_name

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext


class ModeSelectScene(ModeMenu):
    title = N_("ANTI-GRAVITY")
    name = "mode select"

    def options(self) -> list[Option]:
        versus = (
            N_("TWO PLAYERS - CHAINS SEND STONES")
            if self.ctx.settings.antigravity.versus.attacks
            else N_("TWO PLAYERS SIDE BY SIDE")
        )
        return [
            Option(tr("SINGLE"), tr("ONE PLAYER, PLAY FOR A HIGH SCORE"), self.single, "single"),
            Option(tr("VERSUS"), tr(versus), lambda: self.play.versus(self), "versus"),
            Option(
                tr(VS_CPU),
                tr("ONE PLAYER AGAINST THE COMPUTER"),
                lambda: self.play.cpu(self),
                "cpu",
            ),
            Option(
                tr("CONTEST"), tr("A FIXED LIST OF BLOCKS, SAME FOR ALL"), self.contest, "contest"
            ),
        ]

    def _back_here(self) -> None:
        self.ctx.scenes.replace(ModeSelectScene(self.ctx, self.play, back=self.back))

    def single(self) -> None:
        settings = self.ctx.settings.antigravity
        if settings.player_picks_difficulty:
            self.ctx.scenes.replace(
                DifficultySelectScene(self.ctx, self.play, back=self._back_here)
            )
        else:
            start_one(self, "single", settings.difficulty, None)

    def contest(self) -> None:
        self.ctx.scenes.replace(ContestSelectScene(self.ctx, self.play, back=self._back_here))


class DifficultySelectScene(ModeMenu):
    title = N_("DIFFICULTY")
    name = "difficulty select"

    def __init__(self, ctx: SceneContext, play, back=None):
        super().__init__(ctx, play, back)
        order = list(ctx.settings.antigravity.difficulties)
        default = ctx.settings.antigravity.difficulty
        self.index = order.index(default) if default in order else 0

    def options(self) -> list[Option]:
        options = []
        for name, level in self.ctx.settings.antigravity.difficulties.items():
            detail = tr(
                "{colours} COLOURS - {seconds} S A TURN",
                colours=level.colours,
                seconds=f"{level.turn_seconds:g}",
            )
            options.append(
                Option(
                    difficulty_name(name),
                    detail,
                    partial(start_one, self, "single", name, None),
                    "single",
                )
            )
        return options


class ContestSelectScene(ModeMenu):
    title = N_("CONTEST LIST")
    name = "contest select"

    def options(self) -> list[Option]:
        options = []
        for contest in self.ctx.settings.antigravity.contests:
            detail = tr(
                "{pairs} PAIRS - {colours} COLOURS - {seconds} S",
                pairs=contest.length,
                colours=contest.colours,
                seconds=f"{contest.turn_seconds:g}",
            )
            options.append(
                Option(
                    contest.name.upper(),
                    detail,
                    partial(start_one, self, "contest", None, contest),
                    "contest",
                )
            )
        return options


def start_one(menu, mode: str, difficulty, contest) -> None:
    """A one-player game (single or contest) through the flow's starter: the panel that chose drives."""
    menu.play.single(menu, mode, mode=mode, difficulty=difficulty, contest=contest)
