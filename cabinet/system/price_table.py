"""A coin chute's price table: coins to credits, with bonus steps, as arcade boards sell play.

``[[1, 1], [5, 6]]`` reads "1 coin 1 credit, 5 coins 6 credits": each coin buys
a credit, and the fifth coin *in a row* gives two at once. Each step is
``[coins, credits]``; the first is the base price, the later ones bonuses. The
credits a run of coins has earned are those of the last step it reached, plus
the base price for the coins beyond it; after the last step the ladder starts
again (ten coins of ``[[1, 1], [5, 6]]`` give twelve credits), as on Sega's
boards (MAME's ``segaipt.h``: "1 Coin/1 Credit, 5/6").

*In a row* means a **run**: the coins dropped into one chute since the last
game started. Starting a game ends every chute's run, as the coin unit counter of
Williams' and Bally's boards is cleared at the start of a game; unlike theirs,
the coins not yet worth a credit are kept and begin the next run, so no coin is
ever lost. A run therefore rewards a player who buys several credits at once.

Shared by the settings schema (a bad table is reported with its key and line),
the credit bank that pays coins out, and the service menu that edits tables.
"""

from __future__ import annotations

from cabinet.language.words import Words
from cabinet.settings.yaml_text import yaml_text

MAX_STEPS = 4  # Sega's longest ladder: "2 Coins/1 Credit, 4/2, 5/3, 6/4"
MAX_COINS = 20
MAX_CREDITS = 20
EXAMPLE = "[[1, 1], [5, 6]]"


class PriceTable(tuple):
    """An immutable, checked table of ``(coins, credits)`` steps; use :meth:`parse` for
    untrusted values (the YAML file, the service menu's edits)."""

    def __new__(cls, steps=((1, 1),)):
        return super().__new__(cls, tuple((int(coins), int(credits)) for coins, credits in steps))

    def __deepcopy__(self, memo):
        return self  # immutable

    @classmethod
    def parse(cls, value) -> PriceTable:
        """``value`` (a list of two-number lists) as a table; ValueError saying what is wrong."""
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)):
            raise ValueError(
                Words(
                    "must be a list of [coins, credits] steps, e.g. {example}; got {value}",
                    example=EXAMPLE,
                    value=yaml_text(value),
                )
            )
        if not value:
            raise ValueError(Words("has no step, so no coin would ever pay for a game"))
        if len(value) > MAX_STEPS:
            raise ValueError(
                Words("has {count} steps; at most {most}", count=len(value), most=MAX_STEPS)
            )
        steps: list[tuple[int, int]] = []
        for number, step in enumerate(value, start=1):
            if (
                not isinstance(step, (list, tuple))
                or len(step) != 2
                or any(isinstance(n, bool) or not isinstance(n, int) for n in step)
            ):
                raise ValueError(
                    Words(
                        "step {number} must be two whole numbers [coins, credits], got {step}",
                        number=number,
                        step=yaml_text(step),
                    )
                )
            coins, credits = step
            if not 1 <= coins <= MAX_COINS:
                raise ValueError(
                    Words(
                        "step {number} {step}: coins must be 1 to {most}",
                        number=number,
                        step=str(list(step)),
                        most=MAX_COINS,
                    )
                )
            if credits < 1:
                raise ValueError(
                    Words(
                        "step {number} {step} gives no credit, so those coins would never pay for a game",
                        number=number,
                        step=str(list(step)),
                    )
                )
            if credits > MAX_CREDITS:
                raise ValueError(
                    Words(
                        "step {number} {step}: credits must be 1 to {most}",
                        number=number,
                        step=str(list(step)),
                        most=MAX_CREDITS,
                    )
                )
            if steps and coins <= steps[-1][0]:
                raise ValueError(
                    Words(
                        "step {number} {step} must take more coins than step {before} {earlier}",
                        number=number,
                        step=str(list(step)),
                        before=number - 1,
                        earlier=str(list(steps[-1])),
                    )
                )
            if steps:
                before = cls(steps)._cycle_credits(coins)
                if credits < before:
                    raise ValueError(
                        Words(
                            "step {number} {step} pays less than the steps before it already pay for {coins} coins ({credits})",
                            number=number,
                            step=str(list(step)),
                            coins=coins,
                            credits=before,
                        )
                    )
            steps.append((coins, credits))
        return cls(steps)

    # ------------------------------------------------------------------ paying out

    @property
    def cycle(self) -> int:
        """Coins after which the ladder starts again: the last step's."""
        return self[-1][0]

    def credits_for(self, coins: int) -> int:
        """Credits a run of ``coins`` has earned in all."""
        laps, rest = divmod(max(0, coins), self.cycle)
        return laps * self[-1][1] + self._cycle_credits(rest)

    def _cycle_credits(self, coins: int) -> int:
        base_coins, base_credits = self[0]
        return max(
            [
                credits + (coins - needed) // base_coins * base_credits
                for needed, credits in self
                if needed <= coins
            ]
            or [0]
        )

    def paid(self, coins: int) -> int:
        """Coins of a run of ``coins`` up to the last one that gave a credit (0: none did)."""
        earned = self.credits_for(coins)
        while coins > 0 and self.credits_for(coins - 1) == earned:
            coins -= 1
        return coins if earned else 0

    def unpaid(self, coins: int) -> int:
        """Coins of the run not yet worth a credit: they begin the next run."""
        return coins - self.paid(coins)

    def toward(self, coins: int) -> tuple[int, int]:
        """``(coins toward the next credit, coins that credit takes)`` after a run of ``coins``:
        what the credit line shows as "1/2 COINS"."""
        start = self.paid(coins)
        earned = self.credits_for(coins)
        end = coins + 1
        while self.credits_for(end) == earned:
            end += 1
        return coins - start, end - start

    # ------------------------------------------------------------------ showing

    def __repr__(self) -> str:
        return "[" + ", ".join(f"[{coins}, {credits}]" for coins, credits in self) + "]"

    __str__ = __repr__

    def short(self) -> str:
        """As the service menu's value column shows it: "1/1 5/6" (coins/credits per step)."""
        return "  ".join(f"{coins}/{credits}" for coins, credits in self)

    def words(self) -> str:
        """As an operator says it: "1 COIN 1 CREDIT, 5 COINS 6 CREDITS"."""
        return ", ".join(
            f"{coins} COIN{'S' * (coins != 1)} {credits} CREDIT{'S' * (credits != 1)}"
            for coins, credits in self
        )

    def ladder(self) -> list[int]:
        """Credits after each coin of one lap: ``[1, 2, 3, 4, 6]`` for ``[[1, 1], [5, 6]]``."""
        return [self.credits_for(coins) for coins in range(1, self.cycle + 1)]


# Tables offered one after another in the service menu, as a board's coinage switches do.
PRESETS = tuple(
    PriceTable(steps)
    for steps in (
        [(1, 1)],
        [(1, 2)],
        [(1, 3)],
        [(1, 4)],
        [(1, 5)],
        [(1, 6)],
        [(2, 1)],
        [(3, 1)],
        [(4, 1)],
        [(2, 3)],
        [(1, 1), (2, 3)],
        [(1, 1), (4, 5)],
        [(1, 1), (5, 6)],
        [(2, 1), (4, 3)],
        [(2, 1), (5, 3), (6, 4)],
    )
)
