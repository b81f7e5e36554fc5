"""How money reads: ``credits.money_format`` on BOOKKEEPING, in the fleet report and the books."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cabinet.inputs.actions import CABINET, Action
from cabinet.network import messages, topics
from cabinet.network.fleet import csv_report, format_report, report
from cabinet.network.view import FleetView, receive_or_drop
from cabinet.settings.load import parse_settings
from cabinet.system.money import MoneyFormat, money_text
from support.service import cabinet_on_file, enter, screenshot, service, step, tap, value_of


@pytest.mark.parametrize(
    ("shown", "amount", "text"),
    [
        ("RM0.00", 1250, "RM12.50"),
        ("RM0.00", 5, "RM0.05"),
        ("€0,00", 100000, "€1000,00"),
        ("$0.0", 7, "$0.7"),
        ("0円", 1250, "1250円"),
        ("¥0", 300, "¥300"),
        ("", 1250, "1250"),
    ],
)
def test_an_amount_reads_as_the_venue_writes_money(shown, amount, text):
    assert money_text(amount, shown) == text


@pytest.mark.parametrize("shown", ["RM", "RM1.00", "0.00.0", "RM0.0000", "00", "0.", "MONEY 0"])
def test_a_format_that_writes_no_one_amount_is_refused(shown):
    with pytest.raises(ValueError):
        MoneyFormat.parse(shown)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (
            'credits: {money_format: "RM1.00"}',
            "credits.money_format: must write the amount as one 0",
        ),
        ('credits: {money_format: "\\u20a90"}', "credits.money_format"),  # ₩: not in the pixel font
        ('credits: {money_format: " RM0.00"}', "without spaces at either end"),
    ],
)
def test_a_bad_money_format_is_named_with_its_line_and_money_reads_as_counted(line, problem):
    loaded = parse_settings(line, "cabinet.yaml")
    assert problem in str(loaded.problems[0]) and "cabinet.yaml:1" in str(loaded.problems[0])
    assert loaded.settings.credits.money_format == ""


def test_bookkeeping_writes_each_chutes_money_in_the_venues_format(tmp_path):
    app, _ = cabinet_on_file(
        tmp_path, 'credits:\n  free_play: false\n  coin_value_1: 250\n  money_format: "RM0.00"\n'
    )
    try:
        step(app, frames=3)
        for _ in range(5):
            tap(app, Action.COIN1, CABINET)
        service(app)
        enter(app, "BOOKKEEPING")
        assert value_of(app, "MONEY CHUTE 1") == "RM12.50  PERIOD RM12.50"
        assert value_of(app, "MONEY CHUTE 2") == "RM0.00  PERIOD RM0.00"
        screenshot(app, tmp_path, "bookkeeping-money")
    finally:
        app.close()


def _office(audits: dict) -> dict:
    """The fleet report of one cabinet's audits, taken as the office's monitor takes a message."""
    view = FleetView()
    payload = messages.encode("bar", "left", version=1, made="2026-12-06T04:00:00Z", audits=audits)
    receive_or_drop(
        view,
        SimpleNamespace(topic=topics.topic("bar", "left", "audits"), payload=payload, retain=True),
    )
    return report(view)


AUDITS = {"coins": {"1": 5, "2": 0}, "meter_pulses": {"1": 5, "2": 0}, "money": {"1": 1250, "2": 0}}


def test_the_office_reads_a_cabinets_money_in_its_format_and_the_csv_keeps_the_count():
    data = _office({**AUDITS, "money_format": "RM0.00"})
    assert "money: chute 1 RM12.50, chute 2 RM0.00" in format_report(data)
    header, row = csv_report(data).splitlines()
    fields = dict(zip(header.split(","), row.split(",")))
    assert (fields["money_chute_1"], fields["money_format"]) == ("1250", "RM0.00")
    assert "money (smallest unit): chute 1 1250" in format_report(_office(AUDITS))


@pytest.mark.parametrize("forged", ["\x1b[2J0", "RM0.00" * 4, 7, "RM1"])
def test_a_forged_money_format_makes_the_figures_unreadable_not_the_screen(forged):
    data = _office({**AUDITS, "money_format": forged})
    assert "\x1b" not in format_report(data)
    assert data["cabinets"][0]["unreadable"], "the audits were refused as a bad message"
