"""The scene contract: what the main loop calls, how scenes hand over to each other, and what
the cabinet asks the scene on top, typed (the chutes, where it stands, the live Starts), so
that no one asks which class a scene is."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext


class Chutes(Enum):
    """What the coin chutes do while a scene is on top: the panel asks :meth:`Scene.chutes`.

    A coin that drops pays its credits whatever the answer: no coin is ever swallowed.
    """

    PAY = "pay"  # every screen a player sees: the lockout follows the credits
    CLOSED = "closed"  # an operator's page: the lockout refuses coins
    TESTED = "tested"  # the input test: the lockout stays open, and the scene sees each coin too


class Standing(Enum):
    """Where the cabinet stands while a scene is on top: :attr:`Scene.standing`.

    The service door opens the menu only between games, and the screen dims and
    sleeps (and an update may restart the cabinet) only when idle. The default,
    ``IN_PLAY``, is the safe answer: the menu waits and the screen stays awake.
    """

    IN_PLAY = "in play"  # a game or what follows it (initials, the rematch offer, the challenger)
    BETWEEN_GAMES = "between games"  # game select, the ranking, the boot notice: the menu may open
    IDLE = "idle"  # attract mode: nobody playing; the menu may open, the screen dim and sleep


class Scene:
    """One screen of the cabinet.

    The main loop calls :meth:`handle` for each input event, then :meth:`update`
    exactly once per 60 Hz step, then :meth:`draw` when a frame is shown and
    :meth:`look` says the picture changed. Scenes
    never read pygame keys or pins; they see only :class:`InputEvent`.
    ``ctx`` is the cabinet's shared services (settings, stores, audio, the stack): a
    :class:`~cabinet.scenes.kit.scene_context.SceneContext`.
    """

    # Fixed for the scene's life; the door and the screen's care read it.
    standing = Standing.IN_PLAY

    def __init__(self, ctx: SceneContext):
        self.ctx = ctx

    # Read-only here, so a screen may give either as a plain attribute (a class's constant, or
    # one it sets as it plays) or as a property worked out from its state.
    @property
    def name(self) -> str:
        """What the log and the tests call this screen."""
        return "scene"

    @property
    def finished(self) -> bool:
        """Done before its time is up (a demo, a replay): attract mode moves on."""
        return False

    @property
    def caption(self) -> str:
        """What attract mode writes in its bottom strip while this scene is its part ("": nothing)."""
        return ""

    @property
    def challenge_seat(self) -> int | None:
        """The panel of the person playing a game here while a challenger may come
        (:mod:`cabinet.scenes.flow.challenger`); None on every screen but a game's."""
        return None

    def playing_panels(self) -> set[int]:
        """The panels whose player is in a game here (their Start lamps are lit); none but on a game's screen."""
        return set()

    def live_starts(self) -> set[int]:
        """The panels whose Start would start a game here now (their Start lamps blink); none by default."""
        return set()

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def leave(self) -> None:
        """Called when the scene stops being the top of the stack."""

    def handle(self, event: InputEvent) -> None:
        """React to one press or release."""

    def pointer(self, kind: str, pos: tuple[int, int]) -> None:
        """A touch or the mouse: ``kind`` "down", "move" or "up" at logical ``pos``; most screens ignore it."""

    def update(self) -> None:
        """Advance one 60 Hz step."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene on the logical surface."""

    def look(self):
        """A value that changes whenever this scene's picture would; None: "cannot tell".

        The main loop draws and shows a frame only when the look differs from
        the last frame's (:mod:`cabinet.render.frames`), so a still page costs
        nothing. The contract: two frames with equal looks draw identical
        pixels (tests check it for every scene that gives one). None, the
        default, is always safe: the scene is drawn every frame, and a frame
        whose pixels did not change is not presented.
        """
        return None

    def chutes(self) -> Chutes:
        """What the coin chutes do while this scene is on top (:class:`Chutes`); players' screens pay."""
        return Chutes.PAY


class SceneStack:
    """The scenes in play; the top one gets input, updates and draws."""

    def __init__(self):
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.leave()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self._scenes.pop()
        scene.leave()
        if self.top is not None:
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Drop every scene and start again from ``scene`` (e.g. back to attract)."""
        while self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()
