"""Watching a saved game: the real game scene, driven by a ReplayPilot, on the replay's own settings.

A replay holds the seed, the game's settings as they were, and every event the
game obeyed with its frame. :class:`PlaybackScene` builds the same scene the
player had, on those settings (not today's), and feeds it the events through a
:class:`~cabinet.games.pilots.ReplayPilot`, so the same board and score come
out. It is an attract-mode part (:class:`ReplayReel` alternates replays of the
best real games with live AI demos) and the whole of ``python -m cabinet replay ID``.
In attract mode a record game longer than the demo's time is run through at
:data:`SKIP` times speed to its last part, so the watcher sees the fast end that
made the record and its game over, not its first half minute.
"""

from __future__ import annotations

import bisect
import logging
from typing import TYPE_CHECKING, Any

from cabinet import FPS
from cabinet.inputs.actions import CABINET, Action
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.text import text
from cabinet.scenes import catalogue
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.game_screen import GameScreen
from cabinet.scenes.kit.idle import IdleWatch

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.audio.sounds import Sounds
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext
    from cabinet.settings.schema import Settings

log = logging.getLogger(__name__)

TOP_RANKS = 3  # attract mode replays only the top three entries of a table
STRIP = 34  # the bottom strip, as tall as attract mode's prompt strip
LONG_WAIT = 60  # a pause longer than this between two inputs (frames) ...
FAST = 8  # ... plays this many game frames per frame shown,
EASE = 20  # except this many frames after one input and before the next
SKIP = 60  # game frames per frame shown while racing to a record's last part
END_SECONDS = 6  # the last input comes this long before the part ends: the game over shows


class ReplayContext:
    """The cabinet's context, but with the replay's settings: what the replayed scene sees.

    Its ``audio`` can be hushed while a long wait plays back at high speed.
    """

    def __init__(self, ctx: SceneContext, settings: Settings, audio: HushableAudio | None = None):
        self._ctx = ctx
        self.settings = settings
        self.audio = audio if audio is not None else HushableAudio(ctx.audio)

    def __getattr__(self, name: str) -> Any:
        # Not a probe: the rest of the SceneContext is the cabinet's, forwarded live (its frame).
        return getattr(self._ctx, name)


class HushableAudio:
    """The cabinet's audio, silent while ``hushed`` (a fast-forward would play every sound eightfold)."""

    def __init__(self, audio: Sounds):
        self._audio = audio
        self.hushed = False

    def play(self, name: str) -> bool:
        return False if self.hushed else self._audio.play(name)

    def __getattr__(self, name: str) -> Any:
        # Not a probe: the rest of Sounds is the cabinet's audio's, forwarded whole.
        return getattr(self._audio, name)


def replay_settings(ctx, replay):
    """The cabinet's settings with the replayed game's section as it was when it was played."""
    return catalogue.entry(replay.game).replay_rules(ctx.settings, replay)


# ---------------------------------------------------------------------- the scenes


def game_scene(ctx, replay, audio: HushableAudio | None = None) -> GameScreen:
    """The game scene ``replay`` was recorded in, on its own rules, watched: it ends quietly
    (no replay saved again, no initials, no audits) and takes no touch. ``audio``: its sound,
    to hush."""
    scene = catalogue.entry(replay.game).replay(
        ReplayContext(ctx, replay_settings(ctx, replay), audio), replay
    )
    if replay.mode == "versus" and not replay.settings.get("idle_forfeit"):
        scene.idle = IdleWatch(
            []
        )  # recorded before a walk-away forfeited a match: played as it was
    return scene


class PlaybackScene(Scene):
    """Shows ``replay`` to its end, labelled REPLAY, the initials and the score.

    ``finished`` turns true when the game has ended and its banner has shown;
    ``on_end`` (the replay command's exit) is called then. ``seconds``: how long
    it may show (attract mode's demo time); a longer game races through its start
    to show its last part, its game over ending the part. None: all of it.
    """

    finished = False

    def __init__(self, ctx: SceneContext, replay, on_end=None, seconds: float | None = None):
        super().__init__(ctx)
        self.replay = replay
        self.audio = HushableAudio(ctx.audio)  # hushed while the game runs fast
        self.inner = game_scene(ctx, replay, self.audio)
        self.on_end = on_end
        initials = (replay.initials or "").strip() or "---"
        self.initials = initials
        self.inputs = sorted({event.frame for event in replay.events()})
        self.fast = False  # a long wait between two inputs is playing at high speed
        self.skip_until = _skip_until(self.inputs[-1] if self.inputs else 0, seconds)
        if self.skip_until:
            self.inner.countdown.skip()  # the game is joined late: no READY / GO

    @property
    def name(self) -> str:
        return f"replay {self.replay.game}"

    @property
    def game(self):
        """The replayed game (BLOCKS) or first field (ANTI-GRAVITY)."""
        return self.inner.seat_for(1).game

    def final_text(self) -> list[str]:
        """The board as the replay's ``final_text`` records it (versus: both fields side by side)."""
        return self.inner.result()[2]

    def score(self) -> int:
        """The score the replay's entry was made with (versus: the winner's, else the higher)."""
        return self.inner.result()[1]

    def enter(self) -> None:
        self.inner.enter()

    def leave(self) -> None:
        self.inner.leave()

    def handle(self, event: InputEvent) -> None:
        """Live input is not the replay's: only the pause key reaches the game. Start ends the
        replay command (in attract mode, the attract scene takes Start before it gets here)."""
        if event.player == CABINET and event.action is Action.PAUSE:
            self.inner.handle(event)
        elif event.pressed and event.action is Action.START and self.on_end is not None:
            log.info("replay %s ended by Start", self.replay.id)
            self.on_end()

    @property
    def skipping(self) -> bool:
        """True while racing to the part of a long game that is shown."""
        return self.inner.game_frame < self.skip_until and not self._game_ended()

    def update(self) -> None:
        if self.finished:
            return
        if self.skipping:
            self.audio.hushed = True
            for _ in range(SKIP):
                self.inner.update()
                if not self.skipping:
                    break
            self.audio.hushed = False
            return
        self.fast = self._in_long_wait()
        self.audio.hushed = self.fast
        for _ in range(FAST if self.fast else 1):
            self.inner.update()
            if not self._in_long_wait():
                break
        self.audio.hushed = False
        if self.inner.finished:
            self.finished = True
            log.info("replay %s ended: score %s", self.replay.id, self.score())
            if self.on_end is not None:
                self.on_end()

    def _in_long_wait(self) -> bool:
        """True inside a wait of more than a second between the player's inputs (or after
        the last one, while the game plays on by itself), away from both ends of it.

        Only the speed changes: the game still steps frame by frame, so it ends exactly
        as it was played.
        """
        frame = self.inner.game_frame
        if self.inner.countdown.running or self._game_ended():
            return False
        index = bisect.bisect_right(self.inputs, frame)
        last = self.inputs[index - 1] if index else 0
        if index < len(self.inputs):
            upcoming = self.inputs[index]
            return upcoming - last > LONG_WAIT and frame - last >= EASE and upcoming - frame > EASE
        return frame - last >= EASE

    def _game_ended(self) -> bool:
        return self.inner.ended or self.game.game_over

    @property
    def label(self) -> str:
        """The replay named for players: "REPLAY  ACE  12345"."""
        return tr("REPLAY  {initials}  {score}", initials=self.initials, score=self.replay.score)

    @property
    def caption(self) -> str:
        """What attract mode writes in its bottom strip while this part shows."""
        if self.skipping:
            return f"{self.label}  {SKIP}x"
        return f"{self.label}  {FAST}x" if self.fast else self.label

    def draw(self, surface: pygame.Surface) -> None:
        self.inner.draw(surface)
        draw_caption(surface, self.caption)


def _skip_until(last_input: int, seconds: float | None) -> int:
    """The game frame from which a game whose last input is on ``last_input`` plays at its
    own pace, to show its end within ``seconds`` (0: from the start). The race there takes
    1/SKIP of its frames, so it starts a little earlier than the last part alone would."""
    if seconds is None:
        return 0
    shown = round((seconds - END_SECONDS) * FPS)
    return max(0, (last_input - shown) * SKIP // (SKIP - 1))


def draw_caption(surface, label: str) -> None:
    """The bottom strip with the replay's label on the left (attract mode draws the same strip)."""
    surface.fill(palette.SHADOW, (0, HEIGHT - STRIP, WIDTH, STRIP))
    text(surface, label, (14, HEIGHT - STRIP // 2), 21, palette.MAGENTA, "midleft")


def play_replay(ctx, replay_id: int, on_end=None) -> PlaybackScene:
    """Show replay ``replay_id`` alone (the replay command). KeyError or ValueError if it cannot be."""
    replay = ctx.store.replays.load(replay_id)
    if replay.game not in catalogue.GAMES:
        raise ValueError(f"replay {replay_id}: unknown game {replay.game!r}")
    scene = PlaybackScene(ctx, replay, on_end=on_end)
    ctx.scenes.reset(scene)
    log.info(
        "playing replay %s: %s %s, %s by %s",
        replay_id,
        replay.game,
        replay.mode,
        replay.score,
        replay.initials or "nobody",
    )
    return scene


# ---------------------------------------------------------------------- attract mode


class ReplayReel:
    """Alternates live AI demos with replays of the best real games, per game.

    Every other demo of a game is a replay (when ``settings.attract.replays`` is
    on and there is one), going round the replays of the top three entries of that
    game's tables (:func:`top_replays`). A replay that
    cannot be read or built is skipped with a log line.
    """

    def __init__(self, ctx: SceneContext):
        self.ctx = ctx
        self.turns: dict[str, int] = {}

    def next(self, game: str, live, seconds: float | None = None):
        """The scene for this demo slot: a PlaybackScene (showing at most its last ``seconds``),
        or ``live()``."""
        turn = self.turns.get(game, 0)
        self.turns[game] = turn + 1
        if turn % 2 == 0 or not self.ctx.settings.attract.replays:
            return live()
        try:
            best = top_replays(self.ctx, game)
        except Exception:
            log.exception("the best %s replays could not be read", game)
            best = []
        for offset in range(len(best)):
            replay = best[(turn // 2 + offset) % len(best)]
            try:
                return PlaybackScene(self.ctx, replay, seconds=seconds)
            except Exception as exc:
                log.warning("replay %s skipped in attract mode: %s", replay.id, exc)
        return live()


def top_replays(ctx, game: str) -> list:
    """The replays of the entries ranked in the top three of ``game``'s tables, best score first.

    A replay that cannot be read is left out with a log line.
    """
    tables = catalogue.entry(game).tables(ctx.settings)
    entries = [
        entry
        for table in tables
        for entry in ctx.store.scores.top(table)[:TOP_RANKS]
        if entry.replay_id is not None
    ]
    found = []
    for entry in sorted(entries, key=lambda entry: -entry.score):
        try:
            found.append(ctx.store.replays.load(entry.replay_id))
        except (KeyError, ValueError) as exc:
            log.warning("replay %s of a top entry cannot be shown: %s", entry.replay_id, exc)
    return found
