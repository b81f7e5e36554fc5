"""Initials entry: three letters for a score that made the table.

The score is already on its table (saved when the game ended, under placeholder
initials); the entry only writes the letters onto that row. The heading names
the place the score took.

Up/down cycle the letter under the cursor through A-Z, a space and a few
symbols; left/right move between the three; A confirms a letter and moves on
(on the last letter it confirms the entry); Start confirms at once. After 30
seconds without input (counted down beside the letters) the entry is taken as it stands.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cabinet.inputs.actions import Action
from cabinet.language import tr
from cabinet.render import WIDTH, palette
from cabinet.render.glyphs import TRIANGLE_DOWN, TRIANGLE_UP
from cabinet.render.sprites import panel
from cabinet.render.text import fit_size, text
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.tables import full_title, ordinal
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.fresh_press import FreshPresses
from cabinet.scenes.kit.widgets import READABLE, blink, draw_backdrop, draw_time_left

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)

CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ .!?-*&"
LETTERS = 3
IDLE_SECONDS = 30
BOX = 110  # width of one letter box
BOX_TOP = 274  # the letter boxes' top: everything the heading stacks ends above their arrows
LINE_GAP = 10  # between the stacked lines above the boxes


class InitialsScene(Scene):
    """Enter initials for ``score`` on ``table``, then the ranking.

    ``entry_id`` is the score's row, written when the game ended (see
    :func:`cabinet.scenes.flow.finish.finish_game`), and ``rank`` its place. Without an
    entry (that write failed) the score is entered with the initials instead.
    """

    name = "initials"

    def __init__(
        self,
        ctx: SceneContext,
        table: str,
        score: int,
        replay_id=None,
        player: int = 1,
        rank: int | None = None,
        entry_id: int | None = None,
    ):
        super().__init__(ctx)
        self.table = table
        self.score = score
        self.replay_id = replay_id
        self.player = player
        self.entry_id = entry_id
        self.rank = rank if rank is not None else self._rank_now()
        self.letters = [0] * LETTERS  # indexes into CHARACTERS: "AAA" to start
        self.position = 0
        self.idle = 0
        self.frames = 0
        self.done = False
        self.fresh = FreshPresses()  # a late Start meant for the screen before is no entry

    def _rank_now(self) -> int | None:
        try:
            return self.ctx.store.scores.rank_for(self.table, self.score)
        except Exception:
            log.exception("could not read the table %s", self.table)
            return None

    @property
    def initials(self) -> str:
        return "".join(CHARACTERS[i] for i in self.letters)

    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("menu")
        self.ctx.audio.play("new_record")

    def handle(self, event: InputEvent) -> None:
        if (
            not self.fresh.admit(event)
            or not event.pressed
            or event.player != self.player
            or self.done
        ):
            return
        self.idle = 0
        action = event.action
        if action in (Action.UP, Action.DOWN):
            step = 1 if action is Action.UP else -1
            self.letters[self.position] = (self.letters[self.position] + step) % len(CHARACTERS)
            self.ctx.audio.play("initials_letter")
        elif action is Action.LEFT:
            self.position = max(0, self.position - 1)
            self.ctx.audio.play("menu_move")
        elif action is Action.RIGHT:
            self.position = min(LETTERS - 1, self.position + 1)
            self.ctx.audio.play("menu_move")
        elif action is Action.A:
            if self.position == LETTERS - 1:
                self.confirm()
            else:
                self.position += 1
                self.ctx.audio.play("initials_letter")
        elif action is Action.B:
            self.position = max(0, self.position - 1)
            self.ctx.audio.play("menu_move")
        elif action is Action.START:
            self.confirm()

    def update(self) -> None:
        self.fresh.tick()
        self.frames += 1
        self.idle += 1
        if self.idle >= IDLE_SECONDS * 60 and not self.done:
            self.confirm()

    def confirm(self) -> None:
        """Write the entry (as it stands) and show the ranking."""
        self.done = True
        self.ctx.audio.play("initials_confirm")
        scores, rank = self.ctx.store.scores, self.rank
        try:
            if self.entry_id is not None:
                scores.set_initials(self.entry_id, self.initials)
            else:
                rank = scores.add(self.table, self.initials, self.score, self.replay_id)
        except Exception:
            log.exception("could not save %s's initials on %s", self.initials, self.table)
        self.ctx.scenes.reset(RankingScene(self.ctx, self.table, rank=rank, score=self.score))

    def look(self):
        return tuple(self.letters), self.position, blink(self.frames, 16), self._seconds_left()

    def _seconds_left(self) -> int:
        return max(0, IDLE_SECONDS - self.idle // 60)

    def record_lines(self) -> list[tuple[str, int, tuple]]:
        """What the initials are for, as (words, size, colour) lines stacked above the letters."""
        title = (
            tr("NEW HIGH SCORE - {rank}", rank=ordinal(self.rank))
            if self.rank
            else tr("NEW HIGH SCORE!")
        )
        name = full_title(self.table)
        return [
            (title, fit_size(title, 49, WIDTH - 40), palette.YELLOW),
            (name, fit_size(name, 28, WIDTH - 40), palette.CYAN),
            (f"{self.score}", 42, palette.WHITE),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        lines = self.record_lines() + [(tr("ENTER YOUR INITIALS"), 21, palette.GREY)]
        draw_stacked(surface, lines, 22)
        left = WIDTH // 2 - (LETTERS * BOX + (LETTERS - 1) * 20) // 2
        for index in range(LETTERS):
            x = left + index * (BOX + 20)
            current = index == self.position
            surface.blit(
                panel(BOX, 120, palette.YELLOW if current else palette.PANEL_EDGE), (x, BOX_TOP)
            )
            char = CHARACTERS[self.letters[index]]
            if not current or blink(self.frames, 16):
                shown = "_" if char == " " and not current else char
                text(
                    surface,
                    shown,
                    (x + BOX // 2, BOX_TOP + 60),
                    70,
                    palette.WHITE if current else palette.GREY,
                    "center",
                )
            if current:
                text(
                    surface,
                    TRIANGLE_UP,
                    (x + BOX // 2, BOX_TOP - 4),
                    35,
                    palette.YELLOW,
                    "midbottom",
                )
                text(
                    surface,
                    TRIANGLE_DOWN,
                    (x + BOX // 2, BOX_TOP + 122),
                    35,
                    palette.YELLOW,
                    "midtop",
                )
        draw_time_left(
            surface,
            self._seconds_left(),
            (left + LETTERS * (BOX + 20) + 80, BOX_TOP + 18),
            "midtop",
        )
        keys = tr("UP/DOWN LETTER   A NEXT   START DONE")
        text(
            surface,
            keys,
            (WIDTH // 2, BOX_TOP + 182),
            READABLE,
            palette.GREY,
            "midtop",
            max_width=WIDTH - 40,
        )


def draw_stacked(surface, lines, top: int) -> list:
    """``lines`` of (words, size, colour) centred one under another from ``top``, each
    clear of the one above; the rectangles drawn."""
    rects = []
    for words, size, colour in lines:
        rect = text(surface, words, (WIDTH // 2, top), size, colour, "midtop")
        rects.append(rect)
        top = rect.bottom + LINE_GAP
    return rects
