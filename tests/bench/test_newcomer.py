"""The bench's newcomer plays both games through the panel, about a move every two seconds."""

from cabinet.bench.newcomer import THINK_FRAMES, antigravity_newcomer, blocks_newcomer
from cabinet.bench.ramp_blocks import _Table
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.simulate import Simulation
from cabinet.games.blocks.engine import BlocksGame
from cabinet.settings.schema import BlocksSettings

PLAYED = 3 * 60 * 60  # three minutes: a field needs a while to grow runs


def test_the_anti_gravity_newcomer_pushes_at_a_newcomers_pace():
    game = AntiGravityGame(seed=4)
    sim = Simulation([game], [antigravity_newcomer(1, seed=4)])
    sim.run(PLAYED)
    assert not game.game_over
    # a look of THINK_FRAMES before every push: at most one push per look
    assert 60 <= game.turns <= PLAYED // THINK_FRAMES
    assert game.total_cleared > 0


def test_the_blocks_newcomer_places_at_a_newcomers_pace():
    table = _Table(BlocksGame.from_settings(BlocksSettings(), seed=4))
    pilot = blocks_newcomer(1, seed=4)
    pilot.bind(table)
    for frame in range(PLAYED):
        for event in pilot.events(frame, []):
            table.obey(event)
        table.step()
    assert 30 <= table.game.placements <= PLAYED // THINK_FRAMES
