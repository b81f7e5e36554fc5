"""The service menu, driven only by InputEvents: settings edited, saved (comments kept), or dropped."""

from __future__ import annotations

import pytest
import yaml

from cabinet import language
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.service.menu import ServiceMenuScene
from cabinet.scenes.service.rows import SettingRow, step_for
from cabinet.settings import load as config_module
from cabinet.settings.schema import AntiGravitySettings, CreditSettings, HandicapSettings
from support.service import (
    cabinet_on_file,
    choose,
    chosen_label,
    enter,
    service,
    step,
    tap,
    top,
    value_of,
)


def set_blocks_and_coins(app) -> None:
    """Piece set to tetromino, coin play, two coins a credit in chute 1 — with the joystick alone."""
    enter(app, "GAME SETTINGS", "BLOCKS")
    choose(app, "PIECE SET")
    tap(app, Action.RIGHT)
    assert value_of(app, "PIECE SET") == "TETROMINO"
    tap(app, Action.B)
    tap(app, Action.B)
    assert isinstance(top(app), ServiceMenuScene)
    enter(app, "COIN & CREDIT SETTINGS")
    choose(app, "FREE PLAY")
    tap(app, Action.A)  # A toggles a switch, like RIGHT
    enter(app, "PRICE CHUTE 1")
    choose(app, "STEP 1 COINS")
    tap(app, Action.RIGHT)
    assert value_of(app, "STEP 1 COINS") == "2"
    tap(app, Action.B)
    assert value_of(app, "PRICE CHUTE 1") == "2/1"
    tap(app, Action.SERVICE, CABINET)  # SERVICE goes back too
    assert isinstance(top(app), ServiceMenuScene)


def test_service_opens_from_attract_and_leaves_again_when_nothing_changed(cabinet):
    app, _ = cabinet
    assert isinstance(top(app), AttractScene)
    service(app)
    assert isinstance(top(app), ServiceMenuScene)
    assert chosen_label(app) == "GAME SETTINGS"
    tap(app, Action.B)
    assert isinstance(top(app), AttractScene)


def test_save_writes_the_new_values_and_keeps_the_comments(cabinet):
    app, path = cabinet
    before = path.read_text()
    service(app)
    set_blocks_and_coins(app)
    assert app.ctx.settings.blocks.piece_set == "classic", "nothing applies before saving"
    enter(app, "SAVE AND EXIT")
    assert top(app).name == "service: saved" and top(app).outcome.saved
    text = path.read_text()
    data = yaml.safe_load(text)
    assert data["blocks"]["piece_set"] == "tetromino"
    assert data["credits"]["free_play"] is False
    assert data["credits"]["price_table_1"] == [[2, 1]]
    comments = [line.split("#", 1)[1] for line in before.splitlines() if "#" in line]
    assert all(comment in text for comment in comments), "every comment of the file is kept"
    assert config_module.load_settings(path).problems == []
    # ... and the running cabinet uses them at once.
    assert app.ctx.settings.blocks.piece_set == "tetromino"
    assert app.ctx.bank.free_play is False
    assert app.ctx.bank.settings.price_table_1 == ((2, 1),)
    step(app, frames=30)
    tap(app, Action.A)
    assert isinstance(top(app), AttractScene)


def test_a_save_keeps_what_was_edited_in_the_file_while_the_cabinet_ran(cabinet):
    """The operator sets a price over SSH, then a colleague saves a piece set at the cabinet: the
    menu's save changes the piece set only, and the price, paid play included, stays."""
    app, path = cabinet
    edited = path.read_text().replace("  free_play: true ", "  free_play: false", 1)
    path.write_text(edited.replace("  price_table_1: [[1, 1]] ", "  price_table_1: [[3, 1]] ", 1))
    service(app)
    enter(app, "GAME SETTINGS", "BLOCKS")
    choose(app, "PIECE SET")
    tap(app, Action.RIGHT)
    tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    assert top(app).outcome.saved
    data = yaml.safe_load(path.read_text())
    assert data["blocks"]["piece_set"] == "tetromino"
    assert data["credits"]["free_play"] is False and data["credits"]["price_table_1"] == [[3, 1]]
    assert app.ctx.bank.free_play is False, "what the file says is what runs"


def test_exit_without_saving_keeps_the_old_settings_and_file(cabinet):
    app, path = cabinet
    before = path.read_text()
    service(app)
    set_blocks_and_coins(app)
    tap(app, Action.B)
    assert isinstance(top(app), ServiceMenuScene), "unsaved changes: B asks instead of leaving"
    assert chosen_label(app) == "SAVE AND EXIT"
    enter(app, "EXIT WITHOUT SAVING")
    assert isinstance(top(app), AttractScene)
    assert path.read_text() == before
    assert app.ctx.settings.blocks.piece_set == "classic"
    assert app.ctx.bank.free_play is True


def test_shipped_settings_go_to_the_users_own_file_when_etc_arcadeforge_does_not_exist(
    tmp_path, monkeypatch
):
    from cabinet.app import App
    from support.app import Heard

    missing = tmp_path / "etc-arcadeforge"
    monkeypatch.setattr("cabinet.settings.load.SYSTEM_CONFIG", missing / "cabinet.yaml")
    shipped_before = config_module.SHIPPED_CONFIG.read_text()
    app = App(
        config_module.load_settings(config_module.SHIPPED_CONFIG), headless=True, audio=Heard()
    )
    step(app, frames=2)
    service(app)
    set_blocks_and_coins(app)
    enter(app, "SAVE AND EXIT")
    outcome = top(app).outcome
    user_file = (
        tmp_path / "user-config" / "arcadeforge" / "cabinet.yaml"
    )  # XDG_CONFIG_HOME, see conftest
    assert outcome.saved and outcome.path == user_file
    assert not missing.exists(), "a system folder is never created"
    assert config_module.SHIPPED_CONFIG.read_text() == shipped_before, (
        "the shipped defaults are never written"
    )
    assert config_module.find_config() == user_file, "the next start reads what was saved"
    assert config_module.load_settings(user_file).settings.blocks.piece_set == "tetromino"
    app.close()


def test_shipped_settings_are_saved_to_etc_when_that_folder_exists(tmp_path, monkeypatch):
    from cabinet.app import App
    from support.app import Heard

    etc = tmp_path / "etc-arcadeforge"
    etc.mkdir()
    monkeypatch.setattr("cabinet.settings.load.SYSTEM_CONFIG", etc / "cabinet.yaml")
    app = App(
        config_module.load_settings(config_module.SHIPPED_CONFIG), headless=True, audio=Heard()
    )
    step(app, frames=2)
    service(app)
    set_blocks_and_coins(app)
    enter(app, "SAVE AND EXIT")
    assert top(app).outcome.saved and top(app).outcome.path == etc / "cabinet.yaml"
    assert (
        config_module.load_settings(etc / "cabinet.yaml").settings.blocks.piece_set == "tetromino"
    )
    assert app.ctx.config.source == etc / "cabinet.yaml", "the next save goes there too"
    app.close()


def test_a_refused_write_says_so_and_keeps_the_settings_live(cabinet, monkeypatch):
    app, path = cabinet
    before = path.read_text()

    def read_only(*_args):
        raise PermissionError(30, "Read-only file system")

    monkeypatch.setattr("cabinet.settings.save.save_settings", read_only)
    service(app)
    set_blocks_and_coins(app)
    enter(app, "SAVE AND EXIT")
    outcome = top(app).outcome
    assert not outcome.saved and "Read-only file system" in outcome.problem
    assert path.read_text() == before
    assert app.ctx.settings.credits.price_table_1 == ((2, 1),)


def test_a_contest_list_is_renamed_with_the_joystick_and_saved(cabinet):
    app, path = cabinet
    service(app)
    enter(app, "GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "BEGINNER", "NAME")
    assert top(app).name == "service: name"
    tap(app, Action.UP)  # B -> C
    tap(app, Action.A)
    assert value_of(app, "NAME") == "CEGINNER"
    tap(app, Action.B)
    enter(app, "ADD A LIST")
    assert [row.label for row in top(app).rows()][:4] == [
        "CEGINNER",
        "STANDARD",
        "EXPERT",
        "LIST 4",
    ]
    for _ in range(4):
        tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    names = [c["name"] for c in yaml.safe_load(path.read_text())["antigravity"]["contests"]]
    assert names == ["CEGINNER", "STANDARD", "EXPERT", "LIST 4"]


@pytest.mark.parametrize("name", ["Cup of 2026", "THE LONGEST CUP 2026", "R&D_cup"])
def test_a_name_the_editor_cannot_spell_is_kept_when_confirmed_unchanged(tmp_path, name):
    """The list names its score table: opening NAME and pressing A must not rename it to what the
    editor can show (capitals, 12 characters), which would start an empty table."""
    shipped = config_module.SHIPPED_CONFIG.read_text(encoding="utf-8")
    app, _ = cabinet_on_file(
        tmp_path, shipped.replace("- name: BEGINNER ", f"- name: {name!r} ", 1)
    )
    service(app)
    enter(app, "GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", name, "NAME")
    assert top(app).name == "service: name"
    tap(app, Action.A)
    assert value_of(app, "NAME") == name
    app.close()


def test_a_name_already_used_is_refused(cabinet):
    app, _ = cabinet
    service(app)
    enter(app, "GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "STANDARD", "NAME")
    editor = top(app)
    editor.chars = list("EXPERT")
    tap(app, Action.A)
    assert top(app) is editor and "ALREADY USED" in editor.message


def test_every_edit_respects_the_schema_limits():
    credits = CreditSettings()
    row = SettingRow(credits, "max_credits")
    for _ in range(200):
        row.change(+1)
    assert credits.max_credits == 99
    for _ in range(200):
        row.change(-1)
    assert credits.max_credits == 1
    handicap = HandicapSettings()
    kind = SettingRow(handicap, "target_kind")
    assert kind.change(+1) and handicap.target_kind == "score"
    assert kind.change(+1) and handicap.target_kind == "clears", "choices wrap round"
    turn = SettingRow(handicap, "turn_seconds")
    turn.change(-1)
    assert handicap.turn_seconds == 7.5 and isinstance(handicap.turn_seconds, float)
    ag = AntiGravitySettings()
    difficulty = SettingRow(ag, "difficulty")
    seen = set()
    for _ in range(4):
        difficulty.change(+1)
        seen.add(ag.difficulty)
    assert seen == {"warmup", "normal", "advanced", "hard"}


def test_number_steps_grow_with_the_value_and_every_value_stays_reachable():
    assert (
        step_for(5, +1, int) == 1
        and step_for(150, +1, int) == 10
        and step_for(5000, +1, int) == 100
    )
    assert step_for(100, -1, int) == 1, "down from 100 goes to 99, not 90"
    assert step_for(8.0, +1, float) == 0.5


def test_game_settings_reach_every_operator_setting(cabinet):
    """Every field of the game sections has a row somewhere under GAME SETTINGS."""
    app, _ = cabinet
    service(app)
    enter(app, "GAME SETTINGS")
    found = set()

    def walk(depth=0):
        page = top(app)
        for index, row in enumerate(page.rows()):
            if isinstance(row, SettingRow):
                found.add((type(row.owner).__name__, row.name))
            elif (
                depth < 4
                and row.value() != ""
                and row.label not in ("DELETE THIS LIST", "ADD A LIST")
            ):
                before = len(app.ctx.scenes)
                page.index = index
                tap(app, Action.A)
                if len(app.ctx.scenes) > before:
                    if top(app).name == "service: name":
                        found.add(("ContestList", "name"))
                    else:
                        walk(depth + 1)
                    tap(app, Action.B)

    walk()
    wanted = {("BlocksSettings", n) for n in ("piece_set", "rotation", "gravity")}
    wanted |= {
        ("AntiGravitySettings", n)
        for n in (
            "difficulty",
            "player_picks_difficulty",
            "invert_push",
            "forced_side",
            "width",
            "half_height",
        )
    }
    wanted |= {("DifficultySettings", "colours"), ("DifficultySettings", "turn_seconds")}
    wanted |= {("VersusSettings", "same_blocks")}
    wanted |= {
        ("HandicapSettings", n) for n in ("target_kind", "target_value", "turn_seconds", "colours")
    }
    wanted |= {("ContestList", n) for n in ("name", "seed", "length", "colours", "turn_seconds")}
    wanted |= {("AttractSettings", "replays"), ("AttractSettings", "title_seconds")}
    wanted |= {
        ("DisplaySettings", "rotation"),
        ("AudioSettings", "master_volume"),
        ("AudioSettings", "effects_volume"),
        ("AudioSettings", "demo_sounds"),
    }
    assert wanted <= found, wanted - found


def test_volumes_and_rotation_apply_live_on_save(cabinet):
    app, _ = cabinet
    configured = []
    app.ctx.audio.configure = configured.append
    service(app)
    enter(app, "GAME SETTINGS", "SOUND")
    choose(app, "MASTER VOLUME")
    tap(app, Action.LEFT)
    tap(app, Action.B)
    enter(app, "DISPLAY")
    choose(app, "ROTATION")
    tap(app, Action.RIGHT)
    tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    assert configured and configured[-1].master_volume == 79
    assert app.display.rotation == 90 and app.display.screen.get_size() == (540, 960)
    app.render()  # the turned display still draws


def test_service_menu_pages_never_crash_on_any_button(cabinet):
    """Every button on every first-level page: no exception, the cabinet stays in the menu or attract."""
    app, _ = cabinet
    service(app)
    menu = top(app)
    for index, row in enumerate(menu.rows()):
        if row.label in ("SAVE AND EXIT", "EXIT WITHOUT SAVING", "INPUT TEST"):
            continue
        menu.index = index
        tap(app, Action.A)
        for action in (Action.DOWN, Action.RIGHT, Action.LEFT, Action.UP, Action.C, Action.START):
            tap(app, action)
            app.render()
        for _ in range(5):
            if top(app) is menu:
                break
            tap(app, Action.B)
        assert top(app) is menu, f"{row.label}: ended on {top(app).name}"
    step(app, [InputEvent(CABINET, Action.TEST, True)])
    assert top(app) is menu


def test_sleep_hours_are_set_with_the_joystick_saved_and_applied(cabinet):
    app, path = cabinet
    service(app)
    enter(app, "GAME SETTINGS", "DISPLAY")
    assert value_of(app, "SLEEP FROM") == "OFF" and value_of(app, "SLEEP COMMAND") == "NONE"
    choose(app, "SLEEP FROM")
    tap(app, Action.RIGHT)  # OFF -> the proposed 02:00-10:00
    tap(app, Action.RIGHT)  # from 02:30
    choose(app, "SLEEP UNTIL")
    tap(app, Action.LEFT)  # until 09:30
    assert (value_of(app, "SLEEP FROM"), value_of(app, "SLEEP UNTIL")) == ("02:30", "09:30")
    tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    assert yaml.safe_load(path.read_text())["display"]["sleep"] == "02:30-09:30"
    assert config_module.load_settings(path).problems == []
    assert app.care.hours is not None and str(app.care.hours) == "02:30-09:30"


def test_anti_gravity_versus_attacks_are_set_within_their_limits_and_saved(cabinet):
    app, path = cabinet
    service(app)
    enter(app, "GAME SETTINGS", "ANTI-GRAVITY", "VERSUS")
    on = value_of(app, "ATTACKS (STONES)")
    choose(app, "ATTACKS (STONES)")
    tap(app, Action.A)
    assert value_of(app, "ATTACKS (STONES)") != on
    choose(app, "MOST STONES AT ONCE")
    assert value_of(app, "MOST STONES AT ONCE") == "6"
    for _ in range(20):
        tap(app, Action.RIGHT)
    assert value_of(app, "MOST STONES AT ONCE") == "12"
    enter(app, "PLAYER 2 HANDICAP")
    choose(app, "ATTACK PERCENT")
    for _ in range(80):
        tap(app, Action.LEFT)
    assert value_of(app, "ATTACK PERCENT") == "50"
    for _ in range(3):
        tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    versus = yaml.safe_load(path.read_text())["antigravity"]["versus"]
    assert (versus["attacks"], versus["stone_max"], versus["p2"]["attack_percent"]) == (
        False,
        12,
        50,
    )
    assert app.ctx.settings.antigravity.versus.p2.attack_percent == 50


def _pick_malay(app) -> None:
    """GAME SETTINGS > DISPLAY > LANGUAGE one step right (English to Malay), then back to the menu."""
    enter(app, "GAME SETTINGS", "DISPLAY")
    choose(app, "LANGUAGE")
    tap(app, Action.RIGHT)
    assert top(app).heading() == "PAPARAN", "the page follows the row at once"
    assert chosen_label(app) == "BAHASA"
    tap(app, Action.B)
    tap(app, Action.B)
    assert isinstance(top(app), ServiceMenuScene)
    assert "TETAPAN PERMAINAN" in [row.label for row in top(app).rows()], "the menu's own rows too"


def test_the_menu_speaks_the_language_being_picked_and_forgets_it_unsaved(cabinet):
    app, _ = cabinet
    try:
        service(app)
        _pick_malay(app)
        enter(app, "KELUAR TANPA SIMPAN")
        assert isinstance(top(app), AttractScene)
        assert language.current() == "en" and app.ctx.settings.display.language == "en"
    finally:
        language.use("en")


def test_a_chutes_coin_value_is_set_on_its_price_page_saved_and_counted(cabinet, tmp_path):
    from support.service import screenshot

    app, path = cabinet
    service(app)
    enter(app, "COIN & CREDIT SETTINGS")
    assert not any(row.label == "COIN VALUE" for row in top(app).rows()), (
        "on the price pages, not here"
    )
    enter(app, "PRICE CHUTE 2")
    choose(app, "COIN VALUE")
    assert value_of(app, "COIN VALUE") == "0"
    for _ in range(25):
        tap(app, Action.RIGHT)
    assert value_of(app, "COIN VALUE") == "25"
    screenshot(app, tmp_path, "price-chute-2-coin-value")
    tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    assert yaml.safe_load(path.read_text())["credits"]["coin_value_2"] == 25
    assert app.ctx.settings.credits.coin_value_2 == 25
    tap(app, Action.COIN2, CABINET)
    assert app.ctx.store.audits.snapshot()["money"] == {1: 0, 2: 25}
