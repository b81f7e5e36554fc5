"""High-score tables: drawing one, naming one, and the attract-mode table pages."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import pygame

from cabinet.language import N_, tr
from cabinet.render import WIDTH, palette
from cabinet.render.sprites import panel
from cabinet.render.text import fit_size, text
from cabinet.scenes import catalogue
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.widgets import blink, difficulty_name, draw_backdrop, heading
from cabinet.storage.scores import LADDER_TOP, is_ladder_table, is_streak_table

log = logging.getLogger(__name__)

ROW_GAP = 32

# The words of a ladder table, in one place: its title and what its numbers count.
LADDER_TITLE = N_("{game} CPU LADDER")  # alone on a screen
LADDER_NAME = N_("CPU LADDER")  # under a heading that names the game
LADDER_LEVELS = N_("{levels} LEVELS")
LADDER_ONE_LEVEL = N_("1 LEVEL")
LADDER_MASTER = N_("MASTER")  # every level beaten; the row is too narrow for more


def game_title(game: str) -> str:
    """``game`` as its catalogue entry names it ("antigravity" -> "ANTI-GRAVITY")."""
    return catalogue.GAMES[game].title if game in catalogue.GAMES else game.upper()


def table_title(table: str) -> str:
    """A table id as players read it, under a heading that names its game:
    "antigravity/single/hard" -> "HARD", "streak/blocks" -> "WIN STREAKS", "ladder/blocks" -> "CPU LADDER"."""
    parts = table.split("/")
    if len(parts) == 1:  # a game's only table ("blocks")
        return game_title(table)
    if parts[0] == "streak":
        return tr("WIN STREAKS")
    if parts[0] == "ladder":
        return tr(
            LADDER_NAME
        )  # beside WIN STREAKS, as big: the game is in the heading (issue 41.5)
    if parts[1:2] == ["single"]:
        return difficulty_name(parts[2]) if len(parts) > 2 else tr("SINGLE")
    if parts[1:2] == ["contest"]:
        return tr("CONTEST {name}", name=parts[2].upper()) if len(parts) > 2 else tr("CONTEST")
    return tr(TABLE_NAMES[parts[-1]]) if parts[-1] in TABLE_NAMES else parts[-1].upper()


TABLE_NAMES = {"versus": N_("VERSUS"), "cpu": N_("1P VS CPU")}


def full_title(table: str) -> str:
    """A table named with its game, for screens that show one table alone:
    "antigravity/contest/EXPERT" -> "ANTI-GRAVITY - CONTEST EXPERT", "streak/blocks" -> "BLOCKS WIN STREAKS"."""
    parts = table.split("/")
    if len(parts) == 1:
        return table_title(table)
    if parts[0] == "ladder":
        return tr(LADDER_TITLE, game=game_title(parts[1]))
    if parts[0] == "streak":
        return tr("{game} WIN STREAKS", game=game_title(parts[1]))
    return f"{game_title(parts[0])} - {table_title(table)}"


def table_unit(table: str) -> str:
    """What the numbers of ``table`` count, when they are not points: "WIN" (said "1 WIN", "2 WINS")."""
    return "WIN" if is_streak_table(table) else ""


def amount(value: int, unit: str = "") -> str:
    """A table's number with its ``unit`` (only "WIN" so far): "4890", "1 WIN", "10 WINS"."""
    if not unit:
        return f"{value}"
    return tr("1 WIN") if value == 1 else tr("{count} WINS", count=value)


def score_words(table: str, score: int) -> str:
    """An entry's number as ``table`` shows it: "12000", "3 WINS", "2 LEVELS", "MASTER"."""
    if is_ladder_table(table):
        if score >= LADDER_TOP:
            return tr(LADDER_MASTER)
        return tr(LADDER_ONE_LEVEL) if score == 1 else tr(LADDER_LEVELS, levels=score)
    return amount(score, table_unit(table))


def table_words(table: str) -> Callable[[int], str]:
    """:func:`score_words` for ``table``, as :func:`draw_table` takes it."""
    return partial(score_words, table)


def read_table(ctx, table: str) -> list:
    """The table's entries; empty (and logged) when the store cannot be read."""
    try:
        return list(ctx.store.scores.top(table))
    except Exception:
        log.exception("could not read high-score table %s", table)
        return []


def draw_table(
    surface,
    rect: pygame.Rect,
    title: str,
    entries,
    highlight: int | None = None,
    frame: int = 0,
    unit: str = "",
    words: Callable[[int], str] | None = None,
) -> None:
    """A framed table of ranks, initials and scores; ``highlight`` rank blinks.

    ``unit`` follows each number ("WIN" on a win-streak table: "1 WIN", "2 WINS"); ``words``, when given,
    writes each number instead (:func:`table_words`).
    """
    surface.blit(panel(rect.width, rect.height), rect)
    size = fit_size(title, 28, rect.width - 24)
    text(surface, title, (rect.centerx, rect.y + 14), size, palette.CYAN, "midtop")
    top = rect.y + 56
    for index, entry in enumerate(entries[:10]):
        y = top + index * ROW_GAP
        rank = entry.rank
        colour = palette.RANKS[rank - 1] if rank <= len(palette.RANKS) else palette.WHITE
        if highlight == rank:
            # A lit band that stays: the new entry flashes in colour, never vanishes.
            pygame.draw.rect(
                surface,
                (40, 60, 110),
                (rect.x + 6, y - 4, rect.width - 12, ROW_GAP),
                border_radius=4,
            )
            colour = palette.GREEN if blink(frame, 10) else palette.WHITE
        text(surface, ordinal(rank), (rect.x + 20, y), 21, colour)
        text(surface, entry.initials, (rect.x + rect.width // 2 - 40, y), 21, colour)
        shown = words(entry.score) if words else amount(entry.score, unit)
        text(surface, shown, (rect.right - 20, y), 21, colour, "topright")


def ordinal(rank: int) -> str:
    """A place in a table: 1ST, 2ND, 11TH (in each language's own way)."""
    place = {1: N_("{rank}ST"), 2: N_("{rank}ND"), 3: N_("{rank}RD")}.get(
        rank if rank < 20 else rank % 10, N_("{rank}TH")
    )
    return tr(place, rank=rank)


def table_rects(count: int) -> list[pygame.Rect]:
    """Where one or two tables go on a page."""
    height = 56 + 10 * ROW_GAP + 4
    if count == 1:
        return [pygame.Rect((WIDTH - 420) // 2, 80, 420, height)]
    return [pygame.Rect(40, 80, 420, height), pygame.Rect(WIDTH - 460, 80, 420, height)]


class ScoreTablesScene(Scene):
    """An attract page: a heading over one or two tables, turning pages if there are more."""

    def __init__(
        self, ctx, heading_text: str, tables: list[str], page_seconds: float, game: str = ""
    ):
        """``heading_text``: an English message (N_), translated as it is drawn, its {game} filled with ``game``."""
        super().__init__(ctx)
        self.heading = heading_text
        self.game = game
        self.pages = [tables[i : i + 2] for i in range(0, len(tables), 2)] or [[]]
        self.page_frames = max(1, int(page_seconds * 60))
        self.frames = 0
        self.entries = {table: self.read(table) for table in tables}

    def read(self, table: str) -> list:
        return read_table(self.ctx, table)

    @property
    def name(self) -> str:
        return f"scores {self.heading.format(game=self.game).lower()}"

    @property
    def finished(self) -> bool:
        return self.frames >= self.page_frames * len(self.pages)

    def update(self) -> None:
        self.frames += 1

    def _page(self) -> int:
        return min(len(self.pages) - 1, self.frames // self.page_frames)

    def look(self):
        return self._page()

    def draw_heading(self, surface) -> None:
        words = tr(self.heading, game=self.game)
        heading(surface, words, 24, palette.YELLOW, fit_size(words, 35, WIDTH - 40))

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        self.draw_heading(surface)
        page = self.pages[self._page()]
        for rect, table in zip(table_rects(len(page)), page):
            draw_table(
                surface,
                rect,
                table_title(table),
                self.entries[table],
                frame=self.frames,
                words=table_words(table),
            )
