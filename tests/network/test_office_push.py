"""``python -m cabinet settings push``: the office's command, against a real Mosquitto with the shipped ACL."""

from __future__ import annotations

import pytest

from cabinet.__main__ import main
from cabinet.network.fleet import FleetMonitor
from cabinet.network.local_broker import LocalBroker
from cabinet.update.office_settings import group_target, open_sealed, topic_of
from cabinet.update.signing import load_public, make_key_pair
from support import ROOT
from support.network import need_mosquitto, settings_for, wait_for

ACL = ROOT / "config" / "mosquitto" / "arcadeforge.acl"
USERS = {"bar-left": "left-secret", "office": "office-secret"}


@pytest.fixture
def broker(tmp_path):
    need_mosquitto()
    with LocalBroker(tmp_path / "broker", users=USERS, acl=ACL.read_text()) as running:
        yield running


def login_file(tmp_path, broker, user: str) -> str:
    path = tmp_path / f"{user}.yaml"
    path.write_text(
        f"network:\n  host: 127.0.0.1\n  port: {broker.port}\n  tls: false\n  site: bar\n"
        f"  cabinet: {user}\n  password: {USERS[user]}\n"
    )
    return str(path)


def test_the_office_pushes_a_signed_fragment_and_a_cabinets_login_is_refused(
    tmp_path, broker, capsys
):
    make_key_pair(tmp_path / "release-key.pem", tmp_path / "release-key.pub")
    fragment = tmp_path / "night.yaml"
    fragment.write_text("credits:\n  credits_per_game: 2\n")
    watcher = FleetMonitor(
        settings_for(broker, "office", password=USERS["office"]),
        "watcher",
        topic="arcadeforge-office/#",
    )
    seen: list = []
    watcher.client.on_message = lambda client, userdata, message: seen.append(message)
    watcher.start()
    wait_for(watcher.subscribed.is_set, what="the watcher's subscription")
    command = [
        "settings",
        "push",
        str(fragment),
        "--group",
        "hall",
        "--key",
        str(tmp_path / "release-key.pem"),
    ]
    try:
        assert (
            main(
                [*command, "--signer", "alice", "--config", login_file(tmp_path, broker, "office")]
            )
            == 0
        )
        wait_for(lambda: seen, what="the fragment on the office's tree")
        signed = open_sealed(
            seen[0].payload, load_public(tmp_path / "release-key.pub"), seen[0].topic
        )
        assert (seen[0].topic, signed.signer, signed.fragment) == (
            topic_of(group_target("hall")),
            "alice",
            fragment.read_text(),
        )
        assert (
            seen[0].retain is False
        )  # live delivery; the broker keeps it retained for cabinets to come

        assert (
            main(
                [
                    *command,
                    "--signer",
                    "mallory",
                    "--config",
                    login_file(tmp_path, broker, "bar-left"),
                ]
            )
            == 3
        )
        assert "ACL" in capsys.readouterr().err

        fragment.write_text("credits:\n  credits_per_game: 20\n")
        assert (
            main(
                [*command, "--signer", "alice", "--config", login_file(tmp_path, broker, "office")]
            )
            == 3
        )
        err = capsys.readouterr().err
        assert (
            "credits.credits_per_game: must be at most 9, got 20" in err and "nothing sent" in err
        )
        bare = [
            "settings",
            "push",
            str(fragment),
            "--cabinet",
            "bar-left",
            "--key",
            str(tmp_path / "release-key.pem"),
        ]
        assert (
            main([*bare, "--signer", "alice", "--config", login_file(tmp_path, broker, "office")])
            == 2
        )  # no site
        assert len(seen) == 1
    finally:
        watcher.stop()
