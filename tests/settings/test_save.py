"""Saving never destroys the operator's file: a broken one is kept aside, the new one is whole and valid."""

from __future__ import annotations

import contextlib

import pygame

from cabinet.app import App
from cabinet.inputs.actions import Action
from cabinet.settings.last_good import load_for_cabinet
from cabinet.settings.load import load_settings
from support.app import Heard
from support.service import choose, enter, press_test, service, step, tap, top, value_of
from support.settings import PAID, broken_yaml, is_paid


@contextlib.contextmanager
def cabinet(path, text: str, after_a_good_start: bool = True):
    """A cabinet started on ``text`` at ``path``; by default it ran once on the paid file before."""
    if after_a_good_start:
        path.write_text(PAID, encoding="utf-8")
        load_for_cabinet(path)
    path.write_text(text, encoding="utf-8")
    app = App(load_for_cabinet(path), headless=True, audio=Heard())
    step(app, frames=2)
    try:
        yield app
    finally:
        app.close()


def raise_max_credits(app) -> None:
    """The operator's change: MAXIMUM CREDITS from 9 to 10, with the joystick."""
    service(app)
    enter(app, "COIN & CREDIT SETTINGS")
    choose(app, "MAXIMUM CREDITS")
    tap(app, Action.RIGHT)
    assert value_of(app, "MAXIMUM CREDITS") == "10"
    tap(app, Action.B)


def test_saving_over_a_broken_file_keeps_it_aside_and_writes_the_good_settings_plus_the_change(
    tmp_path,
):
    path = tmp_path / "cabinet.yaml"
    broken = broken_yaml(PAID)
    with cabinet(path, broken) as app:
        raise_max_credits(app)
        choose(app, "SAVE AND EXIT")
        assert top(app).rows()[top(app).index].detail == f"APPLY AND WRITE {path}", (
            "the save row names the file it writes"
        )
        tap(app, Action.A)
        outcome = top(app).outcome
        assert outcome.saved and outcome.path == path
        backups = sorted(tmp_path.glob("cabinet.yaml.broken-*"))
        assert backups == [outcome.backup]
        assert backups[0].read_text(encoding="utf-8") == broken, (
            "the operator's file, byte for byte"
        )
        saved = load_settings(path)
        assert saved.problems == [], "a complete, valid file"
        assert is_paid(saved.settings) and saved.settings.credits.max_credits == 10
        # (Other notices, a GPIO pin another test still holds say, may stay.)
        assert [n for n in app.ctx.notices if str(path) in str(n)] == [], (
            "the broken file's notices are gone"
        )
        top(app).draw(app.display.logical)
        pygame.image.save(app.display.logical, str(tmp_path / "saved.png"))


def test_a_bad_value_is_replaced_in_place_and_the_comments_stay(tmp_path):
    path = tmp_path / "cabinet.yaml"
    with cabinet(path, PAID.replace("  free_play: false", "  free_play: maybe", 1)) as app:
        raise_max_credits(app)
        enter(app, "SAVE AND EXIT")
        assert top(app).outcome.backup.exists()
    assert "  free_play: false          # true: no coins needed\n" in path.read_text(
        encoding="utf-8"
    )
    assert load_settings(path).problems == [] and is_paid(load_settings(path).settings)


def test_saving_a_clean_file_keeps_no_backup_and_becomes_the_last_good_settings(tmp_path):
    path = tmp_path / "cabinet.yaml"
    with cabinet(path, PAID, after_a_good_start=False) as app:
        raise_max_credits(app)
        enter(app, "SAVE AND EXIT")
        assert top(app).outcome.saved and top(app).outcome.backup is None
    assert list(tmp_path.glob("*.broken-*")) == []
    path.write_text(broken_yaml(PAID), encoding="utf-8")
    assert load_for_cabinet(path).settings.credits.max_credits == 10


def test_a_maximum_below_the_versus_price_is_saved_raised_to_it_with_the_comments_kept(tmp_path):
    """MAXIMUM CREDITS 1 with a versus price of 2 would take coins for a match that never starts."""
    path = tmp_path / "cabinet.yaml"
    with cabinet(path, PAID, after_a_good_start=False) as app:
        service(app)
        enter(app, "COIN & CREDIT SETTINGS")
        choose(app, "MAXIMUM CREDITS")
        for _ in range(8):
            tap(app, Action.LEFT)
        assert value_of(app, "MAXIMUM CREDITS") == "1"
        tap(app, Action.B)
        enter(app, "SAVE AND EXIT")
        assert top(app).outcome.saved
        assert app.ctx.settings.credits.max_credits == 2
    text = path.read_text(encoding="utf-8")
    assert "  max_credits: 2            # the coin lockout refuses" in text, (
        "patched in place, comments kept"
    )
    assert load_settings(path).problems == []


def test_a_factory_reset_makes_the_factory_settings_the_last_good_ones(tmp_path):
    """The operator chose the factory settings: a later broken file must not bring the old ones back."""
    path = tmp_path / "cabinet.yaml"
    with cabinet(path, PAID) as app:
        service(app)
        enter(app, "FACTORY RESET")
        press_test(app)
        assert app.ctx.settings.credits.free_play is True
    path.write_text(broken_yaml(PAID), encoding="utf-8")
    assert load_for_cabinet(path).settings.credits.free_play is True


def test_a_settings_path_that_became_a_folder_is_not_saved_over_and_the_screen_says_why(tmp_path):
    path = tmp_path / "cabinet.yaml"
    with cabinet(path, PAID, after_a_good_start=False) as app:
        raise_max_credits(app)
        path.unlink()
        path.mkdir()
        enter(app, "SAVE AND EXIT")
        outcome = top(app).outcome
        assert not outcome.saved and "is a folder, not a file" in outcome.problem
        assert path.is_dir() and list(path.iterdir()) == []
        assert app.ctx.settings.credits.max_credits == 10, "the change still runs this session"
