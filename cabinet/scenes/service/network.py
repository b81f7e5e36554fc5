"""NETWORK: the fleet link's status, read-only (issue 15). Never shows the password."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.language import N_, tr
from cabinet.network.status import STATES, LinkStatus
from cabinet.system.machine import machine_cabinet_id

from .bookkeeping import stamp
from .page import Page
from .rows import InfoRow, Row

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

REFRESH_FRAMES = 30
OFFICE_STATES = {
    "applied": N_("IN FORCE"),
    "refused": N_("REJECTED"),
    "waiting": N_("WAITING TO APPLY"),
}


class NetworkPage(Page):
    """Connected or not, the last sync, the events queued, and where the link points."""

    title = N_("NETWORK")
    controls = N_("B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        self.status = self.read()
        self.office = self.read_office()

    def read_office(self) -> dict | None:
        """The last settings from the office: what this cabinet did with them (None: none yet)."""
        inbox = getattr(self.ctx.network, "office", None)
        return None if inbox is None else inbox.last_result()

    def read(self) -> LinkStatus | None:
        link = self.ctx.network
        return None if link is None else link.status

    def update(self) -> None:
        super().update()
        if self.frames % REFRESH_FRAMES == 0:
            self.status = self.read()
            self.office = self.read_office()

    def rows(self) -> list[Row]:
        net = self.ctx.settings.network
        if self.status is None:
            return [
                InfoRow(
                    tr("LINK"),
                    tr("OFF"),
                    tr("NO NETWORK SECTION, OR NO BROKER HOST, IN THE SETTINGS FILE"),
                )
            ]
        status = self.status
        rows: list[Row] = [
            # The link's detail is the client library's own words, as logged.
            InfoRow(
                tr("LINK"),
                tr(STATES[status.state]) if status.state in STATES else status.state.upper(),
                status.detail[:60].upper(),
            ),
            InfoRow(
                tr("LAST SYNC"),
                stamp(status.last_sync),
                tr("UTC, LAST MESSAGE THE BROKER ACKNOWLEDGED"),
            ),
            InfoRow(
                tr("QUEUED EVENTS"),
                str(status.queued),
                tr("SCORES AND GAMES WAITING FOR THE BROKER"),
            ),
            InfoRow(tr("CABINETS SEEN"), str(status.cabinets)),
            self.office_row(),
            # The operator's names as written: MQTT user names and topic levels are case-sensitive.
            InfoRow(tr("BROKER"), f"{net.host}:{net.port}"),
            InfoRow(tr("ENCRYPTION"), "TLS" if net.tls else tr("NONE")),
            InfoRow(tr("USER"), net.username or net.cabinet),
            InfoRow(tr("SITE"), net.site),
            InfoRow(
                tr("CABINET"),
                net.cabinet,
                tr("THIS MACHINE'S OWN ID: THE FILE NAMES NONE")
                if net.cabinet == machine_cabinet_id()
                else "",
            ),
            InfoRow(tr("NETWORK RANKINGS"), tr("SHOWN") if net.show_rankings else tr("HIDDEN")),
            InfoRow(
                tr("RELEASE GROUP"),
                net.group or net.site,
                tr("WHOSE UPDATES THIS CABINET FOLLOWS: NETWORK.GROUP, ELSE THE SITE"),
            ),
        ]
        if status.clash:  # a cloned SD card: the operator must give one of the two its own id
            rows.insert(
                1,
                InfoRow(
                    tr("ID CLASH"),
                    tr("MACHINE {machine}", machine=status.clash.upper()),
                    tr("ANOTHER CABINET USES THIS ID: A COPIED SD CARD? GIVE ONE ITS OWN"),
                ),
            )
        return rows

    def office_row(self) -> InfoRow:
        """The last settings pushed from the office: applied, refused or waiting; for which group or
        cabinet, signed by whom and when (as written: they are the office's names)."""
        office = self.office
        if office is None:
            return InfoRow(
                tr("OFFICE SETTINGS"),
                tr("NONE RECEIVED"),
                tr("SETTINGS THE OFFICE SIGNS AND SENDS SHOW HERE"),
            )
        state = (
            tr(OFFICE_STATES[office["state"]])
            if office["state"] in OFFICE_STATES
            else office["state"].upper()
        )
        return InfoRow(
            tr("OFFICE SETTINGS"),
            state,
            f"{office['target']}  {office['signer']}  {stamp(office['at'])}"[:60],
        )
