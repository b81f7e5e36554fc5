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


def finish_match(ctx, end) -> None:
    """Hand over from a finished versus match: save it, count it, then a rematch offer or the records.

    ``end`` is a :class:`~cabinet.scenes.rematch.MatchEnd`.
    """
    from cabinet.scenes.rematch import RematchScene, rematch_offered
    store = ctx.store
    if end.replay is not None:
        end.replay_id = _try(lambda: store.replays.save(end.replay), "saving the replay")
    _try(lambda: store.audits.game_ended(end.match.game, end.match.mode, end.seconds), "counting the match")
    end.series.match_won(end.match)
    if rematch_offered(ctx, end.match):
        ctx.scenes.reset(RematchScene(ctx, end))
    else:
        series_over(ctx, end)


def series_over(ctx, end) -> None:
    """No more rematches: every record the series earned gets its initials, then the table, then attract.

    A person's streak of match wins may make the game's win-streak table; the
    last match's winner may make a high-score table (``end.high_score``). Each
    player enters initials once, for all their records.
    """
    from cabinet.scenes.ranking import RankingScene
    from cabinet.scenes.records import RecordsInitialsScene
    from cabinet.storage.scores import streak_table
    scores = ctx.store.scores
    earned: dict[int, list[tuple[str, int, int | None]]] = {}
    streaks = streak_table(end.match.game)
    for player, wins in end.series.records():
        if _try(lambda: scores.qualifies(streaks, wins), "reading the table"):
            earned.setdefault(player, []).append((streaks, wins, None))
    if end.high_score is not None:
        table, player, score = end.high_score
        if _try(lambda: scores.qualifies(table, score), "reading the table"):
            earned.setdefault(player, []).append((table, score, end.replay_id))
    # The ranking that follows: the first record made, else the table the match played for.
    shown = [table for records in earned.values() for table, _, _ in records]
    if end.high_score is not None:
        shown.append(end.high_score[0])
    if not end.match.cpu:
        shown.append(streaks)

    def next_step(ranks: dict[str, int]) -> None:
        if earned:
            player = min(earned)
            scene = RecordsInitialsScene(ctx, player, earned.pop(player), lambda new: next_step({**ranks, **new}))
            ctx.scenes.reset(scene)
        elif shown:
            table = shown[0]
            score = end.high_score[2] if end.high_score and end.high_score[0] == table else None
            ctx.scenes.reset(RankingScene(ctx, table, rank=ranks.get(table), score=score))
        else:
            ctx.go_to_attract()
    next_step({})


def finish_interrupted(ctx, record, then) -> None:
    """A game cut short by a challenger: save and count it, enter its score if it makes the table, ``then()``.

    ``record`` is a :class:`~cabinet.scenes.challenger.Interruption`.
    """
    from cabinet.scenes.records import RecordsInitialsScene
    store = ctx.store
    replay_id = None
    if record.replay is not None:
        replay_id = _try(lambda: store.replays.save(record.replay), "saving the replay")
    _try(lambda: store.audits.game_ended(record.game, record.mode, record.seconds), "counting the game")
    if record.table is not None and _try(lambda: store.scores.qualifies(record.table, record.score),
                                         "reading the table"):
        entry = [(record.table, record.score, replay_id)]
        ctx.scenes.reset(RecordsInitialsScene(ctx, record.player, entry, lambda ranks: then()))
    else:
        then()
