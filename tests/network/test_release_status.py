"""A status message's release, group and last update: read when sound, refused when not."""

from __future__ import annotations

import pytest

from cabinet.network import messages
from cabinet.network.fleet import update_text

TOPIC = "arcadeforge/bar/c1/status"
AT = "2026-12-06T04:10:00Z"


def status(**fields) -> bytes:
    return messages.encode("bar", "c1", online=True, at=AT, **fields)


def test_a_status_with_the_release_and_a_rollback_is_read_and_said_in_one_line():
    update = {
        "outcome": "rolled back",
        "version": "0.3.0",
        "previous": "0.2.0",
        "reason": "doctor failed: fail x",
        "at": AT,
    }
    read = messages.parse(TOPIC, status(release="0.2.0", group="bar", update=update))
    assert (read.release, read.group, read.update) == ("0.2.0", "bar", update)
    assert (
        update_text(read.update)
        == "0.3.0 rolled back to 0.2.0 (2026-12-06 04:10:00 UTC): doctor failed: fail x"
    )
    assert update_text(None) == "none"


def test_firmware_before_releases_sends_none_of_them():
    read = messages.parse(TOPIC, status())
    assert (read.release, read.group, read.update) == (None, None, None)


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"release": "../../x"}, "release must be a version"),
        ({"group": "a/b"}, "group must be a topic name"),
        ({"update": {"outcome": "exploded"}}, "update must be an object with an outcome"),
        ({"update": {"outcome": "kept", "reason": "two\nlines"}}, "one printable line"),
        ({"update": {"outcome": "kept", "reason": "x" * 201}}, "one printable line"),
        ({"update": {"outcome": "kept", "version": 3}}, "update.version must be a version"),
    ],
)
def test_a_status_with_a_bad_release_field_is_refused(fields, why):
    with pytest.raises(messages.BadMessage, match=why):
        messages.parse(TOPIC, status(**fields))
