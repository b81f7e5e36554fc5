"""Warming the caches before the first frame (cabinet.scenes.flow.warm)."""

import logging

import pygame

from cabinet.render import text as text_module
from cabinet.scenes.flow import warm
from cabinet.scenes.flow.title import TitleScene
from support.app import make_app


def renders_during(monkeypatch, draw) -> int:
    """How many words ``draw()`` renders afresh (not found in the text cache)."""
    rendered = []
    real = text_module._render
    monkeypatch.setattr(text_module, "_render", lambda *args: rendered.append(args) or real(*args))
    draw()
    return len(rendered)


def test_after_warming_the_first_frames_of_attract_and_the_menus_render_no_new_words(monkeypatch):
    app = make_app()
    surface = pygame.Surface((960, 540))
    text_module._cache.clear()
    text_module._glyph.cache_clear()
    assert (
        renders_during(monkeypatch, lambda: TitleScene(app.ctx).draw(surface)) > 0
    )  # cold: it would
    text_module._cache.clear()
    text_module._glyph.cache_clear()
    warm.warm(app.ctx, surface)
    for name, make in warm.screens(app.ctx):
        assert renders_during(monkeypatch, lambda: make().draw(surface)) == 0, name


def test_a_screen_that_cannot_be_warmed_is_logged_and_the_rest_still_are(monkeypatch, caplog):
    app = make_app()
    drawn = []

    class Fine:
        def draw(self, surface):
            drawn.append(surface)

    def broken():
        raise RuntimeError("no such table")

    monkeypatch.setattr(warm, "screens", lambda ctx: [("broken", broken), ("fine", Fine)])
    with caplog.at_level(logging.ERROR):
        warm.warm(app.ctx, pygame.Surface((960, 540)))
    assert drawn and "broken" in caplog.text


def test_a_started_cabinet_has_warmed_the_service_menu_and_the_input_test(monkeypatch):
    from cabinet.scenes.service.input_test import InputTestScene
    from cabinet.scenes.service.menu import ServiceMenuScene

    text_module._cache.clear()
    text_module._glyph.cache_clear()
    app = make_app()
    surface = pygame.Surface((960, 540))
    for page in (ServiceMenuScene, InputTestScene):
        assert renders_during(monkeypatch, lambda: page(app.ctx).draw(surface)) == 0, page.__name__
