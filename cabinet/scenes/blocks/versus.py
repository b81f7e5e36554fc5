"""The BLOCKS versus screen: two boards, two panels, attacks flying between them, in rounds.

The scene obeys its pilots (people at their panels, the CPU, or a replay),
routes each press to the side of the player it belongs to, and plays a
:class:`~cabinet.games.match.Match`: READY / GO, a game of
:class:`~cabinet.games.blocks.versus.BlocksVersus`, its result with both
boards in view, and so on until one side has won ``rounds_to_win`` games.
Everything is counted in game frames (which stand still during READY / GO and
the results), so a recording of what it obeyed replays the match exactly,
stones and all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cabinet import FPS
from cabinet.games.blocks.cursor import Did
from cabinet.games.blocks.danger import music_danger
from cabinet.games.blocks.versus import BlocksVersus
from cabinet.games.danger import versus_danger
from cabinet.games.match import PLAYERS, Match, Series, other
from cabinet.games.pilots import Pilot, bind_all
from cabinet.games.sounds import clear_effect
from cabinet.inputs.actions import Action
from cabinet.language import tr
from cabinet.render import palette
from cabinet.render.layer import Layer
from cabinet.scenes.blocks import versus_view as view
from cabinet.scenes.blocks.animation import FLASH_FRAMES
from cabinet.scenes.blocks.play import CURSOR_SOUNDS
from cabinet.scenes.blocks.shown_seat import ShownSeat
from cabinet.scenes.kit.callout import Callout, Callouts
from cabinet.scenes.kit.countdown import Countdown
from cabinet.scenes.kit.ending import GameOver, InputCheck, MatchEnd, OnEnd
from cabinet.scenes.kit.fair_frame import FairFrame
from cabinet.scenes.kit.flights import CANCEL_FRAMES, FLIGHT_FRAMES, Flight, Flights
from cabinet.scenes.kit.idle import IdleWatch
from cabinet.scenes.kit.pause import Pause
from cabinet.storage.replays import ReplayRecorder

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext

ROUND_END_FRAMES = 210  # the round's result, both boards in view
MATCH_END_FRAMES = 300  # the match's result, before the rematch offer
END_SKIP_AFTER = 60  # Start may cut a result short after this many frames


class BlocksVersusScene(FairFrame):
    """Plays ``match`` (a :class:`~cabinet.games.match.Match` of BLOCKS) with ``pilots``.

    ``series``: the rematches this match belongs to (win streaks). ``demo``:
    attract mode (one round, no records; ``finished`` turns true after it).
    ``watched``: a replay (nothing recorded). The decided match goes to ``on_end``
    (required) as a :class:`~cabinet.scenes.kit.ending.MatchEnd`; ``check`` sees
    each input first.
    """

    match: Match  # a versus screen always plays one
    series: Series
    versus: BlocksVersus  # this round's

    def __init__(
        self,
        ctx: SceneContext,
        match: Match,
        pilots: Iterable[Pilot],
        series: Series | None = None,
        demo: bool = False,
        *,
        on_end: OnEnd,
        check: InputCheck | None = None,
        watched: bool = False,
    ):
        super().__init__(ctx, pilots, demo=demo, watched=watched, on_end=on_end, check=check)
        self.rules = ctx.settings.blocks
        self.match = match
        self.series = series or Series()
        self.callouts = {player: Callouts() for player in PLAYERS}  # one at a time over each board
        self.recorder = None if demo or watched else self._recorder()
        self.idle = IdleWatch([] if demo else match.people)  # over the whole match, not a round
        self.pause = Pause(
            ctx.settings.play, () if demo or watched else match.people, ctx.audio.play
        )
        self._new_round()

    @property
    def name(self) -> str:
        return "blocks versus demo" if self.demo else "blocks versus"

    def _recorder(self):
        options = dataclasses.asdict(self.rules)
        options["cpu"] = self.match.cpu
        options["idle_forfeit"] = True  # played under the idle rule (cabinet.scenes.kit.idle)
        return ReplayRecorder("blocks", "versus", options, self.match.seed)

    def _new_round(self) -> None:
        rules, versus = self.rules, self.rules.versus
        self.versus = BlocksVersus(
            seed=self.match.round_seed(),
            rotation=rules.rotation,
            piece_set=rules.piece_set,
            gravity=rules.gravity,
            attack_percent=(versus.attack_percent.p1, versus.attack_percent.p2),
            same_pieces=versus.same_pieces,
            land_max=versus.land_max,
            by_frame=True,  # both boards play out each frame before it is decided (FairFrame)
        )
        move_frames = max(1, round(versus.move_seconds * FPS))
        self.seats = [ShownSeat(self.versus, player, move_frames) for player in PLAYERS]
        self.flights = Flights()
        self.layer = Layer()  # the static picture and the trays (versus_view.draw)
        self.countdown = Countdown(self.ctx.audio.play)
        self.end_frames = 0
        bind_all(self.pilots, self)

    def seat_for(self, player: int) -> ShownSeat:
        return self.seats[player - 1]

    def game_for(self, player: int):
        """The game ``player`` plays (the CPU looks at it through this)."""
        return self.seat_for(player).game

    @property
    def match_over(self) -> bool:
        return self.match.winner is not None

    # ------------------------------------------------------------------ input
    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("blocks")

    def handle(self, event: InputEvent) -> None:
        if self.screen_took(event):
            return
        if self.end_frames and not self.demo and event.pressed and event.action is Action.START:
            if self.end_frames >= END_SKIP_AFTER:
                self.end_frames = self._end_length()
            return
        self.live.append(event)

    @property
    def challenge_seat(self) -> int | None:
        """In a match against the CPU, the person's panel: the other panel's Start is a challenger."""
        people = self.match.people
        if self.demo or self.end_frames or self.finished or not self.match.cpu or not people:
            return None
        return people[0]

    def interrupted(self) -> GameOver:
        """This match against the CPU, cut short by a challenger."""
        _, score, final = self.result()
        replay = self.recorder.finish(score, final) if self.recorder is not None else None
        return self.match_cut_short("blocks", replay)

    # ------------------------------------------------------------------ update
    def music(self) -> tuple[str, float]:
        return "versus", versus_danger(
            [music_danger(self.versus.game(p)) for p in PLAYERS],
            [self.versus.pending(p) for p in PLAYERS],
            self.versus.land_max,
        )

    def result_frame(self) -> None:
        self._animate(clock=False)
        self._count_down_end()

    def obeys(self, event) -> bool:
        return event.pressed and event.player in PLAYERS

    def step_seats(self, clock: bool) -> None:
        self._animate(clock=clock)

    def decided(self) -> bool:
        return self.versus.over

    def showing(self) -> bool:
        return self.flights.busy or any(seat.falling for seat in self.seats)

    def _obey(self, event) -> None:
        seat = self.seat_for(event.player)
        if seat.over:
            return
        if self.recorder is not None:
            self.recorder.record(self.game_frame, event)
        self.idle.moved(event.player)
        outcome = seat.apply(event)
        if outcome.kind in CURSOR_SOUNDS:
            self.ctx.audio.play(CURSOR_SOUNDS[outcome.kind])
        if outcome.kind is Did.PLACE:
            self._placed(seat, outcome.result)

    def _placed(self, seat: ShownSeat, result) -> None:
        audio = self.ctx.audio
        lines = len(result.rows) + len(result.cols)
        origin = view.cells_centre(seat.player, result.cleared or result.cells)
        if not lines:
            audio.play("blocks_place")
            self._say(seat.player, Callout(f"+{result.points}", palette.WHITE, origin, 21))
            self._stones_landed(seat, result.landed)
            return
        # A move is heard in three layers at most, all starting in this frame, as the mixer's
        # headroom allows: its landing (a clear's burst is its thunk; a wipe-out is the biggest
        # clear), its streak, one sound of stones (an attack's whoosh carries its cancel).
        audio.play("blocks_wipeout" if result.wipe_out else clear_effect(lines))
        if result.streak >= 2 and not result.wipe_out:
            audio.play("blocks_streak")
        sent = result.attack - result.cancelled
        if sent or result.cancelled:
            audio.play("versus_attack" if sent else "versus_cancel")
        if result.cancelled:
            self._launch(seat, seat, origin, result.cancelled, cancel=True)
        if sent:
            self._launch(seat, self.seat_for(other(seat.player)), origin, sent, cancel=False)
        # One callout says it all, as the cells break (the stones have left from the same place):
        # the biggest news on top, the rest under it.
        news = [
            (tr("WIPE OUT!"), palette.MAGENTA) if result.wipe_out else None,
            (tr("ATTACK {count}", count=sent), palette.ORANGE) if sent else None,
            (tr("CANCEL {count}", count=result.cancelled), palette.GREEN)
            if result.cancelled
            else None,
            (f"+{result.points}", palette.YELLOW),
            (tr("STREAK x{streak}", streak=result.streak), palette.CYAN)
            if result.streak >= 2
            else None,
        ]
        (words, colour), *rest = [item for item in news if item is not None]
        detail = "  ".join(words for words, _ in rest[:2])
        self._say(seat.player, Callout(words, colour, origin, 35, detail), FLASH_FRAMES)

    def _launch(
        self, mover: ShownSeat, target: ShownSeat, origin, count: int, cancel: bool
    ) -> None:
        """Stones fly to ``target``'s meter: a cancel meets the mover's own, an attack adds to the other's."""

        def arrive():
            if cancel:
                target.shown_pending = max(0, target.shown_pending - count)
            else:
                target.shown_pending += count

        end = view.meter_top(target.player, target.shown_pending)
        self.flights.launch(
            Flight(origin, end, count, CANCEL_FRAMES if cancel else FLIGHT_FRAMES, arrive, cancel)
        )

    def _stones_landed(self, seat: ShownSeat, landed) -> None:
        """Show stones landing on ``seat``'s board, once any attack still flying to it has arrived."""
        if not landed:
            return
        wait = self.flights.frames_to(view.meter_rect(seat.player).centerx)
        seat.drop(landed, wait)
        self.ctx.audio.play("versus_stones")
        count = len(landed)
        words = tr("{count} STONES!", count=count) if count > 1 else tr("1 STONE!")
        self._say(
            seat.player, Callout(words, palette.ORANGE, view.board_centre(seat.player), 35), wait
        )

    def _say(self, player: int, callout: Callout, delay: int = 0) -> None:
        self.callouts[player].say(callout, delay)

    def _animate(self, clock: bool) -> None:
        for seat in self.seats:
            self._stones_landed(seat, seat.tick(clock and not seat.over))
        self.flights.update()
        if not self.flights.flights:
            # Nothing in the air: each meter shows exactly what waits.
            for seat in self.seats:
                seat.shown_pending = self.versus.pending(seat.player)
        for callouts in self.callouts.values():
            callouts.tick()

    # ------------------------------------------------------------------ the end
    def _end_length(self) -> int:
        return MATCH_END_FRAMES if self.match_over else ROUND_END_FRAMES

    def _count_down_end(self) -> None:
        self.end_frames += 1
        if self.end_frames < self._end_length():
            return
        if self.demo:
            self.finished = True
            self.end_frames -= 1  # hold the result until attract moves on
        elif not self.match_over:
            self._new_round()
        else:
            self._finish()

    def round_winner(self) -> int | None:
        if self.match.forfeited is not None:
            return other(self.match.forfeited)
        return self.versus.winner

    def result(self) -> tuple[int, int, list[str]]:
        """(winner, winner's score, both boards side by side), as the replay records them."""
        player = self.match.winner or self.versus.winner or 1
        final = [
            a + " " + b for a, b in zip(self.seats[0].game.to_text(), self.seats[1].game.to_text())
        ]
        return player, self.seat_for(player).game.score, final

    def _finish(self) -> None:
        self.finished = True
        _, score, final = self.result()
        replay = self.recorder.finish(score, final) if self.recorder is not None else None
        self.on_end(MatchEnd(self, self.match, self.series, replay, self.game_frame / FPS, None))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        view.draw(surface, self)
        if self.paused:
            self.pause.draw(surface, self.ctx.frame)
