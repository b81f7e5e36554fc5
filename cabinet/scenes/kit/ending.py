"""What a game screen hands over when it ends, to whoever started it.

A game scene never picks the next screen: it calls the ``on_end`` its starter
gave it with a :class:`GameOver` (a one-player game, or any game cut short by
a challenger) or a :class:`MatchEnd` (a versus match decided). The flow
(:mod:`cabinet.scenes.flow.finish`) saves and counts them; a replay stops
(:func:`stop`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cabinet.games.match import Match, Series

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext


@dataclass
class GameOver:
    """A game that ended (or was cut short): what is saved and entered of it.

    ``game``/``mode`` name it for the audits; ``table`` is the high-score table it
    played for, None for a game that plays for no table (a match against the CPU);
    ``player`` the panel that enters the initials; ``seconds`` its length.
    """

    game: str
    mode: str
    player: int
    table: str | None
    score: int
    replay: Any
    seconds: float


@dataclass
class MatchEnd:
    """A finished match, as the scenes after it need it.

    ``scene``: the match's screen, drawn behind the offer. ``high_score``:
    (table, player, score) the winner may enter, or None.
    """

    scene: Any
    match: Match
    series: Series
    replay: Any
    seconds: float
    high_score: tuple[str, int, int] | None
    replay_id: int | None = None


Ending = GameOver | MatchEnd
OnEnd = Callable[[Ending], None]


def stop(result: Ending) -> None:
    """The ending of a game watched, not played (a replay, a demo): nothing saved, entered or counted."""


class Challengeable(Protocol):
    """What the challenger check (:mod:`cabinet.scenes.flow.challenger`) asks of a game scene."""

    ctx: SceneContext

    @property
    def series(self) -> Series | None:
        """The rematches a versus match belongs to (a climb up the CPU ladder)."""

    @property
    def challenge_seat(self) -> int | None:
        """The panel of the person playing, or None while no challenger may come."""

    def interrupted(self) -> GameOver:
        """The game cut short now, as it is to be saved and entered."""


# The check a starter may give a game scene: called with the scene and each input
# event before the scene obeys it; True when it took the event (a challenger's Start).
InputCheck = Callable[[Challengeable, Any], bool]
