"""Attract mode's sound every N loops at its own volume, and the operator's message line:
the settings' checks, what plays and what shows, and their service menu rows."""

import dataclasses
from pathlib import Path

import pygame
import pytest

from cabinet.app import App
from cabinet.audio.effects import EFFECTS
from cabinet.audio.player import HEADROOM, Audio
from cabinet.inputs.actions import Action
from cabinet.scenes.flow.attract import MESSAGE_TURN, AttractScene, Part
from cabinet.scenes.flow.title import TitleScene
from cabinet.scenes.kit.base import Scene
from cabinet.settings.load import parse_settings
from cabinet.settings.schema import AudioSettings
from support.audio import FakeMixer, seconds_apart
from support.service import choose, enter, screenshot, service, tap, value_of

SCREENS = Path("/tmp/pricing-screens")


def cabinet_with_sound(yaml_text: str):
    loaded = parse_settings(yaml_text, "test.yaml")
    assert not loaded.problems, loaded.problems
    mixer = FakeMixer()
    return App(
        loaded,
        headless=True,
        audio=Audio(loaded.settings.audio, mixer=mixer, clock=seconds_apart()),
    ), mixer


class Quick(Scene):
    """A part that is over after one frame."""

    name = "quick"
    finished = False

    def update(self):
        self.finished = True


class Jingle(Quick):
    """A part that plays the title jingle as it starts."""

    def enter(self):
        self.ctx.audio.play("title_jingle")


@pytest.mark.parametrize("every, heard", [(1, [0, 1, 2, 3, 4, 5, 6]), (3, [0, 3, 6])])
def test_attract_mode_sounds_one_loop_in_n_and_a_coin_is_always_heard(every, heard):
    app, mixer = cabinet_with_sound(f"audio: {{demo_sound_every: {every}}}")
    try:
        attract = AttractScene(
            app.ctx,
            [Part("one", 10, lambda: Jingle(app.ctx)), Part("two", 10, lambda: Quick(app.ctx))],
        )
        app.ctx.scenes.reset(attract)
        loops_heard, coins = [], []
        for loop in range(7):
            assert attract.loop == loop and attract.part_name == "one"
            if mixer.names_played()[-1:] == ["title_jingle"]:
                loops_heard.append(loop)
            mixer.played.clear()
            app.ctx.audio.play("coin")
            coins += mixer.names_played()
            mixer.played.clear()
            app.step()
            app.step()  # "two", then "one" of the next loop
        assert loops_heard == heard
        assert coins == ["coin"] * 7, "a coin is heard in a silent loop too"
    finally:
        app.close()


def test_attract_mode_plays_at_the_demo_volume_and_a_coin_at_the_games():
    mixer = FakeMixer()
    audio = Audio(AudioSettings(master_volume=100, effects_volume=50, demo_volume=40), mixer=mixer)

    def volumes():
        return {name: sound.volume for name, sound in zip(EFFECTS, mixer.made)}

    game = 0.5 * HEADROOM  # the mixer's headroom below every volume
    assert set(volumes().values()) == {game}
    audio.attract = True
    assert volumes()["title_jingle"] == pytest.approx(0.4 * game)
    assert volumes()["coin"] == pytest.approx(game)
    audio.attract = False
    assert set(volumes().values()) == {game}, "a game plays at the game's volume again"


def test_a_demo_volume_of_zero_silences_attract_mode():
    mixer = FakeMixer()
    audio = Audio(AudioSettings(demo_volume=0), mixer=mixer)
    audio.attract = True
    assert not audio.play("title_jingle") and audio.play("coin")


BAD_SETTINGS = {
    "audio: {demo_sound_every: 0}": "audio.demo_sound_every: must be at least 1, got 0; using 1",
    "audio: {demo_volume: 101}": "audio.demo_volume: must be at most 100, got 101; using 100",
    'attract: {message: "2 PLAYS ₩1"}': "attract.message: has characters no font of the cabinet can draw: '₩'; using ''",
    'attract: {message: "'
    + "X" * 49
    + '"}': "attract.message: is too long for one line of the screen: 294 dots "
    "wide, at most 288 (48 letters; a letter or digit is 6 dots, a Japanese "
    "character 8); using ''",
    'attract: {message: "'
    + "円" * 37
    + '"}': "attract.message: is too long for one line of the screen: 296 dots "
    "wide, at most 288 (48 letters; a letter or digit is 6 dots, a "
    "Japanese character 8); using ''",
}


@pytest.mark.parametrize("text", BAD_SETTINGS)
def test_bad_sound_and_message_settings_are_refused_with_their_key(text):
    [problem] = parse_settings(text, "op.yaml").problems
    assert str(problem) == f"op.yaml:1: {BAD_SETTINGS[text]}"


MESSAGE = "Joe's bar - 2 plays 1 euro"


def test_the_message_takes_turns_with_the_prompt_and_shows_on_the_title():
    app, _ = cabinet_with_sound(f'attract: {{message: "{MESSAGE}"}}')
    try:
        attract = AttractScene(app.ctx, [Part("blank", 600, lambda: Scene(app.ctx))])
        app.ctx.scenes.reset(attract)
        assert attract._strip_words()[0] == "PRESS START"
        for _ in range(MESSAGE_TURN):
            app.step()
        assert attract._strip_words()[0] == MESSAGE.upper()
        surface = app.display.logical
        surface.fill((0, 0, 0))
        attract.draw(surface)
        SCREENS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(SCREENS / "attract-message-strip.png"))
        strip = pygame.Rect(300, surface.get_height() - 30, 360, 26)
        assert (
            pygame.mask.from_threshold(
                surface.subsurface(strip), (255, 220, 0), (60, 60, 60, 255)
            ).count()
            > 50
        ), "the message is drawn in the strip, in yellow"
        title = TitleScene(app.ctx)
        title.draw(surface)
        pygame.image.save(surface, str(SCREENS / "attract-message-title.png"))
        assert MESSAGE in title.look()
    finally:
        app.close()


def test_the_service_menu_has_rows_for_the_demo_sound_and_the_message(cabinet):
    app, path = cabinet
    service(app)
    enter(app, "GAME SETTINGS", "SOUND")
    choose(app, "DEMO SOUND EVERY N LOOPS")
    tap(app, Action.RIGHT)
    choose(app, "DEMO VOLUME")
    tap(app, Action.LEFT)
    assert (value_of(app, "DEMO SOUND EVERY N LOOPS"), value_of(app, "DEMO VOLUME")) == ("2", "99%")
    screenshot(app, SCREENS, "sound-settings")
    tap(app, Action.B)
    enter(app, "ATTRACT MODE")
    assert value_of(app, "MESSAGE") == "NONE"
    enter(app, "MESSAGE")
    tap(app, Action.DOWN)  # a blank, then the letters backwards from 9
    tap(app, Action.A)
    assert value_of(app, "MESSAGE") == "9"
    screenshot(app, SCREENS, "attract-settings")
    tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    saved = parse_settings(path.read_text()).settings
    assert (saved.audio.demo_sound_every, saved.audio.demo_volume, saved.attract.message) == (
        2,
        99,
        "9",
    )
    assert app.ctx.settings.audio.demo_sound_every == 2, "in force at once"


def test_a_message_may_hold_what_the_fonts_draw_japanese_and_pounds_too():
    loaded = parse_settings(
        'attract: {message: "ゲームセンター 1プレイ100円 2 PLAYS £1"}', "op.yaml"
    )
    assert (
        loaded.problems == []
        and loaded.settings.attract.message == "ゲームセンター 1プレイ100円 2 PLAYS £1"
    )


def test_the_title_shows_a_new_message_at_once_though_its_still_part_is_kept():
    app, _ = cabinet_with_sound(f'attract: {{message: "{MESSAGE}"}}')
    try:
        title, surface = TitleScene(app.ctx), app.display.logical
        row = pygame.Rect(0, 450, surface.get_width(), 36)  # the message's line, under the prompt

        def yellow_in_row() -> int:
            title.draw(surface)
            return pygame.mask.from_threshold(
                surface.subsurface(row), (255, 220, 0), (60, 60, 60, 255)
            ).count()

        assert yellow_in_row() > 50
        attract = dataclasses.replace(app.ctx.settings.attract, message="")
        app.ctx.settings = dataclasses.replace(app.ctx.settings, attract=attract)
        assert yellow_in_row() == 0, "the operator took the message away: the line goes with it"
        attract = dataclasses.replace(attract, message="HAPPY HOUR 5-7")
        app.ctx.settings = dataclasses.replace(app.ctx.settings, attract=attract)
        assert yellow_in_row() > 50
    finally:
        app.close()
