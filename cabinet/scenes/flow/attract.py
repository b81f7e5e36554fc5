"""Attract mode: a loop of pages and live demos, until a player presses Start.

The attract scene is a playlist. Each part is an ordinary scene (the title, a
demo game driven by the AI, a high-score table, a how-to page) that runs for
the time the operator set, or until it says it is finished (a demo whose game
ended). Start, from either player, leaves for game select when a game can be
paid for, and otherwise flashes INSERT COIN until a coin comes; coins are counted
by the main loop wherever they drop. Once a coin is in, the prompt stops blinking
and says how far it went ("1/2 COINS") until Start can be pressed.

Each pass through the playlist is a *loop*, counted from 0 when attract mode
starts; the sound follows ``audio.demo_sound_every`` by it (see
:class:`cabinet.audio.player.Audio`). The operator's ``attract.message`` (the
venue, the price) takes turns with the prompt in the strip at the bottom.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cabinet import FPS
from cabinet.games.match import DEMO_CPU_LEVELS, PLAYERS, Match
from cabinet.inputs.actions import Action
from cabinet.language import N_, tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import fit_size, text, text_size
from cabinet.scenes import catalogue
from cabinet.scenes.flow.howto import HowToScene
from cabinet.scenes.flow.network_tables import NetworkTablesScene, shows_network
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.flow.playback import ReplayReel
from cabinet.scenes.flow.select import GameSelectScene
from cabinet.scenes.flow.tables import ScoreTablesScene
from cabinet.scenes.flow.title import TitleScene
from cabinet.scenes.kit.base import Scene, Standing
from cabinet.scenes.kit.credit_line import (
    can_play,
    credit_line,
    draw_storage_warning,
    prompt,
    prompt_blinks,
    storage_warning,
)
from cabinet.scenes.kit.widgets import FLASH_FRAMES, blink, draw_backdrop, draw_banner
from cabinet.storage import scores

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)

REFUSED_FRAMES = 2 * FPS  # how long a Start without credits flashes INSERT COIN
MESSAGE_TURN = 4 * FPS  # the prompt, then the operator's message, this long each
MESSAGE_SMALLEST = 14  # a message that does not fit at this size waits for a page with room


@dataclass
class Part:
    """One page of the playlist: a name, how long it shows, and how to build it."""

    name: str
    seconds: float
    make: Callable[[], Scene]


def starts_with_a_credit(ctx) -> set[int]:
    """Both panels' Starts once a game can be paid for (or in free play), else none."""
    return set(PLAYERS) if can_play(ctx) else set()


class AttractScene(Scene):
    """Loops its parts; the top of the stack whenever nobody is playing."""

    standing = Standing.IDLE

    def __init__(self, ctx: SceneContext, parts: list[Part] | None = None):
        super().__init__(ctx)
        self.random = random.Random()  # fresh demo seeds every loop
        self.parts = parts if parts is not None else default_parts(ctx, self.random)
        self.index = -1
        self.part: Scene | None = None
        self.part_name = ""
        self.frames = 0
        self.limit = 0
        self.parts_shown: set[str] = set()
        self.parts_started = 0  # tells one part's pictures from the next one's
        self.loop = 0  # passes through the playlist so far
        self.refused = 0  # frames left of the INSERT COIN flash
        self.refused_credits = (
            ""  # the credit line when Start was refused: a coin since ends the flash
        )

    @property
    def name(self) -> str:
        return f"attract: {self.part_name}"

    def live_starts(self) -> set[int]:
        return starts_with_a_credit(self.ctx)

    def enter(self) -> None:
        self.ctx.audio.attract_loop = self.loop
        self.ctx.audio.attract = True
        self.ctx.inputs.set_repeat_profile("menu")
        if self.part is None:
            self.next_part()

    def leave(self) -> None:
        self.ctx.audio.attract = False
        if self.part is not None:
            self.part.leave()

    def next_part(self) -> None:
        """Show the next part; one that cannot even be built is skipped."""
        if self.part is not None:
            self.part.leave()
        for _ in range(len(self.parts)):
            self.index = (self.index + 1) % len(self.parts)
            if self.index == 0 and self.parts_started:
                self.loop += 1
                self.ctx.audio.attract_loop = self.loop
            spec = self.parts[self.index]
            try:
                self.part = spec.make()
            except Exception:
                log.exception("attract part %s failed to start; skipping it", spec.name)
                continue
            self.part_name = spec.name
            self.limit = int(spec.seconds * FPS)
            self.frames = 0
            self.parts_shown.add(spec.name)
            self.parts_started += 1
            self.part.enter()
            return
        raise RuntimeError("no attract part could start")

    def handle(self, event: InputEvent) -> None:
        if event.pressed and event.action is Action.START and event.player in (1, 2):
            if can_play(self.ctx):
                self.ctx.player = event.player
                self.ctx.audio.attract = False
                self.ctx.audio.play("menu_select")
                self.ctx.scenes.reset(GameSelectScene(self.ctx))
            else:
                self.refused = REFUSED_FRAMES
                self.refused_credits = credit_line(self.ctx)
                self.ctx.audio.play("blocks_invalid")

    @property
    def showing(self) -> Scene:
        """The part on screen: there is one from attract mode's first :meth:`enter` on."""
        if self.part is None:
            raise RuntimeError("attract mode was run before it entered: no part shows yet")
        return self.part

    def update(self) -> None:
        self.showing.update()
        self.frames += 1
        self.refused = max(0, self.refused - 1)
        if self.refused and credit_line(self.ctx) != self.refused_credits:
            self.refused = 0  # the coin it asked for is in: the strip's prompt takes over
        if self.frames >= self.limit or self.showing.finished:
            self.next_part()

    def look(self):
        inner = self.showing.look()
        if inner is None:
            return None
        banner = (prompt(self.ctx), self._banner_lit()) if self.refused else None
        warning = storage_warning(self.ctx)
        if self.part_name == "title":
            return self.parts_started, inner, banner, warning
        strip = (self._strip_words(), credit_line(self.ctx), self.showing.caption)
        return self.parts_started, inner, strip, banner, warning

    def _strip_words(self) -> tuple[str, object]:
        """The middle of the strip now: the blinking prompt, or the operator's message in its turn."""
        message = self.ctx.settings.attract.message
        if message and (self.frames // MESSAGE_TURN) % 2:
            return message.upper(), palette.YELLOW
        return self._prompt_now(), palette.GREEN

    def _prompt_now(self) -> str:
        """The strip's prompt this frame: it blinks while it calls for a coin or a Start."""
        return prompt(self.ctx) if blink(self.frames) or not prompt_blinks(self.ctx) else ""

    def _banner_lit(self) -> bool:
        return blink(REFUSED_FRAMES - self.refused, FLASH_FRAMES) or not prompt_blinks(self.ctx)

    def draw(self, surface: pygame.Surface) -> None:
        self.showing.draw(surface)
        if self.part_name != "title":
            self._draw_prompt(surface)
        # The service corner: storage trouble on every page (on the title, above its copyright line).
        draw_storage_warning(
            surface, self.ctx, HEIGHT - 44 if self.part_name == "title" else HEIGHT - 38
        )
        if self.refused:
            words = prompt(self.ctx)
            draw_banner(
                surface,
                words,
                HEIGHT // 2,
                fit_size(words, 56, WIDTH - 40),
                palette.ORANGE,
                REFUSED_FRAMES - self.refused if prompt_blinks(self.ctx) else None,
            )

    def _draw_prompt(self, surface) -> None:
        """The bottom strip every attract page carries: the prompt and the credits."""
        surface.fill(palette.SHADOW, (0, HEIGHT - 34, WIDTH, 34))
        credits = credit_line(self.ctx)
        caption = self.showing.caption  # a replay's "REPLAY  AAA  12345"
        # The middle words: centred, and never over the caption on the left or the credits on the right.
        left = 14 + (text_size(caption, 21)[0] + 16 if caption else 0)
        room = 2 * min(WIDTH // 2 - left, WIDTH // 2 - 30 - text_size(credits, 14)[0])
        words, colour = self._strip_words()
        if (
            words and text_size(words, MESSAGE_SMALLEST)[0] > room
        ):  # a long message beside a caption
            words, colour = self._prompt_now(), palette.GREEN
        if words:
            text(surface, words, (WIDTH // 2, HEIGHT - 17), 21, colour, "center", max_width=room)
        text(surface, credits, (WIDTH - 14, HEIGHT - 17), 14, palette.GREY, "midright")
        if caption:
            text(surface, caption, (14, HEIGHT - 17), 21, palette.MAGENTA, "midleft")


class SafeTitleScene(Scene):
    """The last resort when attract mode itself keeps failing: a title that needs nothing."""

    name = "safe title"
    standing = Standing.IDLE

    def __init__(self, ctx: SceneContext):
        super().__init__(ctx)
        self.frames = 0

    def live_starts(self) -> set[int]:
        return starts_with_a_credit(self.ctx)

    def handle(self, event: InputEvent) -> None:
        if event.pressed and event.action is Action.START:
            self.ctx.go_to_attract()

    def update(self) -> None:
        self.frames += 1

    def look(self):
        return blink(self.frames)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        text(surface, "ARCADEFORGE VERSE", (WIDTH // 2, 180), 56, palette.YELLOW, "midtop")
        if blink(self.frames):
            text(surface, tr("PRESS START"), (WIDTH // 2, 320), 35, palette.GREEN, "midtop")


def default_parts(ctx, rng: random.Random) -> list[Part]:
    """The operator's playlist: for each game of the catalogue, the title, then its part."""
    reel = ReplayReel(ctx)  # every other demo is a replay of one of the best real games
    parts = []
    for entry in catalogue.entries():
        parts.append(Part("title", ctx.settings.attract.title_seconds, lambda: TitleScene(ctx)))
        parts += game_parts(ctx, entry, rng, reel)
    return parts


def game_parts(ctx, entry: catalogue.Entry, rng: random.Random, reel: ReplayReel) -> list[Part]:
    """``entry``'s demo, its score pages (and the fleet's, when linked), its how-to page (taking
    turns with its how-to film's chapters, when it has one)."""
    share, seconds = entry.attract, ctx.settings.attract
    name = entry.title.lower()

    def single():
        return entry.demo(ctx, rng.randrange(2**31))

    def versus():
        return versus_demo(ctx, entry.game, rng.randrange(2**31))

    live = taking_turns(versus, single) if share.versus_first else taking_turns(single, versus)
    # The game's win streaks (and CPU ladder, when offered) share its score pages, so the
    # loop stays near two minutes.
    tables = entry.tables(ctx.settings) + [scores.streak_table(entry.game)]
    if ctx.settings.versus.cpu_ladder:
        tables.append(scores.ladder_table(entry.game))
    scores_seconds = share.scores_seconds(seconds)
    pages = (len(tables) + 1) // 2
    per_page = page_seconds(share, scores_seconds, pages)
    parts = [
        Part(
            f"{name} demo",
            share.demo_seconds(seconds),
            lambda: reel.next(entry.game, live, share.demo_seconds(seconds)),
        ),
        Part(
            f"{name} scores",
            per_page * pages,
            lambda: ScoreTablesScene(ctx, N_("{game} RECORDS"), tables, per_page, game=entry.title),
        ),
    ]
    if shows_network(ctx):  # the fleet's network rankings (issue 15), one table a page
        network_page = page_seconds(share, scores_seconds, 2)
        parts.append(
            Part(
                f"{name} scores network",
                network_page * len(tables),
                lambda: NetworkTablesScene(
                    ctx, N_("{game} NETWORK RECORDS"), tables, network_page, game=entry.title
                ),
            )
        )
    films = share.howto_films(ctx)
    if films:  # the page, then a chapter of the film a loop, each ending by itself: the loop keeps its length
        longest = max([seconds.howto_seconds] + [length for length, _ in films])

        def page():  # within the longer slot, the page keeps the operator's time
            return HowToScene(ctx, entry.game, seconds.howto_seconds)

        parts.append(
            Part(f"how to play {name}", longest, taking_turns(page, *(make for _, make in films)))
        )
    else:
        parts.append(
            Part(f"how to play {name}", seconds.howto_seconds, lambda: HowToScene(ctx, entry.game))
        )
    return parts


def page_seconds(share: catalogue.AttractShare, seconds: float, pages: int) -> float:
    """How long each of ``pages`` score pages shows: a fair share of ``seconds``, and
    never less than 4 s, when the game's pages share them; else all of ``seconds``."""
    return max(4.0, seconds / pages) if share.shared_scores else seconds


def taking_turns(*makers: Callable[[], Scene]) -> Callable[[], Scene]:
    """A maker that calls ``makers`` in turn, one per call, round and round."""
    turns = itertools.cycle(makers)
    return lambda: next(turns)()


def versus_demo(ctx, game: str, seed: int):
    """A round of ``game``'s versus between two CPUs, for attract mode."""
    return match_scene(ctx, Match(game, 1, seed, dict(DEMO_CPU_LEVELS[game])), demo=True)
