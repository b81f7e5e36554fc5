"""The update lock: a release switches only while the cabinet says the moment is safe."""

import pytest

from cabinet.update.moment import SAFE, MomentWriter, moment_for, read_moment


@pytest.mark.parametrize(
    ("doing", "said"),
    [
        ({}, SAFE),
        ({"credits": 1}, "busy credits"),
        ({"coins_waiting": 1}, "busy credits"),
        ({"attract": False}, "busy game"),
        ({"service_open": True}, "busy service"),
        ({"asleep": True, "attract": False}, SAFE),
        ({"asleep": True, "service_open": True}, "busy service"),
    ],
)
def test_only_an_empty_attract_mode_or_sleep_is_safe(doing, said):
    now = {
        "attract": True,
        "asleep": False,
        "credits": 0,
        "coins_waiting": 0,
        "service_open": False,
    } | doing
    assert moment_for(**now) == said


def test_the_updater_reads_what_the_cabinet_last_wrote(tmp_path):
    (tmp_path / "run").mkdir()
    path = tmp_path / "run" / "moment"
    writer = MomentWriter(path)
    writer.show("busy game")
    assert read_moment(path) == "busy game"
    writer.show(SAFE)
    assert read_moment(path) == SAFE
    assert [p.name for p in path.parent.iterdir()] == ["moment"], "no temp file left beside it"


def test_a_running_cabinet_that_said_nothing_is_busy_and_a_stopped_one_is_safe(tmp_path):
    assert read_moment(tmp_path / "absent") == "busy unknown"
    assert read_moment(tmp_path / "absent", cabinet_running=False) == SAFE


def test_the_moment_is_written_only_when_it_changes(tmp_path):
    path = tmp_path / "moment"
    writer = MomentWriter(path)
    writer.show(SAFE)
    path.write_text("tampered\n")
    writer.show(SAFE)
    assert path.read_text() == "tampered\n"
    writer.show("busy game")
    assert path.read_text() == "busy game\n"


def test_the_cabinet_says_busy_while_credits_wait_or_a_game_runs_and_safe_in_empty_attract(
    tmp_path, monkeypatch
):
    from cabinet.inputs.actions import CABINET, Action, InputEvent
    from support.app import make_app

    monkeypatch.setenv("RUNTIME_DIRECTORY", str(tmp_path))
    app = make_app("credits:\n  free_play: false\n")
    said = tmp_path / "moment"
    app.step()
    assert read_moment(said) == SAFE
    app.step([InputEvent(CABINET, Action.COIN1, True)])
    assert read_moment(said) == "busy credits"
    app.step([InputEvent(1, Action.START, True)])
    for _ in range(5):
        app.step()
    assert read_moment(said) in ("busy game", "busy credits")
    assert read_moment(said) != SAFE
    app.close()


def test_outside_the_unit_nothing_is_written(monkeypatch):
    monkeypatch.delenv("RUNTIME_DIRECTORY", raising=False)
    assert MomentWriter.for_service() is None
