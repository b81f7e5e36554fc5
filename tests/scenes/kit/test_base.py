"""The scene base's questions (cabinet/scenes/kit/base.py): every screen of the cabinet answers
what the panel and the service door ask, or keeps the answers of a screen decided here.

The base's defaults are the safe answers (tests/test_panel.py shows them at work), but a screen
that should have answered otherwise would go unnoticed: a Start lamp that never blinks, a service
menu that never opens between games. So each screen is listed below with its answers, and a new
one fails here until someone decides them.
"""

from __future__ import annotations

import importlib
import pkgutil

import cabinet
from cabinet.scenes.kit.base import Scene, Standing

IN_PLAY, BETWEEN_GAMES, IDLE = Standing.IN_PLAY, Standing.BETWEEN_GAMES, Standing.IDLE

# screen: (its standing, whether it answers live_starts() itself). A subclass of a screen listed
# here that answers neither question itself keeps that screen's answers.
ANSWERS = {
    "cabinet.scenes.flow.attract.AttractScene": (IDLE, True),
    "cabinet.scenes.flow.attract.SafeTitleScene": (IDLE, True),
    "cabinet.scenes.flow.rematch.RematchScene": (IN_PLAY, True),
    "cabinet.scenes.kit.game_screen.GameScreen": (IN_PLAY, True),  # a challenger's Start
    "cabinet.scenes.kit.menu.MenuScene": (BETWEEN_GAMES, False),
    "cabinet.scenes.flow.ranking.RankingScene": (BETWEEN_GAMES, False),
    "cabinet.scenes.service.settings_notice.SettingsNoticeScene": (BETWEEN_GAMES, False),
    "cabinet.scenes.flow.initials.InitialsScene": (IN_PLAY, False),
    "cabinet.scenes.flow.ladder.LadderScene": (IN_PLAY, False),
    "cabinet.scenes.flow.challenger.ChallengerScene": (IN_PLAY, False),
    # attract mode's parts: attract mode is on top while they show
    "cabinet.scenes.flow.title.TitleScene": (IN_PLAY, False),
    "cabinet.scenes.flow.howto.HowToScene": (IN_PLAY, False),
    "cabinet.scenes.flow.tables.ScoreTablesScene": (IN_PLAY, False),
    "cabinet.scenes.flow.playback.PlaybackScene": (IN_PLAY, False),
    "cabinet.scenes.antigravity.howto_film.HowToFilm": (IN_PLAY, False),
    # the operator's screens: SERVICE there means "back" (they close or test the chutes)
    "cabinet.scenes.service.page.Page": (IN_PLAY, False),
    "cabinet.scenes.service.save.SaveResultScene": (IN_PLAY, False),
    "cabinet.scenes.service.input_test.InputTestScene": (IN_PLAY, False),
    "cabinet.scenes.service.hardware.ScreenTestScene": (IN_PLAY, False),
    "cabinet.scenes.service.name_editor.NameEditScene": (IN_PLAY, False),
    "cabinet.bench.inputs.LatencyProbe": (IN_PLAY, False),  # the bench's own
}


def full_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def cabinet_scenes() -> list[type]:
    """Every subclass of Scene that the cabinet's modules define (the tests' own left out)."""
    for module in pkgutil.walk_packages(cabinet.__path__, "cabinet."):
        if module.name != "cabinet.__main__":
            importlib.import_module(module.name)
    found, todo = [], list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("cabinet.") and cls not in found:
            found.append(cls)
    return found


def answers(cls: type) -> tuple[Standing, bool]:
    return cls.standing, cls.live_starts is not Scene.live_starts


def test_the_base_answers_safely_in_play_with_no_start_live():
    assert Scene.standing is Standing.IN_PLAY
    assert Scene(None).live_starts() == set()


def test_every_screen_answers_the_panel_and_the_door_or_keeps_a_decided_answer():
    scenes = cabinet_scenes()
    names = {full_name(cls) for cls in scenes}
    assert not set(ANSWERS) - names, "a screen listed here is gone: take it off the list"
    undecided = []
    for cls in scenes:
        decided = next((full_name(c) for c in cls.__mro__ if full_name(c) in ANSWERS), None)
        answers_itself = {"standing", "live_starts"} & set(vars(cls))
        if decided is None or (decided != full_name(cls) and answers_itself):
            undecided.append(full_name(cls))
            continue
        assert answers(cls) == ANSWERS[decided], full_name(cls)
    assert not undecided, (
        "new screens: decide their Scene.standing and live_starts() (the defaults are in play, "
        f"no Start live) and list them in ANSWERS: {undecided}"
    )
