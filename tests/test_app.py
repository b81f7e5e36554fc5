"""The main loop: recovery, screenshots, rotation, and the command line."""

import gc
import os
import re
import signal
import subprocess
import sys
import time

import pygame
import pytest

from cabinet.inputs.actions import Action
from cabinet.render import LOGICAL_SIZE
from cabinet.render import display as display_module
from cabinet.render.display import CPU, FLIP, GPU, display_size
from cabinet.render.renderer import RendererInfo
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.kit.base import Scene
from support import ROOT
from support.app import make_app, run, tap
from support.garbage import an_old_cycle


class Exploding(Scene):
    name = "exploding"

    def __init__(self, ctx, when):
        super().__init__(ctx)
        self.when = when

    def update(self):
        if self.when == "update":
            raise ZeroDivisionError("boom in update")

    def draw(self, surface):
        if self.when == "draw":
            raise KeyError("boom in draw")


@pytest.mark.parametrize("when", ["update", "draw"])
def test_an_exception_in_a_scene_is_logged_and_the_cabinet_returns_to_attract(when, caplog):
    app = make_app()
    app.ctx.scenes.reset(Exploding(app.ctx, when))
    run(app, 1)
    app.render()
    assert isinstance(app.ctx.scenes.top, AttractScene)
    failure = [r for r in caplog.records if "back to attract" in r.getMessage()]
    assert failure and failure[0].exc_info, "the traceback is logged"


def test_attract_that_keeps_failing_falls_back_to_a_safe_title(monkeypatch):
    app = make_app()

    class Broken(Scene):
        def update(self):
            raise RuntimeError("always")

    app.ctx.attract_factory = Broken
    app.ctx.scenes.reset(Broken(app.ctx))
    run(app, 5)
    app.render()
    assert app.ctx.scenes.top.name == "safe title"


@pytest.mark.parametrize(
    "rotation, size", [(0, (960, 540)), (90, (540, 960)), (180, (960, 540)), (270, (540, 960))]
)
@pytest.mark.parametrize("gpu", [False, True], ids=["dummy's software renderer", "a GPU renderer"])
def test_rotation_gives_a_turned_display_and_maps_touches_back(monkeypatch, rotation, size, gpu):
    if gpu:  # the software renderer stands in for a GPU one: the App then turns the picture on it
        monkeypatch.setattr(
            display_module, "window_renderer", lambda: RendererInfo("opengles2", True)
        )
    assert display_size(rotation) == size
    app = make_app(f"display: {{rotation: {rotation}}}")
    assert app.display.presentation.path == (FLIP if not rotation else GPU if gpu else CPU)
    assert app.display.screen.get_size() == size
    assert app.display.logical.get_size() == LOGICAL_SIZE
    run(app, 2)
    app.render()
    # The logical top-left corner is lit; after turning, a touch or click there must reach it.
    app.display.logical.fill((0, 0, 0))
    app.display.logical.fill((255, 255, 255), (0, 0, 4, 4))
    app.display.present()
    shown = app.display.shown()
    lit = [
        (x, y)
        for x in (0, size[0] - 1)
        for y in (0, size[1] - 1)
        if shown.get_at((x, y))[:3] == (255, 255, 255)
    ]
    assert len(lit) == 1
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lit[0], button=1)
    touch = pygame.event.Event(pygame.FINGERDOWN, x=lit[0][0] / size[0], y=lit[0][1] / size[1])
    assert app._pointer(click) == app._pointer(touch) == ("down", (0, 0))


def test_a_new_rotation_reopens_the_window_and_turns_on_the_renderer_again(monkeypatch):
    import dataclasses

    monkeypatch.setattr(display_module, "window_renderer", lambda: RendererInfo("opengles2", True))
    app = make_app("display: {rotation: 90}")
    before = app.display
    turned = dataclasses.replace(
        app.ctx.settings, display=dataclasses.replace(app.ctx.settings.display, rotation=270)
    )
    app._settings_changed(turned)
    assert before._gpu is None, "the old window's texture went before its window"
    assert app.display.presentation.path == GPU and app.display.screen.get_size() == (540, 960)
    app.gate.invalidate()
    app.render()
    assert pygame.image.tobytes(app.display.shown(), "RGB") == pygame.image.tobytes(
        pygame.transform.rotate(app.display.logical, -270), "RGB"
    )


def test_screenshots_every_scene_the_first_time_and_every_five_seconds(tmp_path):
    app = make_app(screenshots=tmp_path)
    run(app, 1)
    app.render()
    run(app, 60)
    app.render()
    assert len(list(tmp_path.glob("*.png"))) == 1, "same scene within 5 s: no new picture"
    run(app, 5 * 60)
    app.render()
    assert len(list(tmp_path.glob("*.png"))) == 2
    tap(app, Action.START)
    app.render()
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names[-1].endswith("game-select.png")


def test_a_screenshot_folder_lost_while_running_stops_the_screenshots_not_the_cabinet(
    tmp_path, caplog
):
    shots = tmp_path / "shots"
    app = make_app(screenshots=shots)
    run(app, 1)
    app.render()
    for picture in shots.iterdir():
        picture.unlink()
    shots.rmdir()
    shots.write_text("")  # a file in the folder's place: every save fails
    tap(app, Action.START)
    app.render()
    tap(app, Action.B)
    app.render()
    assert app.running
    lost = [r.getMessage() for r in caplog.records if "screenshots" in r.getMessage()]
    assert len(lost) == 1 and str(shots) in lost[0], lost


def test_headless_exit_after_runs_as_a_subprocess_and_quits_cleanly(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # the private state dir comes from conftest
    shots = tmp_path / "shots"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cabinet",
            "--headless",
            "--exit-after",
            "1.5",
            "--screenshots",
            str(shots),
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "first frame shown" in done.stderr
    assert "Traceback" not in done.stderr
    assert list(shots.glob("*attract-title.png"))


def test_the_scenes_bench_section_runs_in_quick_mode():
    from cabinet import bench

    figures = bench.load_sections()["scenes"](True)
    names = [figure.name for figure in figures]
    assert "blocks demo: frame CPU median" in names
    assert "attract idle CPU share" in names
    assert "process start to first attract frame" in names
    assert all(figure.target for figure in figures)


@pytest.mark.parametrize("windowed", [False, True])
def test_escape_quits_only_a_windowed_cabinet(windowed):
    import pygame

    app = make_app(windowed=windowed)
    pygame.event.clear()
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)
    )
    app.pump()
    assert app.running is (not windowed), "a fullscreen cabinet ignores Esc; a window closes"


def test_the_language_chosen_in_the_service_menu_shows_at_once(tmp_path):
    """DISPLAY > LANGUAGE, saved: attract mode's next frame is in Malay, with no restart."""
    from cabinet import language
    from cabinet.scenes.kit.credit_line import credit_line, prompt
    from support.service import cabinet_on_file, choose, enter, service
    from support.service import tap as tap_service

    app, _ = cabinet_on_file(tmp_path)
    try:
        service(app)
        enter(app, "GAME SETTINGS", "DISPLAY")
        choose(app, "LANGUAGE")
        tap_service(app, Action.RIGHT)
        tap_service(app, Action.B)
        tap_service(app, Action.B)
        enter(app, "SIMPAN DAN KELUAR")  # the menu already speaks the language picked
        assert app.ctx.settings.display.language == "ms" and language.current() == "ms"
        assert (prompt(app.ctx), credit_line(app.ctx)) == ("TEKAN START", "MAIN PERCUMA")
        assert app.render()
    finally:
        language.use("en")
        app.close()


def test_the_cabinets_ai_worker_is_lent_to_scenes_and_ended_with_the_app():
    app = make_app(ai_worker=True)
    thinker = app.ctx.thinker
    assert thinker.worker is None, "not before the first frame: start-up keeps its cores"
    app.render()
    process = thinker.worker.process
    assert process.is_alive()
    from cabinet.games.blocks.pilot import BlocksDemoPilot
    from cabinet.scenes.blocks.play import BlocksScene

    demo = BlocksScene(app.ctx, BlocksDemoPilot(seed=1), 1, demo=True, on_end=app.ctx.finish)
    assert demo.pilot.elsewhere is thinker
    app.close()
    assert process.exitcode is not None, "ended and reaped"
    with pytest.raises(ProcessLookupError):
        os.kill(process.pid, 0)


def test_the_workers_start_up_is_read_while_no_cpu_plays():
    """Its first answer is taken in on the title, before any thought is asked: the logged
    start-up is the worker's own, not the wait for the first CPU."""
    import time

    app = make_app(ai_worker=True)
    app.render()
    thinker, deadline = app.ctx.thinker, time.monotonic() + 60
    while thinker.ready_seconds is None and time.monotonic() < deadline:
        time.sleep(0.02)
        app.render()
    assert thinker.ready_seconds is not None and thinker.answered == 0 and thinker.here == 0
    app.close()


def _gone(pid: int, seconds: float = 60.0) -> bool:
    """Whether process ``pid`` ends (or is only a zombie) within ``seconds``: a bound, not a timing."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGKILL])
def test_no_ai_worker_outlives_a_stopped_or_crashed_cabinet(tmp_path, ending):
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # the private state dir comes from conftest
    cabinet = subprocess.Popen(
        [sys.executable, "-m", "cabinet", "--headless"],
        env=env,
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        for line in cabinet.stderr:
            found = re.search(r"AI worker (\d+) ready", line)
            if found:
                break
        assert found, "the cabinet started its AI worker"
        worker = int(found[1])
        cabinet.send_signal(ending)
        cabinet.wait(timeout=60)
        assert _gone(worker), "the worker ended with the cabinet (SIGKILL: its pipe closed)"
    finally:
        cabinet.kill()
        cabinet.wait()


def test_the_cabinet_freezes_start_up_and_collects_garbage_when_the_attract_page_changes():
    app = make_app(gc_at_cuts=True)
    assert gc.get_freeze_count() > 0  # the warmed caches and the services, for life
    app.render()
    app.tick_services(time.monotonic())  # the first frame's cut: collected
    watched = an_old_cycle()
    app.step()
    app.render()
    app.tick_services(time.monotonic())
    assert watched() is not None  # the same page: no full collection on a frame
    app.ctx.scenes.top.next_part()
    app.render()
    app.tick_services(time.monotonic())
    assert watched() is None
    app.close()
    assert gc.get_freeze_count() == 0
