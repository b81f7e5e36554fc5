"""High-score tables: factory entries, qualifying, rank order, resets, the automatic reset."""

import pytest

from cabinet.settings.schema import CreditSettings, ScoreSettings, Settings
from cabinet.storage.scores import TABLE_SIZE, default_scores
from cabinet.storage.store import Store

TABLES = [
    "blocks",
    "antigravity/single/warmup",
    "antigravity/single/normal",
    "antigravity/single/advanced",
    "antigravity/single/hard",
    "antigravity/versus",
    "antigravity/contest/BEGINNER",
]


@pytest.fixture
def store():
    store = Store.open()
    yield store
    store.close()


def scores_of(store, table):
    return [entry.score for entry in store.scores.top(table)]


@pytest.mark.parametrize("table", TABLES)
def test_every_table_starts_with_ten_descending_factory_entries(store, table):
    entries = store.scores.top(table)
    assert len(entries) == TABLE_SIZE
    assert [e.rank for e in entries] == list(range(1, 11))
    scores = [e.score for e in entries]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == TABLE_SIZE
    assert all(len(e.initials) == 3 and e.initials.isupper() for e in entries)
    assert scores[-1] > 0


def test_harder_tables_have_higher_factory_scores():
    tops = [
        default_scores(f"antigravity/single/{d}")[0][1]
        for d in ("warmup", "normal", "advanced", "hard")
    ]
    assert tops == sorted(tops) and len(set(tops)) == 4


def test_unknown_table_is_refused_with_the_forms_allowed(store):
    for bad in ("tetris", "antigravity/single/insane", "antigravity/contest/", "blocks/single"):
        with pytest.raises(ValueError, match="unknown high-score table"):
            store.scores.top(bad)


def test_a_score_must_beat_the_tenth_entry(store):
    tenth = scores_of(store, "blocks")[-1]
    assert not store.scores.qualifies("blocks", tenth)
    assert store.scores.add("blocks", "ZZZ", tenth) is None
    assert store.scores.qualifies("blocks", tenth + 1)
    assert not store.scores.qualifies("blocks", 0)


def test_add_returns_the_rank_and_pushes_the_tenth_out(store):
    before = store.scores.top("blocks")
    rank = store.scores.add("blocks", "abc", before[2].score + 1, replay_id=None)
    assert rank == 3
    after = store.scores.top("blocks")
    assert len(after) == TABLE_SIZE
    assert (after[2].initials, after[2].score) == ("ABC", before[2].score + 1)
    assert [e.score for e in after[3:]] == [e.score for e in before[2:9]]
    assert after[2].when and after[2].when.endswith("Z")


def test_equal_scores_rank_in_the_order_they_were_made(store):
    top = scores_of(store, "blocks")[0]
    assert store.scores.add("blocks", "ONE", top + 50) == 1
    assert store.scores.add("blocks", "TWO", top + 50) == 2
    assert store.scores.add("blocks", "TRI", top + 10) == 3
    assert [e.initials for e in store.scores.top("blocks")[:3]] == ["ONE", "TWO", "TRI"]


def test_tables_are_independent_and_survive_reopening(store):
    store.scores.add("antigravity/versus", "VS1", 99_999, replay_id=7)
    store.close()
    again = Store.open()
    assert again.scores.top("antigravity/versus")[0].initials == "VS1"
    assert again.scores.top("antigravity/versus")[0].replay_id == 7
    assert again.scores.top("blocks")[0].initials != "VS1"
    again.close()


def test_initials_are_cleaned(store):
    store.scores.add("blocks", " jo ", 50_000)
    store.scores.add("blocks", "", 40_000)
    store.scores.add("blocks", "abcdef", 30_000)
    assert [e.initials for e in store.scores.top("blocks")[:3]] == ["JO", "---", "ABC"]


def test_reset_one_table_or_all(store):
    store.scores.add("blocks", "AAA", 50_000)
    store.scores.add("antigravity/single/hard", "BBB", 90_000)
    store.scores.reset("blocks")
    assert scores_of(store, "blocks") == [s for _, s in default_scores("blocks")]
    assert store.scores.top("antigravity/single/hard")[0].initials == "BBB"
    assert store.scores.last_reset("blocks") is not None
    assert store.scores.last_reset() is None  # not every table yet
    store.scores.reset()
    assert store.scores.top("antigravity/single/hard")[0].initials != "BBB"
    assert store.scores.last_reset() is not None


def test_automatic_reset_every_n_game_starts(store):
    settings = Settings(scores=ScoreSettings(auto_reset_plays=3))
    store.configure(settings)
    bank = store.credit_bank(CreditSettings(free_play=True))
    store.scores.add("blocks", "KEP", 50_000)
    assert bank.start("blocks", "single") and bank.start("antigravity", "single")
    assert store.scores.top("blocks")[0].initials == "KEP"  # two plays: not yet
    assert store.scores.last_reset() is None
    assert bank.start("antigravity", "versus")  # the third play resets
    assert store.scores.top("blocks")[0].initials != "KEP"
    assert store.scores.last_reset() is not None
    store.scores.add("blocks", "NEW", 50_000)
    bank.start("blocks", "single")
    bank.start("blocks", "single")
    assert store.scores.top("blocks")[0].initials == "NEW"
    bank.start("blocks", "single")
    assert store.scores.top("blocks")[0].initials != "NEW"


def test_no_automatic_reset_when_off(store):
    bank = store.credit_bank(CreditSettings(free_play=True))
    store.scores.add("blocks", "KEP", 50_000)
    for _ in range(30):
        bank.start("blocks", "single")
    assert store.scores.top("blocks")[0].initials == "KEP"
    assert store.scores.plays_since_reset() == 30


def test_each_game_has_a_ladder_table_a_first_level_beaten_gets_on():
    from cabinet.storage.scores import ladder_table, table_ids

    assert ladder_table("blocks") == "ladder/blocks" and "ladder/antigravity" in table_ids([])
    with pytest.raises(ValueError):
        ladder_table("pong")
    scores = [score for _, score in default_scores("ladder/blocks")]
    assert max(scores) < 5, "the factory table leaves the MASTER clear to a player"
    assert min(scores) < 1, "beating level 1 makes the table"
