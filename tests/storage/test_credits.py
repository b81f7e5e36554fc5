"""Credits and bookkeeping: chute prices, partial coins, limits, free play, prices, persistence."""

import pytest

from cabinet.settings.schema import CreditSettings
from cabinet.storage.store import Store
from cabinet.system.price_table import PriceTable


@pytest.fixture
def store():
    store = Store.open()
    yield store
    store.close()


def paid(**changes):
    return CreditSettings(**({"free_play": False} | changes))


def test_each_chute_has_its_own_price_and_remembers_partial_coins(store):
    bank = store.credit_bank(
        paid(price_table_1=PriceTable([(3, 1)]), price_table_2=PriceTable([(1, 1)]))
    )
    assert [bank.coin(1), bank.coin(1)] == [0, 0]
    assert bank.partial_coins(1) == 2 and bank.credits == 0
    assert bank.coin(2) == 1  # chute 2 pays at once, chute 1's coins still wait
    assert bank.partial_coins(1) == 2
    assert bank.coin(1) == 1 and bank.partial_coins(1) == 0
    assert bank.credits == 2
    audit = store.audits.snapshot()
    assert audit["coins"] == {1: 3, 2: 1}
    assert audit["credits_from_coins"] == 2


def test_coins_dropped_at_once_are_priced_as_one_by_one(private_state):
    # A bonus table (3 coins for 2 credits), a run begun under an older price, a limit
    # crossed midway: the burst's one transaction gives what ten did.
    settings = paid(
        price_table_1=PriceTable([(1, 0), (3, 2)]),
        price_table_2=PriceTable([(2, 1)]),
        max_credits=5,
    )
    burst = [
        (1, 1),
        (2, None),
        (1, 1),
        (1, 1),
        (2, None),
        (1, 1),
        (2, None),
        (1, 1),
        (1, 1),
        (2, None),
    ]
    figures = []
    for name, drop in (
        ("one", lambda bank: [bank.coin(chute, meter) for chute, meter in burst]),
        ("once", lambda bank: bank.coins(burst)),
    ):
        store = Store.open(private_state / f"{name}.db")
        bank = store.credit_bank(paid(price_table_1=PriceTable([(2, 1)])))
        bank.coin(1)  # a run begun under the old price
        bank.settings = settings
        added = drop(bank)
        counts = {
            key: value
            for key, value in store.audits.snapshot().items()
            if key not in ("counts_since", "counts_reset", "scores_reset")
        }  # when each store began
        counts["period"].pop("since")  # the same: a loaded machine opens the two a second apart
        figures.append(
            (
                added,
                bank.credits,
                bank.partial_coins(1),
                bank.partial_coins(2),
                bank.meter_owed(1),
                counts,
            )
        )
        store.close()
    assert figures[0] == figures[1]
    assert figures[1][5]["credits_over_max"] > 0, "the limit was crossed inside the burst"


def test_partial_coins_survive_a_restart(store):
    bank = store.credit_bank(paid(price_table_1=PriceTable([(2, 1)])))
    bank.coin(1)
    store.close()
    again = Store.open()
    bank = again.credit_bank(paid(price_table_1=PriceTable([(2, 1)])))
    assert bank.partial_coins(1) == 1
    assert bank.coin(1) == 1 and bank.credits == 1
    again.close()


def test_credits_are_read_again_only_after_the_database_changed(store):
    bank = store.credit_bank(paid(price_table_1=PriceTable([(2, 1)])))
    for _ in range(3):
        bank.coin(1)
    reads = []
    store.db._file.set_trace_callback(reads.append)
    for _ in range(10):  # what a frame of attract mode asks
        assert (
            bank.credits,
            bank.coins_toward_credit(),
            bank.can_start("single"),
            bank.at_limit(),
        ) == (1, [(1, 2)], True, False)
    assert len(reads) == 1  # one query, for the first frame only
    assert bank.start("blocks", "single")
    reads.clear()
    assert (bank.credits, bank.coins_toward_credit()) == (
        0,
        [(1, 2)],
    )  # what the start wrote, from the file
    assert len(reads) == 1
    store.db._file.set_trace_callback(None)


def test_no_coin_is_swallowed_past_the_maximum_and_the_audit_counts_such_coins(store):
    bank = store.credit_bank(paid(max_credits=2))
    assert not bank.at_limit()
    assert [bank.coin(1) for _ in range(2)] == [1, 1]
    assert bank.at_limit()  # from here the lockout refuses ...
    assert [bank.coin(1) for _ in range(2)] == [1, 1]  # ... but a coin that comes is credited
    assert bank.credits == 4
    audit = store.audits.snapshot()
    assert audit["coins"][1] == 4
    assert audit["credits_from_coins"] == 4 and audit["credits_over_max"] == 2


def test_a_coin_owes_its_meter_a_pulse_in_the_same_write_until_marked_done(store):
    bank = store.credit_bank(paid())
    bank.coin(1, meter=1)
    bank.coin(2, meter=1)
    bank.coin(2, meter=2)
    bank.coin(1)  # no meter wired: nothing owed
    assert (bank.meter_owed(1), bank.meter_owed(2)) == (2, 1)
    bank.meter_pulsed(1, 2)
    assert (bank.meter_owed(1), bank.meter_owed(2)) == (0, 1)
    assert store.audits.snapshot()["meter_pulses"] == {1: 2, 2: 0}
    store.audits.reset()  # a bookkeeping reset keeps what the meters are owed
    assert bank.meter_owed(2) == 1


def test_service_credit_is_counted_apart_and_respects_the_maximum(store):
    bank = store.credit_bank(paid(max_credits=1))
    assert bank.service_credit() == 1
    assert bank.service_credit() == 0
    audit = store.audits.snapshot()
    assert audit["service_credits"] == 1 and audit["credits_from_coins"] == 0


def test_prices_per_mode(store):
    bank = store.credit_bank(paid(credits_per_game=2, versus_credits=3))
    assert [bank.price(m) for m in ("single", "contest", "blocks", "versus")] == [2, 2, 2, 3]
    with pytest.raises(ValueError, match="unknown mode"):
        bank.price("coop")


def test_a_start_takes_the_price_and_refuses_when_short(store):
    bank = store.credit_bank(paid(credits_per_game=2))
    bank.coin(1)
    assert not bank.can_start("single")
    assert not bank.start("blocks", "single")
    assert bank.credits == 1 and store.audits.snapshot()["total_plays"] == 0
    bank.coin(2)
    assert bank.start("blocks", "single")
    assert bank.credits == 0
    audit = store.audits.snapshot()
    assert audit["credits_spent"] == 2 and audit["modes"]["blocks/single"]["plays"] == 1


def test_versus_price_may_be_paid_all_by_one_player(store):
    bank = store.credit_bank(paid(versus_credits=2))
    bank.coin(1)
    assert not bank.can_start("versus") and bank.can_start("single")
    bank.coin(1)  # the same player's second coin
    assert bank.start("antigravity", "versus")
    assert bank.credits == 0
    assert store.audits.snapshot()["modes"]["antigravity/versus"]["plays"] == 1


def test_free_play_charges_nothing_but_counts_plays_and_coins(store):
    bank = store.credit_bank(CreditSettings(free_play=True))
    assert bank.can_start("versus") and bank.start("antigravity", "versus")
    assert bank.credits == 0
    bank.coin(1)  # a coin in free play still counts, and is still owed
    assert bank.credits == 1
    assert bank.start("blocks", "single") and bank.credits == 1
    audit = store.audits.snapshot()
    assert audit["total_plays"] == 2 and audit["coins"][1] == 1 and audit["credits_spent"] == 0


def test_a_coin_during_play_is_counted(store):
    bank = store.credit_bank(paid())
    bank.coin(1)
    assert bank.start("antigravity", "single")
    bank.coin(2)  # mid-game
    store.audits.game_ended("antigravity", "single", 95.5)
    assert bank.credits == 1
    assert store.audits.snapshot()["coins"] == {1: 1, 2: 1}


def test_credits_and_settings_changes_persist_across_reopen(store):
    bank = store.credit_bank(paid(max_credits=5))
    for _ in range(3):
        bank.coin(1)
    store.close()
    again = Store.open()
    bank = again.credit_bank(paid(max_credits=2))  # lowered: paid credits are kept
    assert bank.credits == 3
    assert bank.at_limit()  # the lockout refuses; a coin that comes still counts
    assert bank.coin(1) == 1 and bank.credits == 4
    again.close()


def test_blocks_is_counted_as_one_mode_whatever_the_caller_calls_it(store):
    bank = store.credit_bank(CreditSettings(free_play=True))
    bank.start("blocks", "blocks")
    store.audits.game_ended("blocks", "single", 10.0)
    assert store.audits.snapshot()["modes"] == {
        "blocks/single": {"plays": 1, "ended": 1, "play_seconds": 10.0, "average_seconds": 10.0}
    }


def test_bad_chute_and_game_are_refused(store):
    bank = store.credit_bank(paid())
    with pytest.raises(ValueError, match="chute"):
        bank.coin(3)
    with pytest.raises(ValueError, match="unknown game"):
        bank.start("pong", "single")


def test_bookkeeping_play_time_uptime_and_reset(store):
    bank = store.credit_bank(paid())
    bank.coin(1)
    bank.start("blocks", "single")
    store.audits.game_ended("blocks", "single", 60.0)
    store.audits.game_ended("blocks", "single", 90.0)
    store.audits.game_ended("antigravity", "contest", 30.0)
    store.audits.add_uptime(10.6)
    store.audits.add_uptime(0.6)
    audit = store.audits.snapshot()
    assert audit["modes"]["blocks/single"]["average_seconds"] == 75.0
    assert audit["total_play_seconds"] == 180.0
    assert audit["average_play_seconds"] == 60.0
    assert audit["uptime_seconds"] == 11
    assert audit["counts_reset"] is None
    store.audits.reset()
    audit = store.audits.snapshot()
    assert (
        audit["total_plays"] == 0
        and audit["coins"] == {1: 0, 2: 0}
        and audit["uptime_seconds"] == 0
    )
    assert audit["counts_reset"] is not None
    assert bank.credits == 0 and audit["credits"] == 0  # the reset leaves credits alone
    bank.coin(1)
    store.audits.reset()
    assert bank.credits == 1


def test_store_tick_writes_uptime_every_ten_seconds(store):
    store.tick(1000.0)
    store.tick(1009.5)
    assert store.audits.snapshot()["uptime_seconds"] == 0
    store.tick(1010.0)
    assert store.audits.snapshot()["uptime_seconds"] == 10
    store.tick(1012.9)
    store.close()  # a clean exit writes the rest
    again = Store.open()
    assert again.audits.snapshot()["uptime_seconds"] == 12  # the fraction waits for the next second
    again.close()
