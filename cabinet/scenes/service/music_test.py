"""The music test: play each track and move its danger by hand, to hear the layers and the fast tier.

The rest of the service menu is quiet: opening it stops the music
(:class:`cabinet.scenes.service.door.ServiceDoor`), and leaving this page stops what it played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.inputs.actions import CABINET, Action
from cabinet.language import N_, tr
from cabinet.scenes.service.page import Page
from cabinet.scenes.service.rows import CommandRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

# Each track and the words it is listed with.
TRACK_LABELS = {
    "title": N_("TITLE THEME"),
    "blocks": N_("BLOCKS THEME"),
    "antigravity": N_("ANTI-GRAVITY THEME"),
    "versus": N_("VERSUS THEME"),
}
DANGER_STEP = 10  # percent a press of LEFT or RIGHT moves the danger
FAST_PERCENT = 90  # from here the fast tier plays (cabinet.audio.stream.FAST_FROM)


class DangerRow(Row):
    """The danger level handed to the music, 0-100 %, in steps of :data:`DANGER_STEP`."""

    label = detail = ""  # set as the row is made

    def __init__(self, page: MusicTestPage, detail: str):
        self.page, self.label, self.detail = page, tr("DANGER"), detail

    def value(self) -> str:
        percent = self.page.danger
        return tr("{percent}% FAST", percent=percent) if percent >= FAST_PERCENT else f"{percent}%"

    def change(self, direction: int) -> bool:
        danger = min(100, max(0, self.page.danger + direction * DANGER_STEP))
        if danger == self.page.danger:
            return False
        self.page.danger = danger
        return True

    @property
    def editable(self) -> bool:
        return True


class MusicTestPage(Page):
    """Every music track; A plays the chosen one, LEFT/RIGHT on DANGER move its danger level."""

    title = N_("MUSIC TEST")
    controls = N_("{up}{down} CHOOSE  {left}{right} DANGER  A PLAY  B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.track: str | None = None
        self.danger = 0

    def rows(self) -> list[Row]:
        detail = self.status()
        rows: list[Row] = [
            self._track_row(name, label, detail) for name, label in TRACK_LABELS.items()
        ]
        rows.append(DangerRow(self, detail))
        rows.append(CommandRow(tr("STOP"), lambda: self.play(None), detail))
        return rows

    def _track_row(self, name: str, label: str, detail: str) -> CommandRow:
        """A plays track ``name``; the row says PLAYING while it does."""
        return CommandRow(
            tr(label),
            lambda: self.play(name),
            detail,
            shown=lambda: tr("PLAYING") if name == self.track else "",
        )

    def status(self) -> str:
        music = self.ctx.music
        if music.settings.music_volume == 0 or music.settings.master_volume == 0:
            return tr("MUSIC VOLUME IS 0: SET IT ON THE SOUND PAGE")
        if self.track is not None and self.track not in music.ready:
            return tr("MUSIC NOT READY YET: IT PLAYS WHEN RENDERED")
        return tr("A PLAYS THE TRACK, LEFT AND RIGHT MOVE ITS DANGER")

    def play(self, track: str | None) -> None:
        self.track = track
        self.ctx.music.play(track)

    def update(self) -> None:
        super().update()
        if self.track is not None:
            self.ctx.music.follow(self.track, self.danger / 100)

    def handle(self, event: InputEvent) -> None:
        # A plays the track only: no menu click on top of the music.
        rows = self.rows()
        if (
            event.pressed
            and event.action is Action.A
            and event.player != CABINET
            and isinstance(rows[self.index], CommandRow)
        ):
            rows[self.index].select()
            return
        super().handle(event)

    def back(self) -> None:
        self.play(None)
        super().back()
