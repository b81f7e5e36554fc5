"""Resets behind TEST, bookkeeping, coins anywhere, notices, the test screens, and a look at every page."""

from __future__ import annotations

import shutil

import pygame
import pytest

from cabinet import language
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH
from cabinet.scenes.blocks.play import BlocksScene
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.service.menu import ServiceMenuScene
from cabinet.scenes.service.notices import NoticesPage
from support.app import past_countdown
from support.service import (
    cabinet_on_file,
    choose,
    enter,
    press_test,
    screenshot,
    service,
    step,
    tap,
    top,
    value_of,
)

COIN_PLAY = "credits:\n  free_play: false   # coins, please\n  coins_per_credit_1: 1\n  coins_per_credit_2: 2\n"


@pytest.fixture
def cabinet(tmp_path):
    app, _path = cabinet_on_file(tmp_path)
    step(app, frames=3)
    yield app
    app.close()


@pytest.fixture
def coin_cabinet(tmp_path):
    app, _ = cabinet_on_file(tmp_path, COIN_PLAY)
    step(app, frames=3)
    yield app
    app.close()


def coin(app, chute: int = 1) -> None:
    tap(app, Action.COIN1 if chute == 1 else Action.COIN2, CABINET)


def table(app, name: str = "blocks"):
    return [(e.initials, e.score) for e in app.ctx.store.scores.top(name)]


# ---------------------------------------------------------------------- resets


def test_high_score_reset_is_cancelled_by_service_and_confirmed_by_test(cabinet):
    app = cabinet
    app.ctx.store.scores.add("blocks", "ZZZ", 9_999_999)
    with_entry = table(app)
    service(app)
    enter(app, "HIGH-SCORE RESET")
    tap(app, Action.A)  # neither A ...
    tap(app, Action.START)  # ... nor Start confirms a reset
    assert table(app) == with_entry
    tap(app, Action.SERVICE, CABINET)
    assert isinstance(top(app), ServiceMenuScene)
    assert table(app) == with_entry, "SERVICE cancels: the scores are kept"
    enter(app, "HIGH-SCORE RESET")
    press_test(app)
    assert isinstance(top(app), ServiceMenuScene)
    assert ("ZZZ", 9_999_999) not in table(app)
    assert top(app).message == "HIGH SCORES RESET"


def test_bookkeeping_reset_asks_too_and_keeps_the_credits(coin_cabinet):
    app = coin_cabinet
    coin(app)
    coin(app)
    service(app)
    enter(app, "BOOKKEEPING RESET")
    tap(app, Action.B)
    assert app.ctx.store.audits.snapshot()["coins"][1] == 2
    enter(app, "BOOKKEEPING RESET")
    press_test(app)
    figures = app.ctx.store.audits.snapshot()
    assert figures["coins"][1] == 0 and figures["counts_reset"] is not None
    assert app.ctx.bank.credits == 2


def test_factory_reset_clears_state_and_puts_back_the_shipped_settings(tmp_path):
    app, path = cabinet_on_file(tmp_path, COIN_PLAY + "blocks:\n  piece_set: tetromino\n")
    step(app, frames=3)
    coin(app)
    app.ctx.store.scores.add("blocks", "ZZZ", 9_999_999)
    service(app)
    enter(app, "FACTORY RESET")
    tap(app, Action.SERVICE, CABINET)
    assert app.ctx.bank.credits == 1
    enter(app, "FACTORY RESET")
    press_test(app)
    assert app.ctx.bank.credits == 0 and ("ZZZ", 9_999_999) not in table(app)
    assert (
        app.ctx.settings.blocks.piece_set == "classic"
        and app.ctx.settings.credits.free_play is True
    )
    assert "piece_set: classic" in path.read_text()
    assert "piece_set: tetromino" in (tmp_path / "cabinet.yaml.bak").read_text()
    assert not top(app).dirty, "the menu now edits the factory settings"
    app.close()


# ---------------------------------------------------------------------- bookkeeping and coins


def play_a_short_blocks_game(app) -> BlocksScene:
    """Start from attract with Start, play two pieces, then leave the game to end by itself."""
    tap(app, Action.START)
    select = top(app)
    assert select.options()[select.index].label == "BLOCKS"
    tap(app, Action.A)
    tap(app, Action.A)  # SINGLE
    scene = top(app)
    assert isinstance(scene, BlocksScene)
    past_countdown(app)
    for _ in range(2):
        tap(app, Action.A)
    return scene


def back_to_attract(app) -> None:
    """Let the game-over banner run, then Start through initials and the ranking."""
    for frame in range(3000):
        if isinstance(top(app), AttractScene):
            return
        if top(app).name in ("initials", "ranking") and frame % 40 == 0:
            tap(app, Action.START)
        step(app)
    raise AssertionError(f"still on {top(app).name}")


def test_bookkeeping_page_shows_the_audited_coins_and_games(coin_cabinet):
    app = coin_cabinet
    coin(app, 1)
    coin(app, 2)
    coin(app, 2)  # two coins a credit in chute 2
    assert app.ctx.bank.credits == 2
    scene = play_a_short_blocks_game(app)
    scene.abandoned = True  # walked away: the game ends as a game over does
    back_to_attract(app)
    service(app)
    enter(app, "BOOKKEEPING")
    assert (
        value_of(app, "COINS CHUTE 1") == "1  PERIOD 1"
    )  # no period reset yet: the period is everything
    assert value_of(app, "COINS CHUTE 2") == "2  PERIOD 2"
    assert value_of(app, "CREDITS FROM COINS") == "2  PERIOD 2"
    assert value_of(app, "CREDITS PLAYED") == "1  PERIOD 1"
    assert value_of(app, "CREDITS IN THE MACHINE") == "1"
    assert value_of(app, "BLOCKS PLAYS").startswith("1  AVG 0:")
    assert value_of(app, "TOTAL PLAYS") == "1  PERIOD 1"
    assert value_of(app, "COUNTS LAST RESET") == "NEVER"
    coin(app, 1)  # a coin while the page is open shows up on it
    step(app, frames=31)
    assert value_of(app, "COINS CHUTE 1") == "2  PERIOD 2"


def test_period_reset_on_bookkeeping_asks_and_keeps_every_total(coin_cabinet, tmp_path):
    app = coin_cabinet
    for chute in (1, 2, 2, 1):
        coin(app, chute)
    service(app)
    enter(app, "BOOKKEEPING", "PERIOD RESET")
    tap(app, Action.B)  # B goes back: nothing reset
    assert value_of(app, "COINS CHUTE 1") == "2  PERIOD 2"
    enter(app, "PERIOD RESET")
    screenshot(app, tmp_path, "period-reset-confirm")
    press_test(app)
    assert top(app).message == "PERIOD RESET"
    coin(app, 2)
    step(app, frames=31)
    assert [
        value_of(app, label) for label in ("COINS CHUTE 1", "COINS CHUTE 2", "CREDITS FROM COINS")
    ] == [
        "2  PERIOD 0",
        "3  PERIOD 1",
        "3  PERIOD 0",
    ]  # two coins a credit in chute 2: the third waits
    assert value_of(app, "PERIOD SINCE") != "NEVER"
    assert app.ctx.bank.credits == 3
    screenshot(app, tmp_path, "bookkeeping-period")


def test_a_state_folder_lost_while_off_comes_back_from_the_mirror_on_bookkeeping(tmp_path):
    """The whole cabinet: coins, a stop, the state folder deleted, a start. BOOKKEEPING says
    where the books came from and of when; NOTICES says it in a sentence (upright in ms, ja)."""
    app, _ = cabinet_on_file(tmp_path, COIN_PLAY)
    step(app, frames=3)
    for chute in (1, 2, 2):
        coin(app, chute)
    app.close()
    state = app.ctx.store.db.path.parent
    shutil.rmtree(state)

    app, _ = cabinet_on_file(tmp_path, COIN_PLAY)
    try:
        step(app, frames=3)
        assert app.ctx.bank.credits == 2
        service(app)
        enter(app, "BOOKKEEPING")
        assert value_of(app, "COINS CHUTE 2") == "2  PERIOD 2"
        (since,) = [row for row in top(app).rows() if row.label == "COUNTS SINCE"]
        assert since.detail == "UTC: BOOKS RESTORED FROM MIRROR"
        assert value_of(app, "RESTORED FROM MIRROR")[:4] == "2026"
        for code in ("en", "ms", "ja"):
            language.use(code)
            choose(app, tr("RESTORED FROM MIRROR"))
            screenshot(app, tmp_path / "pictures", f"bookkeeping-restored-{code}")
        language.use("en")
        tap(app, Action.B)
        enter(app, "NOTICES")
        assert any("restored from the mirror" in line for line, _first in top(app).lines)
        screenshot(app, tmp_path / "pictures", "notices-restored")
    finally:
        language.use("en")
        app.close()


def test_coins_during_play_are_counted_and_the_game_goes_on(coin_cabinet):
    app = coin_cabinet
    coin(app)
    scene = play_a_short_blocks_game(app)
    assert app.ctx.bank.credits == 0
    for _ in range(3):
        coin(app, 1)
    assert top(app) is scene and not scene.ended
    assert app.ctx.bank.credits == 3
    assert app.ctx.store.audits.snapshot()["coins"][1] == 4
    obeyed = len(scene.recorder.actions)
    tap(app, Action.RIGHT)
    assert len(scene.recorder.actions) == obeyed + 1, "the game still obeys the player"


def test_service_during_play_waits_for_the_game_to_end(coin_cabinet):
    app = coin_cabinet
    coin(app)
    scene = play_a_short_blocks_game(app)
    service(app)
    assert top(app) is scene and not scene.ended, "SERVICE never interrupts a game"
    scene.abandoned = True
    for _ in range(3000):
        step(app)
        if isinstance(top(app), ServiceMenuScene):
            break
        if top(app).name == "initials":
            tap(app, Action.START)
    assert isinstance(top(app), ServiceMenuScene), "the menu opens once the game is over"


def test_coins_in_the_service_menu_are_counted(coin_cabinet):
    app = coin_cabinet
    service(app)
    enter(app, "COIN & CREDIT SETTINGS")
    coin(app, 1)
    assert app.ctx.bank.credits == 1
    assert isinstance(top(app), type(top(app))) and top(app).name.startswith("service")
    enter(app, "ADD A SERVICE CREDIT")
    assert app.ctx.bank.credits == 2
    assert app.ctx.store.audits.snapshot()["service_credits"] == 1
    assert value_of(app, "CREDITS IN THE MACHINE") == "2"


def test_attract_shows_insert_coin_then_press_start_and_the_credits(coin_cabinet, tmp_path):
    app = coin_cabinet
    from cabinet.scenes.kit.credit_line import credit_line, prompt

    assert prompt(app.ctx) == "INSERT COIN" and credit_line(app.ctx) == "CREDITS 0"
    coin(app)
    assert prompt(app.ctx) == "PRESS START" and credit_line(app.ctx) == "CREDITS 1"
    attract = top(app)
    for page in ("title", "demo"):  # the title, then a page with the bottom strip
        assert (attract.part_name == "title") == (page == "title")
        shot = screenshot(app, tmp_path / "screens", f"attract-credits-{page}")
        corner = pygame.image.load(str(shot)).subsurface((WIDTH - 200, HEIGHT - 30, 200, 26))
        colours = {corner.get_at((x, y))[:3] for x in range(200) for y in range(26)}
        assert (140, 144, 170) in colours, f"the credit count is drawn in the {page}'s corner"
        attract.next_part()
        step(app)


# ---------------------------------------------------------------------- notices and tests


def test_a_config_problem_shows_on_the_notices_page(tmp_path):
    app, _ = cabinet_on_file(tmp_path, "blocks:\n  piece_set: hexomino\nsound: loud\n")
    step(app, frames=3)
    service(app)
    config_problems = [str(problem) for problem in app.ctx.config.problems]
    assert len(config_problems) == 2 and set(config_problems) <= {
        str(notice) for notice in app.ctx.notices
    }
    # Other notices (a GPIO pin another test still holds, say) may come on top.
    assert value_of(app, "NOTICES") == str(len(app.ctx.notices))
    enter(app, "NOTICES")
    page = top(app)
    assert isinstance(page, NoticesPage)
    shown = " ".join(line for line, _first in page.lines)
    # As written: keys, values and file names keep their case.
    assert "blocks.piece_set" in shown and "hexomino" in shown and ":2:" in shown
    assert "sound" in shown and "unknown key" in shown.lower()
    assert all(len(line) <= 48 for line, _ in page.lines)
    screenshot(app, tmp_path / "screens", "notices")
    app.close()


def test_screen_test_cycles_its_patterns_with_a(cabinet, tmp_path):
    app = cabinet
    service(app)
    enter(app, "SCREEN TEST")
    pictures = []
    for index in range(3):
        path = screenshot(app, tmp_path / "screens", f"screen-test-{index}")
        pictures.append(pygame.image.tobytes(pygame.image.load(str(path)), "RGB"))
        tap(app, Action.A)
    assert len(set(pictures)) == 3
    bars = pygame.image.load(str(tmp_path / "screens" / "screen-test-0.png"))
    assert bars.get_at((10, 10))[:3] == (255, 255, 255) and bars.get_at((WIDTH - 10, 10))[:3] == (
        0,
        0,
        0,
    )
    tap(app, Action.B)
    assert isinstance(top(app), ServiceMenuScene)


def test_sound_test_plays_every_effect_by_name(cabinet):
    from cabinet.audio.effects import EFFECTS

    app = cabinet
    service(app)
    enter(app, "SOUND TEST")
    page = top(app)
    assert [row.label for row in page.rows()] == [name.upper() for name in EFFECTS]
    played = app.ctx.audio.played
    for name in EFFECTS:
        before = len(played)
        tap(app, Action.A)
        assert played[before:] == [name]
        tap(app, Action.DOWN)


def test_input_test_opens_from_the_menu_and_comes_back(coin_cabinet):
    app = coin_cabinet
    service(app)
    menu = top(app)
    enter(app, "INPUT TEST")
    assert top(app).name == "input-test"
    coin(app)  # lights in the test, and is still counted
    assert top(app).presses[(CABINET, Action.COIN1)] == 1
    assert app.ctx.bank.credits == 1
    assert app.ctx.store.audits.snapshot()["coins"][1] == 1
    step(app, [InputEvent(CABINET, Action.SERVICE, True)], frames=130)
    assert top(app) is menu


def test_screenshots_of_every_service_page(tmp_path):
    """Every page drawn (for a person to look at): nothing raises, nothing is drawn off the screen."""
    app, _ = cabinet_on_file(tmp_path, COIN_PLAY + "blocks: {piece_set: oops}\n")
    step(app, frames=3)
    folder = tmp_path / "screens"
    service(app)
    screenshot(app, folder, "menu")
    paths = [
        ("GAME SETTINGS",),
        ("GAME SETTINGS", "BLOCKS"),
        ("GAME SETTINGS", "ANTI-GRAVITY"),
        ("GAME SETTINGS", "ANTI-GRAVITY", "PER DIFFICULTY"),
        ("GAME SETTINGS", "ANTI-GRAVITY", "VERSUS"),
        ("GAME SETTINGS", "ANTI-GRAVITY", "VERSUS", "PLAYER 1 HANDICAP"),
        ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS"),
        ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "STANDARD"),
        ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "STANDARD", "NAME"),
        ("GAME SETTINGS", "ATTRACT MODE"),
        ("GAME SETTINGS", "DISPLAY"),
        ("GAME SETTINGS", "SOUND"),
        ("GAME SETTINGS", "HIGH SCORES"),
        ("COIN & CREDIT SETTINGS",),
        ("BOOKKEEPING",),
        ("SOUND TEST",),
        ("HIGH-SCORE RESET",),
        ("BOOKKEEPING RESET",),
        ("FACTORY RESET",),
        ("NOTICES",),
    ]
    for path in paths:
        enter(app, *path)
        tap(app, Action.DOWN)
        screenshot(app, folder, "-".join(path).lower().replace(" ", "_").replace("&", "and"))
        for _ in path:
            tap(app, Action.B)
        assert isinstance(top(app), ServiceMenuScene), path
    enter(app, "SAVE AND EXIT")
    screenshot(app, folder, "saved")
    assert len(list(folder.glob("*.png"))) == len(paths) + 2
    app.close()
