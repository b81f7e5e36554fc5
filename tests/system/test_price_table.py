"""Price tables: the payout of each coin (bonuses, runs, restarts, price changes), the
coins-toward line on screen, the file's validation and last good fallback, the old key, and
the service page that edits a table."""

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from cabinet.inputs.actions import Action
from cabinet.scenes.kit.credit_line import credit_line
from cabinet.settings.load import parse_settings
from cabinet.settings.save import settings_text
from cabinet.settings.schema import CreditSettings
from cabinet.storage.store import Store
from cabinet.system.price_table import PRESETS, PriceTable
from support.service import choose, enter, screenshot, service, tap, top, value_of

SCREENS = Path("/tmp/pricing-screens")  # saved for a person to look at


@pytest.fixture
def store():
    store = Store.open()
    yield store
    store.close()


def bank_of(store, table1=((1, 1),), table2=((1, 1),), **changes):
    settings = CreditSettings(
        free_play=False,
        price_table_1=PriceTable(table1),
        price_table_2=PriceTable(table2),
        max_credits=99,
        **changes,
    )
    return store.credit_bank(settings)


def line(bank) -> str:
    return credit_line(SimpleNamespace(free_play=bank.free_play, bank=bank))


# --------------------------------------------------------------------------- paying out


def test_the_fifth_coin_in_a_row_gives_two_credits_and_the_ladder_starts_again(store):
    bank = bank_of(store, [(1, 1), (5, 6)])
    assert [bank.coin(1) for _ in range(11)] == [1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1]
    assert bank.credits == 13
    audit = store.audits.snapshot()
    assert audit["coins"][1] == 11 and audit["credits_from_coins"] == 13


def test_a_game_start_ends_the_run(store):
    bank = bank_of(store, [(1, 1), (5, 6)])
    assert [bank.coin(1) for _ in range(3)] == [1, 1, 1]
    assert bank.start("blocks", "single")
    assert [bank.coin(1) for _ in range(5)] == [1, 1, 1, 1, 2], (
        "a new run: the bonus is five coins away again"
    )


def test_each_chute_has_its_own_run(store):
    bank = bank_of(store, [(1, 1), (5, 6)], [(1, 1), (5, 6)])
    for _ in range(4):
        bank.coin(1)
    assert bank.coin(2) == 1, "chute 2's first coin is not chute 1's fifth"
    assert bank.coin(1) == 2


def test_coins_short_of_a_credit_are_kept_past_a_game_start(store):
    bank = bank_of(store, [(2, 1), (4, 3)])
    assert [bank.coin(1) for _ in range(3)] == [0, 1, 0]
    assert line(bank) == "CREDITS 1  1/2 COINS"
    assert bank.start("blocks", "single")
    assert line(bank) == "CREDITS 0  1/2 COINS", "the odd coin is not swallowed by the start"
    assert bank.coin(1) == 1 and line(bank) == "CREDITS 1"


def test_the_coins_toward_line_counts_from_the_last_credit_to_the_next(store):
    bank = bank_of(store, [(2, 1), (5, 3)], [(3, 1)])
    shown = []
    for _ in range(5):
        bank.coin(1)
        shown.append(line(bank))
    assert shown == [
        "CREDITS 0  1/2 COINS",
        "CREDITS 1",
        "CREDITS 1  1/2 COINS",
        "CREDITS 2",
        "CREDITS 3",
    ]
    bank.coin(2)
    assert line(bank) == "CREDITS 3  1/3 COINS"
    bank.coin(1)
    assert line(bank) == "CREDITS 3  1/2 1/3 COINS", "chute 1 first, then chute 2"


def test_a_run_survives_a_restart(store):
    bank = bank_of(store, [(1, 1), (5, 6)])
    for _ in range(4):
        bank.coin(1)
    store.close()
    again = Store.open()
    try:
        assert bank_of(again, [(1, 1), (5, 6)]).coin(1) == 2, "the fifth coin, after a power cut"
    finally:
        again.close()


def test_a_price_change_mid_run_loses_no_coin_and_pays_none_twice(store):
    bank = bank_of(store, [(3, 1)])
    bank.coin(1), bank.coin(1)
    assert bank.credits == 0 and line(bank) == "CREDITS 0  2/3 COINS"
    bank.settings = CreditSettings(free_play=False, price_table_1=PriceTable([(2, 1)]))
    assert bank.credits == 1, "two coins waiting are a credit at the new price"
    assert line(bank) == "CREDITS 1" and bank.coin(1) == 0
    bank.settings = CreditSettings(free_play=False, price_table_1=PriceTable([(1, 1), (5, 6)]))
    assert bank.credits == 2 and line(bank) == "CREDITS 2"
    # The coin short of a credit at the old price was paid at the new one, and begins the new run.
    assert [bank.coin(1) for _ in range(5)] == [1, 1, 1, 2, 1]
    assert store.audits.snapshot()["credits_from_coins"] == bank.credits


def test_a_price_changed_while_the_cabinet_was_off_is_settled_at_the_start(store):
    bank_of(store, [(3, 1)]).coin(1)
    store.close()
    again = Store.open()
    try:
        bank = bank_of(again, [(1, 2)])
        assert bank.credits == 2 and line(bank) == "CREDITS 2"
    finally:
        again.close()


def test_the_ladder_of_every_preset_only_grows():
    for table in PRESETS:
        ladder = [0] + table.ladder()
        assert all(a <= b for a, b in zip(ladder, ladder[1:])), table
        assert table.credits_for(2 * table.cycle) == 2 * ladder[-1], "the ladder starts again"


# --------------------------------------------------------------------------- the settings file

BAD_TABLES = {
    "[]": "has no step, so no coin would ever pay for a game",
    "[[2, 0]]": "step 1 [2, 0] gives no credit, so those coins would never pay for a game",
    "[[1, 1], [5, 4]]": "step 2 [5, 4] pays less than the steps before it already pay for 5 coins (5)",
    "[[2, 1], [2, 3]]": "step 2 [2, 3] must take more coins than step 1 [2, 1]",
    "[[1, 1], [2, 3], [3, 5], [4, 7], [5, 9]]": "has 5 steps; at most 4",
    "[[1, true]]": "step 1 must be two whole numbers [coins, credits], got [1, true]",
    "[1, 1]": "step 1 must be two whole numbers [coins, credits], got 1",
    "2": "must be a list of [coins, credits] steps, e.g. [[1, 1], [5, 6]]; got 2",
    "[[21, 1]]": "step 1 [21, 1]: coins must be 1 to 20",
    "[[010, 1]]": "010 has a leading zero, which YAML reads as octal (8); write 10",
}


@pytest.mark.parametrize("written", BAD_TABLES)
def test_a_bad_table_is_refused_with_its_line_and_the_last_good_one_kept(written):
    last = parse_settings("credits: {price_table_2: [[2, 1], [4, 3]]}").settings
    text = f"credits:\n  free_play: false\n  price_table_2: {written}\n"
    [problem] = parse_settings(text, "op.yaml", last).problems
    assert (
        str(problem)
        == f"op.yaml:3: credits.price_table_2: {BAD_TABLES[written]}; using the last good value [[2, 1], [4, 3]]"
    )
    assert parse_settings(text, "op.yaml", last).settings.credits.price_table_2 == ((2, 1), (4, 3))
    [problem] = parse_settings(text, "op.yaml").problems
    assert problem.message.endswith("; using [[1, 1]]"), "a new cabinet: the factory table"


def test_a_table_may_be_written_in_block_style():
    text = "credits:\n  price_table_1:\n    - [1, 1]\n    - [5, 6]\n"
    loaded = parse_settings(text)
    assert not loaded.problems and loaded.settings.credits.price_table_1 == ((1, 1), (5, 6))


def test_the_old_coins_per_credit_key_still_sets_the_price():
    loaded = parse_settings(
        "credits: {free_play: false, coins_per_credit_1: 3, coins_per_credit_2: 2}"
    )
    assert not loaded.problems
    assert loaded.settings.credits.price_table_1 == (
        (3, 1),
    ) and loaded.settings.credits.price_table_2 == ((2, 1),)
    last = parse_settings("credits: {coins_per_credit_1: 3}").settings
    [problem] = parse_settings("credits:\n  coins_per_credit_1: 11\n", "op.yaml", last).problems
    assert (
        str(problem)
        == "op.yaml:2: credits.coins_per_credit_1: must be at most 10, got 11; using the last good value [[3, 1]]"
    )
    both = parse_settings(
        "credits:\n  price_table_1: [[1, 1], [5, 6]]\n  coins_per_credit_1: 3\n", "op.yaml"
    )
    assert both.settings.credits.price_table_1 == ((1, 1), (5, 6))
    assert [str(p) for p in both.problems] == [
        "op.yaml:3: credits.coins_per_credit_1: replaced by price_table_1, which this file also gives; ignored"
    ]


def test_saving_rewrites_an_old_key_only_when_its_price_changed():
    old = "credits:\n  free_play: false   # coins\n  coins_per_credit_1: 2   # old comment\n  max_credits: 9\n"
    settings = parse_settings(old).settings
    assert settings_text(old, settings) == old, "unchanged: the old line reads the same"
    settings.credits.price_table_1 = PriceTable([(2, 1), (4, 3)])
    new = settings_text(old, settings)
    assert (
        new
        == "credits:\n  free_play: false   # coins\n  price_table_1: [[2, 1], [4, 3]]\n  max_credits: 9\n"
    )
    assert parse_settings(new).settings == settings


# --------------------------------------------------------------------------- the service menu


def test_the_service_menu_edits_a_table_and_saves_it(cabinet):
    app, path = cabinet
    service(app)
    enter(app, "COIN & CREDIT SETTINGS")
    assert value_of(app, "PRICE CHUTE 2") == "1/1"
    screenshot(app, SCREENS, "credit-settings")
    enter(app, "PRICE CHUTE 2")
    enter(app, "ADD A BONUS STEP")
    assert top(app).table == ((1, 1), (2, 3))
    choose(app, "STEP 2 COINS")
    tap(app, Action.RIGHT)
    tap(app, Action.RIGHT)
    assert top(app).table == ((1, 1), (3, 3)), (
        "4 coins for 3 credits would pay less than the base price"
    )
    assert "PAYS LESS" in top(app).message
    choose(app, "STEP 2 CREDITS")
    for _ in range(3):
        tap(app, Action.RIGHT)
    choose(app, "STEP 2 COINS")
    tap(app, Action.RIGHT)
    tap(app, Action.RIGHT)
    assert top(app).table == ((1, 1), (5, 6))
    assert value_of(app, "CREDITS FOR 1-5 COINS") == "1 2 3 4 6"
    assert value_of(app, "TABLE") == "1/1  5/6", "the table is one of the common ones"
    screenshot(app, SCREENS, "price-table")
    tap(app, Action.B)
    assert value_of(app, "PRICE CHUTE 2") == "1/1  5/6"
    tap(app, Action.B)
    enter(app, "SAVE AND EXIT")
    assert yaml.safe_load(path.read_text())["credits"]["price_table_2"] == [[1, 1], [5, 6]]
    assert app.ctx.bank.table(2) == ((1, 1), (5, 6))


def test_the_table_row_steps_through_the_common_tables(cabinet):
    app, _ = cabinet
    service(app)
    enter(app, "COIN & CREDIT SETTINGS", "PRICE CHUTE 1")
    shown = []
    for _ in range(len(PRESETS)):
        shown.append(value_of(app, "TABLE"))
        tap(app, Action.RIGHT)
    assert shown == [table.short() for table in PRESETS]
    assert value_of(app, "TABLE") == "1/1", "round again"


# --------------------------------------------------------------------------- the price in money


def test_the_credit_line_names_the_price_of_a_credit_in_the_venues_money(store):
    bank = bank_of(store, price_text="RM1")
    assert line(bank) == "1 CREDIT RM1  CREDITS 0"


def test_the_price_of_a_credit_is_said_in_the_chosen_language(store):
    from cabinet import language

    bank = bank_of(store, price_text="100円")
    language.use("ja")
    try:
        assert line(bank) == "1クレジット 100円  クレジット 0"
    finally:
        language.use("en")


def test_no_price_text_leaves_the_credit_line_as_it_was(store):
    assert line(bank_of(store)) == "CREDITS 0"
