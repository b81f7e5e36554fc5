"""The game-screen base: one frame loop in one order, and the answers flow and the lamps read."""

import pytest

from cabinet.games.match import Match
from cabinet.games.pilots import HumanPilot
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.antigravity.play import AntiGravityScene
from cabinet.scenes.blocks.versus import BlocksVersusScene
from cabinet.scenes.flow.title import TitleScene
from cabinet.scenes.kit.countdown import GO_FRAMES, READY_FRAMES
from cabinet.scenes.kit.game_screen import GameScreen
from cabinet.scenes.kit.pause import Pause
from support.app import make_app


class Pondering(HumanPilot):
    """A person's pilot that notes the frames it was asked to ponder."""

    def __init__(self, player: int = 1):
        super().__init__(player)
        self.pondered: list[int] = []

    def ponder(self, frames: int) -> None:
        self.pondered.append(frames)


class Counted(GameScreen):
    """A game screen that only notes what the base hands it."""

    def __init__(self, ctx, pilot):
        super().__init__(ctx, [pilot], on_end=ctx.finish)
        self.pause = Pause(ctx.settings.play, (1,), ctx.audio.play)
        self.frames: list[list[InputEvent]] = []
        self.results = 0

    def play_frame(self, live) -> None:
        self.frames.append(self.pilots[0].events(self.game_frame, live))
        self.game_frame += 1

    def result_frame(self) -> None:
        self.results += 1


@pytest.fixture
def ctx():
    return make_app().ctx


def test_presses_during_ready_go_reach_the_first_game_frame_while_the_pilots_ponder(ctx):
    pilot = Pondering()
    screen = Counted(ctx, pilot)
    press = InputEvent(1, Action.A, True)
    screen.live.append(press)
    for _ in range(READY_FRAMES + GO_FRAMES):
        screen.update()
    assert screen.frames == [] and screen.game_frame == 0, "no game frame runs during READY / GO"
    assert pilot.pondered == list(range(READY_FRAMES + GO_FRAMES, 0, -1)), (
        "told the frames left, this one included"
    )
    screen.update()
    assert screen.frames == [[press]], (
        "the press kept through the countdown is obeyed on the first frame"
    )


def test_a_paused_screen_runs_no_frame_and_drops_what_is_pressed(ctx):
    screen = Counted(ctx, Pondering())
    screen.countdown.skip()
    screen.pause.toggle()
    screen.live.append(InputEvent(1, Action.A, True))
    screen.update()
    assert screen.frames == [] and screen.live == []
    screen.pause.toggle()
    screen.update()
    assert screen.frames == [[]], "the press made while paused is not obeyed afterwards"


def test_a_result_counting_down_takes_the_frame_instead_of_the_game(ctx):
    screen = Counted(ctx, Pondering())
    screen.countdown.skip()
    screen.end_frames = 1
    screen.update()
    assert (screen.results, screen.frames) == (1, [])
    assert screen.ended and not screen.pause.paused


@pytest.mark.parametrize("game", ["blocks", "antigravity"])
def test_the_lit_panels_are_the_people_of_a_match_until_a_round_ends(ctx, game):
    def versus(match, demo=False):
        pilots = [HumanPilot(1), HumanPilot(2)]
        if game == "blocks":
            return BlocksVersusScene(ctx, match, pilots, demo=demo, on_end=ctx.finish)
        return AntiGravityScene(
            ctx, "versus", pilots=pilots, match=match, demo=demo, on_end=ctx.finish
        )

    people = versus(Match(game, 2, 5))
    assert people.challenge_seat is None and people.playing_panels() == {1, 2}
    people.end_frames = 1
    assert people.playing_panels() == set(), "a round's result: nobody is playing"
    against_cpu = versus(Match(game, 2, 5, cpu={2: 3}))
    assert against_cpu.challenge_seat == 1 and against_cpu.playing_panels() == {1}
    assert versus(Match(game, 2, 5), demo=True).playing_panels() == set()


def test_a_screen_that_is_no_game_has_no_player_and_no_challenge(ctx):
    title = TitleScene(ctx)
    assert title.playing_panels() == set() and title.challenge_seat is None
    assert not title.finished and title.caption == ""
