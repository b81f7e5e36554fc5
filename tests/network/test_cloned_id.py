"""Two cabinets with one id (a cloned SD card) on a real Mosquitto: named once, no flapping (issue 38, finding 6)."""

from __future__ import annotations

import logging
from pathlib import Path

from cabinet.network.link import NetworkLink, live_owner
from cabinet.network.messages import encode
from cabinet.settings.schema import CreditSettings
from cabinet.system.machine import machine_mark, mark_of
from support.network import (
    Store,
    monitor_for,
    settings_for,
    wait_for,
)  # Store: where it lives on each branch

KEEPER, CLONE = "1111aaaa", "9999ffff"  # the smaller mark keeps the id


class Twin:
    """A cabinet on its own state file, with ``coins`` in chute 1, linked as bar/left from ``machine``."""

    def __init__(self, folder: Path, port_of, machine: str, coins: int):
        folder.mkdir()
        self.store = Store.open(folder / "cabinet.db")
        self.store.outbox.enabled = True
        bank = self.store.credit_bank(CreditSettings(free_play=False))
        for _ in range(coins):
            bank.coin(1)
        self.link = NetworkLink(
            settings_for(port_of, "left"), self.store.db.path, ["blocks"], machine=machine
        )

    def close(self) -> None:
        self.link.close(timeout=10)
        self.store.close()


def _clash_lines(caplog, machine: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if "a second cabinet uses the id bar/left" in r.getMessage()
        and f"this one is {machine}" in r.getMessage()
    ]


def test_a_cloned_id_is_named_once_one_cabinet_stands_down_and_the_fleet_shows_the_other(
    tmp_path, broker, caplog
):
    caplog.set_level(logging.INFO, logger="cabinet.network")
    keeper = Twin(tmp_path / "keeper", broker, KEEPER, coins=7)
    keeper.link.start()
    monitor = monitor_for(broker)
    try:
        wait_for(
            lambda: (
                keeper.link.status.state == "connected"
                and monitor.view.audits.get(("bar", "left")) is not None
            ),
            what="the keeper on line",
        )
        clone = Twin(tmp_path / "clone", broker, CLONE, coins=2)
        clone.link.start()
        try:
            wait_for(
                lambda: clone.link.status.state == "clash" and keeper.link.status.clash == CLONE,
                what="the clone standing down and the keeper naming it",
            )
            assert clone.link.status.clash == KEEPER
            assert clone.link.status.detail == f"MACHINE {KEEPER}"
            # The fleet ends on the keeper's own figures, whatever the clone said for a moment.
            wait_for(
                lambda: monitor.view.audits[("bar", "left")].audits["coins"] == {"1": 7, "2": 0},
                what="the keeper's coins on the broker",
            )
            # No flapping: the keeper was never knocked off; each names the clash once.
            messages = [r.getMessage() for r in caplog.records]
            assert not any("lost the broker" in line for line in messages), messages
            assert (
                sum(line.startswith("network: connected to") for line in messages) == 2
            )  # once each
            assert len(_clash_lines(caplog, KEEPER)) == 1 and len(_clash_lines(caplog, CLONE)) == 1
            assert "this one stands down" in _clash_lines(caplog, CLONE)[0]
            assert monitor.view.status[("bar", "left")].online
        finally:
            clone.close()
        assert keeper.link.status.state == "connected"
    finally:
        monitor.stop()
        keeper.close()


def test_only_another_program_online_is_a_clash():
    def status(**fields) -> bytes:
        return encode("bar", "left", at="2026-01-01T00:00:00Z", **fields)

    assert live_owner(status(online=True, machine=CLONE, state="ab12")) == (CLONE, "ab12")
    assert live_owner(status(online=True, machine=CLONE)) == (
        CLONE,
        "",
    )  # older firmware: no state mark
    assert live_owner(status(online=True, machine=CLONE, state="\x1b[2J")) == (CLONE, "")
    assert live_owner(status(online=False, machine=CLONE, state="ab12")) == ("", "")
    assert live_owner(status(online=True)) == ("", "")  # firmware that sends no mark at all
    assert live_owner(b"\\x00not json") == ("", "")


def _adapter(net: Path, name: str, address: str, device: bool = True) -> None:
    (net / name).mkdir(parents=True)
    (net / name / "address").write_text(address + "\n")
    if device:
        (net / name / "device").mkdir()


def test_the_machine_mark_comes_from_the_board_before_the_cards_machine_id(tmp_path):
    serial, cpuinfo, net, machine_id = (
        tmp_path / "serial-number",
        tmp_path / "cpuinfo",
        tmp_path / "net",
        tmp_path / "machine-id",
    )
    sources = (serial, cpuinfo, net, machine_id)
    machine_id.write_text("3d1219c7aaaabbbbccccdddd00001111\n")
    cpuinfo.write_text("processor\t: 0\nSerial\t\t: 100000001234abcd\nModel\t: Raspberry Pi 4\n")
    board_a = mark_of(sources)
    cpuinfo.write_text("processor\t: 0\nSerial\t\t: 10000000deadbeef\n")
    board_b = mark_of(sources)
    assert board_a != board_b and len(board_a) == 8  # one card, two boards: two marks
    cpuinfo.write_text("Serial\t\t: 0000000000000000\n")  # no serial: the machine id decides
    by_machine_id = mark_of(sources)
    assert by_machine_id not in (board_a, board_b)
    _adapter(net, "lo", "00:00:00:00:00:00", device=False)
    _adapter(net, "ifb0", "8a:dc:df:c3:ab:0f", device=False)  # virtual: made up at each boot
    assert mark_of(sources) == by_machine_id
    _adapter(
        net, "eth0", "dc:a6:32:01:02:03"
    )  # a board's own adapter comes before a copied machine id
    by_adapter = mark_of(sources)
    assert by_adapter not in (board_a, board_b, by_machine_id)
    serial.write_bytes(b"100000001234abcd\0")
    assert mark_of(sources) == board_a  # the device tree says the same as cpuinfo
    assert machine_mark() == machine_mark() and len(machine_mark()) == 8


def test_two_programs_on_one_machine_with_one_id_do_not_flap(tmp_path, broker, caplog):
    """Both once used one client id, so the broker dropped one for the other every second."""
    caplog.set_level(logging.INFO, logger="cabinet.network")
    first = Twin(tmp_path / "first", broker, KEEPER, coins=3)
    first.link.start()
    monitor = monitor_for(broker)
    try:
        wait_for(lambda: first.link.status.state == "connected", what="the first program on line")
        second = Twin(tmp_path / "second", broker, KEEPER, coins=5)
        second.link.start()
        try:
            links = (first.link, second.link)
            wait_for(
                lambda: (
                    sorted(link.status.state for link in links) == ["clash", "connected"]
                    and all(link.status.clash == KEEPER for link in links)
                ),
                what="one program standing down",
            )
            keeper = next(link for link in links if link.status.state == "connected")
            coins = {"1": 3 if keeper is first.link else 5, "2": 0}
            wait_for(
                lambda: (
                    monitor.view.audits.get(("bar", "left")) is not None
                    and monitor.view.audits[("bar", "left")].audits["coins"] == coins
                ),
                what="the keeper's coins on the broker",
            )
            messages = [r.getMessage() for r in caplog.records]
            assert not any("lost the broker" in line for line in messages), messages
            assert (
                sum(line.startswith("network: connected to") for line in messages) == 2
            )  # once each
            named = [
                line for line in messages if "another program on this machine " + KEEPER in line
            ]
            assert len(named) == 2 and sum("this one stands down" in line for line in named) == 1
            assert (
                keeper.status.state == "connected" and monitor.view.status[("bar", "left")].online
            )
        finally:
            second.close()
    finally:
        monitor.stop()
        first.close()


def test_the_cabinet_that_stood_down_tries_again_and_stands_down_again_without_a_new_line(
    tmp_path, broker, caplog, monkeypatch
):
    from cabinet.network import link as link_module

    monkeypatch.setattr(link_module, "CLASH_RETRY_SECONDS", 0.2)
    caplog.set_level(logging.INFO, logger="cabinet.network")
    keeper = Twin(tmp_path / "keeper", broker, KEEPER, coins=1)
    keeper.link.start()
    try:
        wait_for(lambda: keeper.link.status.state == "connected", what="the keeper on line")
        clone = Twin(tmp_path / "clone", broker, CLONE, coins=1)
        clone.link.start()
        try:

            def tries() -> int:
                return (
                    sum(r.getMessage().startswith("network: connecting") for r in caplog.records)
                    - 1
                )

            wait_for(
                lambda: tries() >= 3 and clone.link.status.state == "clash",
                what="the clone's third try",
            )
            assert len(_clash_lines(caplog, CLONE)) == 1 and len(_clash_lines(caplog, KEEPER)) == 1
            assert not any("lost the broker" in r.getMessage() for r in caplog.records)
            assert keeper.link.status.state == "connected"
        finally:
            clone.close()
    finally:
        keeper.close()
