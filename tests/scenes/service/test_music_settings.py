"""The music on the service menu: its settings on the SOUND page, the MUSIC TEST page, a quiet menu."""

from pathlib import Path

from cabinet.inputs.actions import Action
from support.service import cabinet, enter, screenshot, service, tap, top, value_of  # noqa: F401 (a fixture)

SCREENS = Path("/tmp/music-screens")


def test_the_sound_page_sets_the_music_volume_and_attract_music(cabinet):  # noqa: F811 (the fixture)
    app, path = cabinet
    service(app)
    enter(app, "GAME SETTINGS", "SOUND")
    assert value_of(app, "MUSIC VOLUME") == "60%"
    assert value_of(app, "ATTRACT MUSIC") == "DEMO"
    screenshot(app, SCREENS, "sound-page")
    enter(app, "MUSIC VOLUME")
    tap(app, Action.LEFT)
    assert value_of(app, "MUSIC VOLUME") == "59%"
    enter(app, "ATTRACT MUSIC")
    assert value_of(app, "ATTRACT MUSIC") == "OFF"
    tap(app, Action.B)
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    assert (app.ctx.music.settings.music_volume, app.ctx.music.settings.attract_music) == (
        59,
        "off",
    )
    assert "attract_music: 'off'" in path.read_text() or 'attract_music: "off"' in path.read_text()


def test_opening_the_menu_stops_the_music(cabinet):  # noqa: F811 (the fixture)
    app, _ = cabinet
    app.ctx.music.play("title")
    service(app)
    assert app.ctx.music.track is None


def test_the_music_test_plays_each_track_and_moves_its_danger(cabinet):  # noqa: F811 (the fixture)
    app, _ = cabinet
    service(app)
    enter(app, "MUSIC TEST", "BLOCKS THEME")
    music = app.ctx.music
    assert music.track == "blocks"
    assert value_of(app, "BLOCKS THEME") == "PLAYING"
    enter(app, "DANGER")
    for _ in range(9):
        tap(app, Action.RIGHT)
    assert value_of(app, "DANGER") == "90% FAST"
    assert music.danger == 0.9
    screenshot(app, SCREENS, "music-test")
    enter(app, "VERSUS THEME")
    assert music.track == "versus"
    tap(app, Action.B)
    assert music.track is None  # leaving the page stops it: the menu is quiet again
