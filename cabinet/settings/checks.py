"""Checks that span several keys, run by the settings loader after it has read every value.

A GPIO pin given to two inputs (or an output on an input's pin), an encoder button given to two controls, a
contest list table that would be empty, and a game dearer than the most credits
the cabinet holds: each is reported like any bad value
(file, line, key) and settled in the settings themselves, so ``check-config``
and a starting cabinet say the same thing and the input layers find nothing
left to complain about.
"""

from __future__ import annotations

import copy

from cabinet.inputs.wiring import BUTTON_ACTIONS, button_map, clashes, named, wiring
from cabinet.language.words import Words
from cabinet.outputs.wiring import clash_lines, output_clashes


def check_across(reader, settings, last_good) -> None:
    """Find and settle the cross-key problems of ``settings`` (read by ``reader``)."""
    _settle_pins(reader, settings.inputs.gpio, last_good.inputs.gpio if last_good else None)
    _settle_outputs(reader, settings.outputs, settings.inputs.gpio)
    _settle_buttons(reader, settings.inputs.joysticks)
    _keep_a_contest_list(reader, settings, last_good)
    _keep_games_payable(reader, settings.credits)


def _settle_pins(reader, gpio, last_gpio) -> None:
    """A pin given to several inputs: each input whose pin changed since the last good settings
    goes back to its last good pin (a typo must not silence a coin chute); an input still
    sharing a pin after that is disabled."""
    for second_pass in (False, True):
        for pin, users in clashes(wiring(gpio)).items():
            keys = [wired.key for wired in users]
            changed = (
                []
                if second_pass or last_gpio is None
                else [key for key in keys if _pin(last_gpio, key) != pin]
            )
            for key in changed:
                _set_pin(gpio, key, _pin(last_gpio, key))
            if changed:
                outcome = _gone_back(gpio, changed)
                reader.last_good_used = True
            else:
                for key in keys:
                    _set_pin(gpio, key, None)
                outcome = Words("both disabled") if len(keys) == 2 else Words("all disabled")
            blamed = _latest(reader, keys)
            others = named([key for key in keys if key != blamed])
            reader.problem(
                blamed,
                reader.line_of(blamed),
                Words(
                    "GPIO {pin} is also given to {keys}; {outcome}",
                    pin=pin,
                    keys=others,
                    outcome=outcome,
                ),
            )


def _gone_back(gpio, keys: list[str]) -> Words:
    """What became of inputs put back on their last good pins: each said, or counted past two
    (one pin given to a whole panel stays one line to read)."""
    if len(keys) > 2:
        return Words("{count} inputs back to their last good wiring", count=len(keys))
    said = [
        Words("{key} back to its last good pin {pin}", key=key, pin=_pin(gpio, key))
        if _pin(gpio, key) is not None
        else Words("{key} not wired, as at the last good start", key=key)
        for key in keys
    ]
    return said[0] if len(said) == 1 else Words("{first}; {then}", first=said[0], then=said[1])


def _settle_outputs(reader, outputs, gpio) -> None:
    """An output on a pin an input or another output has: that output is not wired (inputs win)."""
    for pin, users, input_keys in output_clashes(outputs, gpio):
        for wired, message in clash_lines(pin, users, input_keys):
            reader.problem(wired.key, reader.line_of(wired.key), message)
        for wired in users:
            getattr(outputs, wired.name).pin = None


def _settle_buttons(reader, joysticks) -> None:
    """An encoder button given to several controls of one device: those controls are disabled."""
    for index, entry in enumerate(joysticks):
        where = f"inputs.joysticks[{index}]"
        mapping, problems = button_map(entry, where)
        for control in BUTTON_ACTIONS:
            if getattr(entry, control) is not None and control not in mapping.values():
                setattr(entry, control, None)
        for key, line in problems:
            reader.problem(where, reader.line_of(key), line)


def _keep_a_contest_list(reader, settings, last_good) -> None:
    """ANTI-GRAVITY's contest mode needs at least one list to offer."""
    if settings.antigravity.contests:
        return
    key = "antigravity.contests"
    last = last_good.antigravity.contests if last_good and last_good.antigravity.contests else None
    if last:
        reader.last_good_used = True
        settings.antigravity.contests = copy.deepcopy(last)
        reader.problem(
            key,
            reader.line_of(key),
            Words("needs at least one contest list; using the last good lists"),
        )
    else:
        settings.antigravity.contests = type(settings.antigravity)().contests
        reader.problem(
            key,
            reader.line_of(key),
            Words("needs at least one contest list; using the factory lists"),
        )


def dearest_price(credits) -> int:
    """The most credits a game can cost; ``max_credits`` below it would take coins and never give
    that game (credits stop at max_credits, and a versus price is paid from one counter)."""
    return max(credits.credits_per_game, credits.versus_credits)


def _keep_games_payable(reader, credits) -> None:
    """A price above the most credits the cabinet holds: the limit is raised to the price (the
    prices stay as written: a lower one would cost the operator money)."""
    needed = dearest_price(credits)
    if credits.max_credits >= needed:
        return
    key = "credits.max_credits"
    reader.problem(
        key,
        reader.line_of(key),
        Words(
            "{most} is below the price of a game (credits_per_game {price}, versus_credits {versus}), "
            "so a game at that price could never start; using {needed}",
            most=credits.max_credits,
            price=credits.credits_per_game,
            versus=credits.versus_credits,
            needed=needed,
        ),
    )
    credits.max_credits = needed


def _pin(gpio, key: str):
    panel, name = key.split(".")[-2:]
    return getattr(getattr(gpio, panel), name)


def _set_pin(gpio, key: str, pin) -> None:
    panel, name = key.split(".")[-2:]
    setattr(getattr(gpio, panel), name, pin)


def _latest(reader, keys: list[str]) -> str:
    """Of the keys, the one written last in the file (most likely the one just edited)."""
    return max(keys, key=lambda key: reader.line_of(key) or 0)
