"""A settings fragment from the office, read by the loader over the settings in force."""

from __future__ import annotations

import dataclasses

from cabinet.settings.fragment import read_fragment
from cabinet.settings.load import parse_settings
from cabinet.settings.schema import Settings

IN_FORCE = parse_settings(
    "credits:\n  free_play: false\n  max_credits: 20\nblocks:\n  ramp_placements: 60\n"
).settings


def test_the_keys_a_fragment_leaves_out_keep_the_values_in_force_and_only_its_own_change():
    reading = read_fragment("credits:\n  credits_per_game: 2\n", IN_FORCE)
    assert reading.problems == []
    expected = dataclasses.replace(
        IN_FORCE, credits=dataclasses.replace(IN_FORCE.credits, credits_per_game=2)
    )
    assert reading.settings == expected
    assert [str(change) for change in reading.changes] == ["credits.credits_per_game: 1 -> 2"]


def test_a_difficulty_changed_is_named_by_its_own_key():
    reading = read_fragment(
        "antigravity:\n  difficulties:\n    normal: {turn_seconds: 6}\n", IN_FORCE
    )
    assert [str(change) for change in reading.changes] == [
        "antigravity.difficulties.normal.turn_seconds: 8.0 -> 6.0"
    ]


def test_every_bad_key_is_a_problem_line_with_its_line_and_nothing_changes():
    reading = read_fragment(
        "credits:\n  credits_per_game: 30\n  price: 2\nblocks:\n  ramp: maybe\n", IN_FORCE
    )
    assert [(p.key, p.line) for p in reading.problems] == [
        ("credits.credits_per_game", 2),
        ("credits.price", 3),
        ("blocks.ramp", 5),
    ]
    assert "must be at most 9, got 30" in reading.problems[0].message
    assert not any("using" in p.message for p in reading.problems), (
        "a fragment falls back on nothing"
    )
    assert reading.settings == IN_FORCE and reading.changes == []


def test_the_fleet_link_and_the_wiring_are_the_cabinets_own_and_a_secret_is_never_repeated():
    text = "network:\n  host: evil.example\n  password: 12345\n  show_rankings: false\ninputs:\n  gpio:\n    coin_1: 4\n"
    reading = read_fragment(text, IN_FORCE)
    lines = [str(p) for p in reading.problems]
    keys = {p.key for p in reading.problems if "set at the cabinet only" in p.message}
    assert keys >= {"network.host", "network.password"}
    assert "network.show_rankings" not in keys
    assert not any("12345" in line for line in lines)
    assert reading.settings == IN_FORCE


def test_the_books_mirror_is_the_cabinets_own():
    """Its folder depends on the cabinet's disks; "off" from afar would drop the books' copy."""
    reading = read_fragment('storage:\n  books_mirror: "off"\n', IN_FORCE)
    assert [p.key for p in reading.problems] == ["storage.books_mirror"]
    assert "set at the cabinet only" in reading.problems[0].message
    assert reading.settings == IN_FORCE


def test_a_fragment_that_is_not_a_mapping_says_so_without_the_loaders_fall_back():
    for text, why in (
        ("", "has no settings in it (empty)"),
        ("- credits\n", "is not a mapping of settings sections"),
    ):
        (problem,) = read_fragment(text, IN_FORCE).problems
        assert problem.message == why


def test_a_cabinet_reading_a_whole_file_still_hears_of_the_keys_it_lacks():
    loaded = parse_settings("credits:\n  credits_per_game: 2\n", last_good=IN_FORCE)
    assert any("not in the file" in p.message for p in loaded.problems)
    assert Settings().credits.free_play and not loaded.settings.credits.free_play
