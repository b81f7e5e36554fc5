"""Which board the doctor runs on (Pi 5, Pi 4, another Pi, not a Pi), from the device tree's model string.

The advice differs by board: a Pi 5 wants a 5 V 5 A supply, has no 3.5 mm audio
jack and cannot show frames its refresh does not pace; a Pi 4 wants 5.1 V 3 A.
The model string is the one the firmware writes (``Raspberry Pi 5 Model B Rev 1.0``,
``Raspberry Pi 400 Rev 1.0``, ``Raspberry Pi Compute Module 4 Rev 1.0``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The number after "Raspberry Pi" (and "Compute Module"): 5, 500, 4, 400, 3 ...
SERIES = re.compile(r"Raspberry Pi (?:Compute Module )?(\d)")
SUPPLIES: dict[int | None, str] = {  # by series (None: a Zero, or not a Pi: none known)
    5: "a 5 V 5 A supply (the official 27 W USB-C one): with less, a Pi 5 limits its USB ports to 600 mA",
    4: "a 5.1 V 3 A supply (the official 15 W USB-C one)",
}
SOUND: dict[int | None, str] = {
    5: "a Pi 5 has no 3.5 mm audio jack: sound goes to the HDMI screen, a USB sound card or an I2S HAT",
    4: "a Pi 4 plays on HDMI or its 3.5 mm jack (or a USB sound card or an I2S HAT)",
}


@dataclass(frozen=True)
class Board:
    """The board named by ``model`` (the device tree's model string; '' off a Pi).

    :param model: the model string, e.g. ``Raspberry Pi 5 Model B Rev 1.0``.
    """

    model: str

    @property
    def is_pi(self) -> bool:
        return "raspberry pi" in self.model.lower()

    @property
    def series(self) -> int | None:
        """5 for a Pi 5, 500 or CM5; 4 for a Pi 4, 400 or CM4; 3 ...; None for a Zero or not a Pi."""
        found = SERIES.search(self.model)
        return int(found.group(1)) if found else None

    @property
    def is_pi5(self) -> bool:
        return self.series == 5

    @property
    def supply(self) -> str:
        """The supply this board wants, in words."""
        return SUPPLIES.get(self.series, "the supply made for this model (the official one)")

    @property
    def sound(self) -> str:
        """Where this board's sound can go, in words ('' when nothing particular is known)."""
        return SOUND.get(self.series, "")
