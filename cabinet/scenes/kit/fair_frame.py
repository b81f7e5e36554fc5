"""One game frame fair to every seat: all of them play it out before the rules decide.

Two people play a versus match at once, so a frame is theirs together: both
players' presses, then both turn or move timers, and only then do the rules
decide (``versus.update()``). Deciding after the first seat's move would hand
a frame in which both games end to whoever was stepped second; decided once,
it is the draw the rules say it is. Both games' screens (BLOCKS versus and
ANTI-GRAVITY, whose single and contest games are the one-seat case) run their
frames through :class:`FairFrame`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cabinet import FPS
from cabinet.inputs.actions import CABINET, Action
from cabinet.scenes.kit.ending import GameOver
from cabinet.scenes.kit.idle import WalksAway

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.storage.replays import Replay


class VersusRules(Protocol):
    """A game's versus rules object, as the frame sees it: it decides once all seats have played."""

    def update(self) -> None: ...


class FairFrame(WalksAway):
    """A game screen whose seats play each frame together, then the rules decide.

    A subclass says which events are the game's (:meth:`obeys`) and obeys one
    (:meth:`_obey`), steps its seats (:meth:`step_seats`), and tells whether the
    rules have decided (:meth:`decided`), who took the round (:meth:`round_winner`)
    and whether the last moves are still being shown (:meth:`showing`). Its rules
    object, ``versus`` (None for a lone game), decides in ``update()``. What both its
    screens answer alike is here: the cabinet's Pause and the pause menu, before the game
    (:meth:`screen_took`), and a match against the CPU cut short (:meth:`match_cut_short`).
    """

    versus: VersusRules | None = None  # a lone game has none

    def play_frame(self, live) -> None:
        """Every seat's presses and timers, then the rules decide; then the idle watch and the round's end."""
        open_ = not self.decided()  # decided on an earlier frame: nothing more is obeyed
        for pilot in self.pilots:
            for event in pilot.events(self.game_frame, live):
                if open_ and self.obeys(event):
                    self._obey(event)
        self.step_seats(clock=open_)
        if self.versus is not None:
            self.versus.update()
        self.game_frame += 1
        if not self.decided() and self._walked_away(self.idle.tick()):
            return
        if self.decided() and not self.showing():
            self.end_frames = 1
            self.ctx.audio.play("game_over")
            if self.match is not None:
                self.match.record(self.round_winner())

    def screen_took(self, event) -> bool:
        """The screen's own answer to ``event``, before the game sees it: the cabinet's Pause
        (in play, never in a demo), the challenger's ``check``, the open pause menu. True when
        one of them took it."""
        if event.player == CABINET:
            if (
                event.action is Action.PAUSE
                and event.pressed
                and not self.demo
                and not self.end_frames
            ):
                self.toggle_pause()
            return True
        if self.check is not None and self.check(self, event):
            return True
        return not self.end_frames and self.pause.press(event)

    def toggle_pause(self) -> None:
        self.pause.toggle()

    def match_cut_short(self, game: str, replay: Replay | None) -> GameOver:
        """``game``'s match against the CPU, cut short by a challenger: the person's game over
        with the score so far (``replay``: the recording, finished)."""
        person = self.challenge_seat
        assert person is not None, "only a match a challenger may cut short is interrupted"
        score = self.seat_for(person).game.score
        return GameOver(game, "cpu", person, None, score, replay, self.game_frame / FPS)

    def obeys(self, event) -> bool:
        """``event`` is a move of the game (for a seat to obey)."""
        raise NotImplementedError

    def _obey(self, event) -> None:
        """Record ``event`` and hand it to its player's seat."""
        raise NotImplementedError

    def step_seats(self, clock: bool) -> None:
        """One frame of every seat: its animation, and with ``clock`` its timer."""
        raise NotImplementedError

    def decided(self) -> bool:
        """The rules have decided the round (or the lone game is over)."""
        raise NotImplementedError

    def showing(self) -> bool:
        """The last moves are still being shown: the result waits for them."""
        raise NotImplementedError

    def round_winner(self) -> int | None:
        """The player who took the round; None on a draw or in a lone game."""
        raise NotImplementedError
