"""ANTI-GRAVITY's how-to film, as a script: short lessons, each a position set up with the
engine's ``from_text`` and the pushes that show one rule, with a caption per step.

The positions are built so that the real engine, driven through the player's own presses
(:mod:`cabinet.scenes.antigravity.howto_film`), makes exactly what each caption tells: a
step's ``shows`` names those events, and a test fails when the engine stops making them.
Every step lasts a fixed number of frames, so a chapter's length is known before it runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cabinet import FPS
from cabinet.games.antigravity.engine import AntiGravityGame
from cabinet.games.antigravity.modes import AntiGravityVersus
from cabinet.games.antigravity.results import Turn
from cabinet.language import N_
from cabinet.render import palette

EMPTY = "......"
ROWS = 12  # every lesson's field: 12 rows of 6, the S line between rows 6 and 7
# The band lesson's ramp: already at the level whose band leaves one row a side, each new row
# announced one turn ahead, so the band widens twice in three pushes.
BAND_RAMP = {
    "clears": 10,
    "step_seconds": 0.5,
    "min_seconds": 2,
    "horizon_level": 1,
    "horizon_warning": 1,
}
CHAPTER_SECONDS = (
    11.0  # the longest a chapter of lessons may take (the how-to page's 10 s, and a second)
)


@dataclass(frozen=True)
class Push:
    """A push as a player makes it: ``player``'s cursor walks to ``column``, then pushes from ``side``."""

    side: str  # "top" or "bottom"
    column: int
    player: int = 1


@dataclass(frozen=True)
class Step:
    """One caption and the pushes made under it, in ``seconds`` (the film then moves on).
    ``shows``: what those pushes' turns must make (see :func:`events`)."""

    caption: str
    pushes: tuple[Push, ...]
    seconds: float
    shows: frozenset[str] = frozenset()

    @property
    def frames(self) -> int:
        return round(self.seconds * FPS)


@dataclass(frozen=True)
class Lesson:
    """A rule taught on one position: its heading, its colour, the field it plays on (two for
    a versus pair) with each field's queued ``tops`` and ``bottoms``, and its steps."""

    heading: str
    colour: tuple[int, int, int]
    fields: tuple[list[str], ...]
    tops: tuple[str, ...]
    bottoms: tuple[str, ...]
    steps: tuple[Step, ...]
    needs: str = ""  # "band" or "stones": shown only when the cabinet plays that rule
    options: dict = field(default_factory=dict)  # more for from_text (a ramp, waiting stones)

    def setup(self) -> list[AntiGravityGame] | AntiGravityVersus:
        """Fresh games on the lesson's position: one field's, or a versus pair with attacks on."""
        if len(self.fields) == 2:
            return AntiGravityVersus.from_text(
                fields=self.fields,
                tops=self.tops,
                bottoms=self.bottoms,
                attacks=True,
                **self.options,
            )
        (rows,), (top,), (bottom,) = self.fields, self.tops, self.bottoms
        return [AntiGravityGame.from_text(rows, top=top, bottom=bottom, **self.options)]


def events(turn: Turn, game: AntiGravityGame) -> set[str]:
    """What ``turn`` made that a caption can tell of (``game``: the mover's, after it)."""
    made = set()
    if turn.steps:
        made.add("clear")
    if any(step.chain > 1 for step in turn.steps):
        made.add("chain")
    if any(step.passed for step in turn.steps):
        made.add("fly over")
    if turn.announced:
        made.add("row coming")
    if turn.widened:
        made.add("band widens")
        if game.horizon == game.half - 1:
            made.add("sudden death")
    if turn.attack > turn.cancelled:
        made.add("stones sent")
    if turn.cancelled:
        made.add("stones cancelled")
    if turn.landed:
        made.add("stones land")
    if any(step.popped for step in turn.steps):
        made.add("stone breaks")
    return made


def _field(top: list[str], bottom: list[str]) -> list[str]:
    """A field of ROWS rows: ``top`` at its top edge, ``bottom`` at its bottom, empty between."""
    return [*top, *[EMPTY] * (ROWS - len(top) - len(bottom)), *bottom]


# A chain: a run of three clears under a column whose loose blocks fly over the S line to the
# empty top edge, and land beside two yellows: a second run. In versus it sends 1 + 2 stones.
FLY_OVER = _field([".YY..."], ["Y..GR.", "B..YG.", "RR.BB.", "GBRGY."])
# The field the stones are sent to: a clear of its own cancels some of them ...
STONES = _field(["..BB.Y"], ["....R.", "...YYG"])
# ... and both fields just after (two stones still waiting): a quiet push lands them in the
# two emptiest columns, at the bottom, then a run right beside one of them breaks it.
SENT = _field([], ["...GR.", "...YG.", "...BB.", "GBGGY."])
WAITING = _field([".....Y"], ["....R.", "...YYG"])

LESSONS = (
    Lesson(
        N_("PUSH FROM BOTH SIDES"),
        palette.CYAN,
        (_field(["R...B.", "G...Y."], ["...G..", "Y..RB.", "BG.YR."]),),
        ("BY",),
        ("GR",),
        (
            Step(
                N_("PUSH A BLOCK IN FROM BELOW: THE COLUMN MOVES UP ONE"), (Push("bottom", 3),), 3.0
            ),
            Step(
                N_("OR FROM ABOVE. A STACK PAST THE S LINE ENDS THE GAME"), (Push("top", 4),), 3.2
            ),
        ),
    ),
    Lesson(
        N_("LINE UP 3 OF A COLOUR"),
        palette.YELLOW,
        (_field([], ["....G.", ".RR.Y.", "RGB.BY"]),),
        ("G",),
        ("Y",),
        (
            Step(
                N_("3 IN A LINE CLEAR: ACROSS, UP AND DOWN OR DIAGONAL"),
                (Push("bottom", 2),),
                3.4,
                frozenset({"clear"}),
            ),
        ),
    ),
    Lesson(
        N_("LOOSE BLOCKS FLY"),
        palette.MAGENTA,
        (FLY_OVER,),
        ("B",),
        ("G",),
        (
            Step(
                N_("LOOSE BLOCKS FLY TO THE LIGHTER SIDE: THE ONE WITH FEWER BLOCKS AT ITS EDGE"),
                (Push("bottom", 2),),
                4.0,
                frozenset({"clear", "fly over", "chain"}),
            ),
            Step(
                N_("CROSSING THE S LINE EARNS A BONUS, AND A NEW LINE WHERE THEY LAND IS A CHAIN"),
                (),
                2.8,
            ),
        ),
    ),
    Lesson(
        N_("THE HORIZON BAND"),
        palette.PURPLE,
        (_field(["G..Y.."], ["RR..BY"]),),
        ("BYGR",),
        ("GGBR",),
        (
            Step(
                N_("LATER THE S LINE WIDENS INTO A DARK BAND. EACH NEW ROW IS SHOWN COMING"),
                (Push("top", 4),),
                3.2,
                frozenset({"row coming"}),
            ),
            Step(
                N_("A STACK THAT REACHES INTO THE BAND ENDS THE GAME"),
                (Push("bottom", 3),),
                2.8,
                frozenset({"band widens"}),
            ),
            Step(
                N_("SUDDEN DEATH: ONE ROW A SIDE IS LEFT. EVERY PUSH MUST CLEAR OR FIND ROOM"),
                (Push("top", 5), Push("bottom", 2)),
                4.4,
                frozenset({"sudden death", "clear"}),
            ),
        ),
        needs="band",
        options={"ramp": BAND_RAMP, "total_cleared": 50, "horizon": 3},
    ),
    Lesson(
        N_("VERSUS: STONES"),
        palette.ORANGE,
        (FLY_OVER, STONES),
        ("B", "BG"),
        ("G", "GR"),
        (
            Step(
                N_("IN VERSUS A CHAIN SENDS GREY STONES TO THE OTHER PLAYER"),
                (Push("bottom", 2, 1),),
                3.6,
                frozenset({"stones sent", "chain"}),
            ),
            Step(
                N_("A CLEAR OF YOUR OWN CANCELS STONES WAITING FOR YOU"),
                (Push("top", 4, 2),),
                3.0,
                frozenset({"stones cancelled"}),
            ),
        ),
        needs="stones",
    ),
    Lesson(
        N_("STONES LAND AND BREAK"),
        palette.ORANGE,
        (SENT, WAITING),
        ("B", "GB"),
        ("G", "RY"),
        (
            Step(
                N_("A PUSH THAT CLEARS NOTHING LETS THEM LAND"),
                (Push("bottom", 5, 2),),
                3.0,
                frozenset({"stones land"}),
            ),
            Step(
                N_("STONES NEVER MATCH, BUT A CLEAR RIGHT BESIDE ONE BREAKS IT"),
                (Push("bottom", 2, 2),),
                3.4,
                frozenset({"stone breaks"}),
            ),
        ),
        needs="stones",
        options={"pending": (0, 2)},
    ),
)


def lessons_for(settings) -> tuple[Lesson, ...]:
    """The lessons of the rules this cabinet plays (``settings``: the cabinet's Settings): the
    band only when single games widen the horizon, stones only when versus attacks."""
    antigravity = settings.antigravity
    plays = {
        "": True,
        "band": antigravity.ramp.enabled and bool(antigravity.ramp.horizon_level),
        "stones": antigravity.versus.attacks,
    }
    return tuple(lesson for lesson in LESSONS if plays[lesson.needs])


def seconds(lessons) -> float:
    """How long ``lessons`` take to play."""
    return sum(step.frames for lesson in lessons for step in lesson.steps) / FPS


def chapters(lessons) -> list[tuple[Lesson, ...]]:
    """``lessons`` in chapters of one or more lessons in a row, each at most CHAPTER_SECONDS:
    attract mode shows one a loop, in the how-to page's place, so the loop keeps its length."""
    made: list[tuple[Lesson, ...]] = []
    for lesson in lessons:
        if made and seconds(made[-1] + (lesson,)) <= CHAPTER_SECONDS:
            made[-1] += (lesson,)
        else:
            made.append((lesson,))
    return made
