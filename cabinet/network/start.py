"""The cabinet's start of the fleet link: on only when the settings ask for it.

This module stays light (no paho import): paho-mqtt loads only once the link is on.
"""

from __future__ import annotations

import logging

from cabinet.language.words import Words
from cabinet.storage.outbox import network_active
from cabinet.storage.scores import table_ids


def start_link(settings, store, notices: list[Words | str]):
    """The running cabinet's fleet link, started (it connects on its own thread), or None.

    ``settings`` are the cabinet's whole Settings; a problem worth the operator's eye
    goes to ``notices`` (shown in the service menu) and the log.
    """
    net = settings.network
    if net.enabled and not net.host:
        notice = "network.host is empty: the fleet link stays off"
        logging.getLogger("cabinet.network").warning("network: %s", notice)
        notices.append(notice)
    if not network_active(net):
        return None
    from cabinet.network.link import NetworkLink  # paho-mqtt: loaded only when the link is on

    tables = table_ids(c.name for c in settings.antigravity.contests)
    return NetworkLink(
        net, store.db.path, tables, money_format=settings.credits.money_format
    ).start()
