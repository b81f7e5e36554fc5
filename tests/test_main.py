"""The command line does what --help says: options anywhere, check-config from the cabinet's own
checks, exit codes that mean something, replay --list, and tools that end when they are left."""

from __future__ import annotations

import pygame
import pytest

from cabinet import app as app_module
from cabinet.__main__ import build_parser, main
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.service.input_test import EXIT_FRAMES
from cabinet.settings.load import SHIPPED_CONFIG
from cabinet.storage.store import Store
from support import ROOT
from support.replays import recorded

SHIPPED = SHIPPED_CONFIG.read_text(encoding="utf-8")


def settings_file(tmp_path, text: str, name: str = "cabinet.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def renamed_contest(tmp_path, name: str = "SUNDAY CUP"):
    return settings_file(tmp_path, SHIPPED.replace("name: BEGINNER", f"name: {name}", 1))


@pytest.mark.parametrize("argv", [["--config", "{F}", "scores"], ["scores", "--config", "{F}"]])
def test_config_works_before_or_after_the_command(tmp_path, capsys, argv):
    path = renamed_contest(tmp_path)
    assert main([arg.replace("{F}", str(path)) for arg in argv]) == 0
    assert "antigravity/contest/SUNDAY CUP  (last reset:" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["--headless", "--config", "F", "run"], ("F", True)),
        (["run", "--headless", "--config", "F"], ("F", True)),
        (["--config", "F", "input-test", "--windowed"], ("F", False)),
        (["--config", "F", "replay", "3"], ("F", False)),
    ],
)
def test_run_options_are_kept_wherever_they_stand(argv, expected):
    args = build_parser().parse_args(argv)
    assert (args.config, args.headless) == expected


def test_check_config_on_a_clean_file_exits_0(capsys):
    assert main(["check-config", str(SHIPPED_CONFIG)]) == 0
    assert capsys.readouterr().out == f"{SHIPPED_CONFIG}: no problems\n"


def test_check_config_reports_a_pin_used_twice_from_the_loaders_own_check(tmp_path, capsys):
    path = settings_file(tmp_path, "inputs:\n  gpio:\n    p2:\n      a: 17\n")
    assert main(["check-config", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}:4: inputs.gpio.p2.a: GPIO 17 is also given to inputs.gpio.p1.right; both disabled",
        f"{path}: 1 problem; THE REST OF THE FILE IS IN USE",
    ]


@pytest.mark.parametrize(
    "text, key",
    [
        ("antigravity:\n  contests:\n    - {name: '', seed: 1}\n", "antigravity.contests[0].name"),
        (
            "antigravity:\n  contests:\n    - {name: CUP}\n    - {name: CUP}\n",
            "antigravity.contests[1].name",
        ),
        ("inputs:\n  gpio:\n    p1:\n      left: 40\n", "inputs.gpio.p1.left"),
        ("credits:\n  free_play: maybe\n", "credits.free_play"),
        ("credits:\n  max_credits: 1000\n", "credits.max_credits"),
        ("credits:\n  free_ply: true\n", "credits.free_ply"),
    ],
)
def test_check_config_finds_each_bad_value_and_exits_1(tmp_path, capsys, text, key):
    path = settings_file(tmp_path, text)
    assert main(["check-config", str(path)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{path}:") and f": {key}: " in first


@pytest.mark.parametrize(
    "make",
    [
        lambda p: p.write_text(
            "antigravity:\n  difficulty: [normal\n  width: 6\n", encoding="utf-8"
        ),
        lambda p: p.mkdir(),
        lambda p: None,  # missing
    ],
)
def test_check_config_exits_3_when_the_file_cannot_be_used_at_all(tmp_path, capsys, make):
    path = tmp_path / "cabinet.yaml"
    make(path)
    assert main(["check-config", str(path)]) == 3
    assert capsys.readouterr().out.splitlines()[-1].endswith("USING FACTORY SETTINGS")


def test_check_config_warns_of_a_fleet_file_the_link_could_not_use(tmp_path, capsys):
    """Seen only on the NETWORK page once the cabinet ran; the password itself, written where its
    file's path belongs, is never repeated."""
    path = tmp_path / "cabinet.yaml"
    path.write_text(
        "network:\n  enabled: true\n  host: broker.lan\n  ca_file: /nowhere/ca.crt\n"
        "  password_file: Zq7-hunter2\n"
    )
    assert main(["check-config", str(path)]) == 0  # the cabinet starts on them as they are
    out = capsys.readouterr().out
    assert f"{path}:4: network.ca_file: warning: /nowhere/ca.crt is not a readable file" in out
    assert f"{path}:5: network.password_file: warning: cannot read" in out
    assert "Zq7-hunter2" not in out


def test_check_config_takes_the_file_from_config_too(tmp_path, capsys):
    path = settings_file(tmp_path, "credits:\n  free_play: maybe\n")
    assert main(["--config", str(path), "check-config"]) == 1
    assert capsys.readouterr().out.startswith(f"{path}:2: credits.free_play")


def test_nothing_that_passes_check_config_can_crash_scores(tmp_path, capsys):
    """An empty contest name once crashed `scores`: now the loader refuses it, and scores prints."""
    path = settings_file(
        tmp_path, "antigravity:\n  contests:\n    - {name: '', seed: 1}\n    - {name: CUP}\n"
    )
    assert main(["check-config", str(path)]) == 1
    assert main(["scores", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "antigravity/contest/CUP  (last reset:" in out and "antigravity/contest/  " not in out


def test_replay_list_shows_every_stored_replay(capsys):
    store = Store.open()
    first = store.replays.save(recorded(score=1234))
    second = store.replays.save(recorded(score=56_789, game="antigravity", mode="versus"))
    store.close()
    assert main(["replay", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[2].startswith("2 replays")
    for line, (replay_id, game, score) in zip(
        out, [(first, "blocks", 1234), (second, "antigravity", 56_789)]
    ):
        fields = line.split()
        assert fields[:2] == [str(replay_id), game] and str(score) in fields
        assert fields[-1].startswith("20") and fields[-1].endswith("Z"), "the date"


@pytest.mark.parametrize(
    "argv",
    [
        ["replay"],
        ["replay", "3", "--list"],
        ["--config", "a.yaml", "check-config", "b.yaml"],
        ["--config", "", "check-config"],
        ["scores", "--config", ""],
        ["check-config", ""],
    ],
)
def test_a_command_line_that_says_two_things_is_a_usage_error(argv, capsys):
    """No replay number, a number and --list, two files to check, an empty file name (a shell
    variable not set): which was meant is a guess."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "error: " in capsys.readouterr().err


@pytest.mark.parametrize(
    "option, value",
    [
        ("--exit-after", "nan"),  # ran for ever
        ("--exit-after", "-5"),  # quit at once, exit code 0
        ("--exit-after", "inf"),
        ("--screenshots", "{FILE}"),  # a traceback
        ("--screenshots", "{FILE}/shots"),
    ],
)
def test_a_run_option_the_cabinet_cannot_use_is_one_usage_line(option, value, tmp_path, capsys):
    a_file = tmp_path / "cabinet.yaml"
    a_file.write_text("")
    with pytest.raises(SystemExit) as exit_info:
        main(["--headless", option, value.replace("{FILE}", str(a_file))])
    assert exit_info.value.code == 2
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.startswith("python -m cabinet: error: argument " + option), said


def fast_run(monkeypatch, script):
    """App.run replaced by a loop without pacing that feeds ``script(app, step_number)``'s events."""
    seen = {}

    def run(self):
        for number in range(2000):
            if not self.running:
                break
            self.pump()
            self.step(script(self, number))
        seen["stopped"] = not self.running
        seen["top"] = self.ctx.scenes.top
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    return seen


def test_input_test_exits_when_the_test_is_left(monkeypatch):
    both_starts = [InputEvent(1, Action.START, True), InputEvent(2, Action.START, True)]
    seen = fast_run(monkeypatch, lambda app, n: both_starts if n == 0 else None)
    args = build_parser().parse_args(["input-test", "--headless"])
    assert app_module.main(args, start_scene="input-test") == 0
    assert seen["stopped"], f"still running after {EXIT_FRAMES} frames held, on {seen['top'].name}"


@pytest.fixture
def stored_replay():
    store = Store.open()
    replay_id = store.replays.save(recorded(score=4321))
    store.close()
    return replay_id


def test_start_ends_the_replay_command(monkeypatch, stored_replay):
    seen = fast_run(
        monkeypatch, lambda app, n: [InputEvent(2, Action.START, True)] if n == 30 else None
    )
    args = build_parser().parse_args(["replay", str(stored_replay), "--headless"])
    assert app_module.main(args, replay_id=args.id) == 0
    assert seen["stopped"] and not seen["top"].finished, "ended by Start, before the game's end"


def test_esc_ends_the_replay_command_even_fullscreen(monkeypatch, stored_replay):
    def escape(app, n):
        if n == 30:
            pygame.event.post(
                pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41
                )
            )

    seen = fast_run(monkeypatch, escape)
    args = build_parser().parse_args(["replay", str(stored_replay), "--headless"])
    assert app_module.main(args, replay_id=args.id) == 0
    assert seen["stopped"] and not seen["top"].finished


def test_help_lists_the_exit_codes_and_the_search_order(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "exit codes:" in out and "3  check-config: the file cannot be used at all" in out
    assert "~/.config/arcadeforge/cabinet.yaml" in out and "/etc/arcadeforge/cabinet.yaml" in out


def test_output_cut_short_by_the_reader_is_no_traceback(tmp_path):
    """`check-config | head -1`: the reader leaves early; the command stops quietly."""
    import os
    import subprocess
    import sys

    path = settings_file(tmp_path, "".join(f"stray_{i}: 1\n" for i in range(150)))
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line: every write fails
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-m", "cabinet", "check-config", str(path)],
        stdout=write_end,
        stderr=subprocess.PIPE,
        env=env,
        timeout=120,
        text=True,
    )
    os.close(write_end)
    assert "Traceback" not in child.stderr and "Error" not in child.stderr, child.stderr
    assert child.returncode == 1, "failed: its output was not all delivered"
