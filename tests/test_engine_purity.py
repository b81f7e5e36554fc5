"""Engines stay pure: no pygame, no clock, no global random (DESIGN.md, rule 1)."""

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "cabinet" / "games"
# The rules and the AIs; scenes, animations and demo pilots may draw and time things.
PURE = sorted(p for p in GAMES.glob("*/*.py")
              if p.stem not in {"scene", "animation", "demo", "cursor", "field_view", "hud", "layouts", "seat",
                                "versus_scene", "versus_view", "ghost", "marks", "alerts"})
FORBIDDEN = {"pygame", "time", "datetime", "threading", "os"}


@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_engine_modules_import_no_clock_or_screen_and_use_only_seeded_random(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
            if node.module == "random":
                assert [a.name for a in node.names] == ["Random"], f"{path.name}: from random import ..."
    assert not imported & FORBIDDEN, f"{path.name} imports {imported & FORBIDDEN}"
    global_random = [node.attr for node in ast.walk(tree)
                     if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                     and node.value.id == "random" and node.attr != "Random"]
    assert global_random == [], f"{path.name} uses the global random: {global_random}"


def test_the_pure_list_holds_both_engines_and_ais():
    names = {f"{p.parent.name}/{p.stem}" for p in PURE}
    assert {"blocks/engine", "blocks/ai", "antigravity/engine", "antigravity/field", "antigravity/ai"} <= names
