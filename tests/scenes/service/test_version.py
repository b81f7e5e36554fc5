"""The service menu's VERSION page: the release running, UPDATE READY, and INSTALL FROM USB."""

from __future__ import annotations

import os

import pytest

from cabinet import language
from cabinet.inputs.actions import Action, InputEvent
from cabinet.scenes.service.menu import ServiceMenuScene
from cabinet.scenes.service.version import VersionPage
from cabinet.update import offer
from support.app import make_app
from support.service import screenshot

REASON = "the cabinet exited before it was ready (exit status 1)"


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.close()


def test_a_waiting_update_and_a_stick_release_are_offered_and_usb_asks_the_updater(
    app, tmp_path, monkeypatch
):
    folder = offer.state_folder()
    offer.write_offer(
        folder, ready={"version": "0.3.0", "source": "network"}, usb={"version": "0.3.1"}
    )
    offer.write_result(folder, "rolled back", "0.2.9", REASON, previous="0.2.0")
    monkeypatch.setenv("RUNTIME_DIRECTORY", str(tmp_path / "run"))
    (tmp_path / "run").mkdir()
    menu = ServiceMenuScene(app.ctx)
    [row] = [row for row in menu.rows() if row.label == "VERSION"]
    assert row.value() == "UPDATE READY"
    page = VersionPage(app.ctx, menu)
    rows = {row.label: row for row in page.rows()}
    assert rows["RUNNING RELEASE"].value() == offer.running_version()
    assert rows["UPDATE READY"].value() == "0.3.0"
    assert (
        rows["LAST UPDATE"].value() == "0.2.9 ROLLED BACK"
        and rows["LAST UPDATE"].detail == REASON.upper()
    )
    app.ctx.scenes.push(page)
    page.index = list(rows).index("INSTALL FROM USB")
    page.handle(InputEvent(1, Action.A, True))
    assert offer.usb_requested(tmp_path / "run") == "0.3.1"
    assert page.message == "RELEASE 0.3.1 INSTALLS ONCE YOU LEAVE THE SERVICE MENU"
    for code in ("en", "ms", "ja"):  # kept for a person to look at under --basetemp
        language.use(code)
        screenshot(app, tmp_path, f"version-{code}")
    language.use("en")


def test_with_no_updater_the_page_says_so_and_offers_nothing(app, monkeypatch):
    monkeypatch.delenv("RUNTIME_DIRECTORY", raising=False)
    rows = {row.label: row.value() for row in VersionPage(app.ctx).rows()}
    assert rows == {"RUNNING RELEASE": offer.running_version(), "UPDATE": "NONE WAITING"}
    assert not os.path.exists(offer.state_folder() / offer.OFFER)
