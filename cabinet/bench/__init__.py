"""`python -m cabinet bench`: the measured figures behind every issue's targets.

Each area registers a section with :func:`section`. A section is a function
``run(quick: bool) -> list[Figure]``; ``quick`` asks for a short run (used by
the tests to prove the bench works, never to judge its numbers). Several modules
may register parts of one section (each game its own part of ``versus``, say):
the section reports the figures of every part, in the order they registered.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

# Modules that register sections, imported when the bench runs (not when the cabinet starts).
SECTION_MODULES = [
    "cabinet.bench.blocks",
    "cabinet.bench.antigravity",
    "cabinet.bench.inputs",
    "cabinet.bench.audio",
    "cabinet.bench.scenes",
    "cabinet.bench.startup",
    "cabinet.bench.storage",
    "cabinet.bench.versus_blocks",
    "cabinet.bench.ramp_blocks",
    "cabinet.bench.versus_antigravity",
    "cabinet.bench.ramp_antigravity",
    "cabinet.bench.ramp_cpu",
    "cabinet.bench.network",
    "cabinet.bench.soak",
]


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: str = ""  # e.g. ">= 500000" or "<= 15"; empty when there is none


_PARTS: dict[str, list[Callable[[bool], list[Figure]]]] = {}


@contextlib.contextmanager
def state_directory(path: str):
    """Point ``STATE_DIRECTORY`` (where a cabinet keeps its state) at ``path`` for the block."""
    previous = os.environ.get("STATE_DIRECTORY")
    os.environ["STATE_DIRECTORY"] = path
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("STATE_DIRECTORY", None)
        else:
            os.environ["STATE_DIRECTORY"] = previous


def section(name: str):
    """Decorator: register ``run(quick) -> list[Figure]`` as (a part of) section ``name``."""
    def register(func):
        _PARTS.setdefault(name, []).append(func)
        return func
    return register


def _whole(parts: list[Callable[[bool], list[Figure]]]) -> Callable[[bool], list[Figure]]:
    return lambda quick: [figure for part in parts for figure in part(quick)]


def load_sections() -> dict[str, Callable[[bool], list[Figure]]]:
    for module in SECTION_MODULES:
        importlib.import_module(module)
    return {name: _whole(parts) for name, parts in _PARTS.items()}


def meets(figure: Figure) -> bool | None:
    """Whether a figure meets its target; None when it has none."""
    if not figure.target:
        return None
    op, _, bound = figure.target.partition(" ")
    bound = float(bound)
    return figure.value >= bound if op == ">=" else figure.value <= bound


def run(only: list[str] | None = None, quick: bool = False, as_json: bool = False) -> int:
    """Run the sections (all, or ``only``), printing each as it ends; 128 + the signal when stopped.

    SIGTERM or Ctrl-C ends the run at once, workers and all (:mod:`cabinet.bench.stopping`);
    the sections already finished have been printed (the table), or are printed (JSON).
    """
    from cabinet.bench.stopping import Stopped, stoppable
    sections = load_sections()
    chosen = only or list(sections)
    unknown = [name for name in chosen if name not in sections]
    if unknown:
        print(f"bench: unknown section(s): {', '.join(unknown)}; known: {', '.join(sections)}")
        return 2
    results = {}
    try:
        with stoppable():
            for name in chosen:
                started, cpu = time.perf_counter(), _cpu_seconds()
                results[name] = sections[name](quick)
                if not as_json:
                    _print_section(name, results[name], time.perf_counter() - started, _cpu_seconds() - cpu)
    except Stopped as stop:
        print(f"bench: stopped by {stop}; {len(results)} of {len(chosen)} section(s) finished",
              file=sys.stderr, flush=True)
        return 128 + stop.signum
    finally:
        if as_json:
            print(json.dumps({name: [asdict(f) | {"meets": meets(f)} for f in figs]
                              for name, figs in results.items()}, indent=2))
    return 0


def _cpu_seconds() -> float:
    """CPU time of the bench and its finished children (pool workers, cabinets it ran)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _print_section(name: str, figures: list[Figure], seconds: float, cpu: float) -> None:
    # CPU seconds as well as wall time: on a shared machine the wall time says little.
    print(f"\n== {name} ({seconds:.0f} s, {cpu:.0f} CPU s)")
    for fig in figures:
        verdict = {True: "ok", False: "MISSED", None: ""}[meets(fig)]
        print(f"  {fig.name:<52} {fig.value:>12.3f} {fig.unit:<10} {fig.target:<12} {verdict}")
    sys.stdout.flush()
