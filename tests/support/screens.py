"""Every screen a player or an operator can see, built headless and ready to draw.

:data:`SCREENS` maps a screen's name to a function of a cabinet (``make_app()``)
that puts that screen on top of its scene stack (running a few frames where the
screen needs them: the rules of a how-to page appear one by one, READY gives way
to play). :func:`service_pages` walks the service menu as an operator would,
opening every page a row opens. The screen-fit test lays out each of them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cabinet.games.match import Match, Series
from cabinet.network.merge import NetworkEntry
from cabinet.settings.load import LoadedConfig, parse_settings
from support.settings import PAID

FIELD_FRAMES = 150  # past READY / GO: the pieces are in, the first moves made


def _on_top(app, scene, frames: int = 0):
    app.ctx.scenes.reset(scene)
    for _ in range(frames):
        scene.update()
        app.ctx.frame += 1
    return scene


def _unrecorded(scene):
    """``scene`` drawn behind an overlay: its own texts are that screen's, not the overlay's."""
    text_module = sys.modules["cabinet.render.text"]  # the package's ``text`` is the function
    draw = scene.draw

    def quietly(surface):
        recorder, text_module._recorder = text_module._recorder, None
        try:
            draw(surface)
        finally:
            text_module._recorder = recorder

    scene.draw = quietly
    return scene


# ---------------------------------------------------------------------- attract and select


def _attract_part(name: str):
    def build(app):
        from cabinet.scenes.flow.attract import AttractScene

        attract = AttractScene(app.ctx)
        attract.random.seed(9)  # the same demo every time: its moves decide where its texts land
        app.ctx.scenes.reset(attract)
        while attract.part_name != name:
            attract.next_part()
        frames = 200 if "how to play" in name or "demo" in name else 5
        for _ in range(frames):
            attract.part.update()
            app.ctx.frame += 1
        return attract

    return build


def _film(lesson: int, step: int, frame: int = 100):
    """ANTI-GRAVITY's how-to film as an attract page, ``frame`` frames into a lesson's step (all
    counted from 0): its caption up, its push made, what the push did on the field."""

    def build(app):
        from cabinet.scenes.antigravity.howto_film import HowToFilm
        from cabinet.scenes.flow.attract import AttractScene, Part

        attract = AttractScene(
            app.ctx, parts=[Part("how to play anti-gravity film", 120, lambda: HowToFilm(app.ctx))]
        )
        app.ctx.scenes.reset(attract)
        film = attract.part
        while (film.lesson, film.step, film.frame) != (lesson, step, frame):
            assert not film.finished, f"the film has no step {lesson}.{step} frame {frame}"
            film.update()
            app.ctx.frame += 1
        return attract

    return build


def film_screens() -> dict:
    """A screen for each step of the how-to film, as shipped (every lesson on)."""
    from cabinet.scenes.antigravity.lessons import LESSONS

    return {
        f"how to play anti-gravity film {lesson + 1}.{step + 1}": _film(lesson, step)
        for lesson, shown in enumerate(LESSONS)
        for step in range(len(shown.steps))
    }


LONG_MESSAGE = "JOE'S BAR & GRILL - 2 PLAYS RM1 - OPEN TILL 2AM!"  # 48 letters: the longest allowed
LONG_JAPANESE_MESSAGE = (
    "ゲームセンターあおぞら 1プレイ100円 3プレイ200円 毎日10時から営業"  # 286 of 288 dots
)


def _with_message(build, message: str):
    """The screen ``build`` makes, drawn while the operator's attract message is ``message``."""

    def built(app):
        scene = build(app)
        attract, draw = app.ctx.settings.attract, scene.draw

        def with_message(surface):
            attract.message, kept = message, attract.message
            try:
                draw(surface)
            finally:
                attract.message = kept

        scene.draw = with_message
        return scene

    return built


def _message_strip(app):
    """An attract page's bottom strip in the message's turn."""
    from cabinet.scenes.flow.attract import MESSAGE_TURN

    attract = _attract_part("blocks demo")(app)
    attract.frames = MESSAGE_TURN  # odd turns show the message
    return attract


def _title(app):
    from cabinet.scenes.flow.title import TitleScene

    return _on_top(app, TitleScene(app.ctx), 5)


def _tables(game: str, page: int):
    def build(app):
        from cabinet.scenes.catalogue import entry
        from cabinet.scenes.flow.tables import ScoreTablesScene
        from cabinet.storage import scores

        item = entry(game)
        tables = item.tables(app.ctx.settings) + [
            scores.streak_table(game),
            scores.ladder_table(game),
        ]
        scene = ScoreTablesScene(
            app.ctx, "{game} RECORDS", tables, 1, game=item.title
        )  # as attract mode does
        scene.frames = min(page, len(scene.pages) - 1) * scene.page_frames
        return _on_top(app, scene)

    return build


def _network_tables(app):
    from cabinet.scenes.flow.network_tables import NetworkTablesScene

    class Fleet:
        def table(self, table):
            return tuple(
                NetworkEntry(
                    rank, initials, 99_000 - rank * 7_000, "bar", cabinet, "2026-12-01", rank
                )
                for rank, (initials, cabinet) in enumerate(
                    [("ACE", "front-of-house-cabinet"), ("BOB", "back"), ("CAT", "upstairs")] * 3,
                    start=1,
                )
            )

    link, app.ctx.network = app.ctx.network, Fleet()
    try:
        return _on_top(
            app, NetworkTablesScene(app.ctx, "{game} NETWORK RECORDS", ["blocks"], 5, game="BLOCKS")
        )
    finally:
        app.ctx.network = link


def _game_select(app):
    from cabinet.scenes.flow.select import GameSelectScene

    return _on_top(app, GameSelectScene(app.ctx), 2)


def _modes(game: str):
    def build(app):
        from cabinet.scenes.flow.select import ModeStarter

        return _on_top(app, ModeStarter(app.ctx, game).menu(), 2)

    return build


def _difficulty(app):
    from cabinet.scenes.antigravity.modes import DifficultySelectScene
    from cabinet.scenes.flow.select import ModeStarter

    return _on_top(app, DifficultySelectScene(app.ctx, ModeStarter(app.ctx, "antigravity")), 2)


def _contest_select(app):
    from cabinet.scenes.antigravity.modes import ContestSelectScene
    from cabinet.scenes.flow.select import ModeStarter

    return _on_top(app, ContestSelectScene(app.ctx, ModeStarter(app.ctx, "antigravity")), 2)


def _cpu_level(app):
    from cabinet.scenes.flow.select import CpuLevelScene

    return _on_top(app, CpuLevelScene(app.ctx, "blocks"), 2)


def _cpu_mode(app):
    from cabinet.scenes.flow.select import CpuModeScene

    return _on_top(app, CpuModeScene(app.ctx, "blocks"), 2)


def _ladder(level: int, beaten: int):
    def build(app):
        from cabinet.games.match import Climb
        from cabinet.scenes.flow.ladder import LadderScene

        climb = Climb("blocks", person=1, level=level, beaten=beaten)
        return _on_top(app, LadderScene(app.ctx, climb, lambda: None), 2)

    return build


# ---------------------------------------------------------------------- play


def _blocks(frames: int, paused: bool = False, over: bool = False):
    def build(app):
        from cabinet.games.blocks.engine import BlocksGame
        from cabinet.games.pilots import HumanPilot
        from cabinet.scenes.blocks.play import BlocksScene

        scene = _on_top(app, BlocksScene(app.ctx, HumanPilot(1), 9, on_end=app.ctx.finish), frames)
        if over:
            scene.game = BlocksGame.from_text(
                ["#.#.#.#.", ".#.#.#.#"] * 4, tray=[None, ["##"], None], seed=4, score=9500
            )
            scene._finish()
            for _ in range(5):  # GAME OVER shows; the initials come later
                scene.update()
        scene.pause.paused = paused
        return scene

    return build


def _blocks_versus(cpu: bool):
    def build(app):
        from cabinet.games.match import cpu_match
        from cabinet.scenes.flow.play import match_scene

        match = cpu_match(app.ctx.settings, "blocks", 1, 3, 5) if cpu else Match("blocks", 2, 5)
        return _on_top(app, match_scene(app.ctx, match), FIELD_FRAMES)

    return build


def _anti_gravity(mode: str, frames: int = FIELD_FRAMES, paused: bool = False, **options):
    def build(app):
        from cabinet.scenes.antigravity.play import AntiGravityScene

        scene = AntiGravityScene(app.ctx, mode, seed=9, **options, on_end=app.ctx.finish)
        scene = _on_top(app, scene, frames)
        scene.pause.paused = paused
        return scene

    return build


def _forced_push(build):
    """The screen ``build`` makes in the last two seconds before every field's forced push."""

    def counting(app):
        scene = build(app)
        for seat in scene.seats:
            seat.game.frames_left = 90
        return scene

    return counting


def _anti_gravity_draw(app):
    """A versus round both lost on one frame (both idle, a forced push a second): both
    fields show what ended them, side by side, and both panels say DRAW."""
    from cabinet.scenes.antigravity.layouts import FINAL_BOARD_FRAMES
    from cabinet.scenes.antigravity.play import AntiGravityScene

    versus = app.ctx.settings.antigravity.versus
    turns = versus.p1.turn_seconds, versus.p2.turn_seconds
    versus.p1.turn_seconds = versus.p2.turn_seconds = 1
    try:
        scene = _on_top(app, AntiGravityScene(app.ctx, "versus", seed=9, on_end=app.ctx.finish))
        scene.countdown.skip()
        while not scene.end_frames or scene.end_frames < FINAL_BOARD_FRAMES // 2:
            scene.update()
    finally:
        versus.p1.turn_seconds, versus.p2.turn_seconds = turns
    return scene


def _holding_start(build, player: int = 1):
    """The screen ``build`` makes while ``player`` holds Start half way to a pause: the bar filling."""

    def held(app):
        from cabinet import FPS
        from cabinet.inputs.actions import Action, InputEvent

        scene = build(app)
        scene.pause.press(InputEvent(player, Action.START, True))
        for _ in range(FPS // 2):
            scene.pause.tick()
        return scene

    return held


def _anti_gravity_cpu(app):
    from cabinet.games.match import cpu_match
    from cabinet.scenes.flow.play import match_scene

    return _on_top(
        app, match_scene(app.ctx, cpu_match(app.ctx.settings, "antigravity", 1, 3, 5)), FIELD_FRAMES
    )


def _idle(game: str):
    def build(app):
        from cabinet.games.match import Match
        from cabinet.scenes.flow.play import match_scene

        scene = match_scene(app.ctx, Match(game, 2, 5))
        _on_top(app, scene, FIELD_FRAMES)
        from cabinet.scenes.kit.idle import IDLE_WARN_FRAMES

        scene.idle.idle[1] = IDLE_WARN_FRAMES + 1  # player 1 walked away; player 2 plays on
        return scene

    return build


# ---------------------------------------------------------------------- after a game


def _initials(app):
    from cabinet.scenes.flow.initials import InitialsScene

    return _on_top(app, InitialsScene(app.ctx, "blocks", 12345), 30)


def _streak_initials(app):
    from cabinet.scenes.flow.records import Entry, RecordsInitialsScene
    from cabinet.storage.scores import streak_table

    entries = [
        Entry(1, streak_table("antigravity"), 2, 1, 0),
        Entry(1, "antigravity/versus", 4890, 3, 0),
    ]
    return _on_top(app, RecordsInitialsScene(app.ctx, 1, entries, lambda ranks: None), 30)


def _ladder_initials(app):
    from cabinet.scenes.flow.records import Entry, RecordsInitialsScene
    from cabinet.storage.scores import ladder_table, streak_table

    entries = [
        Entry(1, ladder_table("antigravity"), 2, 1, 0),
        Entry(1, streak_table("antigravity"), 2, 1, 0),
    ]
    return _on_top(app, RecordsInitialsScene(app.ctx, 1, entries, lambda ranks: None), 30)


def _ranking(app):
    from cabinet.scenes.flow.ranking import RankingScene

    return _on_top(app, RankingScene(app.ctx, "blocks", rank=3), 30)


def _rematch(cpu: bool):
    def build(app):
        from cabinet.games.match import cpu_match
        from cabinet.scenes.flow.play import match_scene
        from cabinet.scenes.flow.rematch import RematchScene
        from cabinet.scenes.kit.ending import MatchEnd

        match = cpu_match(app.ctx.settings, "blocks", 1, 3, 5) if cpu else Match("blocks", 2, 5)
        match.record(1)
        match.record(1)
        behind = _unrecorded(_on_top(app, match_scene(app.ctx, match), FIELD_FRAMES))
        end = MatchEnd(behind, match, Series(), None, 60.0, None)
        return _on_top(app, RematchScene(app.ctx, end, lambda *args: None, lambda *args: None), 20)

    return build


def _challenger(app):
    from cabinet.games.pilots import HumanPilot
    from cabinet.scenes.blocks.play import BlocksScene
    from cabinet.scenes.flow.challenger import ChallengerScene

    behind = BlocksScene(app.ctx, HumanPilot(1), 9, on_end=app.ctx.finish)
    _on_top(app, behind, FIELD_FRAMES)
    return _on_top(
        app, ChallengerScene(app.ctx, behind, behind.interrupted(), lambda *args: None), 40
    )  # the banner has slid in


# ---------------------------------------------------------------------- the operator's

LONG_PATH = Path("/srv/arcade/" + "operator_settings_folder/" * 6 + "cabinet.yaml")


# A settings file with long problems of several kinds, read as the cabinet reads one (their reasons
# are the loader's Words, shown in the screen's language; keys, lines and values as written).
BAD_SETTINGS = (
    PAID.replace(
        "{colours: 3, turn_seconds: 10}",
        "{colours: 3, turn_seconds: as_long_as_it_takes_to_think}",
        1,
    )
    .replace("  max_credits: 9 ", "  max_credits: 0 ", 1)
    .replace("credits:\n", "credits:\n  coin_door_lock: open\n", 1)
    .replace("      coin1: 2\n", "      coin1: 5\n", 1)
    .replace('  password: ""    ', "  password: 12345678", 1)
)


def _bad_settings() -> LoadedConfig:
    return parse_settings(BAD_SETTINGS, str(LONG_PATH))


def _settings_notice(app):
    from cabinet.scenes.service.settings_notice import SettingsNoticeScene

    return _on_top(app, SettingsNoticeScene(app.ctx, _bad_settings()), 2)


def _settings_notices(app):
    """NOTICES with the settings file's problems (the app keeps them as it started)."""
    notices = app.ctx.notices
    app.ctx.notices = _bad_settings().notices()
    try:
        return service_page(("NOTICES",))(app)
    finally:
        app.ctx.notices = notices


def _save_result(problem: str | None):
    def build(app):
        from cabinet.scenes.service.save import SaveOutcome, SaveResultScene

        outcome = SaveOutcome(LONG_PATH, problem=problem)
        return _on_top(app, SaveResultScene(app.ctx, outcome), 2)

    return build


def _door(app):
    """A game in play, and the SERVICE button pressed: the door's message over it."""
    from cabinet.inputs.actions import CABINET, Action, InputEvent

    scene = _blocks(FIELD_FRAMES)(app)
    app.service_door.offer(InputEvent(CABINET, Action.SERVICE, True))
    return scene


def storage_trouble(folder: Path, known: bool = True):
    """A StorageStatus with every kind of storage sentence: the events of real state files (one
    empty beside a garbage write-ahead log, a folder, a damaged file, a sound one with a cut-off log,
    one deleted and one replaced under a running cabinet) and writes waiting on a read-only disk."""
    import dataclasses

    from cabinet.storage.db import Database

    def opened(name: str, make=None, wal: bytes = b""):
        path = folder / name / "cabinet.db"
        path.parent.mkdir(parents=True, exist_ok=True)
        if make is not None:
            make(path)
        if wal:
            Path(f"{path}-wal").write_bytes(wal)
        db = Database.open(path)
        db.close()
        return db.status().events

    def lost_while_running(name: str, replaced: bool):
        import shutil

        path = folder / name / "cabinet.db"
        path.parent.mkdir(parents=True)
        db = Database.open(path)
        if replaced:
            path.rename(path.with_name("elsewhere"))
            Database.open(path).close()
        else:
            shutil.rmtree(path.parent)
        db.watch()
        db.close()
        return db.status().events

    opened("sound")
    events = (
        opened("empty", lambda path: path.write_bytes(b""), b"garbage" * 10)
        + opened("folder", lambda path: path.mkdir())
        + opened("damaged", lambda path: path.write_bytes(b"not a database" * 300))
        + opened("sound", wal=b"cut")
        + lost_while_running("deleted", replaced=False)
        + lost_while_running("replaced", replaced=True)
    )
    assert len(events) == 8, events
    return dataclasses.replace(
        Database(folder / "cabinet.db").status(),
        fault="read-only",
        known=known,
        waiting=12,
        kept=9,
        held_coins=2,
        since="2026-12-02 06:30",
        events=events,
    )


def _notices_of_storage(known: bool):
    def build(app):
        import tempfile

        store = app.ctx.store
        status = storage_trouble(Path(tempfile.mkdtemp(prefix="storage-")), known)
        store.status = lambda: status  # the page reads it once, as it opens
        try:
            return service_page(("NOTICES",))(app)
        finally:
            del store.status

    return build


def _attract_storage_warning(app):
    """Attract mode's title with the storage warning in its service corner (while it draws)."""
    import tempfile

    attract = _attract_part("title")(app)
    status = storage_trouble(Path(tempfile.mkdtemp(prefix="storage-")))
    store, draw = app.ctx.store, attract.draw

    def troubled(surface):
        store.status = lambda: status
        try:
            draw(surface)
        finally:
            del store.status

    attract.draw = troubled
    return attract


def service_page(path: tuple[str, ...]):
    def build(app):
        from cabinet.scenes.service.menu import ServiceMenuScene

        page = _on_top(app, ServiceMenuScene(app.ctx), 2)
        for label in path:
            rows = page.rows()
            page.index = next(index for index, row in enumerate(rows) if row.label == label)
            rows[page.index].select()
            page = app.ctx.scenes.top
            for _ in range(2):
                page.update()
        return page

    return build


def service_pages(app, path=(), seen=None) -> list[tuple[str, ...]]:
    """The path of row labels (from the service menu) to every page a PageRow opens."""
    from cabinet.scenes.service.rows import PageRow

    seen = set() if seen is None else seen
    page = service_page(path)(app)
    found = [path]
    seen.add(page.name)
    rows = page.rows() if hasattr(page, "rows") else []
    for row in rows:
        if not isinstance(row, PageRow):
            continue
        opened = service_page(path + (row.label,))(app)
        if opened.name in seen or len(path) >= 4:
            continue
        found += service_pages(app, path + (row.label,), seen)
    return found


SCREENS = {
    "attract title": _attract_part("title"),
    "attract blocks demo": _attract_part("blocks demo"),
    "attract anti-gravity demo": _attract_part("anti-gravity demo"),
    "title": _title,
    "how to play blocks": _attract_part("how to play blocks"),
    "how to play anti-gravity": _attract_part("how to play anti-gravity"),
    **film_screens(),
    "blocks records 1": _tables("blocks", 0),
    "blocks records 2": _tables("blocks", 1),
    "anti-gravity records 1": _tables("antigravity", 0),
    "anti-gravity records 2": _tables("antigravity", 1),
    "anti-gravity records 3": _tables("antigravity", 2),
    "anti-gravity records 5": _tables("antigravity", 4),  # the win streaks beside the CPU ladder
    "network records": _network_tables,
    "game select": _game_select,
    "blocks modes": _modes("blocks"),
    "anti-gravity modes": _modes("antigravity"),
    "difficulty select": _difficulty,
    "contest select": _contest_select,
    "cpu level select": _cpu_level,
    "cpu mode select": _cpu_mode,
    "cpu ladder first": _ladder(1, 0),
    "cpu ladder beaten": _ladder(3, 2),
    "cpu ladder master": _ladder(5, 5),
    "blocks ready": _blocks(20),
    "blocks single": _blocks(FIELD_FRAMES),
    "blocks pause": _blocks(FIELD_FRAMES, paused=True),
    "blocks game over": _blocks(FIELD_FRAMES, over=True),
    "blocks versus": _blocks_versus(False),
    "blocks holding start": _holding_start(_blocks(FIELD_FRAMES)),
    "blocks versus holding start": _holding_start(_blocks_versus(False), player=2),
    "anti-gravity versus holding start": _holding_start(_anti_gravity("versus")),
    "blocks vs cpu": _blocks_versus(True),
    "blocks still there": _idle("blocks"),
    "anti-gravity ready": _anti_gravity("single", 20),
    "anti-gravity single": _anti_gravity("single"),
    "anti-gravity pause": _anti_gravity("single", paused=True),
    "anti-gravity versus": _anti_gravity("versus"),
    "anti-gravity forced push": _forced_push(_anti_gravity("single")),
    "anti-gravity versus forced push": _forced_push(_anti_gravity("versus")),
    "anti-gravity versus draw": _anti_gravity_draw,
    "anti-gravity vs cpu": _anti_gravity_cpu,
    "anti-gravity contest": _anti_gravity("contest", contest="STANDARD"),
    "anti-gravity still there": _idle("antigravity"),
    "initials": _initials,
    "streak initials": _streak_initials,
    "ladder initials": _ladder_initials,
    "ranking": _ranking,
    "rematch": _rematch(False),
    "continue": _rematch(True),
    "new challenger": _challenger,
    "settings notice": _settings_notice,
    "settings notices": _settings_notices,
    "save done": _save_result(None),
    "save failed": _save_result(f"{LONG_PATH}: Read-only file system"),
    "service door": _door,
    "storage warning": _attract_storage_warning,
    "title with a long message": _with_message(_title, LONG_MESSAGE),
    "title with a long japanese message": _with_message(_title, LONG_JAPANESE_MESSAGE),
    "attract strip with a long message": _with_message(_message_strip, LONG_MESSAGE),
    "attract strip with a long japanese message": _with_message(
        _message_strip, LONG_JAPANESE_MESSAGE
    ),
    "storage notices": _notices_of_storage(known=True),
    "storage unreadable notices": _notices_of_storage(known=False),
}
