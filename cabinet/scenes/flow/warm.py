"""Warm the caches a screen's first frame would fill, before the cabinet's first frame.

Words, glyphs and sprites are rendered once and kept (:mod:`cabinet.render.text`,
:mod:`cabinet.render.sprites`), so a screen's first frame renders all of its own:
5 ms here, about ten times that on a Pi, a dropped frame at each change of attract
page. :func:`warm` draws every screen a passer-by sees, and the first a player
sees, once onto a scratch surface while the cabinet starts; after it a first frame
costs little more than any other (its own static layers remain).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial

from cabinet.language import N_
from cabinet.scenes import catalogue
from cabinet.scenes.antigravity.modes import ContestSelectScene, DifficultySelectScene
from cabinet.scenes.flow.attract import AttractScene, Part, versus_demo
from cabinet.scenes.flow.howto import HowToScene
from cabinet.scenes.flow.initials import InitialsScene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.select import GameSelectScene, ModeStarter
from cabinet.scenes.flow.tables import ScoreTablesScene
from cabinet.scenes.flow.title import TitleScene
from cabinet.scenes.kit.base import Scene
from cabinet.storage import scores

log = logging.getLogger(__name__)


def screens(ctx) -> list[tuple[str, Callable[[], Scene]]]:
    """(name, maker) of the screens to warm: the attract loop's pages (in attract mode's
    frame, with its prompt strip) and a player's menus (game, mode and difficulty select,
    initials, ranking). The service pages live a layer above: the app adds the ones worth it."""
    made: list[tuple[str, Callable[[], Scene]]] = [
        ("title", lambda: TitleScene(ctx)),
        ("game select", lambda: GameSelectScene(ctx)),
        ("initials", lambda: InitialsScene(ctx, "blocks", 12345)),
        ("ranking", lambda: RankingScene(ctx, "blocks", rank=3)),
    ]
    menus = ["title", "game select", "initials", "ranking"]
    for entry in catalogue.entries():
        made.append((f"{entry.game} mode select", ModeStarter(ctx, entry.game).menu))
        menus.append(f"{entry.game} mode select")
    starter = ModeStarter(ctx, "antigravity")
    made += [
        ("difficulty select", lambda: DifficultySelectScene(ctx, starter)),
        ("contest select", lambda: ContestSelectScene(ctx, starter)),
    ]
    menus += ["difficulty select", "contest select"]
    for entry in catalogue.entries():
        tables = entry.tables(ctx.settings) + [scores.streak_table(entry.game)]
        made += [
            (f"{entry.game} demo", partial(entry.demo, ctx, 1)),
            (f"{entry.game} versus demo", partial(versus_demo, ctx, entry.game, 1)),
            (
                f"{entry.game} scores",
                partial(ScoreTablesScene, ctx, N_("{game} RECORDS"), tables, 8, game=entry.title),
            ),  # as attract titles it
            (f"how to play {entry.game}", partial(HowToScene, ctx, entry.game)),
        ]
        made += [
            (f"how to play {entry.game} film {index + 1}", make)
            for index, (_, make) in enumerate(entry.attract.howto_films(ctx))
        ]
    return [(name, make if name in menus else _in_attract(ctx, name, make)) for name, make in made]


def _in_attract(ctx, name: str, make):
    """A maker of ``make()``'s screen as an attract page."""

    def page():
        attract = AttractScene(ctx, parts=[Part(name, 1, make)])
        attract.next_part()
        return attract

    return page


def warm(ctx, surface, more=()) -> float:
    """Draw each of :func:`screens`, then each of ``more`` ((name, maker) of screens from the
    layers above, the service pages), once onto ``surface`` (a scratch one: it is drawn over);
    the seconds it took. A screen that fails is logged and skipped: warming is never fatal."""
    started = time.perf_counter()
    for name, make in [*screens(ctx), *more]:
        try:
            make().draw(surface)
        except Exception:
            log.exception("warming the caches of %s failed; its first frame will fill them", name)
    return time.perf_counter() - started
