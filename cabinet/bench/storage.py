"""Storage figures: how long the writes a game makes hold up a frame, and how big replays are.

Every write waits for the disk (``synchronous=FULL``), so these are disk
figures as much as CPU ones; a frame at 60 Hz is 16.7 ms.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from cabinet.bench import Figure, section
from cabinet.settings.load import SHIPPED_CONFIG, load_settings
from cabinet.settings.save import save_settings
from cabinet.settings.schema import CreditSettings
from cabinet.storage.db import add_counter
from cabinet.storage.mirror import Books, BooksMirror, encode
from cabinet.storage.replays import Replay
from cabinet.storage.store import Store


def _median_ms(action, repeats: int) -> float:
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        action(i)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _long_game() -> Replay:
    """Five minutes of play: a press and a release every tenth of a second."""
    actions = [
        (frame, 1, ("left", "right", "a")[frame % 3], frame % 12 == 0)
        for frame in range(0, 18_000, 3)
    ]
    return Replay(
        "antigravity",
        "single",
        {"width": 6, "half_height": 6},
        7,
        actions,
        54_321,
        "ABC",
        ["RGBYRG"] * 12,
    )


@section("storage", alone=True)
def run(quick: bool) -> list[Figure]:
    repeats = 5 if quick else 60
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cabinet.db"
        store = Store.open(path)
        bank = store.credit_bank(CreditSettings(free_play=False, max_credits=99))
        coin_ms = _median_ms(lambda i: bank.coin(1), repeats)
        start_ms = _median_ms(lambda i: bank.start("blocks", "single"), repeats)
        score_ms = _median_ms(lambda i: store.scores.add("blocks", "BEN", 20_000 + i), repeats)
        replay = _long_game()
        replay_ms = _median_ms(lambda i: store.replays.save(replay), max(3, repeats // 4))
        top_ms = _median_ms(lambda i: store.scores.top("blocks"), repeats)
        replay_id = replay.id
        assert replay_id is not None  # each save sets it
        load_ms = _median_ms(lambda i: store.replays.load(replay_id), max(3, repeats // 4))
        ends = []
        over_ms = _median_ms(
            lambda i: ends.append(
                store.game_over(
                    "antigravity", "single", "antigravity/single/hard", 90_000 + i, replay, 300.0
                )
            ),
            max(3, repeats // 4),
        )
        # Rows still on the table, and a change each time: a write that changes nothing costs nothing.
        initials_ms = _median_ms(
            lambda i: store.scores.set_initials(ends[-1 - i % 3].entry_id, "A" + chr(65 + i % 26)),
            repeats,
        )
        # A month of takings, as a cabinet in service has them, beside every table filled above.
        store.db.write(
            [
                add_counter(f"audit.takings.2026-11-{day:02d}.{kind}", 40)
                for day in range(1, 31)
                for kind in ("coins", "credits", "plays")
            ]
        )
        mirror = BooksMirror(store.db, Path(folder) / "books", "bench000")
        look_ms = _median_ms(lambda i: Books.read(store.db).without_uptime(), repeats)
        books = Books.read(store.db)
        data = encode(books, "bench000", "2026-12-06T00:00:00Z")
        mirror_ms = _median_ms(
            lambda i: mirror._write(encode(books, "bench000", "2026-12-06T00:00:00Z")),
            max(3, repeats // 4),
        )
        store.close()
        open_ms = _median_ms(lambda i: Store.open(path).close(), max(3, repeats // 10))
        settings = load_settings(SHIPPED_CONFIG).settings
        config = Path(folder) / "cabinet.yaml"

        def save(i):
            settings.audio.master_volume = i % 100
            save_settings(config, settings)

        save_ms = _median_ms(save, max(3, repeats // 4))
    return [
        Figure("coin (credit + audits, one transaction)", coin_ms, "ms", "<= 16.7"),
        Figure("game start (charge + audits + auto-reset count)", start_ms, "ms", "<= 16.7"),
        Figure("high-score entry", score_ms, "ms", "<= 16.7"),
        Figure("save a 5-minute replay", replay_ms, "ms", "<= 50"),
        Figure("stored replay, 5 minutes of play", len(replay.packed()) / 1024, "KiB", "<= 64"),
        Figure("load a 5-minute replay", load_ms, "ms", "<= 50"),
        Figure("game over (replay + audits + score, one transaction)", over_ms, "ms", "<= 50"),
        Figure("initials onto the saved score", initials_ms, "ms", "<= 16.7"),
        Figure("read a high-score table", top_ms, "ms", "<= 1"),
        Figure("books mirror: read the books (main loop, 1/s at most)", look_ms, "ms", "<= 1"),
        Figure("books mirror: encode, atomic write (its own thread)", mirror_ms, "ms", "<= 200"),
        Figure("books mirror, a month of takings", len(data) / 1024, "KiB", "<= 64"),
        Figure("open the state file (integrity check)", open_ms, "ms", "<= 200"),
        Figure("save settings (patch, check, atomic write)", save_ms, "ms", "<= 200"),
    ]
