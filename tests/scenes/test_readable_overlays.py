"""Words and marks over a game never hide each other or the game's own text, and what a
player must find (how to resume, their new entry, the round's result) shows on every frame."""

import pygame

from cabinet.games.blocks.versus import BlocksVersus
from cabinet.games.match import Match
from cabinet.inputs.actions import Action
from cabinet.render import palette
from cabinet.scenes.antigravity import layouts
from cabinet.scenes.blocks import versus_view
from cabinet.scenes.flow import tables
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.kit import match_view, pause
from cabinet.storage.scores import ScoreEntry
from support.app import make_app, run, tap
from support.drawn import spy_text

SURFACE = (960, 540)


# ---------------------------------------------------------------------- pause and tables


def test_the_pause_names_its_resume_key_on_every_frame(monkeypatch):
    drawn = spy_text(monkeypatch, pause)
    surface = pygame.Surface(SURFACE)
    for frame in range(100):
        drawn.clear()
        pause.draw_pause(surface, frame)
        assert pause.RESUME_HINT in [words for words, _ in drawn], frame


def test_a_new_entry_on_a_table_shows_on_every_frame(monkeypatch):
    drawn = spy_text(monkeypatch, tables)
    entries = [
        ScoreEntry(rank, initials, score, None, None)
        for rank, initials, score in ((1, "AFV", 10000), (2, "NEW", 9501), (3, "ACE", 9000))
    ]
    surface = pygame.Surface(SURFACE)
    for frame in range(40):
        drawn.clear()
        tables.draw_table(surface, pygame.Rect(270, 80, 420, 380), "BLOCKS", entries, 2, frame)
        assert "NEW" in [words for words, _ in drawn], frame


# ---------------------------------------------------------------------- ANTI-GRAVITY


def _anti_gravity_match():
    app = make_app()
    scene = match_scene(app.ctx, Match("antigravity", 2, 3, {2: 4}))
    app.ctx.scenes.reset(scene)
    return scene


def _in_bar(monkeypatch, scene) -> list[tuple[str, pygame.Rect]]:
    """The strings drawn over the message bar, with where they land."""
    drawn = spy_text(monkeypatch, layouts, match_view)
    scene.draw(pygame.Surface(SURFACE))
    return [(words, rect) for words, rect in drawn if rect.colliderect(layouts.BAR)]


def test_the_round_result_fills_the_bar_and_nothing_else_is_written_there(monkeypatch):
    scene = _anti_gravity_match()
    scene.match.record(2)
    scene.end_frames = layouts.FINAL_BOARD_FRAMES + 1
    in_bar = _in_bar(monkeypatch, scene)
    words = sorted((words for words, _ in in_bar), key=lambda words: words == "0 - 1")
    assert len(words) == 2 and (
        words[0].endswith("TAKES ROUND 1") or words[0] == "ROUND 1 DRAWN"
    ), words
    assert words[1] == "0 - 1"
    assert all(layouts.BAR.contains(rect) for _, rect in in_bar), in_bar


def test_during_play_the_bar_shows_each_players_progress_named_as_the_side_who_plays_it(
    monkeypatch,
):
    in_bar = [words for words, _ in _in_bar(monkeypatch, _anti_gravity_match())]
    assert any(words.startswith("1P ") for words in in_bar), in_bar
    assert any(words.startswith("CPU LV4 ") for words in in_bar), (
        "the CPU's half names the CPU, not 2P"
    )
    assert not any(words.startswith("2P") for words in in_bar), in_bar


def test_a_long_result_keeps_clear_of_the_match_score(monkeypatch):
    drawn = spy_text(monkeypatch, match_view)
    match = Match("blocks", 2, 1, {2: 3}, wins={1: 2, 2: 1}, round=4)
    match_view.round_result(pygame.Surface(SURFACE), match, 1, (480, 460))
    (_, score), (_, words) = drawn
    assert words.right + 16 <= score.x, (words, score)


# ---------------------------------------------------------------------- BLOCKS versus


def _blocks_match(top_row: str):
    """A BLOCKS versus match, player 1's top row ``top_row``, trays of single cells; player 1's seat."""
    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    rows = [top_row] + ["........"] * 7
    scene.versus = BlocksVersus.from_text(
        (rows, ["........"] * 8), trays=([["#"], ["#"], ["#"]], None), seed=5
    )
    scene.seats = [type(scene.seats[0])(scene.versus, player, 600) for player in (1, 2)]
    return app, scene, scene.seats[0]


def test_the_versus_ghost_where_it_does_not_fit_reads_over_a_piece_of_its_own_colour():
    app, _, seat = _blocks_match("########")
    seat.cursor.slot, seat.cursor.row, seat.cursor.col = 0, 0, 3
    app.render()
    rect = versus_view.board_rect(1)
    edge = max(2, (versus_view.CELL - 2) // 12)
    x, y = rect.x + 3 * versus_view.CELL + 1, rect.y + 1
    assert (
        tuple(app.display.logical.get_at((x + edge, y + versus_view.CELL // 2)))[:3]
        == palette.WHITE
    )


def test_no_versus_ghost_is_drawn_over_cells_still_breaking(monkeypatch):
    app, scene, seat = _blocks_match("#######.")
    seat.cursor.slot, seat.cursor.row, seat.cursor.col = 0, 0, 7
    ghosts = []
    monkeypatch.setattr(
        versus_view,
        "_draw_ghost",
        lambda surface, shown, rect: ghosts.append(shown.animation) if shown is seat else None,
    )
    tap(app, Action.A, settle=0)
    assert seat.animation is not None, "the row clears"
    surface = pygame.Surface(SURFACE)
    while seat.animation is not None:
        scene.draw(surface)
        run(app, 1)
    scene.draw(surface)
    assert ghosts == [None], "the ghost comes back only once the clear has played"
