"""NETWORK: the fleet link's status, read-only (issue 15). Never shows the password."""

from __future__ import annotations

from cabinet.network.status import STATES, LinkStatus

from .bookkeeping import stamp
from .page import Page
from .rows import InfoRow

REFRESH_FRAMES = 30


class NetworkPage(Page):
    """Connected or not, the last sync, the events queued, and where the link points."""

    title = "NETWORK"
    controls = "B BACK"

    def __init__(self, ctx, menu=None):
        super().__init__(ctx, menu)
        self.status = self.read()

    def read(self) -> LinkStatus | None:
        link = self.ctx.network
        return None if link is None else link.status

    def update(self) -> None:
        super().update()
        if self.frames % REFRESH_FRAMES == 0:
            self.status = self.read()

    def rows(self):
        net = self.ctx.settings.network
        if self.status is None:
            return [InfoRow("LINK", "OFF", "NO NETWORK SECTION, OR NO BROKER HOST, IN THE SETTINGS FILE")]
        status = self.status
        rows = [
            InfoRow("LINK", STATES.get(status.state, status.state.upper()), status.detail[:60].upper()),
            InfoRow("LAST SYNC", stamp(status.last_sync), "UTC, LAST EVENT THE BROKER ACKNOWLEDGED"),
            InfoRow("QUEUED EVENTS", str(status.queued), "SCORES AND GAMES WAITING FOR THE BROKER"),
            InfoRow("CABINETS SEEN", str(status.cabinets)),
            InfoRow("BROKER", f"{net.host}:{net.port}".upper()),
            InfoRow("ENCRYPTION", "TLS" if net.tls else "NONE"),
            InfoRow("USER", (net.username or net.cabinet).upper()),
            InfoRow("SITE", net.site.upper()),
            InfoRow("CABINET", net.cabinet.upper()),
            InfoRow("NETWORK RANKINGS", "SHOWN" if net.show_rankings else "HIDDEN"),
        ]
        return rows
