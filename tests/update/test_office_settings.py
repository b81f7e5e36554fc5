"""The signed message that carries settings from the office: what a cabinet takes, and what it refuses."""

from __future__ import annotations

import base64
import json

import pytest

from cabinet.update.office_settings import (
    Refused,
    cabinet_target,
    group_target,
    open_sealed,
    own_targets,
    seal,
    topic_of,
)
from cabinet.update.signing import load_private, load_public, make_key_pair, sign

FRAGMENT = "credits:\n  credits_per_game: 2\n"


@pytest.fixture
def keys(tmp_path):
    make_key_pair(tmp_path / "office.pem", tmp_path / "office.pub")
    make_key_pair(tmp_path / "other.pem", tmp_path / "other.pub")
    return (
        load_private(tmp_path / "office.pem"),
        load_public(tmp_path / "office.pub"),
        load_private(tmp_path / "other.pem"),
    )


def test_a_fragment_signed_by_the_office_opens_with_its_target_time_and_signer(keys):
    private, public, _ = keys
    target = group_target("hall")
    signed = open_sealed(seal(private, target, FRAGMENT, "alice"), public, topic_of(target))
    assert (signed.target, signed.signer, signed.fragment) == (target, "alice", FRAGMENT)


def _tampered(payload: bytes) -> bytes:
    outer = json.loads(payload)
    body = json.loads(base64.b64decode(outer["body"]))
    body["fragment"] = "credits:\n  free_play: true\n"
    outer["body"] = base64.b64encode(json.dumps(body).encode()).decode()
    return json.dumps(outer).encode()


def test_forged_changed_unsigned_or_moved_messages_are_refused_in_one_line(keys):
    private, public, other = keys
    target = group_target("hall")
    good = seal(private, target, FRAGMENT, "alice")
    body = base64.b64decode(json.loads(good)["body"])
    bare_signature = base64.b64encode(sign(private, body)).decode()  # signed, but not as settings
    cases = {
        "signed with another key": (
            seal(other, target, FRAGMENT, "mallory"),
            topic_of(target),
            "does not match",
        ),
        "changed on the way": (_tampered(good), topic_of(target), "does not match"),
        "not signed at all": (FRAGMENT.encode(), topic_of(target), "not a signed settings message"),
        "a signature made for something else": (
            json.dumps(
                {"v": 1, "body": json.loads(good)["body"], "signature": bare_signature}
            ).encode(),
            topic_of(target),
            "does not match",
        ),
        "moved to another cabinet's topic": (
            good,
            topic_of(cabinet_target("bar", "bar-left")),
            "moved to another target",
        ),
    }
    for name, (payload, topic, why) in cases.items():
        with pytest.raises(Refused) as refused:
            open_sealed(payload, public, topic)
        assert why in str(refused.value), name
        assert "\n" not in str(refused.value) and "free_play" not in str(refused.value), name


def test_the_office_cannot_seal_for_a_target_no_cabinet_has(keys):
    for target in ("group/", "site/bar", "cabinet/bar", "group/a/b", "group/+"):
        with pytest.raises(ValueError):
            seal(keys[0], target, FRAGMENT, "alice")


def test_a_cabinet_without_a_group_takes_its_sites_as_its_releases_do():
    assert own_targets("bar", "bar-left", "") == ["group/bar", "cabinet/bar/bar-left"]
    assert own_targets("bar", "bar-left", "hall") == ["group/hall", "cabinet/bar/bar-left"]
