"""Driving the service menu the way an operator does: InputEvents from the panel and the door buttons."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from cabinet.app import App
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.settings.load import SHIPPED_CONFIG, load_settings
from support.app import Heard, settled


def cabinet_on_file(
    tmp_path: Path, yaml_text: str | None = None, name: str = "cabinet.yaml"
) -> tuple[App, Path]:
    """A headless cabinet that loaded a settings file of its own (the shipped one, or ``yaml_text``)."""
    path = tmp_path / name
    if yaml_text is None:
        shutil.copy(SHIPPED_CONFIG, path)
    else:
        path.write_text(yaml_text, encoding="utf-8")
    return App(load_settings(path), headless=True, audio=Heard()), path


def step(app: App, events=(), frames: int = 1) -> None:
    app.step(list(events))
    for _ in range(frames - 1):
        app.step()


def tap(app: App, action: Action, player: int = 1) -> None:
    """One press and release of a panel switch (player 1 or 2) or a door button (CABINET), once
    the screen on top takes presses (as a person waits to see it)."""
    settled(app)
    step(app, [InputEvent(player, action, True)])
    step(app, [InputEvent(player, action, False)])


def service(app: App) -> None:
    tap(app, Action.SERVICE, CABINET)


def press_test(app: App) -> None:
    """The TEST button inside the door."""
    tap(app, Action.TEST, CABINET)


def top(app: App):
    return app.ctx.scenes.top


def chosen_label(app: App) -> str:
    page = top(app)
    return page.rows()[page.index].label


def choose(app: App, label: str) -> None:
    """Move DOWN until the row ``label`` is chosen (as an operator reads down the list)."""
    for _ in range(len(top(app).rows()) + 1):
        if chosen_label(app) == label:
            return
        tap(app, Action.DOWN)
    raise AssertionError(
        f"no row {label!r} on {top(app).name}: {[r.label for r in top(app).rows()]}"
    )


def enter(app: App, *labels: str) -> None:
    """Choose each row in turn and press A on it."""
    for label in labels:
        choose(app, label)
        tap(app, Action.A)


def value_of(app: App, label: str) -> str:
    for row in top(app).rows():
        if row.label == label:
            return row.value()
    raise AssertionError(f"no row {label!r} on {top(app).name}")


def screenshot(app: App, folder: Path, name: str) -> Path:
    """Draw the top scene and save it for a person to look at."""
    folder.mkdir(parents=True, exist_ok=True)
    top(app).draw(app.display.logical)
    path = folder / f"{name}.png"
    pygame.image.save(app.display.logical, str(path))
    return path


@pytest.fixture
def cabinet(tmp_path):
    """A cabinet on a settings file of its own (a fixture): ``(app, path)``, three frames in."""
    app, path = cabinet_on_file(tmp_path)
    step(app, frames=3)
    yield app, path
    app.close()
