"""Every screen in every language, upright and turned: no text leaves the screen or the box
it was fitted into, no two texts overlap or touch (issue 24.3; issue 23's overlapping
texts; issue 41.8's "776PUSINGAN1037"), no large Japanese is Misaki's 8 dots scaled up
(issue 41.7's blurred 対戦), and what a player reads from 2 m is big enough (issue 41.5:
:func:`too_small`).

Each screen of ``support.screens`` (and every service page, found by walking the menu)
is built in English, then drawn in each language while :class:`cabinet.render.text.Recorder`
notes every string drawn. The cabinet's rotation turns the whole 960x540 picture (the
layout does not change), so the portrait cases draw on a cabinet set to 90 degrees and
also check that each text lands on the 540x960 screen. The pictures are saved under the
test's temporary folder (``--basetemp`` keeps them where you want to look at them).
"""

from __future__ import annotations

import re

import pygame
import pytest

from cabinet import language
from cabinet.inputs.keyboard import KEYS
from cabinet.render import HEIGHT, WIDTH, dot_fonts, palette, sprites
from cabinet.render import text as text_module
from cabinet.render.display import display_size
from cabinet.render.text import Drawn, Recorder, scale_for
from cabinet.scenes.kit.widgets import READABLE
from support.app import make_app
from support.screens import (
    LONG_JAPANESE_MESSAGE,
    LONG_MESSAGE,
    SCREENS,
    service_page,
    service_pages,
)
from support.settings import menu_help_lines

ORIENTATIONS = {"landscape": 0, "portrait": 90}

# Every page the service menu opens, by the rows chosen to reach it (checked below against a walk
# of the menu, so a new page must be added here and is then laid out like the others).
SERVICE_PAGES = [
    (),
    ("GAME SETTINGS",),
    ("GAME SETTINGS", "BLOCKS"),
    ("GAME SETTINGS", "BLOCKS", "VERSUS"),
    ("GAME SETTINGS", "BLOCKS", "VERSUS", "ATTACK PERCENT"),
    ("GAME SETTINGS", "ANTI-GRAVITY"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "PER DIFFICULTY"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "VERSUS"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "VERSUS", "PLAYER 1 HANDICAP"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "BEGINNER"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "RAMP (GAME LENGTH)"),
    ("GAME SETTINGS", "VERSUS & CPU"),
    ("GAME SETTINGS", "PLAY"),
    ("GAME SETTINGS", "ATTRACT MODE"),
    ("GAME SETTINGS", "ATTRACT MODE", "MESSAGE"),
    ("GAME SETTINGS", "DISPLAY"),
    ("GAME SETTINGS", "SOUND"),
    ("GAME SETTINGS", "HIGH SCORES"),
    ("COIN & CREDIT SETTINGS",),
    ("COIN & CREDIT SETTINGS", "PRICE CHUTE 1"),
    ("BOOKKEEPING",),
    ("BOOKKEEPING", "PERIOD RESET"),
    ("TAKINGS PER DAY",),
    ("NETWORK",),
    ("VERSION",),
    ("INPUT TEST",),
    ("SCREEN TEST",),
    ("SOUND TEST",),
    ("MUSIC TEST",),
    ("OUTPUT TEST",),
    ("OUTPUT TEST", "METER PULSE"),
    ("HIGH-SCORE RESET",),
    ("BOOKKEEPING RESET",),
    ("FACTORY RESET",),
    ("NOTICES",),
]
# Pages of the same kind as one listed: the same rows for another list, player or chute.
ALIKE = {
    ("GAME SETTINGS", "ANTI-GRAVITY", "VERSUS", "PLAYER 2 HANDICAP"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "STANDARD"),
    ("GAME SETTINGS", "ANTI-GRAVITY", "CONTEST LISTS", "EXPERT"),
    ("COIN & CREDIT SETTINGS", "PRICE CHUTE 2"),
}

# Screens whose overlapping texts another branch fixes (issue 23.6: "2 WINS IN A ROW" over
# "VERSUS 4890" over "ENTER YOUR INITIALS"); anything else wrong there still fails.
SCREEN_BUILDS = dict(SCREENS)
SCREEN_BUILDS.update(
    {"service: " + (" / ".join(path) or "menu"): service_page(path) for path in SERVICE_PAGES}
)
CASES = [
    (screen, code, orientation)
    for orientation in ORIENTATIONS
    for code in language.LANGUAGES
    for screen in SCREEN_BUILDS
]

_cabinet: dict[str, object] = {}


def cabinet(orientation: str):
    """One cabinet per orientation, kept while the cases of that orientation run (they run in a row)."""
    if orientation not in _cabinet:
        _cabinet.clear()
        _cabinet[orientation] = make_app(f"display: {{rotation: {ORIENTATIONS[orientation]}}}")
    return _cabinet[orientation]


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """The folder of every picture drawn: <language>-<orientation>/<screen>.png."""
    return tmp_path_factory.mktemp("screens")


@pytest.fixture
def layers(monkeypatch):
    """Where each layer of the picture starts in the recording: a veil across the whole screen (the
    pause, a challenger) covers what was drawn before, so only texts above the same veil can clash."""
    starts = [0]
    veil = sprites.veil

    def noted(width, height, rgba):
        recorder = text_module._recorder
        if recorder is not None and (width, height) == (WIDTH, HEIGHT):
            starts.append(len(recorder))
        return veil(width, height, rgba)

    monkeypatch.setattr(sprites, "veil", noted)
    return starts


@pytest.fixture
def shapes(monkeypatch):
    """The size of every block drawn with a shape on it (ANTI-GRAVITY's colours), while recording."""
    sizes: list[int] = []
    block = sprites.block

    def noted(size, colour, style="solid", symbol=""):
        # A colour's shape; not a stone's X, which on the meter stands among stones only.
        if symbol and symbol != palette.STONE_SYMBOL and text_module._recorder is not None:
            sizes.append(size)
        return block(size, colour, style, symbol)

    monkeypatch.setattr(sprites, "block", noted)
    return sizes


def draw(app, screen: str, code: str):
    """Build ``screen`` in English, then draw it in ``code``: what it shows, and every text drawn."""
    language.use("en")
    door = app.service_door
    door.pending, door.later_frames = False, 0  # only the door's own screen has its message
    SCREEN_BUILDS[screen](app)
    language.use(code)
    try:
        with Recorder() as drawn:
            app.ctx.scenes.top.draw(app.display.logical)
            app.service_door.draw(app.display.logical)
    finally:
        language.use("en")
    return drawn


# Read from 2 m (issue 41.5; half resolution simulates it): a text a screen asks for at READABLE
# (21 px, 3 px a font dot) or more is never shrunk below it to fit; no text a player sees is under
# SMALLEST (14 px: a dot a pixel at half resolution); a block that carries a shape is at least
# SHAPE_BLOCK px, so its shape (0.56 of it) reads and not only its colour. Operators read their
# pages up close, and the operator's own attract message, at the longest the settings allow, may
# shrink in the strip (a shorter one stays at READABLE).
SMALLEST = 14
SHAPE_BLOCK = 24
UP_CLOSE = {
    "settings notice",
    "settings notices",
    "storage notices",
    "storage unreadable notices",
    "save done",
    "save failed",
}
OPERATORS_MESSAGES = {LONG_MESSAGE, LONG_JAPANESE_MESSAGE}


def too_small(drawn, shapes: list[int]) -> list[str]:
    """What a player 2 m away could not read in one picture, one line each."""
    found = []
    for item in drawn:
        if item.string in OPERATORS_MESSAGES or not item.string.strip():
            continue
        if item.asked >= READABLE > item.size:
            found.append(
                f"{item.string!r} is shrunk to {item.size} px to fit: asked {item.asked}, read from 2 m at {READABLE}"
            )
        elif item.size < SMALLEST:
            found.append(f"{item.string!r} is drawn at {item.size} px, under {SMALLEST}")
    found += [
        f"a block with a shape is drawn {size} px, under {SHAPE_BLOCK}"
        for size in sorted(set(shapes))
        if size < SHAPE_BLOCK
    ]
    return found


# Three English words in a row drawn under Japanese: a text that never went through tr() (a
# sentence built below the scenes, a help line not marked). Malay shares the alphabet, so
# Japanese is where such a text shows. What keeps its words: the settings file's problems
# and the system's errors (as check-config and the log say them), and the keyboard's key names.
ENGLISH_PHRASE = re.compile(r"\b[A-Za-z]{2,}(?:[ ,;:!?()]+[A-Za-z]{2,}){2,}\b")
AS_WRITTEN_SCREENS = {"save failed"}
KEY_NAMES = sorted({f"KEY {label}".upper() for _, _, label in KEYS.values()}, key=len, reverse=True)


# The operator's own words may hold a kanji no catalogue has (営): the large font lacks it, Misaki draws it.
OPERATORS_WORDS = {LONG_JAPANESE_MESSAGE.upper()}


def scaled_up(string: str, size: int) -> str:
    """The Japanese characters of ``string`` that Misaki's 8 dots would draw scaled up at ``size``."""
    if dot_fonts.large_style(scale_for(size)) is None or string in OPERATORS_WORDS:
        return ""
    return "".join(
        char
        for char in string
        if dot_fonts.japanese(char) and not dot_fonts.is_large(char, scale_for(size))
    )


def untranslated(string: str) -> bool:
    for name in KEY_NAMES:
        string = string.replace(name, " ")
    return ENGLISH_PHRASE.search(string) is not None


# Texts side by side closer than this read as one word ("776PUSINGAN1037"): a space of the
# smallest font (two of its dots). Texts one above the other only must not touch.
SIDE_GAP = 4
STACK_GAP = 1


def _clash(first, second) -> bool:
    """``first`` and ``second`` overlap, or touch: closer than SIDE_GAP side by side, or meeting
    edge to edge one above the other."""
    if (first.string, first.rect) == (second.string, second.rect):
        return False
    return first.rect.inflate(2 * SIDE_GAP, 2 * STACK_GAP).colliderect(second.rect)


def problems(drawn, starts: list[int], code: str, as_written: bool = False) -> list[str]:
    """What is wrong with the texts of one picture, one line each (``as_written``: the screen
    shows the settings file's or the system's own words)."""
    screen = pygame.Rect(0, 0, WIDTH, HEIGHT)
    found = []
    translations = language.catalogue(code)
    for item in drawn:
        if translations.get(item.string, item.string) != item.string:
            found.append(
                f"{item.string!r} is drawn in English (built before the language changed?)"
            )
        elif code == "ja" and not as_written and untranslated(item.string):
            found.append(f"{item.string!r} is drawn in English (never passed through tr()?)")
        if scaled_up(item.string, item.size):
            found.append(
                f"{item.string!r} at {item.size} px has {scaled_up(item.string, item.size)!r} only in 8 dots"
            )
        if not screen.contains(item.rect):
            found.append(f"{item.string!r} leaves the screen: {item.rect}")
        if item.box is not None and item.rect.width > item.box.width:
            found.append(
                f"{item.string!r} is wider than its box: {item.rect.width} > {item.box.width}"
            )
    bounds = starts + [len(drawn)]
    for start, end in zip(bounds, bounds[1:]):
        layer = [item for item in drawn[start:end] if item.string.strip()]
        for index, first in enumerate(layer):
            found += [
                f"{first.string!r} overlaps or touches {second.string!r}: {first.rect} {second.rect}"
                for second in layer[index + 1 :]
                if _clash(first, second)
            ]
    return found


def turned(rect: pygame.Rect) -> pygame.Rect:
    """Where ``rect`` of the logical picture lands on a screen turned 90 degrees (Display.to_logical's inverse)."""
    return pygame.Rect(HEIGHT - rect.bottom, rect.x, rect.height, rect.width)


@pytest.mark.parametrize(
    ("second", "clash"),
    [
        (pygame.Rect(433, 6, 95, 15), True),  # "776PUSINGAN": 3 pixels apart, side by side
        (pygame.Rect(434, 6, 95, 15), False),  # a space of the smallest font between them
        (pygame.Rect(397, 49, 95, 15), True),  # one right under the other, edge to edge
        (pygame.Rect(397, 50, 95, 15), False),  # a pixel row between them
    ],
)
def test_texts_that_touch_are_caught_not_only_texts_that_overlap(second, clash):
    drawn = [
        Drawn("776", pygame.Rect(397, 4, 33, 45), None, 42),
        Drawn("PUSINGAN", second, None, 14),
    ]
    assert bool(problems(drawn, [0], "en")) is clash


def test_large_japanese_missing_from_the_large_font_is_caught():
    drawn = [
        Drawn("営業中", pygame.Rect(10, 10, 80, 25), None, 21),
        Drawn("営業中", pygame.Rect(10, 60, 50, 15), None, 14),
    ]
    assert problems(drawn, [0], "ja") == ["'営業中' at 21 px has '営業' only in 8 dots"]


@pytest.mark.parametrize(
    ("size", "asked", "shape", "small"),
    [
        (21, 21, 24, False),
        (14, 14, 24, False),  # fine print, meant small: at least a dot a pixel at half resolution
        (14, 21, 24, True),  # "MOVE TO PLAY ON" asked at 21, shrunk to fit a narrow field
        (7, 7, 24, True),
        (21, 21, 17, True),  # a next-block preview whose shape only its colour gave away
    ],
)
def test_what_is_read_from_2_m_is_caught_below_its_size(size, asked, shape, small):
    drawn = [Drawn("MOVE TO PLAY ON", pygame.Rect(0, 0, 200, size), None, size, asked)]
    assert bool(too_small(drawn, [shape])) is small


def test_every_service_page_is_laid_out():
    app = cabinet("landscape")
    assert set(service_pages(app)) == set(SERVICE_PAGES) | ALIKE


@pytest.mark.parametrize(
    ("screen", "code", "orientation"), CASES, ids=[" | ".join(case) for case in CASES]
)
def test_texts_fit_their_screen_and_boxes_and_never_overlap(
    screen, code, orientation, layers, shapes, shots
):
    app = cabinet(orientation)
    drawn = draw(app, screen, code)
    folder = shots / f"{code}-{orientation}"
    folder.mkdir(exist_ok=True)
    shot = folder / (screen.replace("/", "-").replace(":", "").replace(" ", "_") + ".png")
    assert drawn, "the screen draws no text at all"
    found = problems(drawn, layers, code, as_written=screen in AS_WRITTEN_SCREENS)
    if not screen.startswith("service: ") and screen not in UP_CLOSE:
        found += too_small(drawn, shapes)
    if orientation == "portrait":
        app.display.present()
        picture = app.display.screen
        assert picture.get_size() == display_size(90)
        assert pygame.image.tobytes(picture, "RGB") == pygame.image.tobytes(
            pygame.transform.rotate(app.display.logical, -90), "RGB"
        ), "the screen shows the picture turned"
        whole = picture.get_rect()
        found += [
            f"{item.string!r} leaves the turned screen"
            for item in drawn
            if not whole.contains(turned(item.rect))
        ]
        pygame.image.save(picture, str(shot))
    else:
        pygame.image.save(app.display.logical, str(shot))
    assert not found, f"{screen} in {code}, {orientation}:\n" + "\n".join(found)


@pytest.mark.parametrize("code", language.LANGUAGES)
def test_every_help_line_of_the_menu_fits_its_line_uncut(code):
    """The fit cases show only the chosen row's help line: each setting's, at the least size the
    page shrinks it to, is not cut short (fitted() would put "..." in its middle)."""
    from cabinet.render.text import fitted
    from cabinet.scenes.service.page import SIZE

    language.use(code)
    try:
        cut = [
            f"{key}: {language.tr(doc).upper()!r}"
            for key, doc in menu_help_lines().items()
            if fitted(language.tr(doc).upper(), SIZE, WIDTH - 48)[0] != language.tr(doc).upper()
        ]
    finally:
        language.use("en")
    assert cut == []
