"""Replays: the recorded actions come back exactly; versions are checked; pruning spares table entries."""

import json

import pytest

from cabinet.inputs.actions import Action
from cabinet.storage.replays import REPLAY_VERSION, Replay, ReplayRecorder, ReplayStore
from cabinet.storage.store import Store
from support.replays import recorded


@pytest.fixture
def store():
    store = Store.open()
    yield store
    store.close()


def test_round_trip_keeps_every_field(store):
    replay = recorded()
    replay_id = store.replays.save(replay)
    loaded = store.replays.load(replay_id)
    assert loaded == replay and loaded.id == replay_id
    assert loaded.version == REPLAY_VERSION
    assert loaded.actions[:2] == [(0, 1, "right", True), (3, 1, "right", True, True)]
    assert [(e.frame, e.player, e.action, e.pressed, e.repeat) for e in loaded.events()] == [
        (0, 1, Action.RIGHT, True, False),
        (3, 1, Action.RIGHT, True, True),
        (4, 1, Action.RIGHT, False, False),
        (10, 2, Action.A, True, False),
    ]
    assert loaded.final_text == ["#.......", "........"] and loaded.seed == 42
    assert loaded.created.endswith("Z")


def test_recorder_takes_a_private_copy_of_the_settings():
    settings = {"rotation": False}
    rec = ReplayRecorder("blocks", "single", settings, 1)
    settings["rotation"] = True
    assert rec.finish(0, []).settings == {"rotation": False}


def test_initials_entered_after_saving_are_attached_by_the_score_entry(store):
    replay_id = store.replays.save(recorded(score=99_000))
    store.scores.add("blocks", "ace", 99_000, replay_id=replay_id)
    assert store.replays.load(replay_id).initials == "ACE"


def test_unknown_version_is_a_clear_error(store):
    data = json.loads(recorded().to_json())
    data["version"] = REPLAY_VERSION + 1
    with pytest.raises(
        ValueError, match=rf"replay 5: format version {REPLAY_VERSION + 1} is not supported"
    ):
        Replay.from_json(json.dumps(data), 5)
    store.db.write(
        [
            (
                "INSERT INTO replays (id, version, game, mode, score, initials, created, data) "
                "VALUES (77, 9, 'blocks', 'single', 1, '', '', ?)",
                (json.dumps(data),),
            )
        ]
    )
    with pytest.raises(ValueError, match="not supported"):
        store.replays.load(77)
    with pytest.raises(KeyError):
        store.replays.load(78)


def test_damaged_record_is_a_clear_error():
    data = json.loads(recorded().to_json())
    data["actions"] = [[0, 1, "fly", True]]
    with pytest.raises(ValueError, match="damaged"):
        Replay.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not readable"):
        Replay.from_json("{not json")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[1, 2]", "not a mapping"),
        ('"text"', "not a mapping"),
        ("[" * 100_000 + "]" * 100_000, "too deeply"),
    ],
)
def test_a_crafted_record_is_a_clear_error_not_a_crash(text, why):
    with pytest.raises(ValueError, match=why):
        Replay.from_json(text, replay_id=7)


def test_best_picks_the_highest_playable_replays_of_a_game(store):
    for score in (300, 900, 100, 600):
        store.replays.save(recorded(score=score))
    store.replays.save(recorded(score=5000, game="antigravity", mode="versus"))
    assert [r.score for r in store.replays.best("blocks", 3)] == [900, 600, 300]
    assert [r.score for r in store.replays.best("antigravity", 3, mode="versus")] == [5000]
    assert store.replays.best("antigravity", 3, mode="single") == []


def test_pruning_keeps_the_replays_of_table_entries(store):
    replays = ReplayStore(store.db, keep_recent=3)
    kept = replays.save(recorded(score=80_000))
    store.scores.add("blocks", "TOP", 80_000, replay_id=kept)
    early = [replays.save(recorded(score=10)) for _ in range(5)]
    latest = [replays.save(recorded(score=10)) for _ in range(3)]
    assert replays.ids() == sorted([kept] + latest)
    assert replays.load(kept).score == 80_000
    for gone in early:
        with pytest.raises(KeyError):
            replays.load(gone)
    store.scores.reset("blocks")  # the entry is gone: its replay may go too
    replays.save(recorded(score=10))
    assert kept not in replays.ids()


def test_an_anti_gravity_replay_of_version_3_is_refused_and_a_blocks_one_still_plays():
    data = json.loads(recorded().to_json())
    data["version"] = 3
    assert Replay.from_json(json.dumps(data), 6).version == 3  # BLOCKS: the same rules
    data["game"] = "antigravity"
    with pytest.raises(
        ValueError,
        match=r"replay 6: format version 3 is not supported \(this cabinet plays version 4\)",
    ):
        Replay.from_json(json.dumps(data), 6)
