"""Switching the language, and what a missing translation shows (cabinet/language)."""

import logging

import pytest

from cabinet import language
from cabinet.language import N_, tr


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    language.use("en")


def test_english_is_the_message_itself():
    language.use("en")
    assert tr("PLAYER {side} WINS", side=2) == "PLAYER 2 WINS"


def test_use_switches_at_once():
    message = next(iter(language.catalogue("ja")))
    language.use("ja")
    assert language.current() == "ja"
    assert tr(message) == language.catalogue("ja")[message]
    language.use("ms")
    assert tr(message) == language.catalogue("ms")[message]


def test_a_missing_translation_shows_english_and_is_logged_once(caplog):
    language.use("ms")
    with caplog.at_level(logging.WARNING, logger="cabinet.language"):
        assert tr("NO SUCH {n} MESSAGE", n=3) == "NO SUCH 3 MESSAGE"
        tr("NO SUCH {n} MESSAGE", n=4)
    assert len(caplog.records) == 1


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        language.use("xx")
    assert language.current() == "en"


def test_marking_returns_the_message():
    assert N_("GAME OVER") == "GAME OVER"
