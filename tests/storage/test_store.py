"""The end of a game in storage: one transaction, the score before the initials,
and factory tables that say what they are (issue 12.5 and 12.7)."""

import itertools

import pytest

from cabinet.settings.load import SHIPPED_CONFIG, load_settings
from cabinet.storage.replays import Replay
from cabinet.storage.scores import FACTORY_DATE, PLACEHOLDER, default_scores
from cabinet.storage.store import Store


@pytest.fixture
def store():
    store = Store.open()
    yield store
    store.close()


def game(score):
    return Replay("blocks", "single", {}, 7, [(0, 1, "a", True)], score)


def writes_of(store, monkeypatch):
    """The transactions the store makes from now on (each a list of statements)."""
    made = []
    write = store.db.write
    monkeypatch.setattr(
        store.db, "write", lambda statements: made.append(list(statements)) or write(made[-1])
    )
    return made


def test_a_game_over_saves_replay_audit_and_score_in_one_transaction(store, monkeypatch):
    made = writes_of(store, monkeypatch)
    end = store.game_over("blocks", "single", "blocks", 9_500, game(9_500), 61.5)
    assert len(made) == 1
    assert end.rank == 2
    entry = store.scores.top("blocks")[1]
    assert (entry.initials, entry.score, entry.replay_id) == (PLACEHOLDER, 9_500, end.replay_id)
    assert store.replays.load(end.replay_id).score == 9_500
    assert store.audits.counter("ended.blocks/single") == 1
    assert store.audits.counter("play_ms.blocks/single") == 61_500


def test_the_initials_then_update_the_saved_row_and_its_replay(store):
    end = store.game_over(
        "antigravity", "single", "antigravity/single/hard", 30_000, game(30_000), 10.0
    )
    assert store.scores.set_initials(end.entry_id, "ace") == "ACE"
    entries = store.scores.top("antigravity/single/hard")
    assert [(e.initials, e.score) for e in entries if e.score == 30_000] == [("ACE", 30_000)]
    assert len(entries) == 10
    assert store.replays.load(end.replay_id).initials == "ACE"


def test_a_score_off_the_table_still_saves_its_game_in_one_transaction(store, monkeypatch):
    made = writes_of(store, monkeypatch)
    end = store.game_over("blocks", "single", "blocks", 5, game(5), 3.0)
    assert len(made) == 1
    assert (end.rank, end.entry_id) == (None, None)
    assert end.replay_id in store.replays.ids()
    assert store.audits.counter("ended.blocks/single") == 1
    assert all(e.score != 5 for e in store.scores.top("blocks"))


def test_replay_ids_are_never_reused_after_a_prune(store):
    store.replays.keep_recent = 2
    ids = [store.replays.save(game(score)) for score in (1, 2, 3)]
    assert ids == sorted(set(ids)) and store.replays.ids() == ids[1:]
    end = store.game_over("blocks", "single", "blocks", 9_999, game(9_999))
    assert end.replay_id == ids[-1] + 1


def test_each_shipped_contest_list_has_a_factory_table_of_its_own():
    names = [c.name for c in load_settings(SHIPPED_CONFIG).settings.antigravity.contests]
    assert len(names) >= 3
    tables = [default_scores(f"antigravity/contest/{name}") for name in names]
    for first, second in itertools.combinations(tables, 2):
        assert [i for i, _ in first] != [i for i, _ in second]
        assert [s for _, s in first] != [s for _, s in second]
    assert default_scores("antigravity/contest/EXPERT") == default_scores(
        "antigravity/contest/EXPERT"
    )
    for table in tables:
        scores = [s for _, s in table]
        assert scores == sorted(scores, reverse=True) and len(set(scores)) == 10 and scores[-1] > 0
        assert all(len(i) == 3 and i.strip() == i for i, _ in table)


def test_factory_entries_keep_their_fixed_date(store):
    assert {e.when for e in store.scores.top("blocks")} == {FACTORY_DATE}
    store.scores.add("blocks", "NEW", 10_500)
    dates = [e.when for e in store.scores.top("blocks")]
    assert dates[0] != FACTORY_DATE and dates[1:] == [FACTORY_DATE] * 9
    store.scores.reset("blocks")
    assert {e.when for e in store.scores.top("blocks")} == {FACTORY_DATE}
    assert store.scores.last_reset("blocks") != FACTORY_DATE  # the reset itself is dated
