"""The office's books add up across two cabinets on a real Mosquitto (issue 38, finding 8)."""

from __future__ import annotations

import csv
import io
import json

from cabinet.__main__ import main
from cabinet.settings.schema import CreditSettings
from support.network import Cabinet, settings_for, wait_for

# Per cabinet: coins per chute, first plays, continues, meter pulses given per meter.
BOOKS = {"left": ((5, 2), 4, 2, (5, 2)), "right": ((3, 0), 1, 2, (3, 0))}


def _play(cabinet: Cabinet, coins, plays: int, continues: int, pulses, **values) -> None:
    bank = cabinet.store.credit_bank(CreditSettings(free_play=False, max_credits=20, **values))
    for chute, count in zip((1, 2), coins):
        for _ in range(count):
            bank.coin(chute, meter=chute)
    for meter, count in zip((1, 2), pulses):
        if count:
            bank.meter_pulsed(meter, count)
    for number in range(plays + continues):
        assert bank.start("blocks", "single", continued=number >= plays)
    cabinet.store.audits.game_ended(
        "blocks", "single", 60.0
    )  # its event carries the audits out at once


def _fleet(tmp_path, broker, capsys, *options: str) -> str:
    config = tmp_path / "office.yaml"
    config.write_text(
        f"network: {{enabled: true, host: 127.0.0.1, port: {broker.port}, tls: false, cabinet: office}}\n"
    )
    main(["fleet", "--config", str(config), *options])
    return capsys.readouterr().out


def test_plays_continues_takings_and_meters_reconcile_across_two_cabinets(tmp_path, broker, capsys):
    cabinets = {name: Cabinet(tmp_path, settings_for(broker, name)) for name in BOOKS}
    try:
        for name, books in BOOKS.items():
            _play(cabinets[name], *books)

        def complete() -> dict | None:
            data = json.loads(_fleet(tmp_path, broker, capsys, "--json"))
            played = {cab["cabinet"]: cab["credits"]["played"] for cab in data["cabinets"]}
            wanted = {name: plays + continues for name, (_, plays, continues, _) in BOOKS.items()}
            return data if played == wanted else None

        wait_for(lambda: complete() is not None, what="both cabinets' books at the office")
        data = complete()
        for cab in data["cabinets"]:
            coins, plays, continues, pulses = BOOKS[cab["cabinet"]]
            row = cab["modes"]["blocks/single"]
            takings = cab["takings"]
            assert (row["plays"], row["continues"]) == (plays, continues)
            # The day's takings count every game started: first plays and continues.
            assert sum(day["plays"] for day in takings) == row["plays"] + row["continues"]
            assert sum(day["coins"] for day in takings) == sum(cab["coins"].values()) == sum(coins)
            assert (
                sum(day["credits"] for day in takings) == cab["credits"]["from_coins"] == sum(coins)
            )
            assert cab["meters"] == {"1": pulses[0], "2": pulses[1]}
            assert (
                cab["credits"]["played"]
                == cab["credits"]["from_coins"] - cab["credits"]["in_machine"]
            )
            assert cab["counts_since"]["why"] == "NEW DATABASE" and cab["counts_since"]["at"]
        rows = list(csv.DictReader(io.StringIO(_fleet(tmp_path, broker, capsys, "--csv"))))
        assert [row["cabinet"] for row in rows] == ["left", "right"]
        totals = {
            key: sum(int(row[key]) for row in rows)
            for key in (
                "coins_chute_1",
                "coins_chute_2",
                "meter_1",
                "meter_2",
                "plays",
                "continues",
                "credits_played",
            )
        }
        assert totals == {
            "coins_chute_1": 8,
            "coins_chute_2": 2,
            "meter_1": 8,
            "meter_2": 2,
            "plays": 5,
            "continues": 4,
            "credits_played": 9,
        }
        assert all(
            row["figures_complete"] == "yes" and row["counts_since_why"] == "NEW DATABASE"
            for row in rows
        )
        text = _fleet(tmp_path, broker, capsys)
        assert "meters: 1 5, 2 2" in text and "continues     2" in text and "counts since" in text
        assert "0 over the limit" in text
    finally:
        for cabinet in cabinets.values():
            cabinet.close()


def test_periods_reset_on_one_cabinet_reconcile_with_the_totals_at_the_office(
    tmp_path, broker, capsys
):
    cabinets = {name: Cabinet(tmp_path, settings_for(broker, name)) for name in BOOKS}
    later = {"left": ((2, 1), 1, 1, (2, 1)), "right": ((1, 1), 2, 0, (1, 0))}
    values = {"left": (100, 50), "right": (20, 0)}  # each chute's coin value, in sen
    try:
        for name, books in BOOKS.items():
            _play(
                cabinets[name], *books, coin_value_1=values[name][0], coin_value_2=values[name][1]
            )
        cabinets["left"].store.audits.reset_period()  # the operator's collection at one cabinet
        for name, books in later.items():
            _play(
                cabinets[name], *books, coin_value_1=values[name][0], coin_value_2=values[name][1]
            )

        def complete() -> dict | None:
            data = json.loads(_fleet(tmp_path, broker, capsys, "--json"))
            played = {
                cab["cabinet"]: (cab["period"] or {}).get("credits_spent")
                for cab in data["cabinets"]
            }
            return data if played == {"left": 2, "right": 5} else None

        wait_for(lambda: complete() is not None, what="both cabinets' periods at the office")
        for cab in complete()["cabinets"]:
            name, period = cab["cabinet"], cab["period"]
            since_reset = [later[name]] if name == "left" else [BOOKS[name], later[name]]
            whole = [BOOKS[name], later[name]]

            def summed(books, index: int, part=None):
                return sum(book[index] if part is None else book[index][part] for book in books)

            assert period["coins"] == {
                "1": summed(since_reset, 0, 0),
                "2": summed(since_reset, 0, 1),
            }
            assert period["meter_pulses"] == {
                "1": summed(since_reset, 3, 0),
                "2": summed(since_reset, 3, 1),
            }
            assert (period["plays"], period["continues"]) == (
                summed(since_reset, 1),
                summed(since_reset, 2),
            )
            assert period["credits_from_coins"] == sum(period["coins"].values())
            assert period["money"] == {
                chute: period["coins"][chute] * values[name][int(chute) - 1] for chute in "12"
            }
            assert cab["money"] == {
                chute: cab["coins"][chute] * values[name][int(chute) - 1] for chute in "12"
            }
            # The totals and meters were not touched by the period reset.
            assert cab["coins"] == {"1": summed(whole, 0, 0), "2": summed(whole, 0, 1)}
            assert cab["meters"] == {"1": summed(whole, 3, 0), "2": summed(whole, 3, 1)}
            row = cab["modes"]["blocks/single"]
            assert (row["plays"], row["continues"]) == (summed(whole, 1), summed(whole, 2))
            assert sum(day["plays"] for day in cab["takings"]) == row["plays"] + row["continues"]
            # A period never reset began with the counts; a stamp is to the second, so both may read alike.
            assert period["since"] >= cab["counts_since"]["at"]
            assert name == "left" or period["since"] == cab["counts_since"]["at"]
        rows = {
            row["cabinet"]: row
            for row in csv.DictReader(io.StringIO(_fleet(tmp_path, broker, capsys, "--csv")))
        }
        columns = (
            "period_coins_chute_1",
            "period_coins_chute_2",
            "period_meter_1",
            "period_meter_2",
            "period_plays",
            "period_continues",
            "period_credits_played",
            "coins_chute_1",
            "plays",
            "money_chute_1",
            "money_chute_2",
            "period_money_chute_1",
            "period_money_chute_2",
        )
        assert {name: [int(row[key]) for key in columns] for name, row in rows.items()} == {
            "left": [2, 1, 2, 1, 1, 1, 2, 7, 5, 700, 150, 200, 50],
            "right": [4, 1, 4, 0, 3, 2, 5, 4, 3, 80, 0, 80, 0],
        }
        # The office's takings: every cabinet's money, and the money since each one's collection.
        assert (
            sum(int(row["money_chute_1"]) + int(row["money_chute_2"]) for row in rows.values())
            == 930
        )
        assert all(row["period_since"] for row in rows.values())
        text = _fleet(tmp_path, broker, capsys)
        assert (
            "coins 1 2, 2 1   money 1 200, 2 50   meters 1 2, 2 1   credits 3 from coins, 0 service, 2 played"
            "   plays 1   continues 1" in text
        )
        assert "money (smallest unit): chute 1 700, chute 2 150" in text
    finally:
        for cabinet in cabinets.values():
            cabinet.close()


def test_a_cabinet_exports_its_own_books_in_the_offices_columns(tmp_path, monkeypatch, capsys):
    from cabinet.network.fleet import CSV_COLUMNS
    from support.network import Store  # where the Store lives on each branch

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    (tmp_path / "state").mkdir(exist_ok=True)
    store = Store.open()
    try:
        bank = store.credit_bank(CreditSettings(free_play=False))
        for chute in (1, 1, 2):
            bank.coin(chute, meter=chute)
        bank.meter_pulsed(1, 2)
        assert bank.start("blocks", "single") and bank.start("blocks", "single", continued=True)
    finally:
        store.close()
    config = tmp_path / "cabinet.yaml"
    config.write_text("network: {site: bar, cabinet: bar-left}\n")
    assert main(["books", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ",".join(CSV_COLUMNS)
    [row] = csv.DictReader(io.StringIO(out))
    assert (row["site"], row["cabinet"], row["counts_since_why"]) == (
        "bar",
        "bar-left",
        "NEW DATABASE",
    )
    assert {
        key: row[key]
        for key in (
            "coins_chute_1",
            "coins_chute_2",
            "meter_1",
            "meter_2",
            "plays",
            "continues",
            "credits_played",
            "credits_in_machine",
            "figures_complete",
        )
    } == {
        "coins_chute_1": "2",
        "coins_chute_2": "1",
        "meter_1": "2",
        "meter_2": "0",
        "plays": "1",
        "continues": "1",
        "credits_played": "2",
        "credits_in_machine": "1",
        "figures_complete": "yes",
    }
    assert (row["period_coins_chute_1"], row["period_plays"], row["period_continues"]) == (
        "2",
        "1",
        "1",
    )
