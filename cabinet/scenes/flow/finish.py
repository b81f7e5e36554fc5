"""What happens when a game ends: the replay, the audit and the score saved at once,
initials if the score made the table, the ranking, then attract mode again."""

from __future__ import annotations

import logging
from collections.abc import Callable

from cabinet.games.match import Climb, Match, Series
from cabinet.scenes.flow.initials import InitialsScene
from cabinet.scenes.flow.ladder import LadderScene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.scenes.flow.records import Entry, RecordsInitialsScene, enter_record
from cabinet.scenes.flow.rematch import RematchScene, rematch_offered
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.ending import Challengeable, GameOver, MatchEnd
from cabinet.storage.db import Statement
from cabinet.storage.scores import ladder_table, streak_table

log = logging.getLogger(__name__)


def finish_game(ctx, over: GameOver) -> None:
    """Hand over from a finished game to the initials and ranking screens.

    ``over.game``/``mode`` name the game for the audits, ``table`` is the
    high-score table id, ``player`` the panel that enters the initials,
    ``seconds`` the game's length for the audit counters. Storage trouble never
    stops the flow: it is logged and the player moves on.
    """
    store, table, score = ctx.store, over.table, over.score
    # A game without a table (a match against the CPU) ends only when a challenger cuts it short.
    assert table is not None, f"a {over.game} {over.mode} game ending on its own plays for a table"
    # The score goes on its table now, under placeholder initials: a cabinet switched
    # off during the initials entry keeps it.
    end = _try(
        lambda: store.game_over(over.game, over.mode, table, score, over.replay, over.seconds),
        "saving the game",
    )
    if end is not None:
        rank, replay_id, entry_id = end.rank, end.replay_id, end.entry_id
    else:  # not saved: the initials entry tries once more
        rank, replay_id, entry_id = (
            _try(lambda: store.scores.rank_for(table, score), "reading the table"),
            None,
            None,
        )
    if rank is not None:
        ctx.scenes.reset(
            InitialsScene(ctx, table, score, replay_id, over.player, rank=rank, entry_id=entry_id)
        )
    else:
        ctx.scenes.reset(RankingScene(ctx, table, score=score))


def _try(call, what: str):
    try:
        return call()
    except Exception:
        log.exception("storage failed while %s", what)
        return None


def finish_match(ctx, end: MatchEnd, again: Callable[[object, Match, Series], Scene]) -> None:
    """Hand over from a finished versus match: save it, count it, then a rematch offer or the records.

    The replay, the audit and the winner's high score (under placeholder initials)
    go in one transaction now, as for a one-player game: a power cut before the
    initials loses nothing. ``again(ctx, match, series)`` is the screen of a rematch of ``match``.
    """
    store = ctx.store
    before: list[Statement] = []
    if end.replay is not None:
        before += (
            _try(lambda: store.replays.save_statements(end.replay), "preparing the replay") or []
        )
        end.replay_id = end.replay.id
    before += store.audits.game_end_statements(end.match.game, end.match.mode, end.seconds)
    if end.high_score is not None:
        table, player, score = end.high_score
        entry = enter_record(ctx, player, table, score, end.replay_id, before=before)
        if entry is not None:
            end.series.entries.append(entry)
    elif _try(lambda: store.db.write(before), "saving the match") is None:
        end.replay_id = None
    end.series.match_won(end.match)
    climb = end.series.climb
    if climb is not None and climb.match_won(end.match):
        keep_climb_record(ctx, end.series, climb)
        ctx.scenes.reset(LadderScene(ctx, climb, lambda: next_rung(ctx, end, climb, again)))
    elif rematch_offered(ctx, end.match):
        ctx.scenes.reset(RematchScene(ctx, end, again, series_over))
    else:
        series_over(ctx, end)


def keep_climb_record(ctx, series: Series, climb: Climb) -> None:
    """A level just beaten: the climb's record on its ladder table now, under placeholder initials,
    as a score is when its game ends, so a power cut on the ladder screen, in the next rung or
    during the CONTINUE? offer keeps it. One entry a climb, raised as it goes up. ``climb``:
    the series' own."""
    table = ladder_table(climb.game)
    kept = next((entry for entry in series.entries if entry.table == table), None)
    withdrawn = ctx.store.scores.withdraw_statements(kept.entry_id) if kept is not None else []
    entry = enter_record(ctx, climb.person, table, climb.beaten, before=withdrawn)
    if entry is not None:
        if kept is not None:
            series.entries.remove(kept)
        series.entries.append(entry)


def next_rung(
    ctx, end: MatchEnd, climb: Climb, again: Callable[[object, Match, Series], Scene]
) -> None:
    """After the ladder's screen: the next level's match of ``climb`` (the series' own), free,
    or the records of a cleared climb."""
    if climb.cleared:
        series_over(ctx, end)
    else:
        ctx.scenes.reset(again(ctx, climb.next_match(end.match), end.series))


def series_over(ctx, end: MatchEnd) -> None:
    """No more rematches: every record the series earned gets its initials, then the table, then attract.

    A person's streak of match wins may make the game's win-streak table; each
    match's winner may have made a high-score table (entered at the match's end).
    A climb up the CPU ladder put its levels beaten on the game's ladder table as
    each was beaten (:func:`keep_climb_record`; tried again here if storage failed then).
    Every record is on its table before the first initials are asked, and each
    player enters initials once, for all their records.
    """
    streaks = streak_table(end.match.game)
    entries = [enter_record(ctx, player, streaks, wins) for player, wins in end.series.records()]
    climb = end.series.climb
    if climb is not None and not any(
        entry.table == ladder_table(climb.game) for entry in end.series.entries
    ):
        entries.append(enter_record(ctx, climb.person, ladder_table(climb.game), climb.beaten))
    earned: dict[int, list] = {}
    for entry in [entry for entry in entries if entry is not None] + end.series.entries:
        earned.setdefault(entry.player, []).append(entry)
    # The ranking that follows: the first record made, else the table the match played for.
    shown = [entry.table for records in earned.values() for entry in records]
    if end.high_score is not None:
        shown.append(end.high_score[0])
    if not end.match.cpu:
        shown.append(streaks)
    if climb is not None:
        shown.append(ladder_table(climb.game))

    if end.match.abandoned and not earned:
        ctx.go_to_attract()  # nobody is there: no table to show them
        return

    def next_step(ranks: dict[str, int]) -> None:
        if earned:
            player = min(earned)
            scene = RecordsInitialsScene(
                ctx, player, earned.pop(player), lambda new: next_step({**ranks, **new})
            )
            ctx.scenes.reset(scene)
        elif shown:
            table = shown[0]
            mine = (
                end.high_score
                if end.high_score and end.high_score[0] == table
                else (None, None, None)
            )
            ctx.scenes.reset(
                RankingScene(ctx, table, rank=ranks.get(table), score=mine[2], player=mine[1])
            )
        else:
            ctx.go_to_attract()

    next_step({})


def kept_entry(scene: Challengeable, table: str | None) -> int | None:
    """The id of the entry ``scene``'s series already holds on ``table`` (a climb's record,
    :func:`keep_climb_record`), or None."""
    entries = (
        scene.series.entries if scene.series is not None else []
    )  # a one-player game has no series
    return next((entry.entry_id for entry in entries if entry.table == table), None)


def finish_interrupted(
    ctx, record: GameOver, then: Callable[[], None], replacing: int | None = None
) -> None:
    """A game cut short by a challenger: save and count it, enter its score if it makes the table, ``then()``.

    The replay, the audit and the score go in one transaction, as for any finished game;
    ``replacing`` is the entry the score takes the place of (:func:`kept_entry`).
    """
    store = ctx.store
    if record.table is None:
        if record.replay is not None:
            _try(lambda: store.replays.save(record.replay), "saving the replay")
        _try(
            lambda: store.audits.game_ended(record.game, record.mode, record.seconds),
            "counting the game",
        )
        then()
        return
    end = _try(
        lambda: store.game_over(
            record.game,
            record.mode,
            record.table,
            record.score,
            record.replay,
            record.seconds,
            replacing,
        ),
        "saving the game",
    )
    if end is not None and end.rank is not None:
        entry = Entry(record.player, record.table, record.score, end.rank, end.entry_id)
        ctx.scenes.reset(RecordsInitialsScene(ctx, record.player, [entry], lambda ranks: then()))
    else:
        then()
