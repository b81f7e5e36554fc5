"""The ANTI-GRAVITY play screen: single, versus and contest, for players, demos and replays.

The scene obeys only its pilots' events (a player at the panel, the AI, or a
replay), hands them to the seat they belong to, and counts everything in game
frames, so a recording of what it obeyed replays the game exactly. Versus gives
player 1 the left field and player 2 the right; in single and contest the
player who pressed Start drives. The pause (a held Start, or the pause key)
and the contest list's scrolling are not part of the game: they come from the live panel directly and
are never recorded.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cabinet import FPS
from cabinet.games.antigravity.danger import music_danger
from cabinet.games.antigravity.engine import MODES, AntiGravityGame
from cabinet.games.antigravity.modes import AntiGravityVersus, ContestGame
from cabinet.games.antigravity.seat import Seat
from cabinet.games.danger import versus_danger
from cabinet.games.match import Match, Series, other
from cabinet.games.pilots import HumanPilot, Pilot, bind_all
from cabinet.inputs.actions import DIRECTIONS, Action
from cabinet.scenes.antigravity.layouts import (
    FINAL_BOARD_FRAMES,
    PlayLayout,
    SingleLayout,
    VersusLayout,
)
from cabinet.scenes.kit.countdown import Countdown
from cabinet.scenes.kit.ending import GameOver, InputCheck, MatchEnd, OnEnd
from cabinet.scenes.kit.fair_frame import FairFrame
from cabinet.scenes.kit.flights import Flights
from cabinet.scenes.kit.idle import IdleWatch
from cabinet.scenes.kit.pause import Pause
from cabinet.storage.replays import ReplayRecorder

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext
    from cabinet.settings.schema import AntiGravitySettings, ContestList

END_FRAMES = FINAL_BOARD_FRAMES + 180  # the final field, then the game-over or winner banner
END_SKIP_AFTER = 60  # Start may cut the banner short after this many frames


class AntiGravityScene(FairFrame):
    """Plays one ANTI-GRAVITY game (or versus match) to its end.

    ``mode``: "single", "versus" or "contest". ``difficulty``: single play's
    difficulty (None: the operator's). ``contest``: a ContestList or its name.
    ``pilots``: who drives, one per field (versus: player 1's first); None
    means the players at the panel. ``demo``: attract mode (no pause, no
    high score; ``finished`` turns true after the game-over banner).
    Versus is a :class:`~cabinet.games.match.Match` of rounds (``match``; by
    default two people, ``antigravity.versus.rounds_to_win``; a demo plays one
    round), part of a ``series`` of rematches.
    A replay plays on the rules it was recorded with through a context
    carrying those settings (:mod:`cabinet.scenes.flow.playback`), ``watched``:
    nothing recorded, and the bottom strip left to the replay's label.
    The game goes to ``on_end`` (required) as a :class:`~cabinet.scenes.kit.ending.GameOver`,
    a decided match as a :class:`~cabinet.scenes.kit.ending.MatchEnd`; ``check`` sees
    each input first (the challenger's Start).

    The ramp (``antigravity.ramp``) applies to single games only, as RULES.md says:
    versus and contest stay exact, so both players, or every player of a list,
    play the same rules from the first push to the last.
    """

    def __init__(
        self,
        ctx: SceneContext,
        mode: str = "single",
        difficulty: str | None = None,
        contest: ContestList | str | None = None,
        pilots: Iterable[Pilot] | None = None,
        seed: int = 0,
        demo: bool = False,
        match: Match | None = None,
        series: Series | None = None,
        *,
        on_end: OnEnd,
        check: InputCheck | None = None,
        watched: bool = False,
    ):
        if mode not in MODES:
            raise ValueError(
                f"unknown ANTI-GRAVITY mode {mode!r}; expected one of {', '.join(MODES)}"
            )
        super().__init__(
            ctx,
            pilots if pilots is not None else _panel_pilots(mode),
            demo=demo,
            watched=watched,
            on_end=on_end,
            check=check,
        )
        self.mode = mode
        self.seed = seed
        settings = ctx.settings.antigravity
        self.settings = settings
        self.difficulty = difficulty or settings.difficulty
        # The list a contest plays; None in single and versus (the code asks it for the mode).
        self.contest = _find_contest(settings, contest) if mode == "contest" else None
        self.versus: AntiGravityVersus | None = None
        self.match = None
        self.series = series
        if mode == "versus":
            self.match = match or Match(
                "antigravity", 1 if demo else settings.versus.rounds_to_win, seed
            )
            self.series = series or Series()
        self.seats = self._make_seats(settings, seed)
        self.driver = self.pilots[0].player if mode != "versus" else 1
        if mode != "versus":
            self.seats[0].player = self.driver
        bind_all(self.pilots, self)
        # Versus: a person who walks away forfeits the match (cabinet.scenes.kit.idle).
        self.idle = IdleWatch(self.match.people if self.match is not None and not demo else [])
        self.recorder = None if demo or watched else self._recorder()
        self.pause = Pause(
            ctx.settings.play, () if demo or watched else self._people(), ctx.audio.play
        )
        self.layout: PlayLayout = (VersusLayout if mode == "versus" else SingleLayout)(self)
        self.flights = Flights()  # versus: stones thrown from one field to a meter (pictures only)

    @property
    def name(self) -> str:
        kind = "demo" if self.demo else self.mode
        return f"antigravity {kind}"

    # ------------------------------------------------------------------ setup
    def _make_seats(self, settings, seed: int) -> list[Seat]:
        if self.mode == "versus":
            self.versus = AntiGravityVersus(settings, seed)
            play = self.ctx.audio.play
            return [Seat(self.versus.game(1), 1, play), Seat(self.versus.game(2), 2, play)]
        game: AntiGravityGame
        if self.contest is not None:
            game = ContestGame(self.contest, settings)
        else:
            game = AntiGravityGame(
                seed=seed,
                difficulty=self.difficulty,
                mode="single",
                width=settings.width,
                half_height=settings.half_height,
                settings=settings,
                ramp=settings.ramp,
            )
        return [Seat(game, 1, self.ctx.audio.play)]

    def _people(self) -> list[int]:
        """The panels of the people playing (whose Start may pause)."""
        return self.match.people if self.match is not None else [self.driver]

    def _recorder(self):
        options = dataclasses.asdict(self.settings)
        options.update(
            mode=self.mode,
            difficulty=self.difficulty,
            contest=self.contest.name if self.contest else None,
            cpu=self.match.cpu if self.match is not None else {},
            idle_forfeit=True,
        )  # played under the idle rule (cabinet.scenes.kit.idle)
        return ReplayRecorder("antigravity", self.mode, options, self.seed)

    def game_for(self, player: int):
        """The game ``player`` drives (AI pilots look at it)."""
        return self.seat_for(player).game

    def seat_for(self, player: int) -> Seat:
        if self.mode == "versus":
            return self.seats[0 if player == 1 else 1]
        return self.seats[0]

    # ------------------------------------------------------------------ scene calls
    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("antigravity")

    def handle(self, event: InputEvent) -> None:
        if self.screen_took(event):
            return
        if self.mode == "contest" and event.pressed:
            amount = list_scroll(event, self.driver)
            if amount:
                self.layout.scroll_list(amount)
                return
        if self.end_frames and event.pressed and event.action is Action.START and not self.demo:
            if self.end_frames >= END_SKIP_AFTER:
                self.end_frames = END_FRAMES
            return
        self.live.append(event)

    @property
    def challenge_seat(self) -> int | None:
        """The panel of the person playing alone (or against the CPU) while a challenger may come."""
        if self.demo or self.end_frames or self.finished:
            return None
        if self.match is None:
            return self.driver
        people = self.match.people
        return people[0] if self.match.cpu and people else None

    def interrupted(self) -> GameOver:
        """This game (or match against the CPU), cut short by a challenger."""
        player, score, final = self.result()
        replay = self.recorder.finish(score, final) if self.recorder else None
        if self.match is not None:
            return self.match_cut_short("antigravity", replay)
        return GameOver(
            "antigravity", self.mode, player, self.table, score, replay, self.game_frame / FPS
        )

    def toggle_pause(self) -> None:
        super().toggle_pause()
        self.live = []

    def music(self) -> tuple[str, float]:
        dangers = [music_danger(seat.game) for seat in self.seats]
        if self.versus is None:
            return "antigravity", dangers[0]
        return "versus", versus_danger(
            dangers,
            [self.versus.pending(player) for player in (1, 2)],
            self.settings.versus.stone_max,
        )

    def result_frame(self) -> None:
        self._count_down_end()
        self._fly()

    def obeys(self, event) -> bool:
        return event.action in DIRECTIONS and event.player in (1, 2)

    def _obey(self, event) -> None:
        if self.recorder is not None:
            self.recorder.record(self.game_frame, event)
        self.idle.moved(event.player)
        self.seat_for(event.player).act(event)

    def step_seats(self, clock: bool) -> None:
        for seat in self.seats:
            seat.step(clock=clock)
        self._fly()

    def _fly(self) -> None:
        """The stones each seat's turns threw take off (an attack, a cancel); those in the
        air move on. Only the picture: the engine moved them when the turn was played."""
        for seat in self.seats:
            for launch in seat.launches:
                self.flights.launch(self.layout.flight(seat, launch))
            seat.launches.clear()
        self.flights.update()

    def decided(self) -> bool:
        if self.versus is not None:
            return self.versus.over
        return self.seats[0].game.game_over

    def showing(self) -> bool:
        return any(seat.busy for seat in self.seats)

    def _count_down_end(self) -> None:
        self.end_frames += 1
        for seat in self.seats:
            seat.step(clock=False)  # let the message bar run out
        if self.end_frames < END_FRAMES:
            return
        if self.demo:
            self.finished = True
            self.end_frames = END_FRAMES - 1  # hold the banner until attract moves on
            return
        if self.match is not None and self.match.winner is None:
            self._next_round(self.match)
            return
        self._finish()

    def _next_round(self, match: Match) -> None:
        """Fresh fields for ``match``'s next round, on that round's seed."""
        self.seats = self._make_seats(self.settings, match.round_seed())
        self.flights = Flights()
        bind_all(self.pilots, self)
        self.end_frames = 0
        self.countdown = Countdown(self.ctx.audio.play)

    # ------------------------------------------------------------------ the end
    def round_winner(self) -> int | None:
        """Versus: the winner of this round, 1 or 2, when decided; None while playing or on a draw."""
        if self.match is not None and self.match.forfeited is not None:
            return other(self.match.forfeited)
        return self.versus.winner if self.versus is not None else None

    @property
    def playing(self) -> bool:
        """A round is on: not its result, nor the final fields a finished match leaves behind the
        rematch offer (``_finish`` has reset ``end_frames`` by then)."""
        return not self.end_frames and not self.finished

    @property
    def match_over(self) -> bool:
        """Versus: a side has won the match (not merely this round)."""
        return self.match is not None and self.match.winner is not None

    @property
    def table(self) -> str:
        """The high-score table this game competes for."""
        if self.mode == "versus":
            return "antigravity/versus"
        if self.contest is not None:
            return f"antigravity/contest/{self.contest.name}"
        return f"antigravity/single/{self.difficulty}"

    def result(self) -> tuple[int, int, list[str]]:
        """(player, score, final board) as the table and the replay record them.

        Versus: the winner (on a draw, the higher score) and both fields side by side.
        """
        if self.match is None:  # single or contest
            game = self.seats[0].game
            return self.driver, game.score, game.to_text()
        player = (
            self.match.winner
            or self.round_winner()
            or max((1, 2), key=lambda p: self.seat_for(p).game.score)
        )
        final = [
            a + " " + b for a, b in zip(self.seats[0].game.to_text(), self.seats[1].game.to_text())
        ]
        return player, self.seat_for(player).game.score, final

    def _finish(self) -> None:
        player, score, final = self.result()
        replay = self.recorder.finish(score, final) if self.recorder is not None else None
        self.end_frames = 0
        self.finished = True
        seconds = self.game_frame / FPS
        if self.match is not None:
            assert self.series is not None, "a versus match is always one of a series"
            high = None if self.match.cpu or self.match.abandoned else (self.table, player, score)
            self.on_end(MatchEnd(self, self.match, self.series, replay, seconds, high))
        else:
            self.on_end(
                GameOver("antigravity", self.mode, player, self.table, score, replay, seconds)
            )

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.layout.draw(surface)


# The original's T5 / T2: player 2's up / down keys on the keyboard (RULES.md's table).
LIST_KEYS = {"key num 5": -1, "key @": -1, "key '": -1, "key num 2": 1, "key :": 1, "key /": 1}


def list_scroll(event, driver: int) -> int:
    """Rows a press scrolls the contest's pair list by (-1 up, +1 down, 0: not a scroll).

    The player's own B / C scroll it, and so do the keyboard's numpad 5 / 2 (with
    ``@`` / ``:``) while they are not the player's own push keys; the other panel's
    stick never does, since that panel may be someone else's.
    """
    if event.player == driver and event.action in (Action.B, Action.C):
        return -1 if event.action is Action.B else 1
    if event.player == 2 != driver and event.action in (Action.UP, Action.DOWN):
        return LIST_KEYS.get(event.switch, 0)
    return 0


def _panel_pilots(mode: str) -> list:
    """The people at the panels: both in versus, else panel 1's."""
    if mode == "versus":
        return [HumanPilot(1), HumanPilot(2)]
    return [HumanPilot(1)]


def _find_contest(settings: AntiGravitySettings, contest: ContestList | str | None) -> ContestList:
    """The contest list to play: given, named, or the first configured one."""
    lists = settings.contests
    if contest is None:
        if not lists:
            raise ValueError("no contest lists are configured (antigravity.contests is empty)")
        return lists[0]
    if isinstance(contest, str):
        for candidate in lists:
            if candidate.name == contest:
                return candidate
        raise ValueError(f"no contest list named {contest!r} in antigravity.contests")
    return contest
