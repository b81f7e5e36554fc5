"""A secret setting's value is never shown, whatever is wrong with the file (issue 20, finding 1).

Every key the schema marks ``secret`` is walked through every kind of problem the
loader reports, on a cabinet whose last good settings hold a secret too. Neither
secret, nor any character of them that pyyaml would quote (an escape, a first
character), may appear in the problem lines, the log, check-config's output, the
boot notice or the service menu's NOTICES page; and the cabinet stays paid.
"""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace

import pytest

from cabinet import app as app_module
from cabinet.__main__ import main as command_line
from cabinet.app import App
from cabinet.scenes.service.notices import NoticesPage
from cabinet.scenes.service.settings_notice import SettingsNoticeScene
from cabinet.settings.last_good import load_for_cabinet
from cabinet.settings.load import SHIPPED_CONFIG, parse_settings
from cabinet.settings.schema import secret_keys
from support.app import Heard
from support.service import enter, service, step, top

LAST = "Jk4-LAST-GOOD-SECRET-Vy"  # in the last good settings
FILE = "Zq7-FILE-SECRET-Wx"  # written in the broken file
OTHER = "Hp2-SECOND-SECRET-Tu"  # a second value, for the key given twice
SECRETS = (LAST, FILE, OTHER)


def paid_text(key: str, value: str) -> str:
    """The shipped file, paid (no free play, two coins a credit), with ``key`` set to ``value``."""
    text = (
        SHIPPED_CONFIG.read_text(encoding="utf-8")
        .replace("  free_play: true ", "  free_play: false", 1)
        .replace("  coins_per_credit_1: 1 ", "  coins_per_credit_1: 2 ", 1)
    )
    return set_line(text, key, lambda pad, name: [f'{pad}{name}: "{value}"'])


def set_line(text: str, key: str, lines) -> str:
    """``text`` with the line of the dotted ``key`` replaced by ``lines(indent, name)``."""
    *sections, name = key.split(".")
    assert all(re.fullmatch(r"\w+", part) for part in [*sections, name]), (
        f"{key}: a secret inside a list or keyed container needs a case writer here"
    )
    rows = text.splitlines()
    depth = 0
    for index, row in enumerate(rows):
        pad = "  " * depth
        if depth < len(sections) and row.startswith(f"{pad}{sections[depth]}:"):
            depth += 1
        elif depth == len(sections) and re.match(rf"{pad}{name}\s*:", row):
            return "\n".join(rows[:index] + lines(pad, name) + rows[index + 1 :]) + "\n"
    raise AssertionError(f"{key} is not in the shipped file")


# Each kind of problem: the lines that replace the secret's own line (its indent, its name).
CASES = {
    "given twice": lambda pad, k: [f'{pad}{k}: "{FILE}"', f'{pad}{k}: "{OTHER}"'],
    "a list": lambda pad, k: [f"{pad}{k}: [{FILE}]"],
    "a mapping": lambda pad, k: [f"{pad}{k}: {{{FILE}: {OTHER}}}"],
    "a number": lambda pad, k: [f"{pad}{k}: 739184620512"],
    "true or false": lambda pad, k: [f"{pad}{k}: yes"],
    "a tag that does not fit": lambda pad, k: [f"{pad}{k}: !!int {FILE}"],
    "an unknown tag": lambda pad, k: [f"{pad}{k}: !{FILE} x"],
    "a bad tag": lambda pad, k: [f"{pad}{k}: !<{FILE}Ж> x"],
    "binary that is not base64": lambda pad, k: [f"{pad}{k}: !!binary {FILE}Ж"],
    "undefined alias (unquoted *)": lambda pad, k: [f"{pad}{k}: *{FILE}"],
    "alias name with a bad character": lambda pad, k: [f"{pad}{k}: *Ж{FILE}"],
    "anchor name with a bad character": lambda pad, k: [f"{pad}{k}: &Ж{FILE} x"],
    "duplicate anchor": lambda pad, k: [f"{pad}{k}: &{FILE} x", f"{pad}host: &{FILE} y"],
    "bad escape": lambda pad, k: [f'{pad}{k}: "{FILE}\\Ж{OTHER}"'],
    "bad hex escape": lambda pad, k: [f'{pad}{k}: "{FILE}\\xЖЖ"'],
    "tab indent": lambda pad, k: [f"\t{k}: {FILE}"],
    "tab in the value": lambda pad, k: [f"{pad}{k}:\t{FILE}\tЖ"],
    "reserved first character": lambda pad, k: [f"{pad}{k}: @Ж{FILE}"],
    "backquote first character": lambda pad, k: [f"{pad}{k}: `Ж{FILE}"],
    "control character": lambda pad, k: [f'{pad}{k}: "{FILE}\x07Ж"'],
    "unclosed quote": lambda pad, k: [f'{pad}{k}: "{FILE}Ж'],
    "colon in a plain value": lambda pad, k: [f"{pad}{k}: {FILE}: Ж"],
    "key without a colon": lambda pad, k: [f"{pad}{k} {FILE}Ж"],
    "key and value run together": lambda pad, k: [f"{pad}{k} {FILE}Ж: x"],
    "a list as the key": lambda pad, k: [f"{pad}? [{k}, {FILE}]", f"{pad}: x"],
    "a mapping as the key": lambda pad, k: [f"{pad}? {{{FILE}: {k}}}", f"{pad}: x"],
    "misspelt key": lambda pad, k: [f'{pad}{k[:-1]}: "{FILE}"'],
    "unknown neighbour key": lambda pad, k: [f'{pad}{k}: "{FILE}"', f"{pad}colour: {OTHER}"],
    "repeated by an alias at a number": lambda pad, k: [f'{pad}{k}: &s "{FILE}"', f"{pad}port: *s"],
    "repeated by an alias at a checked name": lambda pad, k: [
        f'{pad}{k}: &s "{FILE} Ж"',
        f"{pad}cabinet: *s",
    ],
    "an alias of another key's value": lambda pad, k: [
        f'{pad}cabinet: &s "{FILE} Ж"',
        f"{pad}{k}: *s",
    ],
    "left out (the last good value is kept)": lambda pad, k: [],
    "a second document": lambda pad, k: [f'{pad}{k}: "{FILE}"', "---", f"{FILE}: Ж"],
    "a huge secret with a bad tag": lambda pad, k: [f"{pad}{k}: !!int {FILE * 5000}"],
    "too many aliases": lambda pad, k: (
        [f'{pad}{k}: &s "{FILE}"'] + [f"{pad}a{n}: *s" for n in range(200)]
    ),
}
# Keys of the secret's section that a case writes itself (their own lines are taken out first).
DROPS = {
    "repeated by an alias at a number": ["port"],
    "repeated by an alias at a checked name": ["cabinet"],
    "an alias of another key's value": ["cabinet"],
}
# Cases whose problem is (rightly) named by another key: the line beside the secret's, where pyyaml stopped.
# (An unclosed quote is named by the secret's own key: where the quote opened.)
NAMED_ELSEWHERE = {
    "duplicate anchor",
    "key without a colon",
    "unknown neighbour key",
    "repeated by an alias at a number",
    "repeated by an alias at a checked name",
    "an alias of another key's value",
    "too many aliases",
}
# What pyyaml would quote of a value, besides the secrets themselves: a character after a backslash,
# a first character, a control character's code.
TELLS = ("Ж", "@", "`", "x07", "x0007")


def broken(text: str, key: str, case: str) -> str:
    """``text`` with the secret ``key``'s line written as ``case`` says."""
    section = key.rsplit(".", 1)[0]
    for name in DROPS.get(case, ()):
        text = set_line(text, f"{section}.{name}", lambda pad, k: [])
    return set_line(text, key, CASES[case])


def tells_in(text: str) -> list[str]:
    return [tell for tell in SECRETS + TELLS if tell in text]


@pytest.fixture(params=secret_keys())
def key(request):
    return request.param


@pytest.fixture
def paid(tmp_path, key):
    """A settings file the cabinet has loaded once: its last good settings are paid, and hold ``LAST``."""
    path = tmp_path / "cabinet.yaml"
    path.write_text(paid_text(key, LAST), encoding="utf-8")
    loaded = load_for_cabinet(path)
    assert loaded.problems == [] and loaded.settings.credits.free_play is False
    return path


def every_word_the_cabinet_says(path, monkeypatch, capfd, caplog) -> dict[str, str]:
    """Everything check-config prints, the cabinet logs at its start, and its screens show."""
    shown = {}
    with caplog.at_level(logging.DEBUG):
        code = command_line(["check-config", str(path)])
        out, err = capfd.readouterr()
        shown["check-config"] = out + err
        assert code in (1, 3), "the problem is found"

        drawn: list[str] = []
        monkeypatch.setattr(
            "cabinet.scenes.service.settings_notice.text",
            lambda surface, string, *a, **k: drawn.append(string),
        )

        def run(app: App) -> int:
            try:
                assert isinstance(app.ctx.scenes.top, SettingsNoticeScene)
                app.render()
                shown["boot notice"] = "\n".join(drawn)
                assert app.ctx.settings.credits.free_play is False, "still a paid cabinet"
                step(app, frames=3)
                service(app)
                enter(app, "NOTICES")
                page = top(app)
                assert isinstance(page, NoticesPage)
                pieces = [piece for piece, _first in page.lines]
                shown["NOTICES page"] = "".join(pieces) + "\n" + " ".join(pieces)
                return 0
            finally:
                app.close()

        monkeypatch.setattr(App, "run", run)
        monkeypatch.setattr(
            app_module, "App", lambda loaded, **kw: App(loaded, **{**kw, "audio": Heard()})
        )
        assert app_module.main(SimpleNamespace(config=str(path), headless=True)) == 0
    out, err = capfd.readouterr()
    shown["log and output"] = (
        "\n".join(record.getMessage() for record in caplog.records) + out + err
    )
    return shown


@pytest.mark.parametrize("case", CASES)
def test_a_secret_is_never_shown_whatever_is_wrong(paid, key, case, monkeypatch, capfd, caplog):
    paid.write_text(broken(paid.read_text(encoding="utf-8"), key, case), encoding="utf-8")
    shown = every_word_the_cabinet_says(paid, monkeypatch, capfd, caplog)
    for where, text in shown.items():
        assert text, f"{where}: nothing was shown"
        assert not tells_in(text), f"{case}: {where} shows {tells_in(text)}:\n{text}"
    assert (f" {key}: " in shown["check-config"]) != (case in NAMED_ELSEWHERE), (
        "the problem is named by the secret's key"
    )


@pytest.mark.parametrize("case", CASES)
def test_a_new_cabinet_never_shows_a_secret_either(key, case):
    if case.startswith("left out"):
        pytest.skip("a new cabinet has no last good value to keep")
    """No last good settings: the factory value is used, and it is not quoted either."""
    loaded = parse_settings(broken(paid_text(key, LAST), key, case), "new.yaml")
    lines = loaded.notices()
    assert lines, "the problem is found"
    assert not tells_in("\n".join(str(line) for line in lines))


@pytest.mark.parametrize("key", secret_keys())
def test_an_alias_never_copies_a_secret_to_a_key_that_is_shown(key):
    """``username: *p`` would put the password where the NETWORK page shows it."""
    *sections, name = key.split(".")
    text = set_line(paid_text(key, FILE), "network.username", lambda pad, field: [])
    # the anchor first, then the alias: a username (shown on the NETWORK page) saying the secret
    text = set_line(
        text, key, lambda pad, field: [f'{pad}{field}: &p "{FILE}"', f"{pad}username: *p"]
    )
    loaded = parse_settings(text, "cabinet.yaml")
    assert loaded.settings.network.username == ""  # the factory value, not the secret
    (problem,) = [p for p in loaded.problems if p.key == "network.username"]
    assert "repeats a secret through an alias" in str(problem)
    assert not any(FILE in str(p) for p in loaded.problems)
    secret = loaded.settings
    for part in [*sections, name]:
        secret = getattr(secret, part)
    assert secret == FILE  # the secret itself stays where it belongs
