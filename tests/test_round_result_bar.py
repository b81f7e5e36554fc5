"""ANTI-GRAVITY versus: a round's result takes the message bar, whose own words step aside."""

import pygame

from app_helpers import make_app
from cabinet.games.antigravity import layouts
from cabinet.scenes import match_view
from cabinet.scenes.match import Match
from cabinet.scenes.select import match_scene


def _drawn_words(monkeypatch, scene) -> list[tuple[str, pygame.Rect]]:
    """Every string the screen draws, with where it lands."""
    drawn = []
    real = layouts.text

    def spy(surface, words, pos, size, colour, align="topleft", shadow=True):
        rect = real(surface, words, pos, size, colour, align, shadow)
        drawn.append((words, rect))
        return rect

    for module in (layouts, match_view):
        monkeypatch.setattr(module, "text", spy)
    monkeypatch.setattr(layouts, "fitted", lambda surface, words, pos, size, colour, width, align="topleft":
                        spy(surface, words, pos, size, colour, align))
    scene.draw(pygame.Surface((960, 540)))
    return drawn


def test_the_round_result_fills_the_bar_and_nothing_else_is_written_there(monkeypatch):
    app = make_app()
    scene = match_scene(app.ctx, Match("antigravity", 2, 3, {2: 4}))
    app.ctx.scenes.reset(scene)
    scene.rounds.record(2)
    scene.end_frames = layouts.FINAL_BOARD_FRAMES + 1
    in_bar = [(words, rect) for words, rect in _drawn_words(monkeypatch, scene) if rect.colliderect(layouts.BAR)]
    words = sorted((words for words, _ in in_bar), key=lambda words: words == "0 - 1")
    assert len(words) == 2 and (words[0].endswith("TAKES ROUND 1") or words[0] == "ROUND 1 DRAWN"), words
    assert words[1] == "0 - 1"
    assert all(layouts.BAR.contains(rect) for _, rect in in_bar), in_bar


def test_during_play_the_bar_shows_each_players_progress(monkeypatch):
    app = make_app()
    scene = match_scene(app.ctx, Match("antigravity", 2, 3, {2: 4}))
    app.ctx.scenes.reset(scene)
    in_bar = [words for words, rect in _drawn_words(monkeypatch, scene) if rect.colliderect(layouts.BAR)]
    assert any(words.startswith("1P") for words in in_bar) and any(words.startswith("2P") for words in in_bar)


def test_a_long_result_keeps_clear_of_the_match_score(monkeypatch):
    drawn = []
    real = match_view.text

    def spy(surface, words, pos, size, colour, align="topleft", shadow=True):
        rect = real(surface, words, pos, size, colour, align, shadow)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(match_view, "text", spy)
    match = Match("blocks", 2, 1, {2: 3}, wins={1: 2, 2: 1}, round=4)
    match_view.round_result(pygame.Surface((960, 540)), match, 1, (480, 460))
    score, words = drawn
    assert words.right + 16 <= score.x, (words, score)
