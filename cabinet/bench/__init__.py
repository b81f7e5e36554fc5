"""`python -m cabinet bench`: the measured figures behind every issue's targets.

Each area registers a section with :func:`section`. A section is a function
``run(quick: bool) -> list[Figure]``; ``quick`` asks for a short run (used by
the tests to prove the bench works, never to judge its numbers). Several modules
may register parts of one section (each game its own part of ``versus``, say):
the section reports the figures of every part, in the order they registered.

A section registered with ``beside=True`` does its work in a child process of its
own that needs one core and much time (the soak): it starts in a thread and runs
beside the other sections; its figures are printed once it ends. It starts with
the first section not registered with ``alone=True``: those time the cabinet against
the clock (input latency, frame times, idle CPU, start-up, storage and network
latencies) and come first. A cabinet runs alone on its board, and a process hogging
the other core here would time this machine's scheduler instead.

A whole run takes about 10 minutes on an idle 2-core machine. Each section prints its
CPU seconds beside its wall time: on a shared machine, compare those.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import resource
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

# Modules that register sections, imported when the bench runs (not when the cabinet starts).
# The sections timed alone come first; then the soak starts beside the others, taking a core
# while the one-core sections run, and the sections with two workers follow.
SECTION_MODULES = [
    "cabinet.bench.inputs",
    "cabinet.bench.audio",
    "cabinet.bench.scenes",
    "cabinet.bench.startup",
    "cabinet.bench.storage",
    "cabinet.bench.network",
    "cabinet.bench.blocks",
    "cabinet.bench.antigravity",
    "cabinet.bench.versus_blocks",
    "cabinet.bench.ramp_blocks",
    "cabinet.bench.versus_antigravity",
    "cabinet.bench.ramp_antigravity",
    "cabinet.bench.ramp_cpu",
    "cabinet.bench.soak",
]


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: str = ""  # e.g. ">= 500000", "<= 15" or "65..90"; empty when there is none


_PARTS: dict[str, list[Callable[[bool], list[Figure]]]] = {}
BESIDE: set[str] = set()  # sections that run beside the others (see the module's doc)
ALONE: set[str] = set()  # sections timed against the clock, with nothing beside them
_beside_children_cpu = 0.0  # CPU seconds of the children those sections reaped


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


def rss_mb(pid: int | str | None = "self") -> float:
    """The resident set size of process ``pid`` (this one by default) now, in MB; NaN if it has gone."""
    try:
        with open(f"/proc/{pid}/statm") as statm:
            pages = int(statm.read().split()[1])
    except OSError:
        return float("nan")
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_rss_mb(pid: int | str | None = "self") -> float:
    """The high-water resident size of process ``pid`` in MB (VmHWM); NaN if it has gone.

    A process's own, unlike the ``ru_maxrss`` its parent reaps, which also counts what
    the parent had resident when it forked the child (see :data:`PEAK_PROBE`).
    """
    try:
        with open(f"/proc/{pid}/status") as status:
            return peak_in(status.read())
    except OSError:
        return float("nan")


# ``python -c PEAK_PROBE ARGS`` runs ``python -m cabinet ARGS``, then writes its own peak
# (a VmHWM line) on stderr for :func:`peak_in` to find: a child's ``ru_maxrss`` would count
# the resident pages of the process it was forked from (a bench at 100 MB, say).
PEAK_PROBE = """import sys
from cabinet.__main__ import main
try:
    code = main(sys.argv[1:])
finally:
    print(next(row for row in open("/proc/self/status") if row.startswith("VmHWM:")), file=sys.stderr)
sys.exit(code)
"""


def peak_in(text: str) -> float:
    """The peak in MB of the VmHWM line in ``text`` (what :data:`PEAK_PROBE` writes); NaN if none."""
    found = re.search(r"VmHWM:\s+(\d+) kB", text)
    return int(found.group(1)) / 1024 if found else float("nan")


def section(name: str, beside: bool = False, alone: bool = False):
    """Decorator: register ``run(quick) -> list[Figure]`` as (a part of) section ``name``;
    ``beside``: the section runs beside the others (a child process doing its work);
    ``alone``: nothing runs beside it (it times the cabinet against the clock)."""

    def register(func):
        _PARTS.setdefault(name, []).append(func)
        if beside:
            BESIDE.add(name)
        if alone:
            ALONE.add(name)
        return func

    return register


def reaped_beside(usage: resource.struct_rusage) -> None:
    """A section running beside the others reaped a child that used ``usage``: its CPU
    time is that section's, not the one running in the foreground meanwhile."""
    global _beside_children_cpu
    _beside_children_cpu += usage.ru_utime + usage.ru_stime


class _Beside(threading.Thread):
    """A section running beside the others: its figures, or the exception that ended it."""

    def __init__(self, name: str, run: Callable[[bool], list[Figure]], quick: bool):
        super().__init__(name=f"bench {name}", daemon=True)  # a stop does not wait for it
        self.section, self._run, self._quick = name, run, quick
        self.figures: list[Figure] = []  # once it ended without an error
        self.error: BaseException | None = None
        self.seconds = self.cpu = 0.0

    def run(self) -> None:
        started, cpu, reaped = time.perf_counter(), time.thread_time(), _beside_children_cpu
        try:
            self.figures = self._run(self._quick)
        except BaseException as error:  # re-raised in the main thread, unless the bench was stopped
            self.error = error
        self.seconds = time.perf_counter() - started
        self.cpu = time.thread_time() - cpu + _beside_children_cpu - reaped


def _whole(parts: list[Callable[[bool], list[Figure]]]) -> Callable[[bool], list[Figure]]:
    return lambda quick: [figure for part in parts for figure in part(quick)]


def load_sections() -> dict[str, Callable[[bool], list[Figure]]]:
    for module in SECTION_MODULES:
        importlib.import_module(module)
    return {name: _whole(parts) for name, parts in _PARTS.items()}


def meets(figure: Figure) -> bool | None:
    """Whether a figure meets its target (">= 5", "<= 15" or a range "65..90"); None when it has none."""
    if not figure.target:
        return None
    if ".." in figure.target:
        low, _, high = figure.target.partition("..")
        return float(low) <= figure.value <= float(high)
    op, _, bound = figure.target.partition(" ")
    limit = float(bound)
    return figure.value >= limit if op == ">=" else figure.value <= limit


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
    beside = [_Beside(name, sections[name], quick) for name in chosen if name in BESIDE]
    whole, whole_cpu = time.perf_counter(), _cpu_seconds()

    def report(name: str, figures: list[Figure], seconds: float, cpu: float) -> None:
        results[name] = figures
        if not as_json:
            _print_section(name, figures, seconds, cpu)

    def report_beside(wait: bool) -> None:
        for thread in list(beside):
            if thread.ident is None:
                continue  # not started yet: the sections so far ran alone
            if wait:
                thread.join()
            if not thread.is_alive():
                beside.remove(thread)
                if thread.error is not None:
                    raise thread.error
                report(thread.section, thread.figures, thread.seconds, thread.cpu)

    def start_beside() -> None:
        for thread in beside:
            if thread.ident is None:
                thread.start()

    try:
        with stoppable():
            for name in chosen:
                if name in BESIDE:
                    continue
                if name not in ALONE:
                    start_beside()
                started, cpu = time.perf_counter(), _cpu_seconds()
                figures = sections[name](quick)
                report(name, figures, time.perf_counter() - started, _cpu_seconds() - cpu)
                report_beside(wait=False)
            start_beside()  # when every other section chosen ran alone
            report_beside(wait=True)
    except Stopped as stop:
        print(
            f"bench: stopped by {stop}; {len(results)} of {len(chosen)} section(s) finished",
            file=sys.stderr,
            flush=True,
        )
        return 128 + stop.signum
    finally:
        if as_json:
            print(
                json.dumps(
                    {
                        name: [asdict(f) | {"meets": meets(f)} for f in results[name]]
                        for name in chosen
                        if name in results
                    },
                    indent=2,
                )
            )
    if not as_json:
        total_cpu = _cpu_seconds() + _beside_children_cpu - whole_cpu
        print(
            f"\n== whole bench: {len(results)} section(s) in {time.perf_counter() - whole:.0f} s, {total_cpu:.0f} CPU s"
        )
    return 0


def _cpu_seconds() -> float:
    """CPU time of the bench and its finished children (pool workers, cabinets it ran), less
    the children that sections running beside the others reaped."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return (
        own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime - _beside_children_cpu
    )


def _print_section(name: str, figures: list[Figure], seconds: float, cpu: float) -> None:
    # CPU seconds as well as wall time: on a shared machine the wall time says little.
    print(f"\n== {name} ({seconds:.0f} s, {cpu:.0f} CPU s)")
    for fig in figures:
        verdict = {True: "ok", False: "MISSED", None: ""}[meets(fig)]
        print(f"  {fig.name:<52} {fig.value:>12.3f} {fig.unit:<10} {fig.target:<12} {verdict}")
    sys.stdout.flush()
