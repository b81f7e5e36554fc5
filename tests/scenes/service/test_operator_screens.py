"""What the screens tell players and operators (issue 12.6 and 12.7): coins short of
a credit, a Start without credit, a service press during play, the rank and the
table's name, B on game select, and paths that keep their case."""

import string
from pathlib import Path

import pygame
import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.render import WIDTH, glyphs
from cabinet.render.text import Recorder, text_size
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.flow.attract import REFUSED_FRAMES, AttractScene
from cabinet.scenes.flow.initials import InitialsScene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.select import GameSelectScene
from cabinet.scenes.service.door import LATER_FRAMES, LATER_MESSAGE
from cabinet.scenes.service.notices import NoticesPage
from cabinet.scenes.service.save import SaveOutcome, SaveResultScene
from support.app import end_blocks_on_the_table, make_app, run, start_blocks_single, tap

PAID = "credits: {free_play: false, coins_per_credit_1: 2, credits_per_game: 1}"


@pytest.fixture
def drawn():
    """Every string the pixel font draws from now on, with its size (a text Recorder)."""
    with Recorder() as recorder:
        yield recorder


def pairs(drawn) -> list[tuple[str, int]]:
    return [(item.string, item.size) for item in drawn]


def frame(app, drawn) -> list[str]:
    """The strings of one freshly drawn frame."""
    drawn.clear()
    app.render()
    return [item.string for item in drawn]


def coin(chute: int = 1) -> InputEvent:
    return InputEvent(CABINET, Action.COIN1 if chute == 1 else Action.COIN2, True)


def test_a_coin_short_of_a_credit_shows_how_far_it_went(drawn):
    app = make_app(PAID)
    run(app, 2, [coin()])
    assert "CREDITS 0  1/2 COINS" in frame(app, drawn)
    run(app, 2, [coin()])
    assert "CREDITS 1" in frame(app, drawn)
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, GameSelectScene)
    run(app, 2, [coin()])
    assert "CREDITS 1  1/2 COINS" in frame(app, drawn), "the select screens show it too"


def test_start_without_a_coin_flashes_insert_coin(drawn):
    app = make_app(PAID)
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, AttractScene)
    app.render()
    assert ("INSERT COIN", 56) in pairs(drawn), "a big INSERT COIN across the screen"
    run(app, REFUSED_FRAMES)
    drawn.clear()
    app.render()
    assert ("INSERT COIN", 56) not in pairs(drawn), "the flash ends after a moment"


def test_start_with_a_coin_short_of_a_credit_says_how_far_it_went_on_every_frame(drawn):
    app = make_app(PAID)
    run(app, 2, [coin()])
    tap(app, Action.START)
    surface = pygame.Surface((960, 540))
    for _ in range(REFUSED_FRAMES - 4):
        drawn.clear()
        app.ctx.scenes.top.draw(surface)
        shown = [item.string for item in drawn]
        assert "1/2 COINS" in shown, "what is already paid stays lit"
        assert "INSERT COIN" not in shown
        run(app, 1)


def test_a_coin_ends_the_insert_coin_flash(drawn):
    app = make_app(PAID)
    tap(app, Action.START)
    assert "INSERT COIN" in frame(app, drawn)
    run(app, 2, [coin()])
    assert not any(string == "INSERT COIN" for string in frame(app, drawn))


def test_a_service_press_during_a_game_says_the_menu_comes_after_it(drawn):
    app = make_app()
    start_blocks_single(app)
    assert isinstance(app.ctx.scenes.top, BlocksScene)
    run(app, 2, [InputEvent(CABINET, Action.SERVICE, True), coin()])
    assert isinstance(app.ctx.scenes.top, BlocksScene), "the game goes on"
    assert LATER_MESSAGE in frame(app, drawn)
    assert app.ctx.store.audits.counter("coins.1") == 1, "a coin during play still counts"
    run(app, LATER_FRAMES)
    assert LATER_MESSAGE not in frame(app, drawn)
    assert app.service_door.pending


def test_b_on_game_select_goes_back_to_attract():
    app = make_app()
    tap(app, Action.START)
    assert isinstance(app.ctx.scenes.top, GameSelectScene)
    tap(app, Action.B)
    assert isinstance(app.ctx.scenes.top, AttractScene)


def test_new_high_score_names_the_rank_and_the_table(drawn):
    app = make_app()
    end_blocks_on_the_table(app)
    assert isinstance(app.ctx.scenes.top, InitialsScene)
    assert "NEW HIGH SCORE - 2ND" in frame(app, drawn)


def test_the_ranking_names_the_game_and_the_table_within_its_frame(drawn):
    app = make_app()
    for table, title in (
        ("antigravity/contest/EXPERT", "ANTI-GRAVITY - CONTEST EXPERT"),
        ("antigravity/single/hard", "ANTI-GRAVITY - HARD"),
        ("blocks", "BLOCKS"),
    ):
        app.ctx.scenes.reset(RankingScene(app.ctx, table, rank=3))
        app.render()
        sizes = [item.size for item in drawn if item.string == title]
        assert sizes, title
        assert text_size(title, sizes[-1])[0] <= WIDTH - 2 * 200, "inside the ranking's frame"


def test_every_lower_case_letter_and_path_mark_has_a_glyph_of_its_own():
    for letter in string.ascii_lowercase:
        assert glyphs.glyph(letter) != glyphs.glyph(letter.upper()), letter
        assert glyphs.glyph(letter) != glyphs.glyph("?"), letter
    for mark in "/._-~":
        assert glyphs.glyph(mark) != glyphs.glyph("?"), mark
    assert glyphs.descends("cabinet.yaml") and not glyphs.descends("CABINET")


def test_paths_and_keys_keep_their_case_on_the_operator_pages(drawn):
    app = make_app()
    path = Path("/etc/arcadeforge/cabinet.yaml")
    app.ctx.scenes.reset(SaveResultScene(app.ctx, SaveOutcome(path=path)))
    assert str(path) in frame(app, drawn)
    app.ctx.notices.append("test.yaml: credits.free_play: not a yes/no")
    page = NoticesPage(app.ctx)
    assert [line for line, _ in page.lines] == ["test.yaml: credits.free_play: not a yes/no"]


def test_the_service_menu_shows_coins_short_of_a_credit_too(tmp_path):
    from support.service import cabinet_on_file, enter, service, value_of

    app, _ = cabinet_on_file(tmp_path, "credits: {free_play: false, coins_per_credit_2: 3}\n")
    service(app)
    enter(app, "COIN & CREDIT SETTINGS")
    run(app, 2, [coin(2)])
    assert value_of(app, "CREDITS IN THE MACHINE") == "0  1/3 COINS"
    run(app, 2, [coin(2), coin(2)])
    assert value_of(app, "CREDITS IN THE MACHINE") == "1"
