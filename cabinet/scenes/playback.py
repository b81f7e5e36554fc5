"""Watching a saved game: the real game scene, driven by a ReplayPilot, on the replay's own settings.

A replay holds the seed, the game's settings as they were, and every event the
game obeyed with its frame. :class:`PlaybackScene` builds the same scene the
player had, on those settings (not today's), and feeds it the events through a
:class:`~cabinet.scenes.pilots.ReplayPilot`, so the same board and score come
out. It is an attract-mode part (:class:`ReplayReel` alternates replays of the
best real games with live AI demos) and the whole of ``python -m cabinet replay ID``.
"""

from __future__ import annotations

import dataclasses
import logging
import typing

from cabinet.render import HEIGHT, WIDTH, palette, text
from cabinet.scenes.base import Scene
from cabinet.scenes.pilots import ReplayPilot
from cabinet.settings_schema import CONTAINER_ITEMS, AntiGravitySettings, BlocksSettings, RampSettings
from cabinet.storage.credits import GAMES

log = logging.getLogger(__name__)

BEST_REPLAYS = 5          # attract mode rotates through this many of each game's best
STRIP = 34                # the bottom strip, as tall as attract mode's prompt strip


# ---------------------------------------------------------------------- settings

def section_from_dict(cls, data: dict):
    """Rebuild a settings dataclass from its ``dataclasses.asdict`` form; unknown keys are ignored.

    A key the replay lacks keeps its factory value, so replays survive new settings.
    """
    hints = typing.get_type_hints(cls)
    values = {}
    for fld in dataclasses.fields(cls):
        if fld.name not in data:
            continue
        value = data[fld.name]
        container = CONTAINER_ITEMS.get((cls, fld.name))
        if container is not None:
            item_cls, fixed_keys = container
            if fixed_keys is not None:
                value = {key: section_from_dict(item_cls, item) for key, item in value.items()}
            else:
                value = [section_from_dict(item_cls, item) for item in value]
        elif dataclasses.is_dataclass(hints[fld.name]):
            value = section_from_dict(hints[fld.name], value)
        values[fld.name] = value
    return cls(**values)


class ReplayContext:
    """The cabinet's context, but with the replay's settings: what the replayed scene sees."""

    def __init__(self, ctx, settings):
        self._ctx = ctx
        self.settings = settings

    def __getattr__(self, name):
        return getattr(self._ctx, name)


def replay_settings(ctx, replay):
    """The cabinet's settings with the replayed game's section as it was when it was played."""
    if replay.game == "blocks":
        return dataclasses.replace(ctx.settings, blocks=section_from_dict(BlocksSettings, replay.settings))
    if replay.game == "antigravity":
        section = section_from_dict(AntiGravitySettings, replay.settings)
        if "ramp" not in replay.settings:   # recorded before the ramp existed: played without one
            section = dataclasses.replace(section, ramp=RampSettings(enabled=False))
        return dataclasses.replace(ctx.settings, antigravity=section)
    raise ValueError(f"replay {replay.id}: unknown game {replay.game!r}")


# ---------------------------------------------------------------------- the scenes

def _watch_only(scene_class):
    """``scene_class`` changed to end quietly: no replay saved again, no initials, no audits."""

    class Watched(scene_class):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.recorder = None

        def pointer(self, kind, pos) -> None:
            """A replay is watched, not touched."""

        def _finish(self) -> None:
            self.finished = True

    Watched.__name__ = Watched.__qualname__ = f"Watched{scene_class.__name__}"
    return Watched


def game_scene(ctx, replay):
    """The game scene ``replay`` was recorded in, ready to play it back."""
    watching = ReplayContext(ctx, replay_settings(ctx, replay))
    pilot = ReplayPilot(replay)
    if replay.game == "blocks":
        from cabinet.games.blocks.scene import BlocksScene
        return _watch_only(BlocksScene)(watching, pilot, replay.seed)
    from cabinet.games.antigravity.scene import AntiGravityScene
    options = replay.settings
    return _watch_only(AntiGravityScene)(watching, replay.mode, difficulty=options.get("difficulty"),
                                         contest=options.get("contest"), pilots=[pilot], seed=replay.seed)


class PlaybackScene(Scene):
    """Shows ``replay`` to its end, labelled REPLAY, the initials and the score.

    ``finished`` turns true when the game has ended and its banner has shown;
    ``on_end`` (the replay command's exit) is called then.
    """

    def __init__(self, ctx, replay, on_end=None):
        super().__init__(ctx)
        self.replay = replay
        self.inner = game_scene(ctx, replay)
        self.on_end = on_end
        self.finished = False
        initials = (replay.initials or "").strip() or "---"
        self.label = f"REPLAY  {initials}  {replay.score}"

    @property
    def name(self) -> str:
        return f"replay {self.replay.game}"

    @property
    def game(self):
        """The replayed game (BLOCKS) or first field (ANTI-GRAVITY)."""
        inner = self.inner
        return inner.game if hasattr(inner, "game") else inner.seats[0].game

    def final_text(self) -> list[str]:
        """The board as the replay's ``final_text`` records it (versus: both fields side by side)."""
        return self.inner.result()[2] if hasattr(self.inner, "result") else self.game.to_text()

    def score(self) -> int:
        """The score the replay's entry was made with (versus: the winner's, else the higher)."""
        return self.inner.result()[1] if hasattr(self.inner, "result") else self.game.score

    def enter(self) -> None:
        self.inner.enter()

    def leave(self) -> None:
        self.inner.leave()

    def handle(self, event) -> None:
        """Live input is not the replay's: only the pause key reaches the game. Start ends the
        replay command (in attract mode, the attract scene takes Start before it gets here)."""
        from cabinet.inputs.actions import CABINET, Action
        if event.player == CABINET and event.action is Action.PAUSE:
            self.inner.handle(event)
        elif event.pressed and event.action is Action.START and self.on_end is not None:
            log.info("replay %s ended by Start", self.replay.id)
            self.on_end()

    def update(self) -> None:
        if self.finished:
            return
        self.inner.update()
        if getattr(self.inner, "finished", False):
            self.finished = True
            log.info("replay %s ended: score %s", self.replay.id, self.score())
            if self.on_end is not None:
                self.on_end()

    @property
    def caption(self) -> str:
        """What attract mode writes in its bottom strip while this part shows."""
        return self.label

    def draw(self, surface) -> None:
        self.inner.draw(surface)
        draw_caption(surface, self.label)


def draw_caption(surface, label: str) -> None:
    """The bottom strip with the replay's label on the left (attract mode draws the same strip)."""
    surface.fill(palette.SHADOW, (0, HEIGHT - STRIP, WIDTH, STRIP))
    text(surface, label, (14, HEIGHT - STRIP // 2), 21, palette.MAGENTA, "midleft")


def play_replay(ctx, replay_id: int, on_end=None) -> PlaybackScene:
    """Show replay ``replay_id`` alone (the replay command). KeyError or ValueError if it cannot be."""
    replay = ctx.store.replays.load(replay_id)
    if replay.game not in GAMES:
        raise ValueError(f"replay {replay_id}: unknown game {replay.game!r}")
    scene = PlaybackScene(ctx, replay, on_end=on_end)
    ctx.scenes.reset(scene)
    log.info("playing replay %s: %s %s, %s by %s", replay_id, replay.game, replay.mode, replay.score,
             replay.initials or "nobody")
    return scene


# ---------------------------------------------------------------------- attract mode

class ReplayReel:
    """Alternates live AI demos with replays of the best real games, per game.

    Every other demo of a game is a replay (when ``settings.attract.replays`` is
    on and there is one), going round that game's best few. A replay that
    cannot be read or built is skipped with a log line.
    """

    def __init__(self, ctx):
        self.ctx = ctx
        self.turns: dict[str, int] = {}

    def next(self, game: str, live):
        """The scene for this demo slot: a PlaybackScene, or ``live()``."""
        turn = self.turns.get(game, 0)
        self.turns[game] = turn + 1
        if turn % 2 == 0 or not self.ctx.settings.attract.replays:
            return live()
        try:
            best = self.ctx.store.replays.best(game, BEST_REPLAYS)
        except Exception:
            log.exception("the best %s replays could not be read", game)
            best = []
        for offset in range(len(best)):
            replay = best[(turn // 2 + offset) % len(best)]
            try:
                return PlaybackScene(self.ctx, replay)
            except Exception as exc:
                log.warning("replay %s skipped in attract mode: %s", replay.id, exc)
        return live()
