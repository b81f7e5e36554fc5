"""The house runs one way (DESIGN.md; docs/architecture.md): the layers, by folder, and pure games.

The import graph of ``cabinet/`` is read from the source with ``ast``, imports
inside functions included, and an import of ``a.b.c`` counts as importing ``a``
and ``a.b`` too, since Python runs each package file first: it has no cycle, and
no module imports from a layer above its own. Every module under ``cabinet/games``
imports in a fresh interpreter where pygame, the clock and threads cannot be
loaded; no module that draws nothing loads pygame, and no package file loads a
module. A new module needs no entry here: its folder says which layer it is in.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from support import ROOT

CABINET = ROOT / "cabinet"

# Lowest first. A module belongs to the longest prefix that names it; it may import
# its own layer and the ones below, never one above.
LAYERS = [
    [
        "cabinet",
        "cabinet.settings",
        "cabinet.system",
        "cabinet.inputs",
        "cabinet.outputs",
        "cabinet.language",
    ],
    ["cabinet.games"],
    # saving settings and keeping the last good ones write files the way storage does (atomic, aside)
    [
        "cabinet.storage",
        "cabinet.settings.save",
        "cabinet.settings.last_good",
        "cabinet.audio",
        "cabinet.render",
    ],
    # the updater's MQTT side: announcements and the staged rollout ride on the fleet link
    ["cabinet.network", "cabinet.update.channel", "cabinet.update.rollout"],
    ["cabinet.scenes", "cabinet.scenes.kit"],
    ["cabinet.scenes.blocks", "cabinet.scenes.antigravity"],
    ["cabinet.scenes.catalogue"],
    ["cabinet.scenes.flow"],
    ["cabinet.scenes.service"],
    [
        "cabinet.context",
        "cabinet.panel",
        "cabinet.app",
        "cabinet.bench",
        "cabinet.doctor",
        "cabinet.update.cli",
        "cabinet.update.service",
        "cabinet.__main__",
    ],
]
# Folders of one layer that stay apart: one game's rules or screens never import another game's.
APART = [
    "cabinet.games.blocks",
    "cabinet.games.antigravity",
    "cabinet.scenes.blocks",
    "cabinet.scenes.antigravity",
]
# What no module under cabinet/games may load (DESIGN.md, rule 1: no screen, no clock, no threads).
IMPURE = ("pygame", "time", "datetime", "threading", "os")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(CABINET.rglob("*.py"))}


def _under_type_checking(tree) -> set[int]:
    """ids of import nodes inside ``if TYPE_CHECKING:`` (annotations only: they never run)."""
    skipped = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.If)
            and getattr(node.test, "id", getattr(node.test, "attr", None)) == "TYPE_CHECKING"
        ):
            skipped |= {id(inner) for part in node.body for inner in ast.walk(part)}
    return skipped


def _target(name: str) -> str:
    """The cabinet module an import of ``name`` loads (a package for a name inside it)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def loaded_by(name: str) -> list[str]:
    """What importing cabinet module ``name`` runs: each package above it, then itself."""
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts) + 1)]


def imports_of(module: str) -> list[tuple[str, int, bool]]:
    """(cabinet module, line, runs) of every import in ``module``, each package it runs first
    included; ``runs`` is False under TYPE_CHECKING."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _under_type_checking(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            # from package import module: the module; from module import name: the module.
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for name in names:
            if name == "cabinet" or name.startswith("cabinet."):
                found += [
                    (loaded, node.lineno, id(node) not in skipped)
                    for loaded in loaded_by(_target(name))
                ]
    return found


def layer_of(module: str) -> int:
    best = max(
        (
            prefix
            for layer in LAYERS
            for prefix in layer
            if module == prefix or module.startswith(prefix + ".")
        ),
        key=len,
    )
    return next(index for index, layer in enumerate(LAYERS) if best in layer)


def apart_of(module: str) -> str | None:
    """The game whose own folder holds ``module`` ("blocks" for cabinet.scenes.blocks.play), or None."""
    folder = next(
        (folder for folder in APART if module == folder or module.startswith(folder + ".")), None
    )
    return folder and folder.rpartition(".")[2]


def test_no_module_imports_from_a_layer_above_its_own():
    wrong = []
    for module in MODULES:
        for target, line, _ in imports_of(module):
            if layer_of(target) > layer_of(module):
                wrong.append(f"{MODULES[module].relative_to(ROOT)}:{line} imports {target}")
            elif apart_of(module) and apart_of(target) and apart_of(module) != apart_of(target):
                wrong.append(
                    f"{MODULES[module].relative_to(ROOT)}:{line} imports {target} (another game's)"
                )
    assert wrong == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: strongly connected parts of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while not part or part[-1] != node:
                part.append(stack.pop())
                on_stack.discard(part[-1])
            if len(part) > 1:
                found.append(sorted(part))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_cabinets_imports_have_no_circle():
    graph = {
        module: {target for target, _, runs in imports_of(module) if runs and target != module}
        for module in MODULES
    }
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_an_import_runs_the_packages_above_the_module():
    assert loaded_by("cabinet.storage.db") == ["cabinet", "cabinet.storage", "cabinet.storage.db"]
    assert {"cabinet.scenes", "cabinet.scenes.service"} <= {
        target for target, _, _ in imports_of("cabinet.scenes.service.menu")
    }


GUARD = f"""
import builtins, importlib, sys
sys.modules["pygame"] = None   # pygame cannot load at all
real_import = builtins.__import__

def guarded(name, globals=None, locals=None, fromlist=(), level=0):
    importer = (globals or {{}}).get("__name__", "")
    if importer.startswith("cabinet") and level == 0 and name.split(".")[0] in {IMPURE!r}:
        raise ImportError(f"{{importer}} imports {{name}}")
    return real_import(name, globals, locals, fromlist, level)

builtins.__import__ = guarded
for name in sys.argv[1:]:
    importlib.import_module(name)
"""


def test_every_games_module_imports_without_pygame_clock_or_threads():
    games = [module for module in MODULES if module.startswith("cabinet.games")]
    result = subprocess.run(
        [sys.executable, "-c", GUARD, *games], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1]


def test_the_guard_refuses_a_clock():
    result = subprocess.run(
        [sys.executable, "-c", GUARD.replace('"cabinet"', '"__main__"') + "\nimport time\n"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "imports time" in result.stderr


# Modules that draw nothing and so must not start pygame: the games (and the AI worker that thinks for
# them), and what check-config, scores, fleet and the sound export load without a screen.
NO_PYGAME_FOLDERS = (
    "cabinet.games",
    "cabinet.language",
    "cabinet.settings",
    "cabinet.storage",
    "cabinet.network",
)
NO_PYGAME = [
    "cabinet.render.palette",
    "cabinet.render.glyphs",
    "cabinet.audio.effects",
    "cabinet.audio.export",
    *(module for module in MODULES if module.startswith(NO_PYGAME_FOLDERS)),
]
PACKAGES = [module_name(path) for path in sorted(CABINET.rglob("__init__.py"))]

LOADED = """
import importlib, sys
for name in sys.argv[2:]:
    importlib.import_module(name)
    if sys.argv[1] == "pygame":
        assert "pygame" not in sys.modules, f"importing {name} loads pygame"
if sys.argv[1] == "cabinet":
    print(" ".join(sorted(name for name in sys.modules if name.startswith("cabinet"))))
"""


def _loaded(check: str, modules: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", LOADED, check, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_no_module_that_draws_nothing_loads_pygame():
    result = _loaded("pygame", NO_PYGAME)
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1]


def test_the_pygame_check_sees_a_module_that_draws():
    result = _loaded("pygame", ["cabinet.render.palette", "cabinet.render.text"])
    assert "importing cabinet.render.text loads pygame" in result.stderr


def test_no_package_file_loads_a_module():
    """A package's face costs no import: importing every package loads the packages alone."""
    result = _loaded("cabinet", PACKAGES)
    assert result.returncode == 0, result.stderr
    assert sorted(result.stdout.split()) == sorted(PACKAGES)


@pytest.mark.parametrize("module", [m for m in MODULES if m.startswith("cabinet.games")])
def test_games_use_only_seeded_random(module):
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            assert [alias.name for alias in node.names] == ["Random"], (
                f"{module}: from random import ..."
            )
    global_random = [
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "random"
        and node.attr != "Random"
    ]
    assert global_random == [], f"{module} uses the global random: {global_random}"
