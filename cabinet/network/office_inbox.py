"""The fleet link's share of settings from the office: what came, and what to say back.

paho's thread puts each message on this cabinet's office topics (its group's and its own,
:mod:`cabinet.update.office_settings`) here, unread; the main loop takes them, checks and
applies them (:mod:`cabinet.scenes.service.from_office`), and leaves the result, which the
link's thread publishes retained on the cabinet's ``settings`` topic.
"""

from __future__ import annotations

import json
from queue import Empty, SimpleQueue

from cabinet.update.office_settings import own_targets, topic_of


class OfficeInbox:
    """The office topics of the cabinet ``site``/``cabinet`` in ``group`` ("" for its site's)."""

    def __init__(self, site: str, cabinet: str, group: str):
        self.topics = [topic_of(target) for target in own_targets(site, cabinet, group)]
        self._waiting: SimpleQueue[tuple[str, bytes]] = SimpleQueue()
        self.result: bytes | None = None  # the last result the main loop left, to publish

    def offer(self, topic: str, payload: bytes) -> bool:
        """Keep a received message if it is on an office topic (paho's thread); True when it was."""
        if topic not in self.topics:
            return False
        if payload:  # empty: a retained fragment cleared, nothing to do
            self._waiting.put((topic, bytes(payload)))
        return True

    def take(self) -> list[tuple[str, bytes]]:
        """The messages (topic, payload) kept since the last call, oldest first (the main loop)."""
        found = []
        while True:
            try:
                found.append(self._waiting.get_nowait())
            except Empty:
                return found

    def last_result(self) -> dict | None:
        """The last result left (state, at, target, signer...), for the NETWORK page; None for none."""
        result = self.result
        return None if result is None else json.loads(result)
