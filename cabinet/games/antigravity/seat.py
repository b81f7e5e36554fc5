"""One player's place at the machine: their game, what they press, what they see happen.

A :class:`Seat` turns a player's actions into engine calls (move the cursor,
push), runs the turn timer while no animation plays, and keeps what the screen
needs: the animation of the last turn, the score and total as they are
revealed, and the message bar's current line. Everything is counted in frames,
so the same events on the same frames give the same game and the same pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cabinet import FPS
from cabinet.games.antigravity.animation import (
    FLASH_FRAMES,
    FieldPicture,
    TurnAnimation,
    grid_from_text,
)
from cabinet.games.antigravity.results import Turn
from cabinet.games.antigravity.stacks import danger_columns
from cabinet.games.words import N_
from cabinet.inputs.actions import Action, InputEvent

TICK_SECONDS = 3  # the last seconds of a turn tick audibly
MESSAGE_FRAMES = 90  # how long a message stays in the bar
POPUP_FRAMES = 50  # points and chain words rise over the field this long
BREAK_FRAMES = 18  # a popped stone's pieces fly apart this long, once its run's flash is over


@dataclass
class Popup:
    """Words that rise over the field where something was earned; ``row``/``column`` in cells.

    ``words`` and ``detail`` are English messages (the screen translates them) filled from
    ``fields``. A field shows one popup at a time: a new one takes the place of the one showing.
    ``big``: a chain's count over the field, with its points as ``detail`` under it.
    """

    words: str
    tone: str
    row: float
    column: float
    big: bool = False
    age: int = 0
    detail: str = ""
    fields: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Launch:
    """Versus: stones a turn's chain threw, for the screen to fly from the field: ``kind``
    "attack" (to the other player's meter) or "cancel" (to the mover's own), ``count`` stones
    from ``cells`` (the chain's last cleared cells)."""

    kind: str
    count: int
    cells: tuple[tuple[int, int], ...]


@dataclass
class Breaking:
    """A popped stone breaking at ``cell``; its pieces fly from ``age`` 0 to BREAK_FRAMES
    (below 0: its run still flashes)."""

    cell: tuple[int, int]
    age: int


@dataclass(frozen=True)
class Message:
    """A line of the message bar: ``words`` and ``detail`` are English messages filled from
    ``fields`` (the screen translates them, :mod:`cabinet.games.words`)."""

    words: str
    tone: str  # "chain", "through", "warn", "attack", "cancel" or "info": picks the colour
    until: int  # seat frame after which it is gone
    detail: str = ""  # a second, optional part (the through bonus)
    fields: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The line in English."""
        return self.words.format(**self.fields)


class Seat:
    """Plays ``game`` for one player; ``play`` makes a sound by name."""

    def __init__(self, game, player: int = 1, play: Callable[[str], object] = lambda name: None):
        self.game = game
        self.player = player
        self._play = play
        self.frame = 0
        self.animation: TurnAnimation | None = None
        # Pushes pressed while the last turn was still showing, each with the column it was
        # pressed at: played in order once the animation ends, so no press is lost.
        self._queued: list[tuple[str, int]] = []
        self._grid = grid_from_text(game.to_text())
        self._score_before = game.score
        self._cleared_before = game.total_cleared
        self.message: Message | None = None
        self.last_turn: Turn | None = None
        self.best_chain = 0
        self.popups: list[Popup] = []
        self.launches: list[Launch] = []  # stones thrown, waiting for the screen to fly them
        self.breaking: list[Breaking] = []
        # The widening horizon as the screen shows it: (depth, turns left of the coming row
        # or None); it changes when a turn's animation ends, as the grid does.
        self.horizon = (game.horizon, game.horizon_due)
        self.danger = danger_columns(self._grid, game.width, game.height, game.horizon)

    # ------------------------------------------------------------------ input
    def act(self, event: InputEvent) -> Turn | None:
        """Obey one press; return the turn it made, if it pushed at once.

        Releases and other buttons mean nothing here.
        """
        if not event.pressed or self.game.game_over:
            return None
        if event.action in (Action.LEFT, Action.RIGHT):
            before = self.game.cursor
            self.game.move(-1 if event.action is Action.LEFT else 1)
            if self.game.cursor != before:
                self._play("ag_move")
        elif event.action in (Action.UP, Action.DOWN) and not event.repeat:
            # A held stick repeats; a push is one decision, so only a fresh press pushes.
            key = "up" if event.action is Action.UP else "down"
            if self.animation is None:
                return self._push(key)
            self._queued.append((key, self.game.cursor))
        return None

    # ------------------------------------------------------------------ time
    def step(self, clock: bool = True) -> Turn | None:
        """Advance one frame; return the turn made on it, if any (a push or a forced push).

        ``clock`` False stops the turn timer (the match is decided) but lets an
        animation finish.
        """
        self.frame += 1
        for popup in self.popups:
            popup.age += 1
        self.popups = [popup for popup in self.popups if popup.age < POPUP_FRAMES]
        self._break_stones()
        if self.animation is not None:
            started = self.animation.advance()
            if started is not None:
                for cue in started.cues:
                    self._play(cue)
                if started.kind == "flash" and started.step is not None:
                    self._announce(started.step)
                    self.breaking += [Breaking(cell, -FLASH_FRAMES) for cell in started.step.popped]
                elif started.kind == "slide" and started.step is not None and started.step.passed:
                    self._announce_through(started.step)
            if not self.animation.done:
                return None
            self.animation = None
            self._show_horizon()
            self._show_attack()
            self._check_danger()
            if self._queued and clock:
                return self._push_queued()
            return None
        if self.game.game_over or not clock:
            return None
        turn = self.game.tick(1)
        if turn is not None:
            self._start(turn)
            return turn
        left = self.game.frames_left
        if left % FPS == 0 and 0 < left <= TICK_SECONDS * FPS:
            self._play("ag_tick")
        return None

    def _push(self, key: str, column: int | None = None) -> Turn | None:
        if self.game.game_over:
            return None
        turn = self.game.push(self.game.push_side(key), column)
        self._start(turn)
        return turn

    def _push_queued(self) -> Turn | None:
        """The oldest waiting push, at the column it was pressed at; then the cursor goes back
        to where the player has moved it since (the engine's push moved it to that column)."""
        key, column = self._queued.pop(0)
        held = self.game.cursor
        turn = self._push(key, column)
        while not self.game.game_over and self.game.cursor != held:
            self.game.move(1 if held > self.game.cursor else -1)
        return turn

    def _start(self, turn: Turn) -> None:
        self.animation = TurnAnimation(self._grid, turn, self.game.height)
        self.last_turn = turn
        self._score_before = self.game.score - turn.points
        self._cleared_before = self.game.total_cleared - sum(len(s.removed) for s in turn.steps)
        self._grid = grid_from_text(self.game.to_text())
        if turn.jam:
            self._say(N_("COLUMN JAMMED!"), "warn", 2 * MESSAGE_FRAMES)
        elif turn.forced:
            self._say(N_("TIME UP!  FORCED PUSH"), "warn")

    def _announce(self, step) -> None:
        """A chain step, as its blocks start to flash: the message bar, its points where the
        blocks are, and from the second step on the chain's count over the field."""
        self.best_chain = max(self.best_chain, step.chain)
        fields = {"chain": step.chain, "count": step.cleared_count, "points": step.points}
        if step.chain > 1:
            self._say(N_("{chain} CHAIN! +{points}"), "chain", fields=fields)
            self.popups = [
                Popup(
                    N_("{chain} CHAIN!"),
                    "chain",
                    self.game.height / 2 - 1.2,
                    self.game.width / 2,
                    big=True,
                    detail=N_("+{points}"),
                    fields=fields,
                )
            ]
            return
        self._say(N_("CLEAR {count} +{points}"), "chain", fields=fields)
        rows = [row for row, _ in step.removed]
        columns = [column for _, column in step.removed]
        self.popups = [
            Popup(
                N_("+{points}"),
                "chain",
                (min(rows) + max(rows) + 1) / 2,
                (min(columns) + max(columns) + 1) / 2,
                fields=fields,
            )
        ]

    def _announce_through(self, step) -> None:
        """Blocks take off across the S line: the through bonus, where they cross it."""
        fields = {"count": len(step.passed), "points": step.through_points}
        self._say(N_("THROUGH x{count}"), "through", detail=N_("+{points}"), fields=fields)
        columns = [move.column for move in step.passed]
        self.popups = [
            Popup(
                N_("+{points}"),
                "through",
                self.game.height / 2,
                (min(columns) + max(columns) + 1) / 2,
                fields=fields,
            )
        ]

    def _show_horizon(self) -> None:
        """After a turn: the band as it now stands, with a sound and a line in the bar when
        a row was announced (how many turns it gives) or took effect."""
        turn, game = self.last_turn, self.game
        self.horizon = (game.horizon, game.horizon_due)
        if turn is None or turn.jam:
            return
        if turn.widened:
            self._play("ag_horizon_grow")
            if not game.game_over and game.horizon == game.half - 1:
                # The band's last row: from now every push must clear or find room.
                self._say(
                    N_("SUDDEN DEATH!"), "warn", 2 * MESSAGE_FRAMES, detail=N_("1 BLOCK A SIDE")
                )
                # Over the field in two lines, each big enough to read across a narrow field.
                self.popups = [
                    Popup(
                        N_("SUDDEN"),
                        "warn",
                        game.height / 2,
                        game.width / 2,
                        big=True,
                        detail=N_("DEATH!"),
                    )
                ]
            elif not game.game_over:
                self._say(
                    N_("THE HORIZON WIDENS!"),
                    "warn",
                    detail=N_("{blocks} BLOCKS A SIDE"),
                    fields={"blocks": game.half - game.horizon},
                )
        if turn.announced:
            if not turn.widened:
                self._play("ag_horizon_warn")
            self._say(
                N_("HORIZON ROW IN {turns}"),
                "warn",
                detail=N_("THEN {blocks} BLOCKS A SIDE"),
                fields={"turns": game.horizon_due, "blocks": game.half - game.horizon - 1},
            )

    def _show_attack(self) -> None:
        """After a versus turn's film: what its chain did with stones, in the bar, over the
        field that did it, by ear, and as stones for the screen to fly (the stones sent to
        the other field's meter, the mover's own waiting stones it cancelled)."""
        turn = self.last_turn
        if turn is None or not turn.attack:
            return
        sent = turn.attack - turn.cancelled
        cells = turn.steps[-1].removed if turn.steps else ()
        fields = {"count": sent, "cancelled": turn.cancelled}
        middle = (self.game.height / 2, self.game.width / 2)
        if sent:
            self._play("versus_attack")
            self._say(N_("ATTACK {count}"), "attack", fields=fields)
            self.launches.append(Launch("attack", sent, cells))
            detail = N_("CANCEL {cancelled}") if turn.cancelled else ""
            self.popups = [
                Popup(
                    N_("ATTACK {count}"), "attack", *middle, big=True, detail=detail, fields=fields
                )
            ]
        if turn.cancelled:
            if not sent:  # one sound of stones a turn: an attack's whoosh carries its cancel
                self._play("versus_cancel")
            self.launches.append(Launch("cancel", turn.cancelled, cells))
            if not sent:
                self._say(N_("CANCEL {cancelled}"), "cancel", fields=fields)
                self.popups = [
                    Popup(N_("CANCEL {cancelled}"), "cancel", *middle, big=True, fields=fields)
                ]

    def _break_stones(self) -> None:
        """Age the popped stones' pieces; the crack sounds once as a turn's stones break."""
        for piece in self.breaking:
            piece.age += 1
        if any(piece.age == 0 for piece in self.breaking):
            self._play("versus_pop")
        self.breaking = [piece for piece in self.breaking if piece.age < BREAK_FRAMES]

    def _check_danger(self) -> None:
        """After a turn: which stacks reach the S line (or the band); a warning sound when one newly does."""
        danger = danger_columns(self._grid, self.game.width, self.game.height, self.horizon[0])
        if danger - self.danger and not self.game.game_over:
            self._play("danger")
        self.danger = danger

    def _say(
        self, words: str, tone: str, frames: int = MESSAGE_FRAMES, detail: str = "", fields=None
    ) -> None:
        self.message = Message(words, tone, self.frame + frames, detail, fields or {})

    # ------------------------------------------------------------------ what to show
    @property
    def busy(self) -> bool:
        """An animation is playing (the turn timer stands still)."""
        return self.animation is not None

    def picture(self) -> FieldPicture:
        if self.animation is not None:
            return self.animation.picture()
        return FieldPicture(self._grid)

    def shown_score(self) -> int:
        if self.animation is not None:
            return self._score_before + self.animation.shown_points()
        return self.game.score

    def shown_cleared(self) -> int:
        if self.animation is not None:
            return self._cleared_before + self.animation.shown_cleared()
        return self.game.total_cleared

    def current_message(self) -> Message | None:
        if self.message is not None and self.frame <= self.message.until:
            return self.message
        return None

    def timer_fraction(self) -> float:
        """Time left of this turn, 1.0 (full) to 0.0 (the forced push)."""
        if self.animation is not None or self.game.game_over:
            return 1.0 if self.animation is not None else 0.0
        return max(0.0, min(1.0, self.game.frames_left / self.game.turn_frames))
