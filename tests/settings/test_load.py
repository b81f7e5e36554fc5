"""The settings schema, the shipped YAML and validation that names key and line."""

import dataclasses
import re

from cabinet.__main__ import main
from cabinet.settings.load import SHIPPED_CONFIG, load_settings, parse_settings
from cabinet.settings.schema import Settings


def test_shipped_yaml_is_clean_and_equals_the_factory_settings():
    loaded = load_settings(SHIPPED_CONFIG)
    assert loaded.problems == []
    assert loaded.settings == Settings()


def _schema_keys(cls, prefix=""):
    for f in dataclasses.fields(cls):
        key = f"{prefix}{f.name}"
        value = f.default_factory() if f.default_factory is not dataclasses.MISSING else None
        if dataclasses.is_dataclass(value):
            yield from _schema_keys(type(value), key + ".")
        else:
            yield key


def test_the_shipped_yaml_spells_out_every_setting():
    written = set(load_settings(SHIPPED_CONFIG).nodes)
    missing = [key for key in _schema_keys(Settings) if key not in written]
    assert missing == []


def test_bad_value_names_key_and_line_and_falls_back():
    loaded = parse_settings("blocks:\n  piece_set: hexomino\n  gravity: 3\n", "op.yaml")
    assert loaded.settings.blocks.piece_set == "classic"
    assert loaded.settings.blocks.gravity is True
    messages = [str(p) for p in loaded.problems]
    assert re.match(
        r"op\.yaml:2: blocks\.piece_set: must be one of classic, tetromino", messages[0]
    )
    assert messages[1].startswith("op.yaml:3: blocks.gravity: must be true or false")


def test_anti_gravity_versus_attack_settings_are_checked_and_fall_back():
    text = (
        "antigravity:\n  versus:\n    attacks: maybe\n    stone_max: 13\n"
        "    p1: {attack_percent: 49}\n    p2: {attack_percent: 200}\n"
    )
    loaded = parse_settings(text, "op.yaml")
    versus = loaded.settings.antigravity.versus
    assert (
        versus.attacks,
        versus.stone_max,
        versus.p1.attack_percent,
        versus.p2.attack_percent,
    ) == (True, 6, 100, 200)
    messages = [str(p) for p in loaded.problems]
    assert messages[0].startswith("op.yaml:3: antigravity.versus.attacks: must be true or false")
    assert messages[1].startswith("op.yaml:4: antigravity.versus.stone_max:")
    assert messages[2].startswith("op.yaml:5: antigravity.versus.p1.attack_percent:")
    assert len(messages) == 3


def test_unknown_key_is_warned_and_the_rest_is_read():
    loaded = parse_settings("blocks:\n  rotaton: true\n  rotation: true\n", "op.yaml")
    assert loaded.settings.blocks.rotation is True
    assert [p.key for p in loaded.problems] == ["blocks.rotaton"]


def test_out_of_range_difficulty_keeps_that_difficultys_own_default():
    loaded = parse_settings("antigravity:\n  difficulties:\n    warmup: {colours: 9}\n")
    assert loaded.settings.antigravity.difficulties["warmup"].colours == 3
    assert loaded.settings.antigravity.difficulties["warmup"].turn_seconds == 10
    assert loaded.problems[0].line == 3


def test_not_yaml_at_all_gives_defaults_and_one_notice():
    loaded = parse_settings("display: [unclosed\n  rotation: 90\n", "broken.yaml")
    assert loaded.settings == Settings()
    assert len(loaded.problems) == 1
    assert "not valid YAML" in loaded.problems[0].message


def test_search_order_prefers_flag_then_environment(tmp_path, monkeypatch):
    env_file = tmp_path / "env.yaml"
    env_file.write_text("blocks:\n  rotation: true\n")
    flag_file = tmp_path / "flag.yaml"
    flag_file.write_text("blocks:\n  gravity: false\n")
    monkeypatch.setenv("CABINET_CONFIG", str(env_file))
    assert load_settings().settings.blocks.rotation is True
    assert load_settings(flag_file).settings.blocks.gravity is False


def test_check_config_exits_1_and_prints_each_problem(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("display:\n  rotation: 45\naudio:\n  volume: 3\n")
    assert main(["check-config", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:2: display.rotation: must be one of 0, 90, 180, 270" in out
    assert f"{bad}:4: audio.volume: unknown key" in out
    assert main(["check-config", str(SHIPPED_CONFIG)]) == 0


def test_a_missing_file_on_a_cabinet_that_never_ran_gives_factory_settings(tmp_path):
    loaded = load_settings(tmp_path / "missing.yaml")
    assert loaded.settings == Settings()
    assert [p.message for p in loaded.problems] == ["not found; USING FACTORY SETTINGS"]


def test_a_language_the_cabinet_lacks_names_its_key_and_falls_back_to_english():
    loaded = parse_settings("display:\n  language: fr\n", "op.yaml")
    assert loaded.settings.display.language == "en"
    assert str(loaded.problems[0]).startswith(
        "op.yaml:2: display.language: must be one of en, ms, ja"
    )


def test_a_price_text_too_long_for_the_credit_line_falls_back_to_none():
    loaded = parse_settings('credits:\n  price_text: "RM1 PER CREDIT PLEASE"\n', "op.yaml")
    assert loaded.settings.credits.price_text == ""
    assert str(loaded.problems[0]).startswith(
        "op.yaml:2: credits.price_text: must be at most 12 characters"
    )
    assert (
        parse_settings('credits:\n  price_text: "100円"\n', "op.yaml").settings.credits.price_text
        == "100円"
    )


def test_a_missing_closing_quote_is_blamed_on_its_own_line_not_the_next_key():
    # Seen: `password: "...` without its closing quote was reported as the next line's
    # network.password_file, "a line indented unlike the keys above it".
    text = 'network:\n  username: ""\n  password: "Zq7-SECRET\n  password_file: ""  # its file\n  site: bar\n'
    loaded = parse_settings(text, "op.yaml")
    (problem,) = loaded.problems
    assert (problem.line, problem.key) == (3, "network.password"), str(problem)
    assert "closing quote" in problem.message and "noticed at line" in problem.message
    assert "Zq7" not in str(problem)
