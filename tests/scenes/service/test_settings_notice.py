"""The settings file's problems on the boot notice and the NOTICES page, in the operator's language:
the reason translated; the file, line, key and quoted value as written; a secret never shown."""

import pygame
import pytest

from cabinet import language
from cabinet.render.text import Recorder
from cabinet.scenes.service.notices import NoticesPage
from cabinet.scenes.service.settings_notice import SettingsNoticeScene
from support.service import cabinet_on_file, enter, service, step, top
from support.settings import PAID

SECRET = "31415926535897"  # a password YAML reads as a number: its problem must not repeat it
BAD = PAID.replace("  difficulty: normal ", "  difficulty: hardest", 1).replace(
    '  password: ""    ', f"  password: {SECRET}", 1
)
JAPANESE = BAD.replace(
    "  language: en ", "  language: ja ", 1
)  # the operator's choice, read at start
# The lines of the two bad keys, wherever the shipped settings file has them.
DIFFICULTY_LINE = next(
    n for n, line in enumerate(BAD.splitlines(), 1) if "difficulty: hardest" in line
)
PASSWORD_LINE = next(n for n, line in enumerate(BAD.splitlines(), 1) if SECRET in line)
REASON = "must be one of warmup, normal, advanced, hard; got 'hardest'; using 'normal'"
REASON_JA = "warmup, normal, advanced, hardのどれかにしてください('hardest')。'normal'を使います"


@pytest.fixture
def english_after():
    yield
    language.use("en")


def test_the_english_line_is_unchanged(tmp_path):
    app, path = cabinet_on_file(tmp_path, BAD)
    try:
        lines = [str(problem) for problem in app.ctx.config.problems]
        assert f"{path}:{DIFFICULTY_LINE}: antigravity.difficulty: {REASON}" in lines
        assert any(
            line.startswith(
                f"{path}:{PASSWORD_LINE}: network.password: must be text, got a secret value (not shown)"
            )
            for line in lines
        )
    finally:
        app.close()


def test_the_boot_notice_shows_the_reason_in_japanese_with_key_line_and_value(
    tmp_path, english_after
):
    app, _ = cabinet_on_file(tmp_path, JAPANESE)
    try:
        step(app, frames=2)
        notice = app.ctx.scenes.top
        assert isinstance(notice, SettingsNoticeScene)
        with Recorder() as drawn:
            notice.draw(app.display.logical)
        pygame.image.save(app.display.logical, str(tmp_path / "boot-notice-ja.png"))
        said = "".join(item.string for item in drawn)
        assert f"{DIFFICULTY_LINE}行目" in said and "antigravity.difficulty" in said
        assert f"{PASSWORD_LINE}行目" in said and "network.password" in said
        assert REASON_JA in said, "wrapped, but every word of it"
        assert "秘密の値(表示しない)" in said and SECRET not in said
        assert "must be" not in said and "using" not in said
    finally:
        app.close()


def test_the_notices_page_shows_the_reason_in_japanese_with_file_and_line(tmp_path, english_after):
    app, path = cabinet_on_file(tmp_path, JAPANESE)
    try:
        for _ in range(400):  # past the boot notice
            app.step()
        service(app)
        enter(app, language.tr("NOTICES"))
        page = top(app)
        assert isinstance(page, NoticesPage)
        said = "".join(line for line, _first in page.lines).replace(" ", "")  # wrapped at spaces
        assert (
            f"{path}:{DIFFICULTY_LINE}: antigravity.difficulty: {REASON_JA}".replace(" ", "")
            in said
        )
        assert f"{path}:{PASSWORD_LINE}:network.password:" in said and SECRET not in said
        assert "問題2件" in said, "the summary too"
    finally:
        app.close()
