"""The word filter on initials: a rude entry keeps its place and its letters in the state file,
and shows as *** on the ranking, the attract tables, `python -m cabinet scores`, replays and the
network tables, whichever cabinet it came from."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame

from cabinet.inputs.actions import Action, InputEvent
from cabinet.network import messages, topics
from cabinet.network.fleet import report
from cabinet.network.merge import Entry, TableSnapshot, network_table
from cabinet.network.view import FleetView
from cabinet.scenes.flow.initials import CHARACTERS, InitialsScene
from cabinet.scenes.flow.ranking import RankingScene
from cabinet.storage.replays import Replay
from cabinet.storage.word_filter import MASK, RUDE, is_rude, shown
from support import ROOT
from support.app import make_app

SCREENS = Path("/tmp/pricing-screens")
WHEN = "2026-12-01T20:00:00Z"


def test_the_list_is_three_capital_letters_a_word():
    assert RUDE and all(len(word) == 3 and word.isalpha() and word.isupper() for word in RUDE)


def test_rude_initials_are_masked_however_typed_and_others_are_not():
    assert [shown(word) for word in ("ASS", "ass", "A S", "F.U", "ACE", "---", "")] == [
        MASK,
        MASK,
        "A S",
        "F.U",
        "ACE",
        "---",
        "",
    ]
    assert is_rude("A.SS") and is_rude(" sEx") and not is_rude("AS") and not is_rude("SAX")


def type_initials(app, scene, word: str) -> None:
    while not scene.fresh.settled:  # the entry takes no press in its first moment
        scene.update()
    for position, letter in enumerate(word):
        for _ in range(CHARACTERS.index(letter)):
            scene.handle(InputEvent(1, Action.UP, True))
        if position < len(word) - 1:
            scene.handle(InputEvent(1, Action.RIGHT, True))
    scene.handle(InputEvent(1, Action.START, True))


def test_on_entry_the_letters_are_stored_and_every_screen_shows_the_mark(tmp_path):
    app = make_app()
    store = app.ctx.store
    end = store.game_over(
        "blocks", "single", "blocks", 99_999, Replay("blocks", "single", {}, 7, [], 99_999), 60.0
    )
    scene = InitialsScene(
        app.ctx, "blocks", 99_999, replay_id=end.replay_id, rank=end.rank, entry_id=end.entry_id
    )
    app.ctx.scenes.reset(scene)
    type_initials(app, scene, "FUK")
    assert store.db.read("SELECT initials FROM scores WHERE id = ?", (end.entry_id,)) == [
        ("FUK",)
    ], "kept as typed"
    ranking = app.ctx.scenes.top
    assert isinstance(ranking, RankingScene)
    assert ranking.entries[0].initials == MASK and ranking.entries[0].score == 99_999, (
        "its place is kept"
    )
    ranking.draw(app.display.logical)
    SCREENS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.display.logical, str(SCREENS / "ranking-masked.png"))
    assert store.scores.top("blocks")[0].initials == MASK
    assert store.replays.load(end.replay_id).initials == MASK
    assert [row.initials for row in store.replays.listing()] == [MASK]
    app.close()


def test_the_scores_command_shows_the_mark(tmp_path, private_state):
    db = private_state / "cabinet.db"
    from cabinet.storage.store import Store

    store = Store.open(db)
    store.scores.add("blocks", "ASS", 50_000)
    store.close()
    out = subprocess.run(
        [sys.executable, "-m", "cabinet", "scores"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    ).stdout
    assert f" 1. {MASK}      50000" in out and "ASS" not in out
    assert sqlite3.connect(db).execute(
        "SELECT initials FROM scores WHERE score = 50000"
    ).fetchall() == [("ASS",)]


def test_network_tables_are_masked_when_merged():
    rude = TableSnapshot(
        "bar",
        "cab-2",
        "blocks",
        1,
        WHEN,
        (Entry(4, "TIT", 70_000, WHEN), Entry(5, "JOY", 60_000, WHEN)),
    )
    assert [(e.initials, e.score) for e in network_table([rude], "blocks")] == [
        (MASK, 70_000),
        ("JOY", 60_000),
    ]
    view = FleetView()
    view.receive(topics.topic("bar", "cab-2", "scores", "blocks"), messages.table_payload(rude))
    assert [e.initials for e in view.table("blocks")] == [MASK, "JOY"]
    assert [row["initials"] for row in report(view)["tables"]["blocks"]] == [MASK, "JOY"]
