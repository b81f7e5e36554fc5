"""The prompt every screen shares: it calls for a coin or a Start, and once a coin is in it
says how far it went and stops blinking."""

import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.scenes.kit.credit_line import (
    credits_words,
    paid_so_far,
    price_words,
    prompt,
    prompt_blinks,
)
from support.app import make_app, run

TWO_COINS = (
    "credits: {free_play: false, price_table_1: [[2, 1]], credits_per_game: 1, versus_credits: 2}"
)


def coin(app) -> None:
    run(app, 1, [InputEvent(CABINET, Action.COIN1, True)])


def test_nothing_in_calls_for_a_coin_and_blinks():
    ctx = make_app(TWO_COINS).ctx
    assert prompt(ctx) == "INSERT COIN" and prompt_blinks(ctx)
    assert paid_so_far(ctx) == ""


def test_a_coin_short_of_a_credit_says_so_and_stays_lit():
    app = make_app(TWO_COINS)
    coin(app)
    assert prompt(app.ctx) == "1/2 COINS" and not prompt_blinks(app.ctx)


def test_a_credit_short_of_a_versus_says_how_many_of_the_price_are_in():
    app = make_app(TWO_COINS)
    coin(app)
    coin(app)
    assert prompt(app.ctx) == "PRESS START" and prompt_blinks(app.ctx), "enough for one player"
    assert prompt(app.ctx, "versus") == "CREDITS 1 OF 2" and not prompt_blinks(app.ctx, "versus")
    coin(app)
    assert prompt(app.ctx, "versus") == "CREDITS 1 OF 2  1/2 COINS"


def test_free_play_always_says_press_start():
    ctx = make_app().ctx
    assert prompt(ctx, "versus") == "PRESS START" and prompt_blinks(ctx, "versus")


def test_a_price_reads_in_the_singular_for_one_credit():
    assert credits_words(1) == "1 CREDIT" and credits_words(2) == "2 CREDITS"


@pytest.mark.parametrize(
    ("price_text", "credits", "words"),
    [
        ("RM1", 2, "2 CREDITS (RM2)"),
        ("100円", 3, "3 CREDITS (300円)"),
        ("$1.50", 2, "2 CREDITS ($3.00)"),
        ("RM1", 1, "1 CREDIT (RM1)"),
        ("", 2, "2 CREDITS"),
        ("FREE", 2, "2 CREDITS  1 CREDIT FREE"),
    ],
)
def test_a_price_of_several_credits_reads_as_one_sum(price_text, credits, words):
    ctx = make_app(f'credits: {{price_text: "{price_text}"}}').ctx
    assert price_words(ctx, credits) == words
