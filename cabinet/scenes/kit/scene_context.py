"""What a scene may ask of ``self.ctx``, as a protocol: :class:`SceneContext`.

The program builds the one context (:class:`cabinet.context.Context`, a layer above); a
replay lends its scene one with the replay's rules (:mod:`cabinet.scenes.flow.playback`).
Scenes see only this, so a member they need is added here first, and mypy checks that
every context gives it. Members a scene only reads are properties (a test's stand-in
may hold any value that answers them); ``settings`` and ``player`` are the scenes' to set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.audio.music import Music
    from cabinet.audio.sounds import Sounds
    from cabinet.inputs.hub import InputHub
    from cabinet.language.words import Words
    from cabinet.network.link import NetworkLink
    from cabinet.outputs.board import OutputBoard
    from cabinet.scenes.kit.base import SceneStack
    from cabinet.scenes.kit.ending import Ending
    from cabinet.scenes.kit.thinker import Thinker
    from cabinet.settings.load import LoadedConfig
    from cabinet.settings.schema import Settings
    from cabinet.storage.credits import CreditBank
    from cabinet.storage.store import Store


class PanelBoard(Protocol):
    """What the service pages ask of the panel's owner (:mod:`cabinet.panel`): the board it drives."""

    @property
    def board(self) -> OutputBoard: ...


class SceneContext(Protocol):
    """The cabinet's services as a scene sees them.

    ``settings``: the running settings (the service menu puts new ones here). ``player``: the
    panel whose Start or choice led here (it drives a one-player game). ``frame``: 60 Hz steps
    since the program started. ``notices``: problems worth an operator's attention (mostly
    Words, to translate). ``panel``: None until the app opens it; ``network``: None without a
    network section; ``thinker``: None when the CPU players think in the main loop.
    ``settings_listeners`` are called with the new Settings once the service menu applies them.
    """

    settings: Settings
    player: int

    @property
    def config(self) -> LoadedConfig: ...
    @property
    def store(self) -> Store: ...
    @property
    def bank(self) -> CreditBank: ...
    @property
    def audio(self) -> Sounds: ...
    @property
    def music(self) -> Music: ...
    @property
    def inputs(self) -> InputHub: ...
    @property
    def scenes(self) -> SceneStack: ...
    @property
    def frame(self) -> int: ...
    @property
    def notices(self) -> list[Words | str]: ...
    @property
    def panel(self) -> PanelBoard | None: ...
    @property
    def network(self) -> NetworkLink | None: ...
    @property
    def thinker(self) -> Thinker | None: ...
    @property
    def settings_listeners(self) -> list[Callable[[Settings], None]]: ...
    @property
    def free_play(self) -> bool: ...

    def go_to_attract(self) -> None:
        """Drop every scene and start attract mode from its first part."""

    def finish(self, ending: Ending) -> None:
        """What follows a game whose starter named no ending (the flow's)."""
