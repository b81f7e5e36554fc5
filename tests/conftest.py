"""Every test runs headless: no display, no sound card, mock GPIO pins, a private state dir."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

# Fixtures shared across folders: mock GPIO pins, a clock and an input hub; a real
# broker; a real disk to fill or make read-only; a cabinet on its own settings file.
pytest_plugins = ("support.inputs", "support.network", "support.disk", "support.service")


@pytest.fixture(autouse=True)
def private_state(tmp_path, monkeypatch):
    """Each test gets its own state directory (and user config folder), so no test sees another's
    scores or settings."""
    state = tmp_path / "state"
    state.mkdir()
    monkeypatch.setenv("STATE_DIRECTORY", str(state))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    monkeypatch.setenv(
        "UPDATE_STATE_DIRECTORY", str(tmp_path / "update-state")
    )  # no machine's updater
    monkeypatch.delenv("CABINET_CONFIG", raising=False)
    return state
