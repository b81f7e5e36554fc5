"""The one main loop: fixed 60 Hz steps, the scene stack, frame pacing, and recovery.

Each pass of the loop reads pygame's events, runs as many 60 Hz update steps as
real time asks for (an accumulator; at most a few, so a stall never snowballs),
draws one frame if anything advanced, and sleeps until the next step is due, so
an idle attract mode costs almost no CPU. Any exception inside a scene is logged
with its traceback and the cabinet goes back to attract mode: never a dead screen.
"""

from __future__ import annotations

import logging
import os
import re
import time
from pathlib import Path

from cabinet import FPS
from cabinet.inputs.actions import CABINET, Action

log = logging.getLogger(__name__)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

STEP = 1.0 / FPS
MAX_STEPS_PER_PASS = 5          # beyond this the loop drops time instead of catching up
SCREENSHOT_EVERY = 5 * FPS      # frames between repeated screenshots of one scene
RECOVERY_WINDOW = 2 * FPS       # repeated failures within this many frames -> safe screen
SAFE_AFTER_FAILURES = 3


class Screenshots:
    """Saves a PNG of every scene the first time it shows, then every 5 s."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.seen: set[str] = set()
        self.last_frame = -SCREENSHOT_EVERY
        self.count = 0

    def offer(self, surface, scene_name: str, frame: int) -> Path | None:
        """Save ``surface`` if ``scene_name`` is new or the last shot is 5 s old."""
        import pygame
        if scene_name in self.seen and frame - self.last_frame < SCREENSHOT_EVERY:
            return None
        self.seen.add(scene_name)
        self.last_frame = frame
        self.count += 1
        slug = re.sub(r"[^a-z0-9]+", "-", scene_name.lower()).strip("-") or "scene"
        path = self.folder / f"{self.count:04d}-{slug}.png"
        pygame.image.save(surface, str(path))
        return path


class App:
    """The cabinet program: owns the display, the services and the scene stack.

    Tests build one with ``headless=True`` and call :meth:`step` and :meth:`render`
    directly, with injected events, instead of :meth:`run`'s real-time loop;
    ``audio`` replaces the real player (tests listen to what scenes play).
    """

    def __init__(self, loaded, *, windowed: bool = False, headless: bool = False,
                 screenshots: str | os.PathLike | None = None, exit_after: float | None = None,
                 audio=None):
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        import pygame
        from cabinet.context import Context
        from cabinet.render.display import Display

        if pygame.display.get_init():
            pygame.display.quit()  # SDL gives one SCALED window per process: start afresh
        pygame.display.init()
        settings = loaded.settings
        self.windowed = windowed or not settings.display.fullscreen
        self.fullscreen = not self.windowed and not headless
        self.display = Display(settings.display.rotation, fullscreen=self.fullscreen)
        self.exit_after = exit_after
        self.esc_quits = False          # the replay and input-test commands: Esc ends them even fullscreen
        self.screenshots = Screenshots(screenshots) if screenshots else None
        from cabinet.system.notify import Notifier
        self.notifier = Notifier.from_environment()
        from cabinet.audio import Audio
        from cabinet.inputs.hub import InputHub
        from cabinet.storage import Store
        store = Store.open(settings=settings)
        self.ctx = Context(settings=settings, config=loaded, store=store,
                           audio=audio or Audio(settings.audio), inputs=InputHub(settings.inputs),
                           bank=store.credit_bank(settings.credits))
        if loaded.problems:
            self.ctx.notices.append(loaded.summary())
        self.ctx.notices.extend(str(problem) for problem in loaded.problems)
        self.ctx.notices.extend(self.ctx.inputs.problems)
        self.ctx.settings_listeners.append(self._settings_changed)
        from cabinet.scenes.service import ServiceDoor
        self.service_door = ServiceDoor(self.ctx)
        self.running = True
        self.closed = False
        self.frames_shown = 0
        self._pointer_queue: list[tuple[str, tuple[int, int]]] = []
        self._failures: list[int] = []
        self._status = None
        self._fps_frames: list[float] = []
        self.ctx.go_to_attract()
        if loaded.problems:
            from cabinet.scenes.settings_notice import SettingsNoticeScene
            self.ctx.scenes.push(SettingsNoticeScene(self.ctx, loaded))

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """The real-time loop; returns the exit code."""
        started = time.perf_counter()
        previous = started
        behind = STEP  # draw the first frame at once
        try:
            while self.running:
                now = time.perf_counter()
                behind += now - previous
                previous = now
                self.pump()
                steps = 0
                while behind >= STEP and steps < MAX_STEPS_PER_PASS:
                    self.step()
                    behind -= STEP
                    steps += 1
                if behind >= STEP:
                    behind = 0.0  # too far behind (a stall): drop the time, do not race
                if steps:
                    self.render()
                self.tick_services(time.monotonic())
                if self.exit_after is not None and now - started >= self.exit_after and self.frames_shown:
                    break
                wait = STEP - behind - (time.perf_counter() - now)
                if wait > 0:
                    time.sleep(wait)
        finally:
            self.close()
        return 0

    def pump(self) -> None:
        """Read pygame's queue: quit requests, the pointer, and everything for the input hub."""
        import pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                # A closed window, or SIGTERM/SIGINT (SDL turns them into QUIT): systemd's stop.
                self.running = False
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                if self.windowed or self.esc_quits:
                    self.running = False
                continue
            pointer = self._pointer(event)
            if pointer:
                self._pointer_queue.append(pointer)
            self.ctx.inputs.handle_pygame_event(event)

    def step(self, injected=None) -> None:
        """One 60 Hz step: this frame's events to the top scene, then its update.

        ``injected`` events (tests) are delivered after the hub's own.
        """
        ctx = self.ctx
        events = list(ctx.inputs.poll(ctx.frame))
        if injected:
            events.extend(injected)
        pointers, self._pointer_queue = self._pointer_queue, []
        self.service_door.update()
        for event in events:
            coin = event.player == CABINET and event.action in (Action.COIN1, Action.COIN2)
            # Coins count wherever they drop; a screen that tests the chutes sees them too.
            if coin:
                if event.pressed:
                    self._coin(1 if event.action is Action.COIN1 else 2)
                if not getattr(ctx.scenes.top, "sees_coins", False):
                    continue
            if self.service_door.offer(event):
                continue
            self._guarded("handle", lambda scene: scene.handle(event))
        for kind, pos in pointers:
            self._guarded("pointer", lambda scene: getattr(scene, "pointer", _ignore)(kind, pos))
        self._guarded("update", lambda scene: scene.update())
        ctx.frame += 1

    def render(self) -> None:
        """Draw the top scene, show it, save screenshots, tell systemd how we are."""
        if not self._guarded("draw", lambda top: top.draw(self.display.logical)):
            # The failed scene was replaced by attract mode: draw that instead.
            self._guarded("draw", lambda top: top.draw(self.display.logical))
        self.service_door.draw(self.display.logical)
        if self.ctx.settings.display.show_fps:
            self._draw_fps()
        self.display.present()
        self.frames_shown += 1
        name = self.ctx.scenes.top.name
        if self.frames_shown == 1:
            log.info("first frame shown")
            self.notifier.ready()
        if name != self._status:
            self._status = name
            self.notifier.status(name)
        if self.screenshots:
            self.screenshots.offer(self.display.logical, name, self.ctx.frame)

    def tick_services(self, now: float) -> None:
        """Once per pass of the loop: the systemd watchdog and the store's upkeep."""
        self.notifier.tick(now)
        self.ctx.store.tick(now)

    def stop(self) -> None:
        """End :meth:`run` after this pass (a finished replay, a test)."""
        self.running = False

    def close(self) -> None:
        """Let go of everything: systemd told, pins freed, the state file closed. Safe twice."""
        import pygame
        if self.closed:
            return
        self.closed = True
        self.notifier.stopping()
        self.ctx.inputs.close()
        self.ctx.store.close()
        pygame.display.quit()

    # ------------------------------------------------------------------ helpers

    def _draw_fps(self) -> None:
        """Frames shown per second over the last second, in the top-left corner."""
        from cabinet.render import palette, text
        now = time.perf_counter()
        self._fps_frames.append(now)
        while self._fps_frames and now - self._fps_frames[0] > 1.0:
            self._fps_frames.pop(0)
        text(self.display.logical, f"{len(self._fps_frames)} FPS", (4, 4), 14, palette.GREEN)

    def _coin(self, chute: int) -> None:
        self.ctx.audio.play("coin")
        if self.ctx.bank is not None and self.ctx.bank.coin(chute):
            self.ctx.audio.play("credit")

    def _settings_changed(self, settings) -> None:
        """The service menu applied new settings: turn the picture if the rotation changed."""
        if settings.display.rotation != self.display.rotation:
            import pygame
            from cabinet.render.display import Display
            pygame.display.quit()  # SDL gives one SCALED window per process: open it afresh
            pygame.display.init()
            self.display = Display(settings.display.rotation, fullscreen=self.fullscreen)

    def _guarded(self, what: str, call) -> bool:
        """Run ``call(top_scene)``; on an exception log it and go back to attract."""
        scene = self.ctx.scenes.top
        try:
            call(scene)
            return True
        except Exception:
            log.exception("scene %r failed in %s; back to attract mode", getattr(scene, "name", scene), what)
            self._recover()
            return False

    def _recover(self) -> None:
        frame = self.ctx.frame
        self._failures = [f for f in self._failures if frame - f < RECOVERY_WINDOW] + [frame]
        if len(self._failures) < SAFE_AFTER_FAILURES:
            try:
                self.ctx.go_to_attract()
                return
            except Exception:
                log.exception("attract mode failed to start")
        # Attract mode itself keeps failing: show the title alone, which needs nothing.
        from cabinet.scenes.attract import SafeTitleScene
        self.ctx.scenes.reset(SafeTitleScene(self.ctx))

    def _pointer(self, event):
        """A mouse or touch event as (kind, logical position), or None."""
        import pygame
        kinds = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEMOTION: "move", pygame.MOUSEBUTTONUP: "up"}
        if event.type in kinds:
            if getattr(event, "touch", False):
                return None  # SDL also sends the finger events below
            if event.type != pygame.MOUSEMOTION and getattr(event, "button", 1) != 1:
                return None
            return kinds[event.type], self.display.to_logical(event.pos)
        fingers = {pygame.FINGERDOWN: "down", pygame.FINGERMOTION: "move", pygame.FINGERUP: "up"}
        if event.type in fingers:
            width, height = self.display.screen.get_size()
            pos = (int(event.x * width), int(event.y * height))
            return fingers[event.type], self.display.to_logical(pos)
        return None


def _ignore(*_args) -> None:
    """For scenes without a pointer: touches mean nothing there."""


# ---------------------------------------------------------------------- entry point

def main(args, replay_id: int | None = None, start_scene: str | None = None) -> int:
    """``python -m cabinet [run]``: load the settings and run the cabinet."""
    from cabinet.storage.config_file import save_path
    from cabinet.storage.last_good import load_for_cabinet
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    loaded = load_for_cabinet(getattr(args, "config", None))
    log.info("settings: reading %s (%s); the service menu saves to %s",
             loaded.source or "no file, factory settings", loaded.origin, save_path(loaded.source))
    for problem in loaded.problems:
        log.warning("config: %s", problem)
    if loaded.problems:
        log.warning("settings: %s", loaded.summary())
    app = App(loaded, windowed=getattr(args, "windowed", False), headless=getattr(args, "headless", False),
              screenshots=getattr(args, "screenshots", None), exit_after=getattr(args, "exit_after", None))
    app.esc_quits = start_scene == "input-test" or replay_id is not None
    if start_scene == "input-test":
        from cabinet.scenes.input_test import InputTestScene
        app.ctx.scenes.push(InputTestScene(app.ctx, on_exit=app.stop))
    if replay_id is not None:
        from cabinet.scenes.playback import play_replay
        try:
            play_replay(app.ctx, replay_id, on_end=app.stop)
        except (KeyError, ValueError) as exc:
            log.error("replay %s cannot be played: %s", replay_id, exc.args[0] if exc.args else exc)
            app.close()
            return 1
    return app.run()
