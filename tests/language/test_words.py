"""Words kept to be shown later: translated when shown, English in a log line."""

import pytest

from cabinet import language
from cabinet.language.words import Words, shown


@pytest.fixture
def japanese():
    language.use("ja")
    yield
    language.use("en")


def test_words_are_shown_in_the_language_of_the_moment_nested_fields_too(japanese):
    words = Words("{what}  SEE NOTICES", what=Words("DISK FULL"))
    assert words.shown() == "ディスク満杯  お知らせ参照"
    language.use("ms")
    assert words.shown() == "CAKERA PENUH  LIHAT NOTIS"


def test_a_log_line_has_them_in_english_whatever_the_language(japanese):
    words = Words("{what}: {count} WRITES WAITING  SEE NOTICES", what=Words("DISK FULL"), count=3)
    assert str(words) == "DISK FULL: 3 WRITES WAITING  SEE NOTICES"


def test_a_plain_field_is_shown_as_written(japanese):
    assert Words("{what}  SEE NOTICES", what="cabinet.db").shown() == "cabinet.db  お知らせ参照"
    assert shown("/srv/cabinet.yaml: bad") == "/srv/cabinet.yaml: bad"
    assert shown(Words("DISK FULL")) == "ディスク満杯"


def test_words_are_equal_by_message_and_fields():
    assert Words("DISK FULL") == Words("DISK FULL") != Words("STORAGE FAULT")
    assert hash(Words("{n} X", n=1)) == hash(Words("{n} X", n=1))
