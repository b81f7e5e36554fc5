"""Every game the cabinet offers, one entry each: how to start it, its menus, pages and tables.

An :class:`Entry` is all the flow (:mod:`cabinet.scenes.flow`) and the service
menu know of a game: they start a one-player game (``single``), a versus match
(``versus``), an attract-mode demo (``demo``) or a replay (``replay``) through
it, and read its mode menu, its share of attract mode, the tables it plays
for, its how-to page and its settings page's line. Whoever starts a game passes
``on_end`` (what happens when it ends) and ``check`` (the challenger's Start):
an entry never picks the next screen. A new game is one rules folder under
:mod:`cabinet.games`, one screens folder under :mod:`cabinet.scenes` and one
entry in :data:`GAMES` (docs/architecture.md, step by step).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from cabinet.games.antigravity.demo import demo_pilots, demo_versus_pilots
from cabinet.games.blocks.pilot import BlocksDemoPilot
from cabinet.games.match import match_pilots
from cabinet.games.pilots import HumanPilot, ReplayPilot
from cabinet.language import N_
from cabinet.scenes.antigravity.howto import howto_page as antigravity_howto
from cabinet.scenes.antigravity.howto_film import film_chapters
from cabinet.scenes.antigravity.modes import ModeSelectScene
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.howto import howto_page as blocks_howto
from cabinet.scenes.blocks.modes import BlocksModeScene
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.blocks.versus import BlocksVersusScene
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.ending import stop
from cabinet.scenes.kit.game_screen import GameScreen
from cabinet.scenes.kit.howto_page import HowToPage
from cabinet.scenes.kit.replay_rules import recorded_match, section_from_dict
from cabinet.settings.schema import AntiGravitySettings, BlocksSettings, RampSettings
from cabinet.storage.scores import antigravity_tables

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.games.match import Match, Series
    from cabinet.scenes.kit.ending import InputCheck, OnEnd
    from cabinet.scenes.kit.menu import Starter
    from cabinet.scenes.kit.scene_context import SceneContext
    from cabinet.settings.schema import AttractSettings, ContestList, Settings
    from cabinet.storage.replays import Replay

__all__ = ["GAMES", "AttractShare", "Entry", "entries", "entry"]


# ---------------------------------------------------------------------- what an entry gives


class StartsSingle(Protocol):
    """An entry's ``single``: a one-player game at ``player``'s panel; a game's own options
    (ANTI-GRAVITY's ``mode``, ``difficulty``, ``contest``) are keywords with defaults."""

    def __call__(
        self,
        ctx: SceneContext,
        player: int,
        seed: int,
        *,
        on_end: OnEnd,
        check: InputCheck | None = None,
    ) -> GameScreen: ...


class StartsVersus(Protocol):
    """An entry's ``versus``: the screen of ``match`` (a demo's CPUs, or people and the CPU)."""

    def __call__(
        self,
        ctx: SceneContext,
        match: Match,
        series: Series | None = None,
        demo: bool = False,
        *,
        on_end: OnEnd,
        check: InputCheck | None = None,
    ) -> GameScreen: ...


class OpensModes(Protocol):
    """An entry's ``modes``: its mode menu, starting games through ``play``; ``back`` leaves it."""

    def __call__(
        self, ctx: SceneContext, play: Starter, back: Callable[[], None] | None = None
    ) -> Scene: ...


@dataclass(frozen=True)
class AttractShare:
    """A game's part of attract mode's loop: its demo, its score pages, its how-to page.

    ``demo_seconds(attract)`` and ``scores_seconds(attract)`` read the operator's
    times from the attract settings. Live demos take turns between a one-player
    game and a versus round of two CPUs; ``versus_first`` says which opens.
    ``shared_scores``: the score pages share ``scores_seconds`` (never less than
    4 s a page) rather than each page showing for all of it. ``howto_films(ctx)``: the
    chapters of an animated how-to, as (seconds, maker), that take turns with the
    how-to page, one a loop (each ends by itself); none by default.
    """

    demo_seconds: Callable[[AttractSettings], float]
    scores_seconds: Callable[[AttractSettings], float]
    versus_first: bool
    shared_scores: bool
    howto_films: Callable[..., list[tuple[float, Callable[[], Scene]]]] = lambda ctx: []


@dataclass(frozen=True)
class Entry:
    """One game as the flow starts and shows it.

    ``single`` (:class:`StartsSingle`) and ``versus`` (:class:`StartsVersus`) start a game
    for people. ``demo(ctx, seed)``: a one-player game the AI plays for attract mode.
    ``replay(ctx, replay)``: the recorded game, watched (``ctx`` carries the rules of
    :attr:`replay_rules`). ``replay_rules(settings, replay)``: ``settings`` with this game's
    section as the replay recorded it. ``tables(settings)``: the high-score tables of its
    attract pages, in order. ``howto(settings)``: its how-to page. ``modes``
    (:class:`OpensModes`): its mode menu after the game select. ``attract``: its part of
    attract mode's loop, in catalogue order. ``settings_detail``: the service menu's line
    under the page of its settings section (the section named ``game``).
    """

    game: str
    title: str
    detail: str
    single: StartsSingle
    versus: StartsVersus
    demo: Callable[[SceneContext, int], GameScreen]
    replay: Callable[[SceneContext, Replay], GameScreen]
    replay_rules: Callable[[Settings, Replay], Settings]
    tables: Callable[[Settings], list[str]]
    howto: Callable[[Settings], HowToPage]
    modes: OpensModes
    attract: AttractShare
    settings_detail: str


# ---------------------------------------------------------------------- BLOCKS


def _blocks_single(
    ctx: SceneContext, player: int, seed: int, *, on_end: OnEnd, check: InputCheck | None = None
) -> GameScreen:
    return BlocksScene(ctx, HumanPilot(player), seed, on_end=on_end, check=check)


def _blocks_versus(
    ctx: SceneContext,
    match: Match,
    series: Series | None = None,
    demo: bool = False,
    *,
    on_end: OnEnd,
    check: InputCheck | None = None,
) -> GameScreen:
    return BlocksVersusScene(
        ctx, match, match_pilots(match), series=series, demo=demo, on_end=on_end, check=check
    )


def _blocks_demo(ctx: SceneContext, seed: int) -> GameScreen:
    return BlocksScene(ctx, BlocksDemoPilot(seed=seed), seed, demo=True, on_end=stop)


def _blocks_replay(ctx: SceneContext, replay: Replay) -> GameScreen:
    pilot = ReplayPilot(replay)
    match = recorded_match(replay)  # None: a one-player game's replay
    if match is not None:
        return BlocksVersusScene(ctx, match, [pilot], on_end=stop, watched=True)
    return BlocksScene(ctx, pilot, replay.seed, on_end=stop, watched=True)


def _blocks_rules(settings: Settings, replay: Replay) -> Settings:
    rules = section_from_dict(BlocksSettings, replay.settings)
    if "ramp" not in replay.settings:  # recorded before the ramp existed: played without it
        rules = dataclasses.replace(rules, ramp=False)
    return dataclasses.replace(settings, blocks=rules)


# ---------------------------------------------------------------------- ANTI-GRAVITY


def _antigravity_single(
    ctx: SceneContext,
    player: int,
    seed: int,
    *,
    on_end: OnEnd,
    check: InputCheck | None = None,
    mode: str = "single",
    difficulty: str | None = None,
    contest: ContestList | str | None = None,
) -> GameScreen:
    return AntiGravityScene(
        ctx,
        mode,
        difficulty=difficulty,
        contest=contest,
        pilots=[HumanPilot(player)],
        seed=seed,
        on_end=on_end,
        check=check,
    )


def _antigravity_versus(
    ctx: SceneContext,
    match: Match,
    series: Series | None = None,
    demo: bool = False,
    *,
    on_end: OnEnd,
    check: InputCheck | None = None,
) -> GameScreen:
    pilots = demo_versus_pilots(match.cpu, match.seed) if demo else match_pilots(match)
    return AntiGravityScene(
        ctx,
        "versus",
        pilots=pilots,
        seed=match.seed,
        match=match,
        series=series,
        demo=demo,
        on_end=on_end,
        check=check,
    )


def _antigravity_demo(ctx: SceneContext, seed: int) -> GameScreen:
    return AntiGravityScene(
        ctx,
        "single",
        difficulty=ctx.settings.antigravity.difficulty,
        contest=None,
        pilots=demo_pilots(seed),
        seed=seed,
        demo=True,
        on_end=stop,
    )


def _antigravity_replay(ctx: SceneContext, replay: Replay) -> GameScreen:
    options = replay.settings
    return AntiGravityScene(
        ctx,
        replay.mode,
        difficulty=options.get("difficulty"),
        contest=options.get("contest"),
        pilots=[ReplayPilot(replay)],
        seed=replay.seed,
        match=recorded_match(replay),
        on_end=stop,
        watched=True,
    )


def _antigravity_rules(settings: Settings, replay: Replay) -> Settings:
    section = section_from_dict(AntiGravitySettings, replay.settings)
    if "ramp" not in replay.settings:  # recorded before the ramp existed: played without one
        section = dataclasses.replace(section, ramp=RampSettings(enabled=False))
    elif "horizon_level" not in replay.settings["ramp"]:  # ... before the widening horizon: none
        section = dataclasses.replace(
            section, ramp=dataclasses.replace(section.ramp, horizon_level=0)
        )
    return dataclasses.replace(settings, antigravity=section)


def _antigravity_tables(settings: Settings) -> list[str]:
    """Single play per difficulty, versus, then each contest list."""
    return antigravity_tables(contest.name for contest in settings.antigravity.contests)


# ---------------------------------------------------------------------- the catalogue

GAMES: dict[str, Entry] = {
    "blocks": Entry(
        "blocks",
        "BLOCKS",
        N_("FILL ROWS AND COLUMNS - ROWS DROP"),
        single=_blocks_single,
        versus=_blocks_versus,
        demo=_blocks_demo,
        replay=_blocks_replay,
        replay_rules=_blocks_rules,
        tables=lambda settings: ["blocks"],
        howto=blocks_howto,
        modes=BlocksModeScene,
        # BLOCKS opens with a versus round, ANTI-GRAVITY with a single game: every loop shows both.
        # Its pages (its table and win streaks, then its CPU ladder) share their time, as
        # ANTI-GRAVITY's do, so the ladder's page keeps the loop near two minutes.
        attract=AttractShare(
            lambda attract: attract.blocks_demo_seconds,
            lambda attract: attract.blocks_scores_seconds,
            versus_first=True,
            shared_scores=True,
        ),
        settings_detail=N_("PIECE SET, ROTATION, GRAVITY, RAMP, VERSUS"),
    ),
    "antigravity": Entry(
        "antigravity",
        "ANTI-GRAVITY",
        N_("PUSH, MATCH 3, CROSS THE S LINE"),
        single=_antigravity_single,
        versus=_antigravity_versus,
        demo=_antigravity_demo,
        replay=_antigravity_replay,
        replay_rules=_antigravity_rules,
        tables=_antigravity_tables,
        howto=antigravity_howto,
        modes=ModeSelectScene,
        attract=AttractShare(
            lambda attract: attract.antigravity_demo_seconds,
            lambda attract: attract.antigravity_scores_seconds,
            versus_first=False,
            shared_scores=True,
            # Its rules are new to everyone (the lighter side, the band, stones): shown played.
            howto_films=film_chapters,
        ),
        settings_detail=N_("DIFFICULTY, VERSUS HANDICAPS, CONTEST LISTS"),
    ),
}


def entries() -> list[Entry]:
    """Every game's entry, in the order the game select and attract mode show them."""
    return list(GAMES.values())


def entry(game: str) -> Entry:
    """The catalogue's entry for ``game``; ValueError naming the games there are for another name."""
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}") from None
