"""The shared services every scene reaches through ``self.ctx``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cabinet.audio.music import Music
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.play import game_ended
from cabinet.scenes.kit.base import SceneStack

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.audio.sounds import Sounds
    from cabinet.inputs.hub import InputHub
    from cabinet.language.words import Words
    from cabinet.network.link import NetworkLink
    from cabinet.panel import Panel
    from cabinet.scenes.kit.ending import Ending
    from cabinet.scenes.kit.scene_context import SceneContext
    from cabinet.scenes.kit.thinker import Thinker
    from cabinet.settings.load import LoadedConfig
    from cabinet.settings.schema import Settings
    from cabinet.storage.credits import CreditBank
    from cabinet.storage.store import Store


@dataclass
class Context:
    """What the main loop owns and lends to scenes, who see it as a
    :class:`~cabinet.scenes.kit.scene_context.SceneContext`.

    ``frame`` counts 60 Hz steps since the program started. ``notices`` collects
    problems worth an operator's attention (bad config keys, a storage fault);
    the service menu shows them. ``bank`` is the store's credit bank.
    """

    settings: Settings
    config: LoadedConfig
    store: Store
    audio: Sounds  # the cabinet's Audio (tests listen with a stand-in)
    inputs: InputHub
    bank: CreditBank
    scenes: SceneStack = field(default_factory=SceneStack)
    frame: int = 0
    # The panel whose Start or choice led here: it drives a one-player game.
    player: int = 1
    notices: list[Words | str] = field(default_factory=list)  # mostly Words, to translate
    # The coins, lockouts, meters and lamps, driven from the cabinet's state; the app sets it.
    panel: Panel | None = None
    # The fleet link, None without a network section.
    network: NetworkLink | None = None
    # The music (the app gives it the cache and the mixer's channel; else it keeps its state silently).
    music: Music = field(default_factory=Music)
    # The worker process the CPU players think in (the app's); None: they think in the main loop.
    thinker: Thinker | None = None
    attract_factory: Callable[[Context], Any] | None = None
    # Called with the new Settings when the service menu applies them (the app turns the display).
    settings_listeners: list[Callable[[Settings], None]] = field(default_factory=list)

    def go_to_attract(self) -> None:
        """Drop every scene and start attract mode from its first part."""
        factory = self.attract_factory or AttractScene
        self.scenes.reset(factory(self))

    def finish(self, ending: Ending) -> None:
        """What follows a game whose starter named no ending: the flow's (:func:`~cabinet.scenes.flow.play.game_ended`).

        ``ending`` is a :class:`~cabinet.scenes.kit.ending.GameOver` or a
        :class:`~cabinet.scenes.kit.ending.MatchEnd`.
        """
        game_ended(self, ending)

    @property
    def free_play(self) -> bool:
        return self.bank.free_play


if TYPE_CHECKING:  # pragma: no cover

    def _lent_to_scenes(ctx: Context) -> SceneContext:
        """Never called: mypy checks here that the context gives scenes all they may ask."""
        return ctx
