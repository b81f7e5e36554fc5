"""The BLOCKS ramp (RULES.md, "Game length on a cabinet"): off by default, stones at refreshes."""

import pytest

from cabinet.games.blocks.ai import BlocksAI
from cabinet.games.blocks.engine import BlocksGame
from cabinet.settings.schema import BlocksSettings

SINGLES = [["#"], ["#"], ["#"]]
EMPTY = ["........"] * 8


def play(game: BlocksGame, placements: int, seed: int = 0) -> list:
    """Play ``placements`` moves with the casual AI; the results of each."""
    ai, results = BlocksAI(seed=seed, level="casual"), []
    while len(results) < placements and not game.game_over:
        move = ai.choose(game)
        results.append(game.place(move.slot, move.row, move.col))
    return results


def test_the_ramp_is_off_in_the_engines_defaults():
    game = BlocksGame(seed=3)
    results = play(game, 60)
    assert game.ramp is False and game.ramp_level == 0
    assert all(result.landed == [] for result in results) and game.stones == 0


def test_each_refresh_lands_one_more_stone_per_level_up_to_six():
    game = BlocksGame(seed=10, ramp=True, ramp_placements=3)
    ai = BlocksAI(seed=0, level="strong")
    assert game.ramp_level == 0
    counts = []
    for number in range(1, 28):
        move = ai.choose(game)
        result = game.place(move.slot, move.row, move.col)
        assert game.ramp_level == number // 3
        if result.refreshed:
            counts.append(len(result.landed))
            landed = sum(1 << (r * 8 + c) for r, c in result.landed)
            assert game.stones & landed == landed  # they are stones on the board now
        else:
            assert result.landed == []
        assert not game.game_over, "the strong AI lives through 27 placements of this seed"
    assert counts == [1, 2, 3, 4, 5, 6, 6, 6, 6]


def test_ramp_level_counts_placements():
    game = BlocksGame.from_text(EMPTY, tray=SINGLES, ramp=True, ramp_placements=3)
    game.place(0, 0, 0)
    game.place(1, 0, 2)
    assert game.ramp_level == 0
    result = game.place(2, 0, 4)
    assert game.ramp_level == 1 and result.refreshed and len(result.landed) == 1
    ((row, col),) = result.landed
    assert game.to_text()[row][col] == "+"


def test_ramp_stones_come_from_the_games_own_generator_and_replay_exactly():
    def run():
        game = BlocksGame(seed=8, ramp=True, ramp_placements=3)
        return [r.landed for r in play(game, 24, seed=1)], game.to_text()

    assert run() == run()


def test_ramp_stones_leave_the_trays_as_they_were_drawn():
    plain = BlocksGame.from_text(EMPTY, tray=SINGLES, seed=4)
    ramped = BlocksGame.from_text(EMPTY, tray=SINGLES, seed=4, ramp=True, ramp_placements=1)
    for game in (plain, ramped):
        for slot in range(3):
            game.place(slot, 0, 2 * slot)
    assert ramped.stones and plain.tray_text() == ramped.tray_text()


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "40"])
def test_ramp_placements_must_be_a_whole_number_of_at_least_one(bad):
    with pytest.raises(ValueError, match="ramp_placements"):
        BlocksGame(ramp=True, ramp_placements=bad)


def test_from_settings_passes_the_ramp():
    game = BlocksGame.from_settings(BlocksSettings(ramp=True, ramp_placements=25), seed=2)
    assert game.ramp and game.ramp_placements == 25
    assert BlocksSettings().ramp is True  # the shipped cabinet ends games
    assert BlocksGame.from_settings(BlocksSettings(ramp=False)).ramp is False


def test_a_replay_carries_the_ramp_and_one_recorded_before_it_replays_without():
    from types import SimpleNamespace

    from cabinet.scenes.flow.playback import replay_settings
    from cabinet.settings.schema import Settings
    from cabinet.storage.replays import Replay

    ctx = SimpleNamespace(settings=Settings())
    ramped = Replay(
        "blocks", "single", {"piece_set": "classic", "ramp": True, "ramp_placements": 12}, 1
    )
    assert (
        replay_settings(ctx, ramped).blocks.ramp,
        replay_settings(ctx, ramped).blocks.ramp_placements,
    ) == (True, 12)
    older = Replay(
        "blocks", "single", {"piece_set": "classic", "rotation": False, "gravity": True}, 1
    )
    assert replay_settings(ctx, older).blocks.ramp is False
