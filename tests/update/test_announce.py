"""An announcement is acted on only when signed by the office and meant for the topic it came on."""

from __future__ import annotations

import pytest

from cabinet.update import announce
from support.fleet_update import Office


@pytest.fixture
def office(tmp_path):
    return Office(tmp_path / "office")


def test_a_signed_announcement_reads_back_as_published(office):
    bundle = office.bundle("2.0")
    made = announce.for_bundle(bundle, announce.group_topic("bar"), "https://office.lan/b.tar")
    assert announce.decode(made.topic, announce.encode(made, office.private), office.public) == made
    assert (made.version, made.size) == ("2.0", bundle.stat().st_size)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ("other key", "signature does not match this cabinet's release key"),
        ("other topic", "the announcement was signed for arcadeforge-office/release/group/bar"),
        ("edited", "signature does not match"),
        ("junk", "not a release announcement"),
    ],
)
def test_an_announcement_not_signed_for_this_topic_is_ignored(tmp_path, office, change, why):
    made = announce.for_bundle(
        office.bundle("2.0"), announce.group_topic("bar"), "http://office.lan/b.tar"
    )
    payload, topic, key = announce.encode(made, office.private), made.topic, office.public
    if change == "other key":
        key = Office(tmp_path / "elsewhere").public
    elif change == "other topic":
        topic = announce.group_topic("downtown")
    elif change == "edited":
        payload = payload.replace(b"office.lan", b"evil.example")
    else:
        payload = b"\xff{"
    with pytest.raises(announce.BadAnnouncement, match=why):
        announce.decode(topic, payload, key)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://office.lan/b.tar", "http:///b.tar"])
def test_only_an_http_or_https_address_with_a_host_can_be_announced(office, url):
    with pytest.raises(announce.BadAnnouncement, match=r"URL|host"):
        announce.for_bundle(office.bundle("2.0"), announce.group_topic("bar"), url)
