"""A broken settings file never costs money: the last good settings, key by key or whole.

Each bad input of issue 12 is tried on a cabinet that last ran on a paid
configuration (coins, two to a credit): one clear line naming file, line and
key, a cabinet that starts and shows the notice, and the coins still charged.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cabinet.app import App
from cabinet.inputs.actions import Action, InputEvent
from cabinet.inputs.wiring import clashes, wiring
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.select import GameSelectScene
from cabinet.scenes.service.settings_notice import SHOW_FRAMES, SKIP_AFTER, SettingsNoticeScene
from cabinet.settings import last_good
from cabinet.settings.last_good import load_for_cabinet, read_last_good
from cabinet.settings.load import (
    MAX_PROBLEMS,
    SHIPPED_CONFIG,
    USING_FACTORY,
    USING_LAST_GOOD,
    load_settings,
    parse_settings,
)
from cabinet.settings.save import save_settings
from cabinet.settings.schema import Settings
from cabinet.storage.scores import antigravity_tables, check_table
from support.app import Heard, settled
from support.settings import PAID, SHIPPED, broken_yaml, is_paid


def line_of(text: str, start: str) -> int:
    """The 1-based number of the first line of ``text`` that starts with ``start``."""
    return next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(start))


@pytest.fixture
def paid(tmp_path):
    """A settings file the cabinet has loaded once (so its last good copy is the paid settings)."""
    path = tmp_path / "cabinet.yaml"
    path.write_text(PAID, encoding="utf-8")
    loaded = load_for_cabinet(path)
    assert loaded.problems == [] and loaded.settings.credits.free_play is False
    return path


def test_the_paid_fixture_really_differs_from_the_factory_settings():
    assert PAID != SHIPPED and is_paid(parse_settings(PAID).settings) and not is_paid(Settings())


def test_a_good_load_keeps_a_complete_commented_copy_in_the_state_folder(paid, private_state):
    copy_path = private_state / "settings.last-good.yaml"
    text = copy_path.read_text(encoding="utf-8")
    assert text.startswith(f"# source: {paid}\n")
    assert "# true: no coins needed" in text, "the shipped comments come along"
    kept = read_last_good()
    assert is_paid(kept.settings) and kept.source == paid
    assert load_settings(copy_path).problems == [], "an operator may copy it back as it is"


def test_the_copy_is_written_with_the_projects_atomic_writer(tmp_path, monkeypatch):
    written = []
    real_writer = last_good.write_atomic
    monkeypatch.setattr(
        last_good,
        "write_atomic",
        lambda path, text, **kw: (written.append(path), real_writer(path, text, **kw)),
    )
    path = tmp_path / "cabinet.yaml"
    path.write_text(PAID, encoding="utf-8")
    load_for_cabinet(path)
    assert [p.name for p in written] == ["settings.last-good.yaml"]
    written.clear()
    load_for_cabinet(path)
    assert written == [], "unchanged settings are not written again at every boot"


def test_without_a_state_folder_the_settings_still_load(tmp_path, monkeypatch, caplog):
    def no_state_folder():
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(last_good, "state_dir", no_state_folder)
    path = tmp_path / "cabinet.yaml"
    path.write_text(PAID, encoding="utf-8")
    with caplog.at_level("WARNING", logger="cabinet.storage"):
        loaded = load_for_cabinet(path)
    assert loaded.problems == [] and is_paid(loaded.settings)
    assert [r.getMessage() for r in caplog.records] == [
        "settings: no state folder for the last good copy (Permission denied)"
    ], "said once"


# --------------------------------------------------------------------------- the bad inputs


WHOLE_FILE = {
    # name: (how to break the file, the words of its one line, its line and key)
    "yaml syntax error": (
        lambda p: p.write_text(broken_yaml(PAID), encoding="utf-8"),
        "not valid YAML (a [ list ] that is not closed, or a missing comma; noticed at line",
        line_of(PAID, "  difficulty:"),
        "antigravity.difficulty",
    ),
    "file that is a folder": (
        lambda p: (p.unlink(), p.mkdir()),
        "is a folder, not a file",
        None,
        "",
    ),
    "file of 10 MB": (
        lambda p: p.write_text(PAID + "#" * 10_000_000, encoding="utf-8"),
        "is too big for a settings file (over 256 kB)",
        None,
        "",
    ),
    "empty file (a power cut in an editor)": (
        lambda p: p.write_text("", encoding="utf-8"),
        "has no settings in it (empty)",
        None,
        "",
    ),
    "not a mapping": (
        lambda p: p.write_text("- free_play\n", encoding="utf-8"),
        "is not a mapping of settings sections",
        1,
        "",
    ),
    "not UTF-8": (
        lambda p: p.write_bytes(b"credits:\n  free_play: \xff\n"),
        "is not UTF-8 text",
        None,
        "",
    ),
}


@pytest.mark.parametrize("case", WHOLE_FILE)
def test_a_file_that_cannot_be_used_starts_on_the_last_good_settings(paid, case):
    breaks, words, line, key = WHOLE_FILE[case]
    breaks(paid)
    loaded = load_for_cabinet(paid)
    assert is_paid(loaded.settings), "never the factory free play"
    assert len(loaded.problems) == 1
    problem = loaded.problems[0]
    assert (problem.file, problem.line, problem.key) == (str(paid), line, key)
    assert words in problem.message and problem.message.endswith(USING_LAST_GOOD)
    assert "\n" not in str(problem)
    assert is_paid(read_last_good().settings), "a broken file never replaces the last good copy"


def test_a_named_pipe_is_not_waited_on(paid):
    """Reading a FIFO waits for a writer that never comes: a cabinet that hung at boot (a black
    screen, restarted by the watchdog for ever). Neither the loader nor a save may open one."""
    import os
    import threading

    paid.unlink()
    os.mkfifo(paid)
    outcome = {}

    def load_and_save():
        outcome["loaded"] = load_for_cabinet(paid)
        try:
            save_settings(paid, outcome["loaded"].settings)
        except OSError as exc:
            outcome["save"] = exc.strerror

    worker = threading.Thread(target=load_and_save, daemon=True)
    worker.start()
    worker.join(60)  # a guard so that the old hang fails the test instead of stopping the suite
    assert not worker.is_alive(), "the loader or the save waited on the pipe"
    [problem] = outcome["loaded"].problems
    assert problem.message == f"is not a regular file (a pipe or a device); {USING_LAST_GOOD}"
    assert is_paid(outcome["loaded"].settings)
    assert outcome["save"] == "is not a regular file (a pipe or a device)"


def test_an_unreadable_file_starts_on_the_last_good_settings(paid, monkeypatch):
    # The tests run as root, who reads any file: the refusal is simulated at open().
    real_open = open

    def refusing_open(file, *args, **kwargs):
        if Path(file) == paid:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refusing_open)
    loaded = load_for_cabinet(paid)
    assert is_paid(loaded.settings)
    assert [p.message for p in loaded.problems] == [
        f"cannot be read (Permission denied); {USING_LAST_GOOD}"
    ]


def test_only_a_cabinet_that_never_loaded_a_good_file_uses_factory_settings(tmp_path):
    path = tmp_path / "cabinet.yaml"
    path.write_text(broken_yaml(PAID), encoding="utf-8")
    loaded = load_for_cabinet(path)
    assert loaded.settings == Settings()
    assert loaded.problems[0].message.endswith(USING_FACTORY)
    assert read_last_good() is None


ONE_KEY = {
    # name: (old text, new text, dotted key, words of the line)
    "wrong type": (
        "  free_play: false",
        "  free_play: maybe",
        "credits.free_play",
        "must be true or false, got 'maybe'; using the last good value false",
    ),
    "out-of-range number": (
        "  credits_per_game: 1 ",
        "  credits_per_game: 99",
        "credits.credits_per_game",
        "must be at most 9, got 99; using the last good value 1",
    ),
    "a price table that never pays": (
        "  price_table_1: [[2, 1]]",
        "  price_table_1: [[2, 0]]",
        "credits.price_table_1",
        "step 1 [2, 0] gives no credit, so those coins would never pay for a game; using the last good value [[2, 1]]",
    ),
    "a section that is not a mapping": (
        None,
        None,
        "credits",
        "must be a mapping of keys; using the last good values",
    ),
}


@pytest.mark.parametrize("case", ONE_KEY)
def test_a_single_bad_value_falls_back_to_that_keys_last_good_value(paid, case):
    old, new, key, words = ONE_KEY[case]
    if old is None:  # the whole credits section replaced by a word
        text = PAID[: PAID.index("credits:")] + "credits: paid\n" + PAID[PAID.index("scores:") :]
        line = line_of(text, "credits:")
    else:
        text = PAID.replace(old, new, 1)
        line = line_of(text, new)
    paid.write_text(text, encoding="utf-8")
    loaded = load_for_cabinet(paid)
    assert is_paid(loaded.settings)
    assert [str(p) for p in loaded.problems] == [f"{paid}:{line}: {key}: {words}"]
    assert loaded.last_good_used


def test_a_bad_value_with_no_last_good_takes_the_factory_value():
    loaded = parse_settings("credits:\n  free_play: maybe\n", "op.yaml")
    assert [str(p) for p in loaded.problems] == [
        "op.yaml:2: credits.free_play: must be true or false, got 'maybe'; using true"
    ]


def test_last_good_means_the_values_in_force_not_the_file_as_written(paid):
    """A start on a file with a bad key keeps, as last good, the value that was in force for it."""
    paid.write_text(
        PAID.replace("  free_play: false", "  free_play: maybe", 1).replace(
            "  max_credits: 9 ", "  max_credits: 20", 1
        ),
        encoding="utf-8",
    )
    first = load_for_cabinet(paid)
    assert first.settings.credits.max_credits == 20, "the good change in the same file is taken"
    kept = read_last_good().settings
    assert kept.credits.free_play is False and kept.credits.max_credits == 20
    paid.write_text(broken_yaml(PAID), encoding="utf-8")
    assert load_for_cabinet(paid).settings == first.settings


def test_an_unknown_key_is_ignored_on_one_line_and_the_rest_read(paid):
    paid.write_text(
        PAID.replace("  free_play: false", "  free_play: false\n  free_plya: true", 1),
        encoding="utf-8",
    )
    loaded = load_for_cabinet(paid)
    line = line_of(PAID, "  free_play:") + 1
    assert [str(p) for p in loaded.problems] == [
        f"{paid}:{line}: credits.free_plya: unknown key, ignored (did you mean free_play?)"
    ]
    assert is_paid(loaded.settings) and not loaded.last_good_used


@pytest.mark.parametrize(
    "twice", ["  free_play: true\n  free_play: false\n", "  free_play: false\n  free_play: true\n"]
)
def test_a_key_given_twice_keeps_its_last_good_value(paid, twice):
    """Which of two values the operator meant is anybody's guess: neither may change the price."""
    paid.write_text(PAID.replace("  free_play: false", twice.rstrip("\n"), 1), encoding="utf-8")
    loaded = load_for_cabinet(paid)
    second = line_of(PAID, "  free_play:") + 1
    assert [str(p) for p in loaded.problems] == [
        f"{paid}:{second}: credits.free_play: given twice; using the last good value false"
    ]
    assert is_paid(loaded.settings) and loaded.verdict() == USING_LAST_GOOD


def test_a_flood_of_problems_is_listed_up_to_a_limit_and_counted(paid, monkeypatch):
    """A file of 4,000 stray keys (a log pasted in by mistake) must not put 4,000 lines in the
    log and on the NOTICES page; the settings it does hold are still read."""
    paid.write_text(PAID + "".join(f"stray_{i}: 1\n" for i in range(4000)), encoding="utf-8")
    loaded = load_for_cabinet(paid)
    lines = [str(p) for p in loaded.problems]
    assert len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == f"{paid}: (file): {4000 - MAX_PROBLEMS} more problems not listed"
    assert is_paid(loaded.settings)
    assert loaded.summary() == f"{paid}: 4000 problems; THE REST OF THE FILE IS IN USE"
    notice = SettingsNoticeScene(None, loaded)
    seen = []
    monkeypatch.setattr(
        "cabinet.scenes.service.settings_notice.text",
        lambda surface, string, *a, **k: seen.append(string),
    )
    notice.draw(pygame.Surface((960, 540)))
    shown = sum(string.startswith("LINE ") for string in seen)
    assert f"+{4000 - shown} MORE: SERVICE MENU, NOTICES" in seen, "the boot notice counts them all"


def test_a_key_given_twice_on_a_new_cabinet_takes_the_first():
    loaded = parse_settings("credits:\n  max_credits: 5\n  max_credits: 7\n", "new.yaml")
    assert [str(p) for p in loaded.problems] == [
        "new.yaml:3: credits.max_credits: given twice; the first one is used"
    ]
    assert loaded.settings.credits.max_credits == 5


def test_a_name_yaml_reads_as_true_or_false_says_to_quote_it():
    """YAML reads NO, yes, on, off as true or false: the list name NO needs quotes."""
    text = "antigravity:\n  contests:\n    - {name: NO, seed: 1}\n"
    [problem] = parse_settings(text, "op.yaml").problems
    assert str(problem).startswith(
        'op.yaml:3: antigravity.contests[0].name: must be text, got false (write it in quotes: "NO")'
    )


@pytest.mark.parametrize(
    "written, read_as, meant", [("010", "octal (8)", 10), ("08", "text", 8), ("07", None, 7)]
)
def test_a_number_with_a_leading_zero_is_not_read_as_octal(paid, written, read_as, meant):
    """YAML 1.1 reads 010 as 8 and 08 as text: a price written so must not silently become 8 coins.
    07 is 7 either way."""
    paid.write_text(
        PAID.replace("  price_table_2: [[1, 1]]", f"  price_table_2: [[{written}, 1]]", 1)
    )
    loaded = load_for_cabinet(paid)
    expected = (
        []
        if read_as is None
        else [
            f"{written} has a leading zero, which YAML reads as {read_as}; write {meant}; using the last good value [[1, 1]]"
        ]
    )
    assert [p.message for p in loaded.problems] == expected
    assert loaded.settings.credits.price_table_2 == ((1 if read_as else meant, 1),)


def test_a_key_nothing_like_any_setting_gets_no_guess():
    [problem] = parse_settings("credits:\n  coin_door: open\n", "op.yaml").problems
    assert str(problem) == "op.yaml:2: credits.coin_door: unknown key, ignored"


def test_a_key_left_out_keeps_its_last_good_value_and_says_so_at_every_start(paid):
    """A file cut short (an editor's write during a power cut, a deleted section) must not turn
    coins into free play: not at this start, and not at the next one either (the last good copy
    must not learn the factory values from a file cut short)."""
    cut = PAID[: PAID.index("  free_play:")]
    paid.write_text(cut, encoding="utf-8")
    for start in range(2):
        loaded = load_for_cabinet(paid)
        lines = [str(p) for p in loaded.problems]
        assert lines == [
            f"{paid}:{line_of(PAID, 'credits:')}: credits.free_play: not in the file; using the last good value "
            "false (the factory value is true)",
            f"{paid}:{line_of(PAID, 'credits:')}: credits.price_table_1: not in the file; using the last good "
            "value [[2, 1]] (the factory value is [[1, 1]])",
        ], f"start {start}: keys at their factory value need no word"
        assert is_paid(loaded.settings) and loaded.verdict() == USING_LAST_GOOD


def test_a_section_left_out_keeps_its_last_good_values(paid):
    paid.write_text(PAID[: PAID.index("credits:")], encoding="utf-8")
    loaded = load_for_cabinet(paid)
    assert [str(p) for p in loaded.problems] == [
        f"{paid}: credits: not in the file; using the last good values (the factory ones differ)"
    ]
    assert is_paid(loaded.settings) and is_paid(load_for_cabinet(paid).settings)


def test_a_difficulty_left_out_keeps_its_last_good_values(paid):
    hard = "    hard:     {colours: 5, turn_seconds: 4}\n"
    paid.write_text(
        PAID.replace(hard, hard.replace("colours: 5", "colours: 3"), 1), encoding="utf-8"
    )
    assert load_for_cabinet(paid).problems == []
    paid.write_text(PAID.replace(hard, "", 1), encoding="utf-8")
    loaded = load_for_cabinet(paid)
    assert loaded.settings.antigravity.difficulties["hard"].colours == 3
    assert [str(p) for p in loaded.problems] == [
        f"{paid}:{line_of(PAID, '    warmup:')}: antigravity.difficulties.hard: not in the file; "
        "using the last good values (the factory ones differ)"
    ]


CONTESTS = "antigravity:\n  contests:\n    - {name: %s, seed: 1}\n    - {name: %s, seed: 2}\n"


@pytest.mark.parametrize(
    "names, key, words",
    [
        ('""', "antigravity.contests[0].name", "must not be empty"),
        ('"   "', "antigravity.contests[0].name", "must not be empty"),
        ('"A/B"', "antigravity.contests[0].name", "must not contain '/'"),
        (
            '"' + "X" * 25 + '"',
            "antigravity.contests[0].name",
            "must be at most 24 characters, got 25",
        ),
        ('"A\\tB"', "antigravity.contests[0].name", "must not contain a tab or control character"),
        ('"A\\0B"', "antigravity.contests[0].name", "must not contain a tab or control character"),
    ],
)
def test_a_contest_name_that_cannot_name_a_table_is_refused(names, key, words):
    loaded = parse_settings(CONTESTS % (names, "CUP"), "op.yaml")
    assert [p.key for p in loaded.problems] == [key] and words in loaded.problems[0].message
    assert loaded.problems[0].line == 3
    assert [c.name for c in loaded.settings.antigravity.contests] == ["LIST A", "CUP"]


def test_a_duplicate_contest_name_is_named_and_its_second_entry_dropped():
    loaded = parse_settings(CONTESTS % ("CUP", "CUP"), "op.yaml")
    assert [str(p) for p in loaded.problems] == [
        "op.yaml:4: antigravity.contests[1].name: name 'CUP' used twice; this entry is ignored"
    ]
    assert [c.name for c in loaded.settings.antigravity.contests] == ["CUP"]


def test_an_empty_contest_list_keeps_the_lists_the_game_needs():
    loaded = parse_settings("antigravity:\n  contests: []\n", "op.yaml")
    assert [str(p) for p in loaded.problems] == [
        "op.yaml:2: antigravity.contests: needs at least one contest list; using the factory lists"
    ]
    assert loaded.settings.antigravity.contests == Settings().antigravity.contests


def test_a_pin_used_twice_goes_back_to_its_last_good_pin(paid):
    """A typo that puts coin 1 on player 1's A button must not silence the coin chute."""
    paid.write_text(PAID.replace("      coin1: 2\n", "      coin1: 5\n", 1), encoding="utf-8")
    loaded = load_for_cabinet(paid)
    line = line_of(PAID, "      coin1:")
    assert [str(p) for p in loaded.problems] == [
        f"{paid}:{line}: inputs.gpio.cabinet.coin1: GPIO 5 is also given to inputs.gpio.p1.a; "
        "inputs.gpio.cabinet.coin1 back to its last good pin 2"
    ]
    gpio = loaded.settings.inputs.gpio
    assert (gpio.cabinet.coin1, gpio.p1.a) == (2, 5)


def test_a_pin_used_twice_with_no_last_good_disables_both():
    loaded = parse_settings("inputs:\n  gpio:\n    p2:\n      a: 17\n", "op.yaml")
    assert [str(p) for p in loaded.problems] == [
        "op.yaml:4: inputs.gpio.p2.a: GPIO 17 is also given to inputs.gpio.p1.right; both disabled"
    ]
    assert (loaded.settings.inputs.gpio.p1.right, loaded.settings.inputs.gpio.p2.a) == (None, None)


def test_a_pin_off_the_header_goes_back_to_its_last_good_pin(paid):
    paid.write_text(PAID.replace("      coin1: 2\n", "      coin1: 40\n", 1), encoding="utf-8")
    loaded = load_for_cabinet(paid)
    assert [str(p) for p in loaded.problems] == [
        f"{paid}:{line_of(PAID, '      coin1:')}: inputs.gpio.cabinet.coin1: must be at most 27, got 40; "
        "using the last good value 2"
    ]
    assert loaded.settings.inputs.gpio.cabinet.coin1 == 2


@pytest.mark.parametrize(
    "change, needed",
    [
        (("  max_credits: 9 ", "  max_credits: 1 "), 2),  # versus costs 2: never payable
        (("  credits_per_game: 1 ", "  credits_per_game: 4 "), 4),
    ],
)
def test_a_game_dearer_than_the_most_credits_held_is_made_payable(paid, change, needed):
    """Coins beyond max_credits buy nothing: a price above it would take coins and never give a game."""
    text = PAID.replace(*change, 1).replace("  max_credits: 9 ", "  max_credits: 3 ", 1)
    paid.write_text(text, encoding="utf-8")
    loaded = load_for_cabinet(paid)
    credits = loaded.settings.credits
    assert credits.max_credits == needed >= max(credits.credits_per_game, credits.versus_credits)
    [problem] = loaded.problems
    assert str(problem).startswith(
        f"{paid}:{line_of(PAID, '  max_credits:')}: credits.max_credits: "
    )
    assert str(problem).endswith(f"so a game at that price could never start; using {needed}")


def test_an_encoder_button_given_twice_is_found_by_the_loader():
    loaded = parse_settings("inputs:\n  joysticks:\n    - {name: '*', a: 3, b: 3}\n", "op.yaml")
    assert [str(p) for p in loaded.problems] == [
        "op.yaml:3: inputs.joysticks[0]: inputs.joysticks[0].a and inputs.joysticks[0].b all use button 3; disabled"
    ]
    entry = loaded.settings.inputs.joysticks[0]
    assert (entry.a, entry.b) == (None, None)


def test_nan_is_not_a_number_of_seconds(paid):
    paid.write_text(
        PAID.replace("  title_seconds: 8 ", "  title_seconds: .nan", 1), encoding="utf-8"
    )
    loaded = load_for_cabinet(paid)
    assert [p.key for p in loaded.problems] == ["attract.title_seconds"]
    assert loaded.settings.attract.title_seconds == 8


# --------------------------------------------------------------------------- a missing file


def test_a_missing_named_file_starts_on_the_last_good_settings(paid):
    paid.unlink()
    loaded = load_for_cabinet(paid)
    assert is_paid(loaded.settings)
    assert [p.message for p in loaded.problems] == [f"not found; {USING_LAST_GOOD}"]


def test_first_boot_on_the_shipped_file_is_quietly_factory(tmp_path, monkeypatch):
    monkeypatch.setattr("cabinet.settings.load.SYSTEM_CONFIG", tmp_path / "etc" / "cabinet.yaml")
    loaded = load_for_cabinet()
    assert (
        loaded.source == SHIPPED_CONFIG and loaded.problems == [] and loaded.settings == Settings()
    )


def test_a_system_file_that_vanished_after_a_good_start_is_not_replaced_by_the_shipped_one(
    tmp_path, monkeypatch
):
    etc = tmp_path / "etc"
    etc.mkdir()
    system = etc / "cabinet.yaml"
    monkeypatch.setattr("cabinet.settings.load.SYSTEM_CONFIG", system)
    system.write_text(PAID, encoding="utf-8")
    assert is_paid(load_for_cabinet().settings)
    system.unlink()
    loaded = load_for_cabinet()
    assert is_paid(loaded.settings), "the shipped file's free play would cost the operator money"
    assert loaded.source == system, "a save puts the file back where it was"
    assert loaded.problems[0].message.endswith(USING_LAST_GOOD)


# --------------------------------------------------------------------------- the running cabinet


def start_cabinet(path: Path) -> App:
    return App(load_for_cabinet(path), headless=True, audio=Heard())


def drop(pins, pin: int, app: App) -> None:
    """One coin (or button press) on a mock GPIO pin, past the debounce time, and a few frames."""
    pins.pin(pin).drive_low()
    app.step()
    time.sleep(0.03)
    pins.pin(pin).drive_high()
    app.step()
    time.sleep(0.03)
    for _ in range(3):
        app.step()


def test_a_cabinet_restarted_on_a_broken_file_charges_coins_as_it_did(paid, pins):
    first = start_cabinet(paid)  # a good start: the paid settings become the last good ones
    for _ in range(3):
        first.step()
    first.close()

    paid.write_text(broken_yaml(PAID), encoding="utf-8")
    app = start_cabinet(paid)
    try:
        assert isinstance(app.ctx.scenes.top, SettingsNoticeScene)
        app.render()
        for _ in range(SHOW_FRAMES + 2):
            app.step()
        assert isinstance(app.ctx.scenes.top, AttractScene)
        bank = app.ctx.bank
        assert not bank.free_play and bank.credits == 0

        drop(pins, 2, app)  # coin 1
        assert (bank.credits, bank.partial_coins(1)) == (0, 1), "one coin of two"
        drop(pins, 26, app)  # player 1 Start
        assert isinstance(app.ctx.scenes.top, AttractScene), "no game without a credit"
        drop(pins, 2, app)  # the second coin makes the credit
        assert bank.credits == 1
        drop(pins, 26, app)
        assert isinstance(app.ctx.scenes.top, GameSelectScene)
        settled(app)  # a menu takes presses once it is seen
        app.step([InputEvent(1, Action.A, True)])  # BLOCKS
        for _ in range(3):
            app.step()
        settled(app)
        app.step([InputEvent(1, Action.A, True)])  # SINGLE: the game takes its credit
        for _ in range(3):
            app.step()
        assert bank.credits == 0
    finally:
        app.close()


EVERY_BAD_INPUT = {
    **{case: breaks for case, (breaks, *_) in WHOLE_FILE.items()},
    "wrong type": lambda p: p.write_text(
        PAID.replace("  free_play: false", "  free_play: maybe", 1)
    ),
    "out-of-range number": lambda p: p.write_text(
        PAID.replace("  price_table_1: [[2, 1]]", "  price_table_1: [[0, 1]]")
    ),
    "unknown key": lambda p: p.write_text(
        PAID.replace("credits:\n", "credits:\n  coin_door: open\n", 1)
    ),
    "empty contest name": lambda p: p.write_text(PAID.replace("name: BEGINNER", "name: ''", 1)),
    "duplicate contest name": lambda p: p.write_text(
        PAID.replace("name: BEGINNER", "name: EXPERT", 1)
    ),
    "pin used twice": lambda p: p.write_text(
        PAID.replace("      coin1: 2\n", "      coin1: 5\n", 1)
    ),
    "pin off the header": lambda p: p.write_text(
        PAID.replace("      coin1: 2\n", "      coin1: 41\n", 1)
    ),
    "missing file": lambda p: p.unlink(),
}


@pytest.mark.parametrize("case", EVERY_BAD_INPUT)
def test_every_bad_input_gives_a_working_paid_cabinet_and_a_notice(paid, case):
    EVERY_BAD_INPUT[case](paid)
    app = start_cabinet(paid)
    try:
        assert isinstance(app.ctx.scenes.top, SettingsNoticeScene)
        assert all("\n" not in str(notice) for notice in app.ctx.notices), "one line each"
        for _ in range(SKIP_AFTER):
            app.step()
        app.render()
        app.step([InputEvent(1, Action.START, True)])  # a player skips the operator's notice
        for _ in range(30):
            app.step()
        app.render()
        assert isinstance(app.ctx.scenes.top, AttractScene)
        assert is_paid(app.ctx.settings) and not app.ctx.bank.free_play
    finally:
        app.close()


@pytest.mark.parametrize("case", ["yaml syntax error", "file that is a folder", "file of 10 MB"])
def test_the_boot_notice_names_file_line_key_and_the_last_good_settings(paid, case, tmp_path):
    import pygame

    WHOLE_FILE[case][0](paid)
    app = start_cabinet(paid)
    try:
        notice = app.ctx.scenes.top
        assert isinstance(notice, SettingsNoticeScene)
        assert str(app.ctx.notices[0]) == f"{paid}: 1 problem; {USING_LAST_GOOD}", (
            "and in the service menu"
        )
        assert str(app.ctx.notices[1]) == str(app.ctx.config.problems[0])
        app.render()
        pygame.image.save(app.display.logical, str(tmp_path / "notice.png"))
        for _ in range(SHOW_FRAMES // 2):
            app.step()
        assert app.ctx.scenes.top is notice, "about five seconds"
        for _ in range(SHOW_FRAMES // 2 + 2):
            app.step()
        assert isinstance(app.ctx.scenes.top, AttractScene)
        assert str(app.ctx.notices[0]).endswith(USING_LAST_GOOD), (
            "the notice stays for the service menu"
        )
    finally:
        app.close()


def test_the_log_says_it_in_one_line(paid, caplog, monkeypatch):
    import logging
    from types import SimpleNamespace

    from cabinet.app import main

    paid.write_text(broken_yaml(PAID), encoding="utf-8")
    monkeypatch.setattr(App, "run", lambda self: self.close() or 0)
    with caplog.at_level(logging.INFO):
        assert main(SimpleNamespace(config=str(paid), headless=True)) == 0
    lines = [r.getMessage() for r in caplog.records]
    line = line_of(PAID, "  difficulty:")
    assert any(
        m.startswith(f"config: {paid}:{line}: antigravity.difficulty: not valid YAML")
        and m.endswith(USING_LAST_GOOD)
        for m in lines
    )
    assert f"settings: reading {paid} (--config); the service menu saves to {paid}" in lines


# --------------------------------------------------------------------------- any text at all


@hypothesis_settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_no_edit_of_the_file_makes_the_loader_raise_or_pass_something_the_cabinet_cannot_use(data):
    """Cut, duplicate or overwrite any stretch of a real file: the result loads, and what it gives
    makes valid score tables and a wiring without clashes (what crashed `scores` and the panel)."""
    text = PAID
    for _ in range(data.draw(st.integers(1, 3))):
        start = data.draw(st.integers(0, len(text)))
        end = data.draw(st.integers(start, min(len(text), start + 40)))
        pieces = [
            "",
            text[start:end] * 2,
            "[",
            ": ",
            "\n- ",
            "''",
            "/",
            "17",
            "'\\x00'",
            "{",
            "!!python/name:os.system ",
            "!!timestamp 2026-13-45 ",
        ]
        text = text[:start] + data.draw(st.sampled_from(pieces)) + text[end:]
    loaded = parse_settings(text, "fuzzed.yaml", last_good=parse_settings(PAID).settings)
    for table in antigravity_tables(c.name for c in loaded.settings.antigravity.contests):
        check_table(table)
    assert loaded.settings.antigravity.contests
    assert clashes(wiring(loaded.settings.inputs.gpio)) == {}
    assert all("\n" not in str(problem) for problem in loaded.problems)


@pytest.mark.parametrize(
    "value",
    [
        "!!python/name:os.system x",
        "!!timestamp 2026-13-45",
        "!!int abc",
        "!!bool maybe",
        "!!timestamp abc",
    ],
)
def test_a_value_yaml_cannot_build_is_one_line_too(value):
    loaded = parse_settings(f"credits:\n  max_credits: {value}\n", "op.yaml")
    [problem] = loaded.problems
    assert str(problem).startswith(
        "op.yaml:2: credits.max_credits: cannot be read ("
    ) and "\n" not in str(problem)
    assert loaded.settings.credits.max_credits == 9
