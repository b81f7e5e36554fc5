"""The loader and the saver see a settings file's pairs through one walk (cabinet.settings.walk)."""

from __future__ import annotations

from cabinet.settings.load import parse_settings
from cabinet.settings.save import patched

TWICE = """antigravity:
  difficulties:
    hard: {colours: 3}
    hard: {colours: 4}
credits:
  ? [max_credits]
  : 5
  max_credits: 7
"""


def test_a_difficulty_given_twice_is_read_as_the_first_like_any_key():
    loaded = parse_settings(TWICE, "op.yaml")
    assert loaded.settings.antigravity.difficulties["hard"].colours == 3
    assert "op.yaml:4: antigravity.difficulties.hard: given twice; the first one is used" in map(
        str, loaded.problems
    )


def test_the_saver_patches_the_pair_the_loader_read():
    settings = parse_settings(TWICE).settings
    settings.antigravity.difficulties["hard"].colours = 5
    settings.credits.max_credits = 8
    text = patched(TWICE, settings)
    assert "hard: {colours: 5}\n    hard: {colours: 4}" in text, "the first pair, the one read"
    assert "  ? [max_credits]\n  : 5\n  max_credits: 8" in text, (
        "a key that is not a name is no setting's"
    )
    assert parse_settings(text).settings == settings
