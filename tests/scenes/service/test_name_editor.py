"""The joystick's name editor keeps what it cannot spell, and stops where the line is full."""

from types import SimpleNamespace

from cabinet.inputs.actions import Action
from cabinet.language.drawable import dots
from cabinet.scenes.service.name_editor import NameEditScene
from cabinet.settings.schema import MAX_MESSAGE, MESSAGE_DOTS
from support.app import make_app, press


def editor(message: str):
    app = make_app()
    owner = SimpleNamespace(message=message)
    scene = NameEditScene(
        app.ctx,
        owner,
        "message",
        longest=MAX_MESSAGE,
        may_be_empty=True,
        fits=lambda line: dots(line) <= MESSAGE_DOTS,
    )
    app.ctx.scenes.push(scene)
    return scene, owner


def test_a_japanese_message_keeps_its_kana_where_a_letter_is_changed():
    scene, owner = editor("あおぞら 100円")
    scene.handle(press(Action.UP))  # the first character becomes a letter
    scene.handle(press(Action.A))
    assert owner.message == "Aおぞら 100円"


def test_a_message_opened_and_kept_is_left_as_written():
    scene, owner = editor("Joe's ゲーム")
    scene.handle(press(Action.A))
    assert owner.message == "Joe's ゲーム"


def test_the_line_grows_only_while_it_fits_the_screen():
    scene, owner = editor("円" * 35)  # 280 of 288 dots: one more letter fits, not two
    for _ in range(40):
        scene.handle(press(Action.RIGHT))
    assert len(scene.chars) == 36
    scene.handle(press(Action.UP))
    scene.handle(press(Action.A))
    assert (
        owner.message.startswith("円" * 35)
        and len(owner.message) == 36
        and dots(owner.message) <= MESSAGE_DOTS
    )
