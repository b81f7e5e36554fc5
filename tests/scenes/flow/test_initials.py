"""The initials screens lay their lines out one under another, readable from 2 m."""

import pygame
import pytest

from cabinet.scenes.flow import initials
from cabinet.scenes.flow.initials import InitialsScene
from cabinet.scenes.flow.records import Entry, RecordsInitialsScene
from cabinet.scenes.kit import widgets
from cabinet.scenes.kit.widgets import READABLE
from support.app import make_app
from support.drawn import overlapping, spy_sizes, spy_text

HELP = "UP/DOWN LETTER   A NEXT   START DONE"


def _streak_and_score(ctx):
    entries = [Entry(2, "streak/blocks", 2, 1, 1), Entry(2, "antigravity/versus", 4890, 3, 2)]
    return RecordsInitialsScene(ctx, 2, entries, lambda ranks: None)


def _high_score(ctx):
    return InitialsScene(ctx, "antigravity/contest/EXPERT", 48900, rank=2, entry_id=1)


@pytest.mark.parametrize("make_scene", [_streak_and_score, _high_score])
def test_no_two_lines_of_an_initials_screen_meet(monkeypatch, make_scene):
    app = make_app()  # first: the app warms its caches by drawing attract pages, not spied on
    drawn = spy_text(monkeypatch, initials, widgets)
    make_scene(app.ctx).draw(pygame.Surface((960, 540)))
    shown = [words for words, _ in drawn]
    assert "ENTER YOUR INITIALS" in shown and HELP in shown, shown
    assert not overlapping(drawn)
    assert all(pygame.Rect(0, 0, 960, 540).contains(rect) for _, rect in drawn), drawn


def test_two_records_both_show_above_the_prompt(monkeypatch):
    spied = spy_text(monkeypatch, initials, widgets)
    _streak_and_score(make_app().ctx).draw(pygame.Surface((960, 540)))
    drawn = dict(spied)
    prompt = drawn["ENTER YOUR INITIALS"]
    assert drawn["2 WINS IN A ROW"].bottom <= drawn["VERSUS HIGH SCORE 4890"].top
    assert drawn["VERSUS HIGH SCORE 4890"].bottom <= prompt.top


def test_the_help_line_and_the_countdown_are_readable_at_two_metres(monkeypatch):
    app = make_app()
    seen, _ = spy_sizes(monkeypatch)
    _high_score(app.ctx).draw(pygame.Surface((960, 540)))
    sizes = {words: size for words, size, _ in seen}
    assert sizes[HELP] >= READABLE
    assert sizes["TIME"] >= READABLE and sizes["30"] >= READABLE
