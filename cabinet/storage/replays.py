"""Replays: a finished game as its seed, its settings and the actions it obeyed, by frame.

The format is versioned (:data:`REPLAY_VERSION`): a cabinet refuses, with a clear
error, a replay written in a format it does not know rather than play it wrongly.

The store keeps every replay a high-score entry points to, plus the newest
``keep_recent`` others; older ones are pruned as new ones are saved.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import zlib
from dataclasses import dataclass, field

from cabinet.games.names import Game
from cabinet.inputs.actions import Action, InputEvent
from cabinet.storage import word_filter
from cabinet.storage.db import Database, Statement, now_stamp

log = logging.getLogger("cabinet.storage")

REPLAY_VERSION = (
    4  # 2: after a BLOCKS placement the cursor takes the first piece, at its nearest legal spot
)
#                      3: ... the first piece left that fits somewhere
#                      4: ANTI-GRAVITY's band deepens to h - 1 and its versus has attacks
# Older versions a game still plays exactly: its rules have not changed since.
STILL_PLAYED: dict[str, tuple[int, ...]] = {Game.BLOCKS: (3,)}
KEEP_RECENT = 50


@dataclass
class Replay:
    """One game. ``actions`` holds ``(frame, player, action name, pressed)`` tuples, in order;
    an auto-repeated press carries a fifth element, ``True``.
    """

    game: str
    mode: str
    settings: dict
    seed: int
    actions: list[tuple] = field(default_factory=list)
    score: int = 0
    initials: str = ""
    final_text: list[str] = field(default_factory=list)
    created: str = ""
    version: int = REPLAY_VERSION
    id: int | None = None  # set by the store

    def events(self) -> list[InputEvent]:
        """The actions as the input events the game obeyed."""
        return [
            InputEvent(player, Action(name), pressed, frame, bool(rest and rest[0]))
            for frame, player, name, pressed, *rest in self.actions
        ]

    def to_json(self) -> str:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "id"}
        return json.dumps(data, separators=(",", ":"))

    def packed(self) -> bytes:
        """The stored form: the JSON, zlib-compressed (a tenth of the size on the SD card)."""
        return zlib.compress(self.to_json().encode(), 6)

    @classmethod
    def from_json(cls, text: str, replay_id: int | None = None) -> Replay:
        """Parse a stored replay; ValueError for an unknown version or a damaged record."""
        label = f"replay {replay_id}" if replay_id is not None else "replay"
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{label}: not readable ({exc})") from None
        except RecursionError:  # a crafted record nested thousands deep
            raise ValueError(f"{label}: not readable (nested too deeply)") from None
        if not isinstance(data, dict):
            raise ValueError(f"{label}: damaged record (not a mapping)")
        version = data.get("version")
        if version != REPLAY_VERSION and version not in STILL_PLAYED.get(str(data.get("game")), ()):
            raise ValueError(
                f"{label}: format version {version!r} is not supported (this cabinet plays version {REPLAY_VERSION})"
            )
        names = {f.name for f in dataclasses.fields(cls)} - {"id"}
        try:
            replay = cls(**{key: data[key] for key in names}, id=replay_id)
            replay.actions = [tuple(action) for action in replay.actions]
            replay.events()  # proves every action is well formed
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{label}: damaged record ({exc})") from None
        return replay


@dataclass(frozen=True)
class ReplaySummary:
    """What ``replay --list`` shows of a stored replay."""

    id: int
    game: str
    mode: str
    score: int
    initials: str
    created: str


class ReplayRecorder:
    """Collects what a game obeyed; :meth:`finish` makes the :class:`Replay`."""

    def __init__(self, game: str, mode: str, settings_dict: dict, seed: int):
        if dataclasses.is_dataclass(settings_dict):
            settings_dict = dataclasses.asdict(settings_dict)
        self.game, self.mode, self.seed = game, mode, seed
        self.settings = json.loads(json.dumps(settings_dict))  # a private, JSON-clean copy
        self.actions: list[tuple] = []

    def record(self, frame: int, event: InputEvent) -> None:
        """Note ``event``, obeyed on ``frame`` (counted from the game's first frame)."""
        action = (frame, event.player, event.action.value, event.pressed)
        self.actions.append(action + (True,) if event.repeat else action)

    def finish(self, score: int, final_text: list[str], initials: str = "") -> Replay:
        return Replay(
            self.game,
            self.mode,
            self.settings,
            self.seed,
            list(self.actions),
            int(score),
            initials,
            list(final_text),
            now_stamp(),
        )


class ReplayStore:
    """Replays in the database."""

    def __init__(self, db: Database, keep_recent: int = KEEP_RECENT):
        self.db = db
        self.keep_recent = keep_recent

    def save(self, replay: Replay) -> int:
        """Store ``replay``, prune old unreferenced ones; the new replay's id."""
        self.db.write(self.save_statements(replay))
        assert replay.id is not None  # save_statements chose it
        return replay.id

    def save_statements(self, replay: Replay) -> list[Statement]:
        """The statements of :meth:`save`, for a caller that saves inside a larger transaction.

        The id is chosen here (and set on ``replay``), so the same transaction can
        point a high-score entry at it. The cabinet is the file's only writer.
        """
        # AUTOINCREMENT's counter: ids are never reused, even after a prune or a reset.
        replay.id = (
            self.db.read_value("SELECT seq FROM sqlite_sequence WHERE name = 'replays'", (), 0) + 1
        )
        return [
            (
                "INSERT INTO replays (id, version, game, mode, score, initials, created, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    replay.id,
                    replay.version,
                    replay.game,
                    replay.mode,
                    replay.score,
                    replay.initials,
                    replay.created or now_stamp(),
                    replay.packed(),
                ),
            ),
            (
                "DELETE FROM replays WHERE id NOT IN (SELECT replay_id FROM scores WHERE replay_id IS NOT NULL) "
                "AND id NOT IN (SELECT id FROM replays ORDER BY id DESC LIMIT ?)",
                (self.keep_recent,),
            ),
        ]

    def load(self, replay_id: int) -> Replay:
        """The replay ``replay_id``; KeyError if there is none, ValueError if it cannot be played."""
        rows = self.db.read("SELECT data, initials FROM replays WHERE id = ?", (int(replay_id),))
        if not rows:
            raise KeyError(f"no replay {replay_id}")
        data = rows[0][0]
        if isinstance(data, bytes):
            try:
                data = zlib.decompress(data).decode()
            except (zlib.error, UnicodeDecodeError) as exc:
                raise ValueError(f"replay {replay_id}: damaged record ({exc})") from None
        replay = Replay.from_json(data, int(replay_id))
        replay.initials = word_filter.shown(rows[0][1])  # entered after the replay was saved
        return replay

    def best(self, game: str, n: int = 3, mode: str | None = None) -> list[Replay]:
        """The ``n`` best-scoring playable replays of ``game`` (and ``mode``), best first."""
        sql, params = "SELECT id FROM replays WHERE game = ?", [game]
        if mode is not None:
            sql, params = sql + " AND mode = ?", params + [mode]
        best = []
        for (replay_id,) in self.db.read(sql + " ORDER BY score DESC, id", params):
            try:
                best.append(self.load(replay_id))
            except ValueError as exc:
                log.warning("storage: %s", exc)
                continue
            if len(best) == n:
                break
        return best

    def listing(self) -> list[ReplaySummary]:
        """Every stored replay, oldest first, without unpacking their actions (rude initials masked)."""
        rows = self.db.read(
            "SELECT id, game, mode, score, initials, created FROM replays ORDER BY id"
        )
        return [
            ReplaySummary(row[0], row[1], row[2], row[3], word_filter.shown(row[4]), row[5])
            for row in rows
        ]

    def ids(self) -> list[int]:
        return [row[0] for row in self.db.read("SELECT id FROM replays ORDER BY id")]
