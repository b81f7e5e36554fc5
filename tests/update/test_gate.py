"""The health gate keeps a release only after it ran healthy, and otherwise goes back by itself."""

import os

import pytest

from cabinet.update.gate import Gate, Journal, ServiceState
from cabinet.update.releases import COMPLETE, Releases
from support.systemd import fake_gate, healthy


@pytest.fixture
def cabinet(tmp_path):
    """Two complete releases, 1.0 running (their venvs are not needed to judge health)."""
    releases = Releases(tmp_path / "opt")
    for version in ("1.0", "2.0"):
        (releases.folder / version).mkdir(parents=True)
        (releases.folder / version / COMPLETE).write_text("{}")
    releases.switch("1.0")
    return releases


def gate_for(cabinet, tmp_path, behaviour, doctor=lambda: (True, "")):
    gate, unit, clock = fake_gate(
        cabinet,
        tmp_path / "updater" / "update.json",
        behaviour,
        doctor,
        window=180,
        start_timeout=90,
    )
    unit.restart()
    return gate, unit, clock


def test_a_healthy_release_is_kept_after_the_whole_window(cabinet, tmp_path):
    gate, unit, clock = gate_for(cabinet, tmp_path, healthy)
    verdict = gate.update("2.0")
    assert (verdict.outcome, cabinet.current(), cabinet.previous()) == ("kept", "2.0", "1.0")
    assert unit.log == ["restart on 1.0", "restart on 2.0"]
    assert clock.now >= 180 + 3
    assert Journal(tmp_path / "updater" / "update.json").read()["outcome"] == "kept"


@pytest.mark.parametrize(
    ("behaviour", "why"),
    [
        (
            lambda release, s: "crash" if release == "2.0" else healthy(release, s),
            "exited before it was ready (exit status 1)",
        ),
        (
            lambda release, s: "activating" if release == "2.0" else "active",
            "never told systemd READY within 90 s",
        ),
        (lambda release, s: "failed" if release == "2.0" else "active", "failed to start"),
        (
            lambda release, s: ("crash" if s > 100 else "active") if release == "2.0" else "active",
            "stopped within the health window",
        ),
    ],
)
def test_an_unhealthy_release_goes_back_to_the_old_one_with_the_reason(
    cabinet, tmp_path, behaviour, why
):
    gate, unit, clock = gate_for(cabinet, tmp_path, behaviour)
    verdict = gate.update("2.0")
    assert verdict.outcome == "rolled back" and why in verdict.reason
    assert (cabinet.current(), unit.running) == ("1.0", "1.0")
    assert clock.now <= 90 + 180 + 2, "never left in a restart loop past the window"
    assert Journal(tmp_path / "updater" / "update.json").read()["reason"] == verdict.reason


def test_a_release_whose_doctor_fails_goes_back(cabinet, tmp_path):
    failing = (False, "fail  storage: state folder read-only")
    gate, unit, _ = gate_for(
        cabinet,
        tmp_path,
        healthy,
        doctor=lambda: failing if cabinet.current() == "2.0" else (True, ""),
    )
    verdict = gate.update("2.0")
    assert verdict.reason == "doctor failed: fail  storage: state folder read-only"
    assert (cabinet.current(), unit.running) == ("1.0", "1.0")


def test_a_fault_the_machine_had_before_the_switch_does_not_hold_the_update_back(cabinet, tmp_path):
    """An under-voltage since boot fails the doctor on every release: the power supply's fault."""
    supply = (
        False,
        "fail  power: under-voltage since boot (throttled=0x50000): use the official 5.1 V 3 A supply",
    )
    gate, _, _ = gate_for(cabinet, tmp_path, healthy, doctor=lambda: supply)
    assert gate.update("2.0").outcome == "kept"
    other = (False, "fail  state writes: /var/lib/arcadeforge does not take writes")
    cabinet.switch("1.0")
    gate, _, _ = gate_for(
        cabinet, tmp_path, healthy, doctor=lambda: supply if cabinet.current() == "1.0" else other
    )
    assert gate.update("2.0").reason == f"doctor failed: {other[1]}"


class Killed(BaseException):
    """The updater's SIGKILL, at a chosen step."""


@pytest.mark.parametrize("kill_at", range(1, 6))
@pytest.mark.parametrize("release_is", ["healthy", "broken"])
def test_an_updater_killed_at_any_step_ends_on_one_complete_release(
    cabinet, tmp_path, kill_at, release_is
):
    broken = release_is == "broken"
    behaviour = (
        (lambda release, s: "crash" if release == "2.0" else healthy(release, s))
        if broken
        else healthy
    )
    gate, unit, _ = gate_for(cabinet, tmp_path, behaviour)
    steps = {"n": 0}
    real_switch, real_restart, real_write = cabinet.switch, unit.restart, gate.journal.write

    def counted(real):
        def step(*args, **kwargs):
            steps["n"] += 1
            if steps["n"] == kill_at:
                raise Killed
            return real(*args, **kwargs)

        return step

    cabinet.switch, unit.restart, gate.journal.write = (
        counted(real_switch),
        counted(real_restart),
        counted(real_write),
    )
    try:
        gate.update("2.0")
    except Killed:
        pass
    cabinet.switch, unit.restart, gate.journal.write = real_switch, real_restart, real_write
    after = Gate(
        cabinet,
        unit,
        Journal(gate.journal.path),
        doctor=lambda: (True, ""),
        clock=gate.clock,
        sleep=gate.sleep,
        window=180,
        start_timeout=90,
    )
    after.resume()
    wanted = "1.0" if broken else cabinet.current()
    assert cabinet.current() in ("1.0", "2.0") and cabinet.current() == wanted
    if broken:
        assert unit.running == "1.0"
    assert Journal(gate.journal.path).read().get("step") in (None, "done")


def test_systemctl_show_is_read_as_the_gate_needs_it():
    from cabinet.update.systemd import parse_show

    state = parse_show("ActiveState=active\nNRestarts=3\nMainPID=812\nExecMainStatus=0\n")
    assert state == ServiceState("active", 3, 812, 0)
    assert parse_show("ActiveState=activating\nNRestarts=\nMainPID=0\n") == ServiceState(
        "activating", 0, 0, 0
    )


@pytest.mark.parametrize("kill_at", range(1, 12))
@pytest.mark.parametrize("release_is", ["healthy", "broken"])
def test_an_updater_killed_inside_the_switch_ends_on_one_release_with_the_reason(
    cabinet, tmp_path, monkeypatch, kill_at, release_is
):
    """A kill at every file-system step (each link made, each rename, each journal write) and
    at the restarts: on the next start, resume ends on the old release with the reason recorded,
    or on the new one only once it was proved healthy."""
    broken = release_is == "broken"
    behaviour = (
        (lambda release, s: "crash" if release == "2.0" else healthy(release, s))
        if broken
        else healthy
    )
    gate, unit, _ = gate_for(cabinet, tmp_path, behaviour)
    steps = {"n": 0}
    real = {"symlink": os.symlink, "replace": os.replace, "restart": unit.restart}

    def counted(name):
        def step(*args, **kwargs):
            steps["n"] += 1
            if steps["n"] == kill_at:
                raise Killed
            return real[name](*args, **kwargs)

        return step

    monkeypatch.setattr(os, "symlink", counted("symlink"))
    monkeypatch.setattr(os, "replace", counted("replace"))
    monkeypatch.setattr(unit, "restart", counted("restart"))
    try:
        gate.update("2.0")
    except Killed:
        pass
    monkeypatch.undo()
    after, booted, _ = gate_for(
        cabinet, tmp_path, behaviour
    )  # the next boot: the unit starts on `current`
    verdict = after.resume()
    entry = Journal(gate.journal.path).read()
    assert entry.get("step") in (None, "done")
    assert (
        cabinet.current() in ("1.0", "2.0")
        and (cabinet.folder / cabinet.current() / COMPLETE).is_file()
    )
    assert booted.running == cabinet.current()
    if broken:
        assert cabinet.current() == "1.0"
    if not entry:  # killed before its journal said "switching": nothing had changed
        assert (cabinet.current(), verdict) == ("1.0", None)
    elif entry["outcome"] == "rolled back":
        assert entry["reason"] != "" and cabinet.current() == "1.0"
