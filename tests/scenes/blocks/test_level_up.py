"""BLOCKS' ramp on screen: LEVEL UP with its sound, and the ramp's stones dropping in one by one."""

import pygame

from cabinet.games.blocks.cursor import route
from cabinet.inputs.actions import InputEvent
from support.app import make_app, start_blocks_single


def place_first_fit(app, scene) -> None:
    """Make the first legal move through the panel's presses, one a frame."""
    game = scene.game
    slot = next(s for s in range(3) if game.tray[s] is not None and game.legal_positions(s))
    row, col = game.legal_positions(slot)[0]
    placements = game.placements
    for action in route(scene.cursor, game, slot, row, col):
        app.step([InputEvent(1, action, True)])
        app.step([InputEvent(1, action, False)])
    assert game.placements == placements + 1
    while scene.animation is not None:
        app.step()


def test_a_level_up_is_announced_and_its_stones_drop_in_before_they_rest(tmp_path):
    app = make_app("blocks: {ramp: true, ramp_placements: 5}")
    scene = start_blocks_single(app)
    while scene.countdown.running:
        app.step()
    heard = app.ctx.audio.played
    for _ in range(5):
        place_first_fit(app, scene)
    assert scene.game.ramp_level == 1 and heard.count("blocks_level_up") == 1
    said = [scene.callouts.shown, *scene.callouts.waiting]
    level = [(c.words, c.detail) for c in said if c is not None and c.words.startswith("LEVEL")]
    assert level == [("LEVEL 2 UP!", "1 STONE EACH NEW TRAY")]  # a player counts from 1
    while not scene.game.stones:  # the next tray refresh lands a stone
        place_first_fit(app, scene)
    ((row, col),) = [
        (r, c)
        for r, line in enumerate(scene.game.to_text())
        for c, ch in enumerate(line)
        if ch == "+"
    ]
    assert scene.ramp_show.hidden() == {(row, col)}, "still dropping: not drawn at rest yet"
    surface = pygame.Surface((960, 540))
    for _ in range(4):
        app.step()
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "stone-dropping.png"))
    for _ in range(30):
        app.step()
    assert not scene.ramp_show.hidden() and heard.count("versus_stones") == 1
    assert heard.count("blocks_level_up") == 1, "the sound is for the level, not each landing"
