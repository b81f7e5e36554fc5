"""What happens when a game ends: the replay, the audit and the score saved at once,
initials if the score made the table, the ranking, then attract mode again."""

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
    store = ctx.store
    # The score goes on its table now, under placeholder initials: a cabinet switched
    # off during the initials entry keeps it.
    end = _try(lambda: store.game_over(game, mode, table, score, replay, seconds), "saving the game")
    if end is not None:
        rank, replay_id, entry_id = end.rank, end.replay_id, end.entry_id
    else:  # not saved: the initials entry tries once more
        rank, replay_id, entry_id = _try(lambda: store.scores.rank_for(table, score), "reading the table"), None, None
    if rank is not None:
        ctx.scenes.reset(InitialsScene(ctx, table, score, replay_id, player, rank=rank, entry_id=entry_id))
    else:
        ctx.scenes.reset(RankingScene(ctx, table, score=score))


def _try(call, what: str):
    try:
        return call()
    except Exception:
        log.exception("storage failed while %s", what)
        return None
