"""Money per chute: each coin counted at its chute's coin value, in the coin's own transaction (issue 38, finding 8)."""

from __future__ import annotations

import pytest

from cabinet.settings.load import parse_settings
from cabinet.settings.schema import CreditSettings
from cabinet.storage.store import Store


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "cabinet.db")
    yield store
    store.close()


def test_each_coin_is_counted_at_the_value_its_chute_had_when_it_came(store):
    bank = store.credit_bank(
        CreditSettings(free_play=False, coin_value_1=100, coin_value_2=50, max_credits=50)
    )
    bank.coin(1)
    bank.coins([(2, None), (2, None), (1, None)])  # a burst: one transaction
    assert store.audits.snapshot()["money"] == {1: 200, 2: 100}
    bank.settings = CreditSettings(free_play=False, coin_value_1=20, coin_value_2=0, max_credits=50)
    bank.coin(1)
    bank.coin(2)  # 0: this chute's money is not counted; its coin is
    figures = store.audits.snapshot()
    assert figures["money"] == {1: 220, 2: 100} and figures["coins"] == {1: 3, 2: 3}
    store.audits.reset_period()
    bank.coin(1)
    figures = store.audits.snapshot()
    assert (figures["money"][1], figures["period"]["money"]) == (240, {1: 20, 2: 0})


def test_a_coin_and_its_money_are_one_transaction(store):
    """The statements of a coin hold its money: a write that fails leaves neither."""
    bank = store.credit_bank(CreditSettings(free_play=False, coin_value_1=100))
    statements = []
    original = store.db.write_when_known

    def capture(what, make):
        statements.extend(make())
        return original(what, lambda: statements)

    store.db.write_when_known = capture
    bank.coin(1, meter=1)
    names = [params[0] for _sql, params in statements if params]
    assert "audit.coins.1" in names and "audit.money.1" in names and "meter.owed.1" in names
    assert store.audits.snapshot()["money"][1] == 100


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("credits: {coin_value_1: -5}", "credits.coin_value_1: must be at least 0"),
        ("credits: {coin_value_2: 100001}", "credits.coin_value_2: must be at most 100000"),
        ("credits: {coin_value_1: 1.5}", "credits.coin_value_1"),
    ],
)
def test_a_bad_coin_value_is_named_and_not_counted(text, problem):
    loaded = parse_settings(text, "cabinet.yaml")
    assert problem in str(loaded.problems[0]) and "cabinet.yaml:1" in str(loaded.problems[0])
    assert (loaded.settings.credits.coin_value_1, loaded.settings.credits.coin_value_2) == (0, 0)
