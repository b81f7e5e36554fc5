"""A settings file that names no fleet id gives each machine its own (issue 38, finding 6)."""

from __future__ import annotations

import pytest

from cabinet.settings.load import parse_settings
from cabinet.settings.save import save_settings
from cabinet.system import machine


@pytest.fixture
def board(monkeypatch):
    """Which board the card is in: set ``board.mark`` to move the card to another."""

    class Board:
        mark = "1111aaaa"

    monkeypatch.setattr(machine, "machine_mark", lambda: Board.mark)
    return Board


def test_a_copied_file_without_an_id_gives_each_board_its_own(board):
    text = 'network:\n  site: bar\n  cabinet: ""\n'
    first = parse_settings(text, "cabinet.yaml")
    assert not first.problems and first.settings.network.cabinet == "cabinet-1111aaaa"
    board.mark = "9999ffff"  # the same card in another cabinet
    assert parse_settings(text, "cabinet.yaml").settings.network.cabinet == "cabinet-9999ffff"
    assert (
        parse_settings("display: {}\n", "cabinet.yaml").settings.network.cabinet
        == "cabinet-9999ffff"
    )


def test_an_id_in_the_file_wins(board):
    assert (
        parse_settings("network:\n  cabinet: bar-left\n", "c.yaml").settings.network.cabinet
        == "bar-left"
    )


def test_a_bad_id_is_named_and_the_machines_own_used(board):
    loaded = parse_settings('network:\n  cabinet: "bar/left"\n', "c.yaml")
    assert [(p.key, p.line) for p in loaded.problems] == [("network.cabinet", 2)]
    assert loaded.settings.network.cabinet == "cabinet-1111aaaa"


def test_saving_keeps_the_id_unwritten_so_a_clone_of_the_card_gets_its_own(board, tmp_path):
    path = tmp_path / "cabinet.yaml"
    path.write_text('network:\n  site: bar\n  cabinet: ""   # this machine\'s own\n')
    settings = parse_settings(path.read_text(), str(path)).settings
    settings.network.site = "cafe"
    save_settings(path, settings)
    assert "cabinet-1111aaaa" not in path.read_text()
    board.mark = "9999ffff"
    again = parse_settings(path.read_text(), str(path)).settings.network
    assert (again.site, again.cabinet) == ("cafe", "cabinet-9999ffff")
    settings.network.cabinet = "bar-left"  # an id the operator chose is written as it is
    save_settings(path, settings)
    assert parse_settings(path.read_text(), str(path)).settings.network.cabinet == "bar-left"
