"""A paho-mqtt client set up from the ``network:`` settings: TLS, login, will, back-off.

Nothing here connects: the caller does, on a thread of its own. Problems with
the settings' files raise :class:`SetupError`, whose text names the key and
file and never holds the password.
"""

from __future__ import annotations

import os
import ssl
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from cabinet.settings.schema import NetworkSettings

RECONNECT_MIN_SECONDS = 1
RECONNECT_MAX_SECONDS = 60
KEEPALIVE_SECONDS = 30


class SetupError(Exception):
    """The settings name a file that cannot be used; says which."""


def password(settings: NetworkSettings) -> str:
    """The broker password: the first line of ``password_file`` if given, else ``password``."""
    if not settings.password_file:
        return settings.password
    name = settings.password_file
    try:
        # utf-8-sig: an editor on Windows starts the file with a byte-order mark
        lines = Path(name).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        # A name that is no full path may be the password itself, written in the wrong key.
        shown = name if os.path.isabs(name) else "the file it names (not shown: not a full path)"
        raise SetupError(
            f"network.password_file: cannot read {shown} ({exc.__class__.__name__})"
        ) from None
    return lines[0].strip() if lines else ""


def setup_problems(settings: NetworkSettings) -> list[str]:
    """Why the link could not start on ``settings``' files, one ``network.<key>: why`` line each
    (what ``check-config`` warns of, before the cabinet meets it)."""
    problems = _tls_file_problems(settings) if settings.tls else []
    try:
        password(settings)
    except SetupError as exc:
        problems.append(str(exc))
    return problems


def _tls_file_problems(settings: NetworkSettings) -> list[str]:
    return [
        f"network.{key}: {getattr(settings, key)} is not a readable file"
        for key in ("ca_file", "cert_file", "key_file")
        if getattr(settings, key) and not Path(getattr(settings, key)).is_file()
    ]


def make_client(
    settings: NetworkSettings, client_id: str, will: tuple[str, bytes] | None = None
) -> mqtt.Client:
    """A client for ``settings``. ``will``: (topic, payload) the broker publishes, retained,
    if the client vanishes."""
    client = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5
    )
    client.username_pw_set(settings.username or settings.cabinet, password(settings) or None)
    if settings.tls:
        for problem in _tls_file_problems(settings):
            raise SetupError(problem)
        try:
            client.tls_set(
                ca_certs=settings.ca_file or None,
                certfile=settings.cert_file or None,
                keyfile=settings.key_file or None,
                cert_reqs=ssl.CERT_REQUIRED,
            )
        except (OSError, ssl.SSLError, ValueError) as exc:
            raise SetupError(
                f"network: the TLS files cannot be used ({exc.__class__.__name__}: {getattr(exc, 'reason', None) or exc})"
            ) from None
    if will is not None:
        client.will_set(will[0], will[1], qos=1, retain=True)
    client.reconnect_delay_set(RECONNECT_MIN_SECONDS, RECONNECT_MAX_SECONDS)
    client.max_queued_messages_set(0)
    return client


def connect_options(persistent: bool = False) -> dict:
    """Keyword arguments for ``connect``/``connect_async``. ``persistent``: the broker keeps
    the session, and queues QoS 1 messages for it, for a week while the client is away."""
    if not persistent:
        return {"clean_start": True}
    properties = Properties(PacketTypes.CONNECT)
    properties.SessionExpiryInterval = 7 * 24 * 3600
    return {"clean_start": False, "properties": properties}
