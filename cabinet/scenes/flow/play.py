"""Starting a game from the flow: the credits taken, a fresh seed, and what follows its end.

Every game a player starts goes through here. The catalogue builds the screen;
this module gives it the flow's ending (:func:`game_ended`: the score saved,
initials, the ranking; a decided match's rematch offer) and the challenger
check, so the game scene itself never picks the next screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cabinet.games.match import Climb, Match, Series, cpu_match, rounds_to_win
from cabinet.language import tr
from cabinet.scenes import catalogue
from cabinet.scenes.flow.challenger import challenge
from cabinet.scenes.flow.finish import finish_game, finish_match
from cabinet.scenes.flow.ladder import LadderScene
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.ending import Ending, MatchEnd, stop


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def game_ended(ctx, ending: Ending) -> None:
    """The flow after a game: a match's rematch offer or records, a game's score and initials."""
    if isinstance(ending, MatchEnd):
        finish_match(ctx, ending, again=rematch_scene)
    else:
        finish_game(ctx, ending)


def check_challenger(scene, event) -> bool:
    """The challenger check every game started here carries: a Start at the idle panel."""
    return challenge(scene, event, then=challenger_match)


def challenger_match(ctx, game: str) -> None:
    """After a challenger's banner: the two people play a versus match of ``game``."""
    ctx.scenes.reset(match_scene(ctx, Match(game, rounds_to_win(ctx.settings, game), new_seed())))


def match_scene(ctx, match: Match, series: Series | None = None, demo: bool = False) -> Scene:
    """The screen that plays ``match``; ``demo`` for attract mode (no ending, no challenger)."""
    if demo:
        return catalogue.entry(match.game).versus(ctx, match, series, demo=True, on_end=stop)
    return catalogue.entry(match.game).versus(
        ctx, match, series, on_end=ctx.finish, check=check_challenger
    )


def rematch_scene(ctx, match: Match, series: Series) -> Scene:
    """A rematch of ``match`` on a new seed, in the same ``series`` (win streaks go on, a climb
    plays the CPU level ``match`` names)."""
    return match_scene(ctx, match.rematch(new_seed()), series)


def single_scene(ctx, game: str, **options) -> Scene:
    """A one-player game of ``game`` at the panel that chose it (``ctx.player``)."""
    return catalogue.entry(game).single(
        ctx, ctx.player, new_seed(), on_end=ctx.finish, check=check_challenger, **options
    )


def start_game(
    ctx, game: str, mode: str, make_scene: Callable[[], Scene], on_fail: Callable[[str], None]
) -> None:
    """Take the credits for ``game``/``mode`` and start its scene; else say what is missing."""
    bank = ctx.bank
    # In free play start() takes nothing but still counts the play in the audits.
    if not bank.start(game, mode):
        price = bank.price(mode)
        on_fail(
            tr("{price} CREDITS NEEDED - INSERT COIN", price=price)
            if price > 1
            else tr("1 CREDIT NEEDED - INSERT COIN")
        )
        return
    ctx.audio.play("start")
    ctx.scenes.reset(make_scene())


def play_match(ctx, match: Match, on_fail) -> None:
    """Take the match's price and start it."""
    start_game(ctx, match.game, match.mode, lambda: match_scene(ctx, match), on_fail)


def start_versus(ctx, game: str, on_fail) -> None:
    """Two people play a match of ``game``, player 1 on the left."""
    play_match(ctx, Match(game, rounds_to_win(ctx.settings, game), new_seed()), on_fail)


def start_cpu_match(ctx, game: str, level: int, on_fail) -> None:
    """The panel that chose plays ``game`` against the CPU at ``level``."""
    play_match(ctx, cpu_match(ctx.settings, game, ctx.player, level, new_seed()), on_fail)


def start_climb(ctx, game: str, on_fail) -> None:
    """The panel that chose climbs ``game``'s CPU ladder for one game's price: the ladder, then level 1."""
    climb = Climb(game, ctx.player)
    series = Series(climb=climb)

    def first_rung() -> None:
        ctx.scenes.reset(match_scene(ctx, climb.first_match(ctx.settings, new_seed()), series))

    start_game(ctx, game, "cpu", lambda: LadderScene(ctx, climb, first_rung), on_fail)
