"""The one main loop: fixed 60 Hz steps, the scene stack, frame pacing, and recovery.

Each pass of the loop reads pygame's events, runs as many 60 Hz update steps as
real time asks for (an accumulator; at most a few, so a stall never snowballs),
draws one frame if anything advanced, and sleeps until the next step is due, so
an idle attract mode costs almost no CPU. Where the screen's flip waits for the
monitor's refresh (vsync, measured when the screen opens) a presented frame
needs no sleep: the flip already waited, and frames meet the refresh like a
console's. Game time stays in fixed 60 Hz steps either way. Any exception inside a scene is logged
with its traceback and the cabinet goes back to attract mode: never a dead screen.
"""

from __future__ import annotations

import logging
import os
import re
import time
from pathlib import Path

from cabinet import FPS, language
from cabinet.scenes.kit.base import Chutes, Standing  # the scene base loads no pygame
from cabinet.settings.last_good import load_for_cabinet
from cabinet.settings.save import save_path
from cabinet.system.garbage import Collector
from cabinet.system.notify import Notifier
from cabinet.system.screen_care import ScreenCare
from cabinet.update.moment import MomentWriter, moment_for

log = logging.getLogger(__name__)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

STEP = 1.0 / FPS
MAX_STEPS_PER_PASS = 5  # beyond this the loop drops time instead of catching up
SCREENSHOT_EVERY = 5 * FPS  # frames between repeated screenshots of one scene
RECOVERY_WINDOW = 2 * FPS  # repeated failures within this many frames -> safe screen
SAFE_AFTER_FAILURES = 3
ASLEEP_EXTRA_STEPS = 2  # asleep, a pass of the loop runs three steps (a coin waits <= 50 ms)
STILL_EXTRA_STEPS = (
    1  # attract's picture held still: a pass runs two steps (a press waits <= 33 ms)
)
DIM_ALPHA = 170  # the idle dim leaves about a third of the picture's light


class Screenshots:
    """Saves a PNG of every scene the first time it shows, then every 5 s."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.seen: set[str] = set()
        self.last_frame = -SCREENSHOT_EVERY
        self.count = 0
        self.stopped = False  # one failed save says so once, then no more tries

    def offer(self, surface, scene_name: str, frame: int) -> Path | None:
        """Save ``surface`` if ``scene_name`` is new or the last shot is 5 s old."""
        import pygame  # the App has loaded it (see App.__init__); a name here only

        if self.stopped or (scene_name in self.seen and frame - self.last_frame < SCREENSHOT_EVERY):
            return None
        self.seen.add(scene_name)
        self.last_frame = frame
        self.count += 1
        slug = re.sub(r"[^a-z0-9]+", "-", scene_name.lower()).strip("-") or "scene"
        path = self.folder / f"{self.count:04d}-{slug}.png"
        try:
            pygame.image.save(surface, str(path))
        except (pygame.error, OSError) as exc:  # the folder went away or read-only under us
            log.warning("screenshots: stopped, %s cannot be written (%s)", self.folder, exc)
            self.stopped = True
            return None
        return path


class App:
    """The cabinet program: owns the display, the services and the scene stack.

    Tests build one with ``headless=True`` and call :meth:`step` and :meth:`render`
    directly, with injected events, instead of :meth:`run`'s real-time loop;
    ``audio`` replaces the real player (tests listen to what scenes play).
    ``ai_worker``: start the worker process the CPU players think in
    (:mod:`cabinet.scenes.kit.thinker`) once the first frame is shown, as the
    cabinet does; without it (tests) they think in the main loop.
    ``music``: render the music in a worker once the first frame is shown and play it
    (:mod:`cabinet.audio.music`); without it (tests) ``ctx.music`` keeps its state silently.
    ``gc_at_cuts``: once the caches are warm, freeze start-up's objects and run full
    garbage collections only between frames at a cut to another screen
    (:mod:`cabinet.system.garbage`), as the cabinet does; process-wide, so tests leave it off.
    """

    def __init__(
        self,
        loaded,
        *,
        windowed: bool = False,
        headless: bool = False,
        screenshots: str | os.PathLike | None = None,
        exit_after: float | None = None,
        audio=None,
        ai_worker: bool = False,
        gc_at_cuts: bool = False,
        music: bool = False,
    ):
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        # pygame and everything that draws load here, after the SDL drivers are chosen
        # (headless: dummy), so this module's top stays free of them.
        from cabinet.render.display import reopen_screen
        from cabinet.render.display_failure import open_display
        from cabinet.render.frames import FrameGate
        from cabinet.scenes.service.door import ServiceDoor
        from cabinet.scenes.service.settings_notice import SettingsNoticeScene

        settings = loaded.settings
        self.desktop = (
            windowed  # --windowed: a desktop run, where the keyboard is the cabinet's too
        )
        self.windowed = windowed or not settings.display.fullscreen
        self.fullscreen = not self.windowed and not headless

        self.display = open_display(
            lambda: reopen_screen(settings.display.rotation, self.fullscreen)
        )
        self.headless = headless
        self._measure_vsync()
        self.exit_after = exit_after
        self.esc_quits = False  # the replay and input-test commands: Esc ends them even fullscreen
        self.screenshots = Screenshots(screenshots) if screenshots else None
        self.notifier = Notifier.from_environment()
        self.ctx = open_context(loaded, desktop=windowed, audio=audio, ai_worker=ai_worker)
        self._music_rate = self.attach_music(music)
        self.ctx.settings_listeners.append(self._settings_changed)
        self.service_door = ServiceDoor(self.ctx)
        self.running = True
        self.closed = False
        self.frames_shown = 0
        self._pointer_queue: list[tuple[str, tuple[int, int]]] = []
        self._failures: list[int] = []
        self._status: str | None = None
        self._fps_frames: list[float] = []
        self._ready = False
        self.gate = FrameGate()
        self.care = ScreenCare(settings.display)
        self.moment = MomentWriter.for_service()
        self.office = self._office_settings()
        language.use(settings.display.language)
        self._blank_shown = False
        self._next_trim = 0.0
        self._warm_caches()
        self.garbage = Collector() if gc_at_cuts else None
        if self.garbage is not None:
            self.garbage.settle()  # before attract mode's first scene: that one is not for life
        self.ctx.go_to_attract()
        if loaded.problems:
            self.ctx.scenes.push(SettingsNoticeScene(self.ctx, loaded))

    def _warm_caches(self) -> None:
        """Render every screen's words and sprites once now, so no first frame pays for them."""
        import pygame  # the App has loaded it (see App.__init__); a name here only

        from cabinet.scenes.flow.warm import warm
        from cabinet.scenes.service.input_test import InputTestScene
        from cabinet.scenes.service.menu import ServiceMenuScene

        # The service pages an operator opens first; the input test draws 60 words at once.
        pages = [
            ("service menu", lambda: ServiceMenuScene(self.ctx)),
            ("input test", lambda: InputTestScene(self.ctx)),
        ]
        seconds = warm(self.ctx, pygame.Surface(self.display.logical.get_size()), pages)
        log.info("text and sprite caches warmed in %.0f ms", seconds * 1000)

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """The real-time loop, then everything let go of; returns the exit code."""
        try:
            self.loop()
        finally:
            self.close()
        return 0

    def loop(self) -> None:
        """The real-time loop alone, until :meth:`stop` or ``exit_after`` seconds from now."""
        started = time.perf_counter()
        previous = started
        behind = STEP  # draw the first frame at once
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
            presented = self.render() if steps else False
            self.tick_services(time.monotonic())
            if (
                self.exit_after is not None
                and now - started >= self.exit_after
                and self.frames_shown
            ):
                break
            wait = self.pause(behind, time.perf_counter() - now, presented)
            if wait > 0:
                time.sleep(wait)

    def pause(self, behind: float, spent: float, presented: bool) -> float:
        """Seconds to sleep after a pass that took ``spent`` s, ``behind`` s of game time still to run.

        After a presented frame on a screen whose flips wait for the refresh, none:
        the flip did the waiting. Otherwise until the next 60 Hz step is due, or a
        step later while attract mode's picture holds still (most of its steps: a
        title that ripples ten times a second, score tables), since waking costs an
        idle cabinet more than the steps do. Game time keeps its fixed steps.
        """
        if presented and self.display.vsync is not None and self.display.vsync.honoured:
            return 0.0
        wait = STEP - behind - spent
        if self.care.asleep:
            wait += ASLEEP_EXTRA_STEPS * STEP  # asleep: wake a third as often; the steps catch up
        elif not presented and self._in_attract():
            wait += STILL_EXTRA_STEPS * STEP
        return wait

    def _measure_vsync(self) -> None:
        """Time a few flips of the new screen: does its refresh pace them? (Not headless: no screen.)"""
        if self.headless:
            return
        reading = self.display.measure_vsync()
        pacing = (
            "the monitor's refresh paces frames" if reading.honoured else "the timer paces frames"
        )
        log.info("display: vsync %s; %s", reading.describe(), pacing)

    def pump(self) -> None:
        """Read pygame's queue: quit requests, the pointer, and everything for the input hub."""
        import pygame  # the App has loaded it (see App.__init__); a name here only

        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                # A closed window, or SIGTERM/SIGINT (SDL turns them into QUIT): systemd's stop.
                self.running = False
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                if self.windowed or self.esc_quits:
                    self.running = False
                continue
            if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                self.gate.invalidate()  # the window was covered: its picture must be shown again
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
        was_asleep = self.care.asleep
        events = self.care.update(self._in_attract(), events)
        if self.care.asleep:
            if not was_asleep:
                ctx.music.rest()
                ctx.audio.rest()  # dark and silent: the sound card is let go until the screen wakes
            # Asleep: nothing moves; coins are still counted (and wake the screen).
            ctx.panel.pay(events)
            ctx.panel.update(awake=False)
            self._tell_moment()
            ctx.frame += 1
            return
        if was_asleep:
            ctx.audio.wake()
            ctx.music.wake()
            ctx.go_to_attract()  # a fresh attract mode, from its title
        self.service_door.update()
        # Coins count wherever they drop, all of this step's at once, before any screen sees an
        # event of the step; a screen that tests the chutes sees them too.
        ctx.panel.pay(events)
        for event in events:
            if ctx.panel.take(event):
                continue
            if self.service_door.offer(event):
                continue
            self._guarded("handle", lambda scene: scene.handle(event))
        for kind, pos in pointers:
            self._guarded("pointer", lambda scene: scene.pointer(kind, pos))
        self._guarded("update", lambda scene: scene.update())
        ctx.panel.update(awake=not self.care.asleep)  # after this step's coins and scene: no lag
        self._tell_moment()
        ctx.frame += 1

    def render(self) -> bool:
        """Draw the top scene if its picture changed and show it; tell systemd how we are.

        Returns True when a new frame was presented. Asleep, the screen is
        blanked once and nothing is drawn after that.
        """
        if self.care.asleep:
            shown = not self._blank_shown
            if shown:
                self.display.logical.fill((0, 0, 0))
                self.display.present()
                self.frames_shown += 1  # a cabinet started inside its sleep hours is READY too
                self._blank_shown = True
                self.gate.invalidate()
            self._after_frame()
            return shown
        self._blank_shown = False
        shown = self.compose()
        if shown:
            self.display.present()
            self.frames_shown += 1
        self._after_frame()
        return shown

    def compose(self) -> bool:
        """Draw the top scene on the logical surface unless its picture is unchanged.

        True when the surface holds a picture the screen does not show yet
        (:class:`cabinet.render.frames.FrameGate` decides).
        """
        for _attempt in range(2):  # a failed scene is replaced by attract mode: draw that instead
            top = self.ctx.scenes.top
            looks = []
            if not self._guarded("look", lambda scene: looks.append(self._look(scene))):
                continue
            look = looks[0]
            if not self.gate.needs_drawing(top, look):
                return False
            if self._guarded("draw", lambda scene: scene.draw(self.display.logical)):
                self.service_door.draw(self.display.logical)
                if self.care.dimmed:  # the idle dim: a dark veil over the attract picture
                    from cabinet.render import (
                        LOGICAL_SIZE,
                        sprites,
                    )  # loaded by App.__init__; names only

                    self.display.logical.blit(
                        sprites.veil(*LOGICAL_SIZE, (0, 0, 0, DIM_ALPHA)), (0, 0)
                    )
                if self.ctx.settings.display.show_fps:
                    self._draw_fps()
                return self.gate.shows_new_picture(top, look, self.display.logical)
        return True

    def _look(self, scene):
        """The scene's look (None: cannot tell), with the FPS counter's text when it shows."""
        look = scene.look()
        if look is not None:
            door = self.service_door
            look = look, self.care.dimmed, bool(door.pending and door.later_frames)
        if look is not None and self.ctx.settings.display.show_fps:
            return look, self._fps_text(peek=True)
        return look

    def _tell_moment(self) -> None:
        """Say whether an update may restart the cabinet now (:mod:`cabinet.update.moment`), and
        let settings from the office wait for the same safe moment."""
        if self.moment is None and self.office is None:
            return
        ctx = self.ctx
        bank = ctx.bank
        moment = moment_for(
            attract=self._in_attract(),
            asleep=self.care.asleep,
            credits=bank.credits if bank is not None else 0,
            coins_waiting=bank.partial_coins(1) + bank.partial_coins(2) if bank is not None else 0,
            service_open=ctx.scenes.top.chutes() is not Chutes.PAY,
        )
        if self.moment is not None:
            self.moment.show(moment)
        if self.office is not None:
            try:
                self.office.tick(moment)
            except Exception:  # a fault of ours must cost the office's change, never the cabinet
                log.exception("settings from the office: failed; the change waiting is dropped")
                self.office.waiting.clear()

    def _office_settings(self):
        """Settings pushed from the office, when the fleet link is on."""
        if self.ctx.network is None:
            return None
        from cabinet.scenes.service.from_office import (
            OfficeSettings,
        )  # cryptography: only with the link on
        from cabinet.update.cli import DEFAULT_PUBLIC_KEY  # argparse only; the key's one home

        return OfficeSettings(self.ctx, self.ctx.network, DEFAULT_PUBLIC_KEY)

    def _in_attract(self) -> bool:
        """Attract mode (or its safe title) is showing: the cabinet is idle and may sleep or dim."""
        top = self.ctx.scenes.top
        return top is not None and top.standing is Standing.IDLE

    def _after_frame(self) -> None:
        name = "asleep" if self.care.asleep else self.ctx.scenes.top.name
        if self.frames_shown and not self._ready:
            self._ready = True
            log.info("first frame shown")
            self.notifier.ready()
            if self.ctx.thinker is not None:
                self.ctx.thinker.start()
            if self._music_rate:
                self.ctx.music.start_rendering(
                    self._music_rate
                )  # in a worker: no frame waits for it
        elif self.ctx.thinker is not None:
            self.ctx.thinker.collect()  # answers in hand, so start-up is timed when it ends
        if name != self._status:
            self._status = name
            self.notifier.status(name)
            if self.garbage is not None:
                self.garbage.cut()  # a new screen: a safe moment for a full collection
        if self.screenshots:
            self.screenshots.offer(self.display.logical, name, self.ctx.frame)

    def tick_services(self, now: float) -> None:
        """Once per pass of the loop: the systemd watchdog, the store's upkeep, garbage, freed memory back."""
        self.notifier.tick(now)
        self.ctx.store.tick(now)
        self.ctx.music.tick()
        collected = self.garbage is not None and self.garbage.tick(now)
        if collected or now >= self._next_trim:
            from cabinet.system.memory import (
                TRIM_EVERY_SECONDS,
                release_freed_memory,
            )  # ctypes: loaded late

            if not collected:  # a full collection hands the freed pages back itself
                release_freed_memory()
            self._next_trim = now + TRIM_EVERY_SECONDS

    def stop(self) -> None:
        """End :meth:`run` after this pass (a finished replay, a test)."""
        self.running = False

    def close(self) -> None:
        """Let go of everything: systemd told, pins freed, the state file closed. Safe twice."""
        from cabinet.render.display import close_screen  # loaded by App.__init__; a name only

        if self.closed:
            return
        self.closed = True
        self.notifier.stopping()
        self.ctx.inputs.close()
        self.ctx.panel.close()  # the lockout drops before the state file closes
        if self.ctx.network is not None:
            self.ctx.network.close()
        self.ctx.store.close()
        if self.ctx.thinker is not None:
            self.ctx.thinker.stop()
        self.ctx.music.close()
        if self.garbage is not None:
            self.garbage.release()
        close_screen()

    # ------------------------------------------------------------------ music

    def attach_music(self, wanted: bool) -> int:
        """Give ``ctx.music`` the cabinet's cache folder and mixer channel; the mixer's rate, or 0
        when the music stays silent (not ``wanted``, or no sound card: nothing to render for)."""
        from cabinet.audio.chunk_maker import MakeAside
        from cabinet.audio.music import Music
        from cabinet.audio.player import (
            Audio,
            PygameMusicChannel,
        )  # loaded by App.__init__; names only
        from cabinet.system.paths import state_dir

        audio = self.ctx.audio
        real = wanted and isinstance(audio, Audio) and audio.available
        folder = (
            state_dir(create=False) / "music" if real else None
        )  # made, or found unwritable, in the worker
        self.ctx.music.close()  # a second call (the bench) lets the first one's thread go
        self.ctx.music = Music(
            self.ctx.settings.audio,
            folder,
            PygameMusicChannel(audio) if real else None,
            audio,
            maker=MakeAside() if real else None,  # a chunk is mixed beside the loop, not in a frame
        )
        if isinstance(audio, Audio):
            audio.music = self.ctx.music
        return audio.sample_rate if real else 0

    # ------------------------------------------------------------------ helpers

    def _draw_fps(self) -> None:
        """Frames presented per second over the last second, in the top-left corner."""
        from cabinet.render import palette  # loaded by App.__init__; names only
        from cabinet.render.text import text  # loaded by App.__init__; names only

        text(self.display.logical, self._fps_text(), (4, 4), 14, palette.GREEN)

    def _fps_text(self, peek: bool = False) -> str:
        """The counter's words; counts this frame unless ``peek``."""
        now = time.perf_counter()
        if not peek:
            self._fps_frames.append(now)
        while self._fps_frames and now - self._fps_frames[0] > 1.0:
            self._fps_frames.pop(0)
        return f"{len(self._fps_frames) + (1 if peek else 0)} FPS"

    def _settings_changed(self, settings) -> None:
        """The service menu applied new settings: the language, and turn the picture if the rotation changed."""
        from cabinet.panel import Panel, cabinet_keys  # loaded by open_context; names only

        self.ctx.inputs.cabinet_keys = cabinet_keys(settings, self.desktop)
        self.care.configure(settings.display)
        self.ctx.music.configure(settings.audio)
        language.use(
            settings.display.language
        )  # scenes translate as they draw: the next frame follows
        if not self.ctx.panel.wired_as(settings):
            self.ctx.panel.close()
            self.ctx.panel = Panel.open(self.ctx, settings)
        if settings.display.rotation != self.display.rotation:
            from cabinet.render.display import reopen_screen  # loaded by App.__init__; a name only

            self.display = reopen_screen(settings.display.rotation, self.fullscreen)
            self._measure_vsync()
            self.gate.invalidate()

    def _guarded(self, what: str, call) -> bool:
        """Run ``call(top_scene)``; on an exception log it and go back to attract."""
        scene = self.ctx.scenes.top
        try:
            call(scene)
            return True
        except Exception:
            log.exception(
                "scene %r failed in %s; back to attract mode", scene.name if scene else None, what
            )
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
        from cabinet.scenes.flow.attract import (
            SafeTitleScene,
        )  # loaded by App.__init__; a name only

        self.ctx.scenes.reset(SafeTitleScene(self.ctx))

    def _pointer(self, event):
        """A mouse or touch event as (kind, logical position), or None."""
        import pygame  # the App has loaded it (see App.__init__); a name here only

        kinds = {
            pygame.MOUSEBUTTONDOWN: "down",
            pygame.MOUSEMOTION: "move",
            pygame.MOUSEBUTTONUP: "up",
        }
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


def open_context(loaded, *, desktop: bool = False, audio=None, ai_worker: bool = False):
    """The services every scene shares (:class:`~cabinet.context.Context`) for the settings ``loaded``:
    the state file and its credit bank, the sound, the inputs, the panel, the fleet link, the AI
    worker (``ai_worker``; started by the App once the first frame is shown). What each could not
    do goes on ``ctx.notices``. ``desktop``: a keyboard gives the cabinet keys too.
    """
    # Loaded here, after App.__init__ chose the SDL drivers: the scenes and the sound load pygame.
    from cabinet.audio.player import Audio
    from cabinet.context import Context
    from cabinet.inputs.hub import InputHub
    from cabinet.network.start import start_link
    from cabinet.panel import Panel, cabinet_keys
    from cabinet.scenes.kit.thinker import Thinker
    from cabinet.storage.mirror import books_mirror_dir
    from cabinet.storage.store import Store

    settings = loaded.settings
    store = Store.open(settings=settings, mirror=books_mirror_dir(settings.storage.books_mirror))
    ctx = Context(
        settings=settings,
        config=loaded,
        store=store,
        audio=audio or Audio(settings.audio),
        inputs=InputHub(settings.inputs, cabinet_keys=cabinet_keys(settings, desktop)),
        bank=store.credit_bank(settings.credits),
    )
    if ai_worker:
        # Started once the first frame is shown (App._after_frame): a cabinet's start-up does not share
        # its cores with the worker's; attract mode's title comes before any CPU player thinks.
        ctx.thinker = Thinker()
    ctx.notices.extend(loaded.notices())
    ctx.notices.extend(ctx.inputs.problems)
    ctx.panel = Panel.open(ctx, settings)
    ctx.network = start_link(settings, store, ctx.notices)  # returns at once; None when off
    return ctx


# ---------------------------------------------------------------------- entry point


def main(args, replay_id: int | None = None, start_scene: str | None = None) -> int:
    """``python -m cabinet [run]``: load the settings and run the cabinet."""
    # Not at the top: they load pygame, which waits for App.__init__'s SDL choice (see there).
    from cabinet.render.display_failure import EXIT_NO_DISPLAY, DisplayUnavailable
    from cabinet.scenes.flow.playback import play_replay
    from cabinet.scenes.service.input_test import InputTestScene

    if not logging.getLogger().handlers:
        from cabinet.system import journal

        journal.configure()
    loaded = load_for_cabinet(getattr(args, "config", None))
    log.info(
        "settings: reading %s (%s); the service menu saves to %s",
        loaded.source or "no file, factory settings",
        loaded.origin,
        save_path(loaded.source),
    )
    for problem in loaded.problems:
        log.warning("config: %s", problem)
    if loaded.problems:
        log.warning("settings: %s", loaded.summary())
    try:
        app = App(
            loaded,
            windowed=getattr(args, "windowed", False),
            headless=getattr(args, "headless", False),
            screenshots=getattr(args, "screenshots", None),
            exit_after=getattr(args, "exit_after", None),
            ai_worker=True,
            gc_at_cuts=True,
            music=True,
        )
    except DisplayUnavailable as exc:
        log.critical("display: %s", exc)
        return EXIT_NO_DISPLAY
    app.esc_quits = start_scene == "input-test" or replay_id is not None
    if start_scene == "input-test":
        app.ctx.scenes.push(InputTestScene(app.ctx, on_exit=app.stop))
    if replay_id is not None:
        try:
            play_replay(app.ctx, replay_id, on_end=app.stop)
        except (KeyError, ValueError) as exc:
            log.error("replay %s cannot be played: %s", replay_id, exc.args[0] if exc.args else exc)
            app.close()
            return 1
    return app.run()
