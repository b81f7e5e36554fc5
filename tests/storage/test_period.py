"""The bookkeeping period ("since last collection"): reset by the operator, no total touched (issue 38, finding 8)."""

from __future__ import annotations

import pytest

from cabinet.settings.schema import CreditSettings
from cabinet.storage.factory import factory_reset
from cabinet.storage.store import Store


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "cabinet.db")
    yield store
    store.close()


def _business(store, coins: tuple[int, int], plays: int, continues: int = 0) -> None:
    bank = store.credit_bank(CreditSettings(free_play=False, max_credits=50))
    for chute, count in zip((1, 2), coins):
        bank.coins(
            [(chute, chute)] * count
        )  # a burst: one transaction, each coin owing its meter a pulse
        bank.meter_pulsed(chute, count)
    for number in range(plays + continues):
        assert bank.start("blocks", "single", continued=number >= plays)
    bank.service_credit()


def test_a_period_reset_zeroes_the_period_and_keeps_every_total_and_meter(store):
    _business(store, (4, 2), plays=3, continues=1)
    before = store.audits.snapshot()
    assert before["period"]["coins"] == {1: 4, 2: 2}  # no reset yet: the period is the whole count
    store.audits.reset_period()
    reset = store.audits.snapshot()
    assert {key: value for key, value in reset.items() if key != "period"} == {
        key: value for key, value in before.items() if key != "period"
    }
    assert reset["period"] == {
        "since": reset["period"]["since"],
        "coins": {1: 0, 2: 0},
        "money": {1: 0, 2: 0},
        "meter_pulses": {1: 0, 2: 0},
        "credits_from_coins": 0,
        "service_credits": 0,
        "credits_spent": 0,
        "credits_over_max": 0,
        "plays": 0,
        "continues": 0,
    }
    assert reset["period"]["since"] is not None
    _business(store, (1, 3), plays=2, continues=2)
    after = store.audits.snapshot()
    assert after["coins"] == {1: 5, 2: 5} and after["meter_pulses"] == {1: 5, 2: 5}
    assert (after["total_plays"], after["total_continues"]) == (5, 3)
    period = after["period"]
    assert (period["coins"], period["meter_pulses"]) == ({1: 1, 2: 3}, {1: 1, 2: 3})
    assert (period["plays"], period["continues"], period["credits_spent"]) == (2, 2, 4)
    assert (period["credits_from_coins"], period["service_credits"]) == (4, 1)


def test_the_period_survives_a_restart(store, tmp_path):
    _business(store, (2, 0), plays=1)
    store.audits.reset_period()
    _business(store, (1, 0), plays=1)
    store.close()
    again = Store.open(tmp_path / "cabinet.db")
    try:
        figures = again.audits.snapshot()
        assert (figures["coins"][1], figures["period"]["coins"][1]) == (3, 1)
    finally:
        again.close()


@pytest.mark.parametrize("reset", ["bookkeeping", "factory"])
def test_a_full_reset_begins_the_period_too(store, reset):
    _business(store, (3, 1), plays=2)
    store.audits.reset_period()
    _business(store, (1, 0), plays=0)
    if reset == "bookkeeping":
        store.audits.reset()
    else:
        factory_reset(store)
    _business(store, (2, 0), plays=1)
    figures = store.audits.snapshot()
    assert figures["coins"] == figures["period"]["coins"] == {1: 2, 2: 0}
    assert figures["total_plays"] == figures["period"]["plays"] == 1
