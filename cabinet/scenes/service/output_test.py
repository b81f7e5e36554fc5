"""OUTPUT TEST: every output by name and pin, switched by hand, and a meter's single pulse.

While the page shows, the outputs are under the operator's hand alone
(:attr:`cabinet.outputs.board.OutputBoard.manual`): each starts off, so the
coin lockout refuses until it is switched on here. Leaving the page gives them
back to the cabinet, which sets them again within the frame. A meter's test
pulse is given after any coins' pulses still owed and is not counted as a coin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.inputs.actions import CABINET, Action
from cabinet.language import N_, tr
from cabinet.outputs.wiring import OUTPUTS

from .page import Page
from .rows import InfoRow, PageRow, Row, SettingRow
from .settings_pages import SectionPage

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext


def _problem_of(key: str, problems: list[str]) -> str | None:
    """The first problem about ``key``, cut to what the help line needs: the value column
    already says DISABLED, and the file and line are on the NOTICES page."""
    for line in problems:
        if (
            f"{key}:" in line or f"{key} " in line
        ):  # its own, or "outputs.meter1.pin and ... both use"
            return line.rsplit(".pin: ", 1)[-1].split("; ")[0]
    return None


class OutputRow(Row):
    """One output: its name, its pin and whether it is on; A (or LEFT/RIGHT) switches or pulses it."""

    def __init__(self, board, name: str, problems: list[str]):
        self.board = board
        self.name = name
        self.meter = name.startswith("meter")
        self.problem = _problem_of(f"outputs.{name}.pin", problems)

    @property
    def label(self) -> str:
        return tr(OUTPUTS[self.name])

    @property
    def detail(self) -> str:
        """The help line, in the language of the moment (the page keeps its rows)."""
        board, name = self.board, self.name
        if name not in board.wired:
            # A problem as the loader wrote it (it names keys and pins), as on the NOTICES page.
            return (self.problem or tr("NOT WIRED: GIVE IT A PIN IN THE OUTPUTS SECTION")).upper()
        if self.meter:
            detail = tr("A GIVES ONE PULSE (NOT COUNTED AS A COIN)")
        elif name.startswith("lockout"):
            detail = tr("ON = COIL ENERGISED = COINS ACCEPTED")
        else:
            detail = tr("A SWITCHES IT ON AND OFF")
        return detail if board.wired[name].active_high else tr("ACTIVE LOW: {what}", what=detail)

    @property
    def editable(self) -> bool:
        return self.name in self.board.wired

    def value(self) -> str:
        if not self.editable:
            return tr("DISABLED") if self.problem else tr("NOT WIRED")
        where = self.board.describe(self.name)
        state = (
            (tr("PULSE") if self.board.is_on(self.name) else tr("READY"))
            if self.meter
            else (tr("ON") if self.board.is_on(self.name) else tr("OFF"))
        )
        return f"{where}  {state}"

    def select(self) -> bool:
        if not self.editable:
            return False
        if self.meter:
            self.board.test_pulse(int(self.name[-1]))
        else:
            self.board.switch(self.name, not self.board.is_on(self.name))
        return True

    def change(self, direction: int) -> bool:
        return False if self.meter else self.select()


class OutputTestPage(Page):
    """The outputs, under the operator's hand while the page shows; then the outputs' settings."""

    title = N_("OUTPUT TEST")
    controls = N_("{up}{down} CHOOSE  A SWITCH / PULSE  {left}{right} CHANGE  B BACK")

    def __init__(self, ctx: SceneContext, menu=None):
        super().__init__(ctx, menu)
        panel = ctx.panel
        self.board = panel.board if panel is not None else None
        problems = [str(line) for line in ctx.notices]  # the settings file's and the board's
        self.output_rows = (
            [OutputRow(self.board, name, problems) for name in OUTPUTS] if self.board else []
        )

    def enter(self) -> None:
        super().enter()
        if self.board is not None:
            self.board.by_hand(True)  # from off, whatever the cabinet had set

    def leave(self) -> None:
        super().leave()
        if self.board is not None:
            self.board.by_hand(False)

    def rows(self) -> list[Row]:
        if self.board is None:
            return [InfoRow(tr("NO OUTPUTS"), "")]
        rows: list[Row] = list(self.output_rows)
        if self.menu is not None:
            draft = self.menu.draft.outputs
            rows += [
                SettingRow(draft, "accept_coins"),
                PageRow(
                    tr("METER PULSE"),
                    lambda: self.ctx.scenes.push(
                        SectionPage(self.ctx, self.menu, N_("METER PULSE"), draft.meter)
                    ),
                    tr("ON AND OFF TIMES, PER CHUTE OR TOTAL"),
                ),
            ]
        return rows

    def handle(self, event: InputEvent) -> None:
        # A pulses or switches only: no menu click on top of a meter's own.
        if event.pressed and event.action is Action.A and event.player != CABINET:
            rows = self.rows()
            if rows and isinstance(rows[self.index], OutputRow):
                rows[self.index].select()
                return
        super().handle(event)
