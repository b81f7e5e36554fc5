"""Long paths, keys and many problems stay on the screen and clear of each other
(the boot notice, the service menu's detail line, the save page)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.render import HEIGHT, WIDTH
from cabinet.render.text import fitted, shortened, text, text_size
from cabinet.scenes.service import page, save, settings_notice
from cabinet.settings.load import ConfigProblem, LoadedConfig
from cabinet.settings.schema import Settings

LONG_PATH = Path("/srv/arcade/" + "operator_settings_folder/" * 12 + "cabinet.yaml")
LONG_MESSAGE = (
    "must be one of classic, tetromino; got '" + "x" * 90 + "'; using the last good value 'classic'"
)


@pytest.fixture
def drawn(monkeypatch):
    """Every (string, rectangle) a scene draws through ``text``, in order."""
    seen = []

    def recording(surface, string, *args, **kwargs):
        rect = text(surface, string, *args, **kwargs)
        seen.append((string, rect))
        return rect

    for module in (settings_notice, page, save):
        monkeypatch.setattr(module, "text", recording)
    return seen


def on_screen(seen) -> None:
    screen = pygame.Rect(0, 0, WIDTH, HEIGHT)
    for string, rect in seen:
        assert screen.contains(rect), f"{string!r} runs off the screen: {rect}"


def apart(seen) -> None:
    for i, (first, a) in enumerate(seen):
        for second, b in seen[i + 1 :]:
            assert not a.colliderect(b), f"{first!r} and {second!r} overlap"


def test_shortened_keeps_both_ends():
    assert shortened("abcdef", 6) == "abcdef"
    assert shortened("/very/long/folder/cabinet.yaml", 16) == "/very/l...t.yaml"


def test_fitted_text_fits_at_a_readable_size():
    line, size = fitted(str(LONG_PATH), 21, WIDTH - 40)
    assert text_size(line, size)[0] <= WIDTH - 40 and size >= 14
    assert line.startswith("/srv/arcade/") and line.endswith("cabinet.yaml")


def test_the_boot_notice_with_long_keys_and_many_problems_stays_on_screen(drawn):
    problems = [
        ConfigProblem(
            str(LONG_PATH),
            f"antigravity.contests[{i}].name_with_a_long_long_key_name",
            100 + i,
            LONG_MESSAGE,
        )
        for i in range(6)
    ]
    scene = settings_notice.SettingsNoticeScene(
        object(), LoadedConfig(Settings(), LONG_PATH, problems)
    )
    scene.draw(pygame.Surface((WIDTH, HEIGHT)))
    on_screen(drawn)
    apart(drawn)
    strings = [string for string, _ in drawn]
    shown = sum(string.startswith("LINE ") for string in strings)
    assert f"+{6 - shown} MORE: SERVICE MENU, NOTICES" in strings, "what did not fit is counted"
    assert any(string.endswith("...") for string in strings), "a message cut short says so"


def test_the_save_row_shows_a_long_path_whole_enough(tmp_path, drawn):
    from support.service import cabinet_on_file, choose, service

    folder = tmp_path.joinpath(*["operator_settings_folder"] * 6)
    folder.mkdir(parents=True)
    app, _path = cabinet_on_file(folder)
    try:
        service(app)
        choose(app, "SAVE AND EXIT")
        drawn.clear()
        app.render()
    finally:
        app.close()
    on_screen(drawn)
    [detail] = [string for string, _ in drawn if string.startswith("APPLY AND WRITE ")]
    assert detail.endswith("_folder/cabinet.yaml") and "..." in detail


@pytest.mark.parametrize(
    "outcome",
    [
        save.SaveOutcome(
            LONG_PATH, backup=LONG_PATH.with_name("cabinet.yaml.broken-20261130-180000")
        ),
        save.SaveOutcome(LONG_PATH, problem=f"{LONG_PATH}: Read-only file system"),
    ],
)
def test_the_save_page_with_a_long_path_stays_clear_of_its_controls(drawn, outcome):
    save.SaveResultScene(object(), outcome).draw(pygame.Surface((WIDTH, HEIGHT)))
    on_screen(drawn)
    apart(drawn)
    assert any(string.endswith("cabinet.yaml") or "Read-only" in string for string, _ in drawn)
