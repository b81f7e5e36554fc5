"""The service menu's NETWORK page: the names it reads back as the settings file has them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cabinet.network.status import LinkStatus
from cabinet.scenes.service.network import NetworkPage
from cabinet.system.machine import machine_cabinet_id
from support.app import make_app
from support.service import screenshot


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.ctx.network = None  # the stand-in link below has nothing to close
    app.close()


def shown(app) -> dict[str, str]:
    app.ctx.network = SimpleNamespace(
        status=LinkStatus("connected", "", "2026-12-01T10:15:09Z", 0, 2)
    )
    return {row.label: row.value() for row in NetworkPage(app.ctx).rows()}


def test_mqtt_names_are_shown_in_their_own_case_and_the_password_never(app):
    net = app.ctx.settings.network
    net.host, net.username, net.password = "mqtt.Example.net", "Bar-Left", "Sesame-Open"
    net.site, net.cabinet = "KL-Bar", "front-1"
    values = shown(app)
    # MQTT user names and topic levels are case-sensitive: BAR-LEFT would be another user.
    assert values["USER"] == "Bar-Left"
    assert (values["SITE"], values["CABINET"]) == ("KL-Bar", "front-1")
    assert values["BROKER"] == "mqtt.Example.net:8883"
    assert values["LAST SYNC"] == "2026-12-01 10:15"
    assert values["RELEASE GROUP"] == "KL-Bar", "no network.group: the site's releases"
    assert not any("sesame" in value.lower() for value in values.values())


def test_the_user_is_the_cabinet_id_when_none_is_set(app):
    app.ctx.settings.network.cabinet = "Upstairs-2"
    assert shown(app)["USER"] == "Upstairs-2"


@pytest.mark.parametrize("state", ["clash", "connected"])
def test_a_cloned_id_is_named_on_the_page_of_both_cabinets(app, tmp_path, state):
    app.ctx.network = SimpleNamespace(
        status=LinkStatus(state, "MACHINE 1111AAAA", None, 0, 1, clash="1111aaaa")
    )
    page = NetworkPage(app.ctx)
    rows = {row.label: row.value() for row in page.rows()}
    assert rows["ID CLASH"] == "MACHINE 1111AAAA"
    assert rows["LINK"] == ("STOOD DOWN: ID IN USE" if state == "clash" else "CONNECTED")
    app.ctx.scenes.push(page)
    screenshot(app, tmp_path, f"network-{state}")  # kept for a person to look at under --basetemp


def test_a_cabinet_whose_file_names_no_id_shows_its_machines_own(app, tmp_path):
    own = app.ctx.settings.network.cabinet
    assert own == machine_cabinet_id()
    shown(app)  # a connected link
    rows = {row.label: row for row in NetworkPage(app.ctx).rows()}
    assert (rows["CABINET"].value(), rows["USER"].value()) == (own, own)
    assert rows["CABINET"].detail == "THIS MACHINE'S OWN ID: THE FILE NAMES NONE"
    app.ctx.settings.network.cabinet = "front-1"
    assert {row.label: row.detail for row in NetworkPage(app.ctx).rows()}["CABINET"] == ""
    app.ctx.settings.network.cabinet = own
    page = NetworkPage(app.ctx)
    page.index = [row.label for row in page.rows()].index("CABINET")  # its help line shown
    app.ctx.scenes.push(page)
    screenshot(app, tmp_path, "network-own-id")  # kept for a person to look at under --basetemp


@pytest.mark.parametrize("code", ["en", "ms", "ja"])
def test_the_last_settings_from_the_office_show_what_was_done_for_whom_and_when(
    app, tmp_path, code
):
    from cabinet import language
    from cabinet.network.office_inbox import OfficeInbox

    inbox = OfficeInbox("bar", "bar-left", "hall")
    app.ctx.network = SimpleNamespace(status=LinkStatus("connected", "", None, 0, 1), office=inbox)
    assert {row.label: row.value() for row in NetworkPage(app.ctx).rows()}[
        "OFFICE SETTINGS"
    ] == "NONE RECEIVED"
    inbox.result = b'{"state": "refused", "at": "2026-12-06T21:02:10Z", "target": "group/hall", "signer": "alice"}'
    page = NetworkPage(app.ctx)
    row = {row.label: row for row in page.rows()}["OFFICE SETTINGS"]
    assert (row.value(), row.detail) == ("REJECTED", "group/hall  alice  2026-12-06 21:02")
    language.use(code)
    try:
        page.index = [row.label for row in page.rows()].index(
            language.tr("OFFICE SETTINGS")
        )  # its help line shown
        app.ctx.scenes.push(page)
        screenshot(
            app, tmp_path, f"network-office-{code}"
        )  # kept for a person to look at under --basetemp
    finally:
        language.use("en")
