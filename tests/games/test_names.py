"""The game and mode names are the strings already stored: a renamed value would orphan
every audit counter, table and replay written before it."""

import json

from cabinet.games.names import Game, Mode
from cabinet.storage.audits import game_mode
from cabinet.storage.replays import Replay


def test_each_name_is_the_string_stored_before():
    assert [str(game) for game in Game] == ["blocks", "antigravity"]
    assert [str(mode) for mode in Mode] == ["single", "versus", "contest", "cpu", "challenger"]


def test_a_stored_name_reads_back_as_its_member():
    assert Game("antigravity") is Game.ANTIGRAVITY
    assert Mode("cpu") is Mode.CPU


def test_audit_counters_are_named_alike_from_members_and_from_plain_strings():
    assert game_mode(Game.ANTIGRAVITY, Mode.CONTEST) == "antigravity/contest"
    assert game_mode("antigravity", "contest") == "antigravity/contest"
    assert game_mode(Game.BLOCKS, "blocks") == "blocks/single"


def test_a_replay_made_with_members_is_stored_byte_for_byte_as_before():
    made = Replay(Game.ANTIGRAVITY, Mode.VERSUS, {"width": 6}, 7, [(3, 1, "up", True)], 120, "AAA")
    plain = Replay("antigravity", "versus", {"width": 6}, 7, [(3, 1, "up", True)], 120, "AAA")
    assert made.packed() == plain.packed()
    data = json.loads(made.to_json())
    assert (data["game"], data["mode"]) == ("antigravity", "versus")
