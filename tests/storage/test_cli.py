"""`python -m cabinet scores` and the factory reset."""

from types import SimpleNamespace

from cabinet.settings.load import SHIPPED_CONFIG, load_settings
from cabinet.settings.save import save_settings
from cabinet.settings.schema import CreditSettings
from cabinet.storage.cli import print_scores
from cabinet.storage.store import Store
from support.replays import recorded


def test_scores_prints_every_table_with_replay_ids(capsys, tmp_path):
    config = tmp_path / "cabinet.yaml"
    settings = load_settings(SHIPPED_CONFIG).settings
    settings.antigravity.contests[0].name = "SUNDAY CUP"
    save_settings(config, settings)
    store = Store.open()
    replay_id = store.replays.save(recorded(score=123_456))
    store.scores.add("blocks", "ACE", 123_456, replay_id=replay_id)
    store.scores.add("antigravity/contest/OLD LIST", "OLD", 9_999)
    store.close()

    assert print_scores(SimpleNamespace(config=str(config))) == 0
    out = capsys.readouterr().out
    for table in (
        "blocks",
        "antigravity/single/warmup",
        "antigravity/single/hard",
        "antigravity/versus",
        "antigravity/contest/SUNDAY CUP",
        "antigravity/contest/STANDARD",
        "antigravity/contest/OLD LIST",
    ):
        assert f"\n{table}  (last reset: " in "\n" + out
    assert " 1. ACE     123456  " in out and f"replay {replay_id}" in out
    # blocks, 4 difficulties, versus, 3 lists, the old one, 2 win streaks, 2 CPU ladders
    assert out.count("\n  10. ") == 14
    assert "\nstreak/blocks  (last reset: " in out and "\nstreak/antigravity  (last reset: " in out
    assert "\nladder/blocks  (last reset: " in out and "\nladder/antigravity  (last reset: " in out


def test_factory_reset_clears_state_and_restores_the_shipped_settings(tmp_path):
    config = tmp_path / "cabinet.yaml"
    settings = load_settings(SHIPPED_CONFIG).settings
    settings.credits.free_play = False
    save_settings(config, settings)
    changed = config.read_text(encoding="utf-8")
    store = Store.open()
    bank = store.credit_bank(CreditSettings(free_play=False))
    bank.coin(1)
    bank.coin(1)
    bank.start("blocks", "single")
    store.scores.add("blocks", "OLD", 99_999, replay_id=store.replays.save(recorded()))

    store.factory_reset(config)

    assert bank.credits == 0 and bank.partial_coins(1) == 0
    snapshot = store.audits.snapshot()
    assert snapshot["total_plays"] == 0 and snapshot["coins"] == {1: 0, 2: 0}
    assert snapshot["counts_reset"] and snapshot["scores_reset"]
    assert store.scores.top("blocks")[0].initials != "OLD"
    assert store.replays.ids() == []
    assert config.read_text(encoding="utf-8") == SHIPPED_CONFIG.read_text(encoding="utf-8")
    assert (tmp_path / "cabinet.yaml.bak").read_text(encoding="utf-8") == changed
    store.close()


def test_factory_reset_keeps_the_old_file_byte_for_byte_and_as_private_as_it_was(tmp_path):
    config = tmp_path / "cabinet.yaml"
    old = SHIPPED_CONFIG.read_bytes().replace(
        b"# ArcadeForge", "# Caf\u00e9 ArcadeForge".encode("latin-1"), 1
    )
    config.write_bytes(old)  # an editor that wrote Latin-1: not UTF-8, still the operator's file
    config.chmod(0o600)
    store = Store.open()
    store.factory_reset(config)
    store.close()
    backup = tmp_path / "cabinet.yaml.bak"
    assert backup.read_bytes() == old and backup.stat().st_mode & 0o777 == 0o600


def test_factory_reset_on_a_named_pipe_says_why_instead_of_waiting(tmp_path):
    import os
    import threading

    config = tmp_path / "cabinet.yaml"
    os.mkfifo(config)
    outcome = []

    def reset():
        store = Store.open()
        try:
            store.factory_reset(config)
        except OSError as exc:
            outcome.append(exc.strerror)
        finally:
            store.close()

    worker = threading.Thread(target=reset, daemon=True)
    worker.start()
    worker.join(60)  # a guard: the old hang fails the test instead of stopping the suite
    assert not worker.is_alive() and outcome == ["is not a regular file (a pipe or a device)"]


def test_factory_reset_never_touches_the_shipped_file_itself():
    before = SHIPPED_CONFIG.read_text(encoding="utf-8")
    store = Store.open()
    store.factory_reset(SHIPPED_CONFIG)
    store.close()
    assert SHIPPED_CONFIG.read_text(encoding="utf-8") == before
    assert not SHIPPED_CONFIG.with_name(SHIPPED_CONFIG.name + ".bak").exists()
