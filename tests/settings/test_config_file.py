"""Saving settings: the round trip is exact, the operator's comments and order survive, writes are atomic."""

import copy
import dataclasses
import os
import random
import re
import typing
from pathlib import Path

import pytest

from cabinet.inputs.wiring import BUTTON_ACTIONS, clashes, wiring
from cabinet.outputs.wiring import output_clashes
from cabinet.settings import save as config_file
from cabinet.settings.checks import dearest_price
from cabinet.settings.load import SHIPPED_CONFIG, load_settings, parse_settings, with_own_id
from cabinet.settings.save import save_path, save_settings
from cabinet.settings.schema import CONTAINER_ITEMS, ContestList, Settings, topic_name_problem
from cabinet.system.price_table import PRESETS, PriceTable
from support.settings import SHIPPED


def comments(text):
    """Every comment; a "#" inside a double-quoted value (e.g. a host "x # y") is not one."""
    unquoted = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    return [match.strip() for match in re.findall(r"#[^\n]*", unquoted)]


def keys_in_order(text):
    return re.findall(r"^\s*-?\s*([A-Za-z_0-9]+):", text, flags=re.M)


@pytest.fixture
def config(tmp_path):
    (tmp_path / "etc").mkdir()
    path = tmp_path / "etc" / "cabinet.yaml"
    path.write_text(SHIPPED, encoding="utf-8")
    return path


def test_saving_unchanged_settings_leaves_the_file_byte_for_byte(config):
    save_settings(config, load_settings(config).settings)
    assert config.read_text(encoding="utf-8") == SHIPPED


def test_changed_values_are_patched_in_place(config):
    settings = load_settings(config).settings
    settings.credits.free_play = False
    settings.credits.price_table_2 = PriceTable([(4, 1)])
    settings.antigravity.difficulties["hard"].turn_seconds = 3.5
    settings.antigravity.versus.p2.target_kind = "score"
    settings.inputs.gpio.p1.left = None
    save_settings(config, settings)
    text = config.read_text(encoding="utf-8")
    assert load_settings(config).settings == settings
    assert comments(text) == comments(SHIPPED)
    assert keys_in_order(text) == keys_in_order(SHIPPED)
    assert "  free_play: false          # true: no coins needed\n" in text  # comment column kept
    assert "    hard:     {colours: 5, turn_seconds: 3.5}\n" in text
    changed = [(a, b) for a, b in zip(SHIPPED.splitlines(), text.splitlines()) if a != b]
    assert len(changed) == 5 and len(text.splitlines()) == len(SHIPPED.splitlines())


def random_value(fld, hint, current, rng):
    meta = fld.metadata
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    base = args[0] if args else hint
    if meta.get("choices"):
        return rng.choice(meta["choices"])
    if meta.get("check") is topic_name_problem:  # site and cabinet ids: MQTT topic levels
        return rng.choice(["bar-2", "Site_9", "a.b"])
    if base is bool:
        return not current
    if base is int:
        if args and rng.random() < 0.2:
            return None
        return rng.randint(meta.get("min") or 0, meta.get("max") or 1000)
    if base is float:
        low, high = meta.get("min") or 0, meta.get("max") or 100
        return min(max(round(rng.uniform(low, high), rng.choice((0, 1, 2))), low), high)
    if base is PriceTable:
        return rng.choice(PRESETS)
    if base is str:
        texts = [
            "LIST Z",
            "A: B",
            "true",
            "123",
            "x # y",
            "Ünïcode",
            "'quoted'",
            "  pad",
            "",
            "22:30-07:15",
        ]
        check = meta.get("check") or (lambda text: None)
        return rng.choice([text for text in texts if check(text) is None])
    raise AssertionError(f"no generator for {hint}")


def mutate(obj, rng, owner=None):
    """Change a random third of every leaf value, within the schema's bounds."""
    hints = typing.get_type_hints(type(obj))
    for fld in dataclasses.fields(obj):
        value = getattr(obj, fld.name)
        container = CONTAINER_ITEMS.get((type(obj), fld.name))
        if dataclasses.is_dataclass(value):
            mutate(value, rng)
        elif container is not None and isinstance(value, dict):
            for item in value.values():
                mutate(item, rng)
        elif container is not None:
            item_cls = container[0]
            for item in value:
                mutate(item, rng)
            if rng.random() < 0.3 and value:
                value.pop(rng.randrange(len(value)))
            if rng.random() < 0.3:
                value.append(item_cls(name=f"NEW {rng.randint(0, 99)}"))
            names = set()
            value[:] = [c for c in value if not (c.name in names or names.add(c.name))]
        elif rng.random() < 0.33:
            setattr(obj, fld.name, random_value(fld, hints[fld.name], value, rng))


def unclash(settings):
    """Disable the later of any two inputs given one pin or button, and any output on a taken
    pin, as an operator must."""
    for users in clashes(wiring(settings.inputs.gpio)).values():
        for wired in users[1:]:
            panel, name = wired.key.split(".")[-2:]
            setattr(getattr(settings.inputs.gpio, panel), name, None)
    for _pin, outputs, _inputs in output_clashes(settings.outputs, settings.inputs.gpio):
        for wired in outputs:  # an output on a taken pin: not wired
            getattr(settings.outputs, wired.name).pin = None
    for entry in settings.inputs.joysticks:
        used = set()
        for control in BUTTON_ACTIONS:
            if getattr(entry, control) in used:
                setattr(entry, control, None)
            used.add(getattr(entry, control))
    credits = settings.credits  # and hold enough credits for the dearest game
    credits.max_credits = max(credits.max_credits, dearest_price(credits))


@pytest.mark.parametrize("seed", range(25))
def test_random_changes_round_trip_and_keep_every_kept_comment(config, seed):
    rng = random.Random(seed)
    settings = load_settings(config).settings
    for _ in range(2):
        mutate(settings, rng)
        unclash(settings)
        save_settings(config, settings)
        loaded = load_settings(config)
        assert loaded.problems == []
        assert loaded.settings == with_own_id(
            settings
        )  # an empty network.cabinet reads as this machine's id
    text = config.read_text(encoding="utf-8")
    # Items of a list may be removed with their comments: only the rest must stay.
    list_comments = set(comments(SHIPPED[SHIPPED.index("  contests:") : SHIPPED.index("inputs:")]))
    list_comments |= set(
        comments(SHIPPED[SHIPPED.index("  joysticks:") : SHIPPED.index("  blocks_repeat:")])
    )
    kept = [c for c in comments(SHIPPED) if c not in list_comments]
    assert [c for c in comments(text) if c in kept] == kept


def test_contest_lists_grow_and_shrink(config):
    settings = load_settings(config).settings
    settings.antigravity.contests.append(ContestList(name="MY LIST: X", seed=5))
    save_settings(config, settings)
    assert load_settings(config).settings == settings
    assert '    - name: "MY LIST: X"\n      seed: 5\n' in config.read_text(encoding="utf-8")
    settings.antigravity.contests = settings.antigravity.contests[:1]
    save_settings(config, settings)
    text = config.read_text(encoding="utf-8")
    assert load_settings(config).settings == settings
    assert "STANDARD" not in text and "# shown in list select" in text
    settings.antigravity.contests = []
    save_settings(config, settings)
    loaded = load_settings(config)
    assert [p.key for p in loaded.problems] == ["antigravity.contests"]
    assert loaded.settings.antigravity.contests == Settings().antigravity.contests


def test_keys_missing_from_the_file_are_added_in_their_section(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "# my cabinet\ncredits:\n  free_play: false   # paid venue\nantigravity:\n  difficulties:\n    warmup: {colours: 3}\n",
        encoding="utf-8",
    )
    settings = load_settings(path).settings
    settings.credits.max_credits = 20
    settings.display.rotation = 90
    settings.antigravity.difficulties["warmup"].turn_seconds = 12.0
    settings.antigravity.difficulties["hard"].colours = 4
    settings.antigravity.width = 8
    save_settings(path, settings)
    text = path.read_text(encoding="utf-8")
    assert load_settings(path).settings == settings
    assert text.startswith(
        "# my cabinet\ncredits:\n  free_play: false   # paid venue\n  max_credits: 20\n"
    )
    assert "    warmup: {colours: 3, turn_seconds: 12}\n" in text
    assert "display:\n  fullscreen: true\n  rotation: 90\n" in text


def test_a_bad_value_in_the_file_is_replaced_by_the_one_saved(config):
    config.write_text(SHIPPED.replace("rotation: 0 ", "rotation: 45"), encoding="utf-8")
    loaded = load_settings(config)
    assert loaded.problems and loaded.settings.display.rotation == 0
    save_settings(config, loaded.settings)
    assert load_settings(config).problems == []
    assert "  rotation: 0               # 0, 90" in config.read_text(encoding="utf-8")


def test_a_value_yaml_cannot_build_is_saved_over_with_the_file_kept_aside(config):
    """``!!bool maybe`` makes pyyaml raise a KeyError, not a YAMLError: the save must still work."""
    config.write_text(config.read_text().replace("free_play: true ", "free_play: !!bool maybe ", 1))
    settings = load_settings(config).settings
    settings.credits.free_play = False
    backup = save_settings(config, settings)
    assert backup is not None and "!!bool maybe" in backup.read_text()
    loaded = load_settings(config)
    assert loaded.problems == [] and loaded.settings.credits.free_play is False


def test_a_private_settings_file_stays_private_in_its_backup_and_last_good_copy(
    tmp_path, monkeypatch
):
    """A file only its owner may read (it may hold a broker password) must not be copied into
    files everyone may read."""
    from cabinet.settings.last_good import load_for_cabinet

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "cabinet.yaml"
    path.write_text(SHIPPED.replace("free_play: true ", "free_play: maybe", 1), encoding="utf-8")
    path.chmod(0o600)
    loaded = load_for_cabinet(path)
    backup = save_settings(path, loaded.settings)
    load_for_cabinet(path)
    last_good = tmp_path / "state" / "settings.last-good.yaml"
    assert {f.name: f.stat().st_mode & 0o777 for f in (path, backup, last_good)} == {
        path.name: 0o600,
        backup.name: 0o600,
        last_good.name: 0o600,
    }


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away"
)
def test_a_save_by_root_leaves_the_file_to_its_owner(config):
    """An operator who runs the cabinet with sudo once must not lock the service's user out of its file."""
    os.chown(config, 4321, 4321)
    settings = load_settings(config).settings
    settings.credits.max_credits = 7
    save_settings(config, settings)
    assert (config.stat().st_uid, config.stat().st_gid) == (4321, 4321)


def test_saving_through_a_symbolic_link_writes_the_file_it_points_to(tmp_path):
    """/etc/arcadeforge/cabinet.yaml is often a link to a file the operator edits elsewhere (the
    SD card's boot partition): the save must update that file, not replace the link by a copy."""
    (tmp_path / "boot").mkdir()
    (tmp_path / "etc").mkdir()
    target = tmp_path / "boot" / "cabinet.yaml"
    target.write_text(SHIPPED, encoding="utf-8")
    link = tmp_path / "etc" / "cabinet.yaml"
    link.symlink_to(Path("..") / "boot" / "cabinet.yaml")
    settings = load_settings(link).settings
    settings.credits.max_credits = 7
    save_settings(link, settings)
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert load_settings(target).settings.credits.max_credits == 7
    assert [p.name for p in (tmp_path / "etc").iterdir()] == ["cabinet.yaml"]


def test_a_file_that_is_not_yaml_is_replaced_by_the_shipped_template(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("credits: [unclosed\n  : :\n", encoding="utf-8")
    settings = Settings()
    settings.audio.master_volume = 30
    backup = save_settings(path, settings)
    text = path.read_text(encoding="utf-8")
    assert load_settings(path).settings == settings
    assert comments(text) == comments(SHIPPED)
    assert backup.parent == tmp_path and backup.name.startswith("broken.yaml.broken-")
    assert backup.read_text(encoding="utf-8") == "credits: [unclosed\n  : :\n"


def test_when_patching_cannot_work_the_file_is_written_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(config_file, "SHIPPED_CONFIG", tmp_path / "missing.yaml")
    path = tmp_path / "list.yaml"
    path.write_text("- just a list\n", encoding="utf-8")
    settings = Settings()
    settings.blocks.rotation = True
    save_settings(path, settings)
    assert parse_settings(path.read_text(encoding="utf-8")).settings == settings


def test_write_is_atomic_and_tidy(config, monkeypatch):
    os.chmod(config, 0o640)
    stale = config.parent / f".{config.name}.tmp-99999"
    stale.write_text("half a file from a power cut")
    settings = load_settings(config).settings
    settings.audio.buffer = 1024
    save_settings(config, settings)
    assert not stale.exists()
    assert oct(config.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(p.name for p in config.parent.iterdir()) == ["cabinet.yaml"]

    before = config.read_text(encoding="utf-8")
    settings.audio.buffer = 2048

    def refuse(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space"):
        save_settings(config, settings)
    assert config.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in config.parent.iterdir()) == ["cabinet.yaml"]


def test_saving_to_a_new_path_uses_the_documented_template(tmp_path):
    path = tmp_path / "etc" / "cabinet.yaml"
    path.parent.mkdir()
    settings = copy.deepcopy(Settings())
    settings.credits.free_play = False
    save_settings(path, settings)
    assert load_settings(path).settings == settings
    assert comments(path.read_text(encoding="utf-8")) == comments(SHIPPED)


def test_settings_from_the_shipped_file_go_to_etc_only_when_its_folder_exists(
    config, tmp_path, monkeypatch
):
    etc = tmp_path / "etc-arcadeforge"
    monkeypatch.setattr("cabinet.settings.load.SYSTEM_CONFIG", etc / "cabinet.yaml")
    user_file = (
        tmp_path / "user-config" / "arcadeforge" / "cabinet.yaml"
    )  # XDG_CONFIG_HOME (conftest)
    assert save_path(SHIPPED_CONFIG) == user_file and save_path(None) == user_file
    etc.mkdir()
    assert (
        save_path(SHIPPED_CONFIG) == etc / "cabinet.yaml"
        and save_path(None) == etc / "cabinet.yaml"
    )
    assert save_path(config) == config, "any other file is saved where it was loaded from"


def test_saving_never_creates_a_system_folder(tmp_path):
    path = tmp_path / "etc" / "arcadeforge" / "cabinet.yaml"
    with pytest.raises(FileNotFoundError):
        save_settings(path, Settings())
    assert not (tmp_path / "etc").exists()


def test_saving_creates_the_users_own_config_folder(tmp_path):
    path = tmp_path / "user-config" / "arcadeforge" / "cabinet.yaml"  # XDG_CONFIG_HOME (conftest)
    save_settings(path, Settings())
    assert load_settings(path).settings == Settings() and load_settings(path).problems == []
