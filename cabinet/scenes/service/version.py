"""VERSION: the release this cabinet runs, an update waiting for its moment, a stick's release.

The updater (``release watch``, outside the cabinet's sandbox) says what it offers in its state
folder (:mod:`cabinet.update.offer`): UPDATE READY is a verified release installed beside this
one, which switches at the next safe moment (attract mode with no credits, or asleep); INSTALL
FROM USB asks the updater to install the verified release it copied off a stick, which then
switches the same way, once the operator has left the service menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.language import N_, tr
from cabinet.update import offer
from cabinet.update.moment import runtime_folder

from .page import Page
from .rows import CommandRow, InfoRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

REFRESH_FRAMES = 30
OUTCOMES = {
    "kept": N_("KEPT"),
    "rolled back": N_("ROLLED BACK"),
    "refused": N_("REFUSED"),
    "failed": N_("DOWNLOAD FAILED"),
}


def update_ready() -> str:
    """The menu row's note: UPDATE READY while a release waits for its moment."""
    return tr("UPDATE READY") if offer.read_offer()[0] else ""


class VersionPage(Page):
    title = N_("VERSION")
    controls = N_("{up}{down} CHOOSE  A ENTER  B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.running = offer.running_version()
        self.read()

    def read(self) -> None:
        self.ready, self.usb = offer.read_offer()
        self.last = offer.read_result()

    def update(self) -> None:
        super().update()
        if self.frames % REFRESH_FRAMES == 0:
            self.read()

    def rows(self) -> list[Row]:
        rows: list[Row] = [InfoRow(tr("RUNNING RELEASE"), self.running)]
        if self.ready:
            rows.append(
                InfoRow(
                    tr("UPDATE READY"),
                    self.ready,
                    tr("SWITCHES IN ATTRACT MODE WITH NO CREDITS, OR ASLEEP"),
                )
            )
        else:
            rows.append(InfoRow(tr("UPDATE"), tr("NONE WAITING")))
        if self.usb:
            usb = self.usb  # the release this row offers, as read for this frame
            rows.append(
                CommandRow(
                    tr("INSTALL FROM USB"),
                    lambda: self.install_usb(usb),
                    tr("A VERIFIED RELEASE ON THE USB STICK"),
                    lambda: usb,
                )
            )
        if self.last:
            outcome = tr(OUTCOMES[self.last["outcome"]])
            # The reason is the updater's own line, as logged (English, like the NETWORK page's detail).
            rows.append(
                InfoRow(
                    tr("LAST UPDATE"),
                    f"{self.last['version'] or ''} {outcome}".strip(),
                    self.last["reason"][:60].upper(),
                )
            )
        return rows

    def install_usb(self, version: str) -> None:
        if offer.request_usb_install(version, runtime_folder()):
            self.say(
                tr("RELEASE {version} INSTALLS ONCE YOU LEAVE THE SERVICE MENU", version=version)
            )
        else:
            self.say(tr("NO UPDATER TO ASK: THE CABINET RUNS OUTSIDE ITS SERVICE"))
