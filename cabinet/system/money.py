"""How an amount of money reads: the venue's own format, as ``credits.money_format`` sets it.

The bookkeeping counts money in the venue's smallest unit (sen, cents, yen), so every sum is
exact. A format is the amount ``0`` written as the venue writes money, with its decimal places:
``RM0.00`` reads 1250 as ``RM12.50``, ``€0,00`` as ``€12,50``, ``0円`` as ``1250円``. An empty
format leaves the count as counted.
"""

from __future__ import annotations

import re
from typing import NamedTuple

EXAMPLES = '"RM0.00", "€0,00", "$0.00" or "0円"'
MAX_SIGN = 4  # characters either side of the amount: "RM", "円", "EUR "
# The sign before or after the amount holds no digit, and no point where a decimal would go.
_FORMAT = re.compile(
    r"(?P<before>[^0-9]*)0(?:(?P<point>[.,])(?P<places>0{1,3}))?(?P<after>(?![.,])[^0-9]*)"
)


class MoneyFormat(NamedTuple):
    before: str = ""
    point: str = ""
    places: int = 0
    after: str = ""

    @classmethod
    def parse(cls, text: str) -> MoneyFormat:
        """The format ``text`` writes; ValueError naming why when it writes none."""
        if not text:
            return cls()
        found = _FORMAT.fullmatch(text)
        if found is None:
            raise ValueError(
                f"must write the amount as one 0, with its decimals after . or , (e.g. {EXAMPLES})"
            )
        if max(len(found["before"]), len(found["after"])) > MAX_SIGN:
            raise ValueError(f"may have at most {MAX_SIGN} characters either side of the 0")
        places = found["places"] or ""
        return cls(found["before"], found["point"] or "", len(places), found["after"])

    def __call__(self, amount: int) -> str:
        """``amount``, counted in the smallest unit, as the venue writes it."""
        if not self.places:
            return f"{self.before}{amount}{self.after}"
        whole, part = divmod(amount, 10**self.places)
        return f"{self.before}{whole}{self.point}{part:0{self.places}d}{self.after}"


def money_text(amount: int, text: str) -> str:
    """``amount`` in the format ``text``; the bare count where ``text`` writes no format."""
    try:
        return MoneyFormat.parse(text)(amount)
    except ValueError:
        return str(amount)
