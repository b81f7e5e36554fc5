"""Release announcements over the fleet's MQTT broker: the office publishes, each updater listens.

The office's side (:func:`publish`) logs in with the office's user, the only one the broker's
ACL lets write under ``arcadeforge-office/`` (config/mosquitto/arcadeforge.acl); a refusal
comes back as one line. The cabinet's side (:class:`Listener`) logs in with the cabinet's
own user and client id suffix ``-updater``, subscribes to its own and its group's topic, and
keeps the latest good announcement of each; one that does not verify is logged once and
ignored.
"""

from __future__ import annotations

import logging
import threading
import time

from cabinet.network.client import KEEPALIVE_SECONDS, connect_options, make_client
from cabinet.settings.schema import NetworkSettings
from cabinet.update.announce import (
    Announcement,
    BadAnnouncement,
    cabinet_topic,
    decode,
    group_topic,
)

log = logging.getLogger("cabinet.update")


def publish(
    settings: NetworkSettings, client_id: str, messages: list[tuple[str, bytes]], wait: float = 10.0
) -> None:
    """Publish each (topic, payload) retained, QoS 1, and wait for the broker to take them all;
    an empty payload deletes a retained announcement. Raises ConnectionError saying why not."""
    client = make_client(settings, client_id)
    connected, answers, refusal = threading.Event(), {}, []
    done = threading.Condition()

    def on_connect(client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            refusal.append(f"the broker refused the login ({reason_code})")
        connected.set()

    def on_publish(client, userdata, mid, reason_code, properties):
        with done:
            answers[mid] = reason_code
            done.notify_all()

    client.on_connect, client.on_publish = on_connect, on_publish
    client.connect_async(settings.host, settings.port, KEEPALIVE_SECONDS, **connect_options())
    client.loop_start()
    try:
        if not connected.wait(wait) or refusal:
            raise ConnectionError(
                refusal[0]
                if refusal
                else f"no answer from {settings.host}:{settings.port} within {wait:g} s"
            )
        mids = {
            client.publish(topic, payload, qos=1, retain=True).mid: topic
            for topic, payload in messages
        }
        deadline = time.monotonic() + wait
        with done:
            while not set(mids) <= set(answers) and time.monotonic() < deadline:
                done.wait(0.1)
        for mid, topic in mids.items():
            code = answers.get(mid)
            if code is None:
                raise ConnectionError(
                    f"the broker did not take {topic} within {wait:g} s (is this user allowed to write it?)"
                )
            if code.is_failure:
                raise ConnectionError(
                    f"the broker refused {topic} ({code}): only the office's user may publish releases"
                )
    finally:
        client.disconnect()
        client.loop_stop()


class Listener:
    """The announcements for one cabinet: :meth:`heard` gives its own, else its group's."""

    def __init__(self, settings: NetworkSettings, group: str, public_key, client_id: str):
        self.settings = settings
        self.own = cabinet_topic(settings.site, settings.cabinet)
        self.group = group_topic(group)
        self.public_key = public_key
        self._held: dict[str, Announcement] = {}
        self._lock = threading.Lock()
        self._logged: set[bytes] = set()
        self.subscribed = threading.Event()
        self.client = make_client(settings, client_id)
        self.client.on_connect = self._on_connect
        self.client.on_subscribe = lambda *args: self.subscribed.set()
        self.client.on_message = self._on_message

    def start(self) -> Listener:
        self.client.connect_async(
            self.settings.host, self.settings.port, KEEPALIVE_SECONDS, **connect_options()
        )
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def heard(self) -> Announcement | None:
        with self._lock:
            return self._held.get(self.own) or self._held.get(self.group)

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            log.warning(
                "update: the broker refused the updater's login (%s); retrying", reason_code
            )
            return
        client.subscribe([(self.own, 1), (self.group, 1)])

    def _on_message(self, client, userdata, message) -> None:
        if not message.payload:
            with self._lock:
                self._held.pop(message.topic, None)
            return
        try:
            announcement = decode(message.topic, message.payload, self.public_key)
        except BadAnnouncement as exc:
            if message.payload not in self._logged and len(self._logged) < 64:
                self._logged.add(message.payload)
                log.warning("update: ignored an announcement: %s", exc)
            return
        with self._lock:
            held = self._held.get(message.topic)
            if held is None or announcement.published >= held.published:
                self._held[message.topic] = announcement
