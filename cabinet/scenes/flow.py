"""What happens when a game ends: save the replay, initials if the score made the table,
the ranking, then attract mode again."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def finish_game(ctx, game: str, mode: str, table: str, score: int, replay=None, player: int = 1,
                seconds: float | None = None) -> None:
    """Hand over from a finished game to the initials and ranking screens.

    ``game``/``mode`` name the game for the audits, ``table`` is the high-score
    table id, ``player`` the panel that enters the initials. ``seconds`` (an
    addition to the contract) is the game's length for the audit counters.
    Storage trouble never stops the flow: it is logged and the player moves on.
    """
    from cabinet.scenes.initials import InitialsScene
    from cabinet.scenes.ranking import RankingScene
    replay_id = None
    store = ctx.store
    if replay is not None:
        replay_id = _try(lambda: store.replays.save(replay), "saving the replay")
    if seconds is not None:
        _try(lambda: store.audits.game_ended(game, mode, seconds), "counting the game")
    qualifies = _try(lambda: store.scores.qualifies(table, score), "reading the table")
    if qualifies:
        ctx.scenes.reset(InitialsScene(ctx, table, score, replay_id, player))
    else:
        ctx.scenes.reset(RankingScene(ctx, table, score=score))


def _try(call, what: str):
    try:
        return call()
    except Exception:
        log.exception("storage failed while %s", what)
        return None


def play_replay(ctx, replay_id: int) -> None:
    """``python -m cabinet replay N``: show replay N, then carry on with attract mode."""
    from cabinet.scenes.attract import AttractScene, Part, default_parts
    from cabinet.scenes.replays import replay_scene
    import random
    try:
        replay = ctx.store.replays.load(replay_id)
        replay_scene(ctx, replay)  # proves it can be shown before attract mode is built around it
    except (KeyError, ValueError, LookupError) as exc:
        log.error("replay %s cannot be shown: %s", replay_id, exc)
        return
    parts = [Part(f"replay {replay_id}", 3600, lambda: replay_scene(ctx, replay))]
    ctx.scenes.reset(AttractScene(ctx, parts + default_parts(ctx, random.Random())))
