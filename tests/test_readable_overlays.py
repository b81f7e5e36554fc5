"""Words over a game never hide each other, and the pause says how to resume at every moment."""

import pygame

from cabinet.games.antigravity import alerts
from cabinet.games.antigravity.field_view import FieldView
from cabinet.games.antigravity.seat import Popup
from cabinet.scenes import pause


def _spy(monkeypatch, module) -> list[tuple[str, pygame.Rect]]:
    drawn = []
    real = module.text

    def spy(surface, words, pos, size, colour, align="topleft", shadow=True):
        rect = real(surface, words, pos, size, colour, align, shadow)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(module, "text", spy)
    return drawn


def test_the_pause_names_its_resume_key_on_every_frame(monkeypatch):
    drawn = _spy(monkeypatch, pause)
    surface = pygame.Surface((960, 540))
    for frame in range(100):
        drawn.clear()
        pause.draw_pause(surface, frame)
        assert pause.RESUME_HINT in [words for words, _ in drawn], frame


def test_anti_gravity_points_earned_in_one_place_rise_one_under_the_other(monkeypatch):
    drawn = _spy(monkeypatch, alerts)
    view = FieldView((380, 80), 6, 10, 34)
    popups = [Popup("+74", "chain", 2.0, 3.0, age=6), Popup("3 CHAIN!", "chain", 3.8, 3.0, big=True),
              Popup("+89", "chain", 2.2, 3.0), Popup("+80", "through", 2.0, 3.2)]
    surface = pygame.Surface((960, 540))
    for _ in range(30):
        drawn.clear()
        alerts.draw_popups(surface, view, popups)
        rects = [rect for _, rect in drawn]
        assert len(rects) == 4
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), drawn
        for popup in popups:
            popup.age += 1


def test_the_versus_ghost_where_it_does_not_fit_reads_over_a_piece_of_its_own_colour():
    from app_helpers import make_app
    from cabinet.games.blocks import versus_view
    from cabinet.games.blocks.versus import BlocksVersus
    from cabinet.render import palette
    from cabinet.scenes.match import Match
    from cabinet.scenes.select import match_scene
    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    rows = ["########"] + ["........"] * 7
    scene.versus = BlocksVersus.from_text((rows, ["........"] * 8), trays=([["#"], ["#"], ["#"]], None), seed=5)
    scene.seats = [type(scene.seats[0])(scene.versus, player, 600) for player in (1, 2)]
    seat = scene.seats[0]
    seat.cursor.slot, seat.cursor.row, seat.cursor.col = 0, 0, 3
    app.render()
    rect = versus_view.board_rect(1)
    edge = max(2, (versus_view.CELL - 2) // 12)
    x, y = rect.x + 3 * versus_view.CELL + 1, rect.y + 1
    assert tuple(app.display.logical.get_at((x + edge, y + versus_view.CELL // 2)))[:3] == palette.WHITE


def test_no_versus_ghost_is_drawn_over_cells_still_breaking(monkeypatch):
    from app_helpers import make_app, run, tap
    from cabinet.games.blocks import versus_view
    from cabinet.games.blocks.versus import BlocksVersus
    from cabinet.inputs.actions import Action
    from cabinet.scenes.match import Match
    from cabinet.scenes.select import match_scene
    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    rows = ["#######."] + ["........"] * 7
    scene.versus = BlocksVersus.from_text((rows, ["........"] * 8), trays=([["#"], ["#"], ["#"]], None), seed=5)
    scene.seats = [type(scene.seats[0])(scene.versus, player, 600) for player in (1, 2)]
    seat = scene.seats[0]
    seat.cursor.slot, seat.cursor.row, seat.cursor.col = 0, 0, 7
    ghosts = []
    monkeypatch.setattr(versus_view, "_draw_ghost",
                        lambda surface, shown, rect: ghosts.append(shown.animation) if shown is seat else None)
    tap(app, Action.A, settle=0)
    assert seat.animation is not None, "the row clears"
    surface = pygame.Surface((960, 540))
    while seat.animation is not None:
        scene.draw(surface)
        run(app, 1)
    scene.draw(surface)
    assert ghosts == [None], "the ghost comes back only once the clear has played"


def test_a_new_entry_on_a_table_shows_on_every_frame(monkeypatch):
    from cabinet.scenes import tables
    from cabinet.storage.scores import ScoreEntry
    drawn = _spy(monkeypatch, tables)
    entries = [ScoreEntry(rank, initials, score, None, None) for rank, initials, score in
               ((1, "AFV", 10000), (2, "NEW", 9501), (3, "ACE", 9000))]
    surface = pygame.Surface((960, 540))
    for frame in range(40):
        drawn.clear()
        tables.draw_table(surface, pygame.Rect(270, 80, 420, 380), "BLOCKS", entries, 2, frame)
        assert "NEW" in [words for words, _ in drawn], frame
