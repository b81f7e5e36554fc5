"""The game-screen base: one frame loop for every game screen, and its answers to the cabinet.

Each game's play and versus screens are a :class:`GameScreen`. It runs the part
of a 60 Hz step every game shares, in one order: the frame's thinking time, the
pause, the result of a round counting down (:meth:`GameScreen.result_frame`),
READY / GO (the pilots pondering), then the game's own frame
(:meth:`GameScreen.play_frame`) with the events pressed since the last one.

It answers, typed, what the others ask of a game screen: playback (the game
frame, the countdown, :attr:`~GameScreen.ended`, :meth:`~GameScreen.result`),
attract mode (:attr:`~GameScreen.finished`), the challenger
(:attr:`~GameScreen.challenge_seat`, :meth:`~GameScreen.interrupted`,
:attr:`~GameScreen.series`), the cabinet's lamps (:meth:`~GameScreen.playing_panels`,
:meth:`~GameScreen.live_starts`)
and the pilots (:meth:`~GameScreen.seat_for`, :attr:`~GameScreen.thinking_time`,
:attr:`~GameScreen.thinker`: a :class:`~cabinet.games.pilots.Seating`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cabinet.games.pilots import Pilot, Seat, ponder_all
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.countdown import Countdown
from cabinet.scenes.kit.thinking_time import ThinkingTime

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.games.match import Match, Series
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.ending import GameOver, InputCheck, OnEnd
    from cabinet.scenes.kit.idle import IdleWatch
    from cabinet.scenes.kit.pause import Pause
    from cabinet.scenes.kit.scene_context import SceneContext


class GameScreen(Scene):
    """A screen that plays a game, driven by ``pilots`` (people, the AI or a replay).

    ``demo``: attract mode (no pause, nothing recorded; :attr:`finished` turns True
    when it is done). ``watched``: a replay (nothing recorded, no touch). The game
    goes to ``on_end``, which whoever starts the screen must give (the flow's
    :meth:`~cabinet.context.Context.finish`; a replay or a demo
    :func:`~cabinet.scenes.kit.ending.stop`); ``check`` sees each input first (the
    challenger's Start).

    A subclass makes its ``pause``, its ``idle`` watch and its seats, defines :meth:`play_frame`,
    :meth:`seat_for`, :meth:`result`, :meth:`interrupted` and
    :attr:`challenge_seat`, and :meth:`result_frame` if it counts ``end_frames``.
    Input goes to :attr:`live` (its :meth:`handle` decides what is the game's).
    """

    pause: Pause
    idle: IdleWatch  # frames since each person last moved (none for a demo)
    match: Match | None = None  # a versus screen's match of rounds (:mod:`cabinet.games.match`)
    series: Series | None = None  # the rematches that match belongs to
    finished: bool = False  # done: attract moves on, a replay stops

    def __init__(
        self,
        ctx: SceneContext,
        pilots: Iterable[Pilot],
        demo: bool = False,
        watched: bool = False,
        *,
        on_end: OnEnd,
        check: InputCheck | None = None,
    ):
        super().__init__(ctx)
        self.pilots: list[Pilot] = list(pilots)
        self.demo = demo
        self.watched = watched
        self.on_end = on_end
        self.check = check
        self.live: list[InputEvent] = []  # pressed since the last step, for the game to obey
        self.game_frame = 0  # frames the game has run: a replay's clock
        self.end_frames = 0  # frames a round's (or the game's) result has shown; 0 in play
        self.thinking_time = ThinkingTime()  # the AI pilots' (their bind finds it)
        self.thinker = ctx.thinker  # where they think, when the app has a worker for it
        self.countdown = Countdown(ctx.audio.play)

    # ------------------------------------------------------------------ the frame
    def update(self) -> None:
        """One 60 Hz step: pause, result, READY / GO, else one game frame (:meth:`play_frame`)."""
        self.thinking_time.new_frame()
        live, self.live = self.live, []
        if not self.ended:
            self.pause.tick()
            tune = None if self.demo or self.watched else self.music()
            if tune is not None:
                self.ctx.music.follow(*tune, self.paused)
        if self.paused:
            return
        if self.end_frames:
            self.result_frame()
            return
        admitted = self.countdown.admit(live)
        if admitted is None:
            ponder_all(self.pilots, self.countdown)
            return  # READY / GO: the game waits, the presses are kept for its first frame
        self.play_frame(admitted)

    def play_frame(self, live: list[InputEvent]) -> None:
        """One frame of the game, obeying what the pilots make of ``live``."""
        raise NotImplementedError

    def result_frame(self) -> None:
        """One frame of a result counting down (``end_frames`` > 0): the next round, or the end."""
        raise NotImplementedError

    def music(self) -> tuple[str, float] | None:
        """The track people's play follows and its danger level now, in 0..1 (:mod:`cabinet.audio.music`);
        None: a screen with no music of its own."""
        return None

    # ------------------------------------------------------------------ answers
    @property
    def paused(self) -> bool:
        return self.pause.paused

    @property
    def ended(self) -> bool:
        """The game (or this round) is over and its result shows: the pause stays shut."""
        return bool(self.end_frames)

    @property
    def challenge_seat(self) -> int | None:
        """The panel of the person playing while a challenger may come, else None
        (:class:`~cabinet.scenes.kit.ending.Challengeable`)."""
        raise NotImplementedError

    def interrupted(self) -> GameOver:
        """The game cut short now by a challenger, as it is to be saved and entered."""
        raise NotImplementedError

    def seat_for(self, player: int) -> Seat:
        """The :class:`~cabinet.games.pilots.Seat` of ``player`` (one player: the one seat)."""
        raise NotImplementedError

    def result(self) -> tuple[int, int, list[str]]:
        """(player, score, final board) as the table and the replay record them
        (versus: the winner, the winner's score, both boards side by side)."""
        raise NotImplementedError

    def playing_panels(self) -> set[int]:
        """The person at a lone game or against the CPU, both people of a match while a
        round plays; none for a demo, a result or a finished game."""
        if self.demo:
            return set()
        seat = self.challenge_seat
        if seat is not None:
            return {seat}
        if self.match is None or self.finished or self.end_frames:
            return set()
        return set(self.match.people)

    def live_starts(self) -> set[int]:
        """The other panel while a challenger may come (``versus.challenger`` on, and a credit in
        or free play): its Start would stop this game for a versus match."""
        seat = self.challenge_seat
        if seat is None or not self.ctx.settings.versus.challenger:
            return set()
        return {3 - seat} if self.ctx.bank.can_start("challenger") else set()
