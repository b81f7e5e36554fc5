"""Bench section "scenes": frame cost of every screen, idle CPU, startup time, memory.

Frame CPU time is update + draw + present, measured with the process CPU
clock (the CPU players think in the cabinet's worker process, as on a cabinet:
that is no frame's time) and reported in parts (update, which holds the AI's thinking, apart from
drawing, since an emulated Pi distorts per-pixel work). Present models
``pygame.SCALED`` on KMSDRM: a copy of the 960x540 picture into the GPU's
texture; the CPU scale to 1920x1080 that SDL falls back to without a GPU
renderer is reported apart, and so is showing a turned picture (display.rotation)
by the CPU rotation and by the renderer (:mod:`cabinet.bench.turning`). The
idle figure runs the real paced loop; start-up and memory are taken from a
separate ``python -m cabinet --headless`` process, as a cabinet starts.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from cabinet.bench import PEAK_PROBE, Figure, peak_in, rss_mb, section, state_directory

ROOT = Path(__file__).resolve().parent.parent.parent
SCREEN = (1920, 1080)
READY_SECONDS = (
    60.0  # the longest wait for the AI worker's first answer before it counts as missing
)


def _scenes(ctx):
    """(name, factory) of every screen a player or watcher can see."""
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.games.antigravity.demo import demo_pilots
    from cabinet.games.cpu import LEVELS
    from cabinet.games.match import cpu_match
    from cabinet.language import N_
    from cabinet.scenes.antigravity.howto_film import HowToFilm
    from cabinet.scenes.antigravity.modes import ContestSelectScene, DifficultySelectScene
    from cabinet.scenes.antigravity.play import AntiGravityScene
    from cabinet.scenes.catalogue import entry
    from cabinet.scenes.flow.attract import AttractScene, versus_demo
    from cabinet.scenes.flow.howto import HowToScene
    from cabinet.scenes.flow.initials import InitialsScene
    from cabinet.scenes.flow.play import match_scene
    from cabinet.scenes.flow.ranking import RankingScene
    from cabinet.scenes.flow.select import GameSelectScene, ModeStarter
    from cabinet.scenes.flow.tables import ScoreTablesScene
    from cabinet.scenes.flow.title import TitleScene
    from cabinet.scenes.service.bookkeeping import BookkeepingPage
    from cabinet.scenes.service.hardware import ScreenTestScene, SoundTestPage
    from cabinet.scenes.service.input_test import InputTestScene
    from cabinet.scenes.service.menu import ServiceMenuScene

    starter = ModeStarter(ctx, "antigravity")

    def versus_cpu(game: str, level: int):
        return lambda: match_scene(ctx, cpu_match(ctx.settings, game, 1, level, 9))

    scenes = [
        ("title", lambda: TitleScene(ctx)),
        ("attract (title part)", lambda: AttractScene(ctx)),
        ("blocks demo", lambda: entry("blocks").demo(ctx, 9)),
        # Titled as attract mode titles them, so that they are drawn in the language shown.
        (
            "blocks scores",
            lambda: ScoreTablesScene(
                ctx,
                N_("{game} RECORDS"),
                ["blocks", "streak/blocks"],
                8,
                game=entry("blocks").title,
            ),
        ),
        (
            "anti-gravity scores",
            lambda: ScoreTablesScene(
                ctx,
                N_("{game} RECORDS"),
                entry("antigravity").tables(ctx.settings),
                2,
                game=entry("antigravity").title,
            ),
        ),
        ("how to play blocks", lambda: HowToScene(ctx, "blocks")),
        ("how to play anti-gravity", lambda: HowToScene(ctx, "antigravity")),
        (
            "how to play anti-gravity film",
            lambda: HowToFilm(ctx),
        ),  # every chapter, one after another
        (
            "how to play anti-gravity film, versus",
            lambda: HowToFilm(ctx, -2),
        ),  # two fields, stones flying
        ("game select", lambda: GameSelectScene(ctx)),
        ("mode select", lambda: starter.menu()),
        ("difficulty select", lambda: DifficultySelectScene(ctx, starter)),
        ("contest select", lambda: ContestSelectScene(ctx, starter)),
        ("initials", lambda: InitialsScene(ctx, "blocks", 12345)),
        ("ranking", lambda: RankingScene(ctx, "blocks", rank=3)),
    ]
    scenes += [
        ("anti-gravity demo", lambda: entry("antigravity").demo(ctx, 9)),
        (
            "anti-gravity versus demo",
            lambda: AntiGravityScene(
                ctx, "versus", pilots=demo_pilots(9, "versus"), seed=9, demo=True, on_end=ctx.finish
            ),
        ),
        ("blocks versus demo", lambda: versus_demo(ctx, "blocks", 9)),
        ("anti-gravity single", lambda: AntiGravityScene(ctx, "single", seed=9, on_end=ctx.finish)),
        ("anti-gravity versus", lambda: AntiGravityScene(ctx, "versus", seed=9, on_end=ctx.finish)),
        (
            "anti-gravity contest",
            lambda: AntiGravityScene(ctx, "contest", contest="STANDARD", seed=9, on_end=ctx.finish),
        ),
        ("service menu", lambda: ServiceMenuScene(ctx)),
        ("bookkeeping", lambda: BookkeepingPage(ctx)),
        ("sound test", lambda: SoundTestPage(ctx)),
        ("screen test", lambda: ScreenTestScene(ctx)),
        ("input test", lambda: InputTestScene(ctx)),
    ]
    # A person at panel 1 (who presses nothing) against the CPU at every level: where it plans.
    for game, title in (("blocks", "blocks"), ("antigravity", "anti-gravity")):
        for level in LEVELS:
            scenes.append((f"{title} versus CPU level {level}", versus_cpu(game, level)))
    return scenes


@dataclass
class FrameParts:
    """CPU milliseconds of each frame of a scene, in its three parts.

    ``update`` is the scene's step (game logic and any CPU opponent's thinking),
    ``draw`` the drawing of the picture (zero on a frame the gate skips), and
    ``present`` what a Pi does to show it with ``pygame.SCALED`` on KMSDRM: hand
    the 960x540 picture to the GPU as a texture, a copy of it (the GPU scales).
    ``cut`` is the full garbage collection the app runs between frames on the cut
    to the scene (:mod:`cabinet.system.garbage`; zero without one), and
    ``full_collections`` counts those that ran inside the frames instead.
    """

    update: list[float] = field(default_factory=list)
    draw: list[float] = field(default_factory=list)
    present: list[float] = field(default_factory=list)
    cut: float = 0.0
    full_collections: int = 0

    @property
    def totals(self) -> list[float]:
        return [u + d + p for u, d, p in zip(self.update, self.draw, self.present)]


def frame_parts(app, make, frames: int) -> FrameParts:
    """Run ``frames`` frames of the scene ``make()`` and time each part of each.

    As in the cabinet, a frame is drawn and presented only when the app's frame
    gate says its picture changed (:meth:`cabinet.app.App.compose`).
    """
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    import pygame

    ctx = app.ctx
    ctx.scenes.reset(make())
    surface = app.display.logical
    texture = pygame.Surface(
        surface.get_size(), 0, surface
    )  # the texture SDL uploads the picture to
    parts = FrameParts()
    if app.garbage is not None:  # as the app does between frames when the screen changes
        app.garbage.cut()
        app.garbage.tick(time.monotonic())
        parts.cut = app.garbage.last_seconds * 1000
    with _counting_full_collections(parts):
        _run_frames(app, frames, parts, texture)
    return parts


@contextlib.contextmanager
def _counting_full_collections(parts: FrameParts):
    """Count in ``parts`` the full (generation 2) garbage collections that start inside the block."""

    def count(phase, info):
        if phase == "start" and info["generation"] == 2:
            parts.full_collections += 1

    gc.callbacks.append(count)
    try:
        yield
    finally:
        gc.callbacks.remove(count)


def _run_frames(app, frames: int, parts: FrameParts, texture) -> None:
    """Run ``frames`` frames of the top scene, each part of each timed into ``parts``."""
    ctx = app.ctx
    surface = app.display.logical
    clock = time.process_time_ns
    for _ in range(frames):
        start = clock()
        ctx.scenes.top.update()
        updated = clock()
        drawn = app.compose()
        composed = clock()
        if drawn:
            texture.blit(surface, (0, 0))
        parts.update.append((updated - start) / 1e6)
        parts.draw.append((composed - updated) / 1e6)
        parts.present.append((clock() - composed) / 1e6)
        ctx.frame += 1


def software_scale_ms(app, repeats: int) -> list[float]:
    """CPU ms of today's fallback present without a GPU renderer: the CPU scales the picture to 1080p."""
    import pygame

    target = pygame.Surface(SCREEN)
    times = []
    for _ in range(repeats):
        start = time.process_time_ns()
        pygame.transform.scale(app.display.logical, SCREEN, target)
        times.append((time.process_time_ns() - start) / 1e6)
    return times


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _thinker_figures(thinker) -> list[Figure]:
    """How the CPU players' worker process did (:mod:`cabinet.scenes.kit.thinker`)."""
    ready = thinker.ready_seconds * 1000 if thinker.wait_ready(READY_SECONDS) else float("nan")
    times = [seconds * 1000 for seconds in thinker.answer_seconds] or [float("nan")]
    return [
        Figure("AI worker: start to first answer (loading the AIs)", ready, "ms", "<= 5000"),
        Figure("AI thoughts answered by the worker", thinker.answered, "thoughts", ">= 1"),
        # Wall time, queueing behind the other CPU's thought included: within a level 5 CPU's
        # shortest pause before a move (6 frames), the CPU never waits for its thought.
        Figure("AI thought, question to answer, median", statistics.median(times), "ms", "<= 100"),
        Figure("AI thought, question to answer, p99", p99(times), "ms", "<= 100"),
        Figure(
            "AI thoughts thought in the main loop (worker down)", thinker.here, "thoughts", "<= 0"
        ),
        Figure("RSS of the AI worker", rss_mb(thinker.pid), "MB", "<= 100"),
    ]


def _idle_cpu(
    app, seconds: float, attract: bool = True, passes: list[float] | None = None
) -> float:
    """Percent of one core the real paced loop uses while attract mode runs; each pass's wall
    ms (its work, not its sleep) into ``passes``."""
    if attract:
        app.ctx.go_to_attract()
    app.exit_after = seconds
    app.running = True
    pause = app.pause
    if passes is not None:

        def timed(behind: float, spent: float, presented: bool) -> float:
            passes.append(spent * 1000)
            return pause(behind, spent, presented)

        app.pause = timed
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        app.loop()
    finally:
        app.pause = pause
    return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)


def _music_idle_cpu(app, seconds: float, passes: list[float]) -> float:
    """:func:`_idle_cpu` with the title theme playing (its cache rendered first, not timed),
    its chunks mixed in the music's thread as in a cabinet."""
    rate = app.attach_music(True)
    if not rate:
        return float("nan")  # no mixer at all: nothing to measure
    app.ctx.music.render_now(rate)
    try:
        return _idle_cpu(app, seconds, passes=passes)
    finally:
        app.ctx.music.rest()


def _asleep_cpu(app, seconds: float) -> float:
    """Percent of one core the real paced loop uses while the screen sleeps (display.sleep)."""
    night = dataclasses.replace(app.ctx.settings.display, sleep="02:00-10:00")
    care = app.care
    care.configure(night)
    care.clock = lambda: datetime.datetime(2026, 1, 1, 3, 0)
    app.ctx.go_to_attract()
    app.exit_after = 0.2
    app.loop()  # falls asleep and blanks the screen
    try:
        return _idle_cpu(app, seconds, attract=False)
    finally:
        care.configure(app.ctx.settings.display)
        care.clock = datetime.datetime.now


def _startup(seconds: float) -> tuple[float, float]:
    """(ms from process start to the first frame, peak RSS in MB) of a headless cabinet."""
    with tempfile.TemporaryDirectory() as state:
        env = dict(
            os.environ,
            PYTHONPATH=str(ROOT),
            STATE_DIRECTORY=state,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
        )
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", PEAK_PROBE, "--headless", "--exit-after", str(seconds)],
            env=env,
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
        )
        first, peak = float("nan"), float("nan")
        assert child.stderr is not None  # stderr=PIPE
        for line in child.stderr:
            if "first frame shown" in line and first != first:
                first = (time.perf_counter() - started) * 1000
            peak = peak_in(line) if "VmHWM" in line else peak
        child.wait()
    return first, peak


@section("scenes", alone=True)
def run(quick: bool) -> list[Figure]:
    # a section loads what it measures when it runs, so `bench --sections X` stays quick
    from cabinet.app import App
    from cabinet.bench.turning import turned_present_figures
    from cabinet.settings.load import load_settings

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    frames = 30 if quick else 900
    figures = []
    with tempfile.TemporaryDirectory() as state, state_directory(state):
        app = App(load_settings(None), headless=True, ai_worker=True, gc_at_cuts=True)
        thinker = app.ctx.thinker
        thinker.start()  # as at a cabinet's first frame (no frame is shown here)
        thinker.wait_ready(READY_SECONDS)  # as a cabinet's attract title gives it the seconds
        thinker.patient = (
            True  # frames run far faster than 60 Hz here: a late thought is waited for
        )
        cuts, inside = [], 0
        for name, make in _scenes(app.ctx):
            parts = frame_parts(app, make, frames)
            cuts.append(parts.cut)
            inside += parts.full_collections
            times = parts.totals
            figures.append(
                Figure(f"{name}: frame CPU median", statistics.median(times), "ms", "<= 1.0")
            )
            figures.append(Figure(f"{name}: frame CPU p99", p99(times), "ms", "<= 2"))
            figures.append(Figure(f"{name}: frame CPU max", max(times), "ms", "<= 33"))
            # The parts apart: an emulated Pi runs the logic at about Pi speed but distorts drawing.
            figures.append(
                Figure(f"{name}: update (logic and AI) p99", p99(parts.update), "ms", "<= 2")
            )
            figures.append(
                Figure(
                    f"{name}: draw and present p99",
                    p99([d + p for d, p in zip(parts.draw, parts.present)]),
                    "ms",
                    "<= 2",
                )
            )
        figures.append(
            Figure(
                "full garbage collections inside a frame (all scenes)",
                inside,
                "collections",
                "<= 0",
            )
        )
        figures.append(
            Figure(
                "full garbage collection at a cut to a scene (between frames), max",
                max(cuts),
                "ms",
                "<= 16.7",
            )
        )
        figures += _thinker_figures(thinker)
        figures.append(
            Figure(
                "software scale to 1920x1080 (fallback without a GPU renderer), median",
                statistics.median(software_scale_ms(app, 10 if quick else 200)),
                "ms",
                "<= 16.7",
            )
        )
        app.ctx.go_to_attract()
        app.compose()
        attract = (
            app.display.logical.copy()
        )  # a frame to turn, measured once the cabinet's window is closed
        quiet: list[float] = []
        playing: list[float] = []
        figures.append(
            Figure(
                "attract idle CPU share",
                _idle_cpu(app, 1.0 if quick else 5.0, passes=quiet),
                "% of a core",
                "<= 3",
            )
        )
        figures.append(
            Figure(
                "attract idle CPU share, music playing",
                _music_idle_cpu(app, 1.0 if quick else 5.0, playing),
                "% of a core",
                "<= 3",
            )
        )
        # Wall time, not CPU: what a frame waits for the music's thread (the GIL) shows here.
        figures.append(
            Figure("attract: a pass of the paced loop, wall p99", p99(quiet), "ms", "<= 16.7")
        )
        figures.append(
            Figure(
                "attract: a pass of the paced loop, wall p99, music playing",
                p99(playing) if playing else float("nan"),
                "ms",
                "<= 16.7",
            )
        )
        figures.append(
            Figure(
                "asleep (display.sleep) CPU share",
                _asleep_cpu(app, 1.0 if quick else 5.0),
                "% of a core",
                "<= 1",
            )
        )
        app.close()
    figures += turned_present_figures(attract, 10 if quick else 300)
    first, rss = _startup(0.5 if quick else 3.0)
    figures.append(Figure("process start to first attract frame", first, "ms", "<= 1500"))
    figures.append(Figure("peak RSS of the cabinet", rss, "MB", "<= 150"))
    return figures
