"""Settings pushed from the office, put into effect by the running cabinet at a safe moment.

Each message the fleet link hands over (:meth:`~cabinet.network.link.NetworkLink.office_messages`)
is checked at once: its signature against the installed release key, its target (this
cabinet or its group), and its issue time against the last one decided for that target (the
broker's retained copy, sent again on every connection, is passed over; an older one is a
replay, refused). One that passes waits for the update lock's safe moment
(:mod:`cabinet.update.moment`: attract mode, no credit or coin waiting, no game or service
menu), then is read over the settings in force (:mod:`cabinet.settings.fragment`) and, with
no problem, put into effect by :func:`~cabinet.scenes.service.save.save_and_apply`, the
service menu's own SAVE: live, written to the settings file with its comments, the old file
kept aside when it had errors, the result kept as the last good settings.

Every decision is one audit line (:mod:`cabinet.settings.office_log`) naming who signed it,
one log line, and a retained result on this cabinet's ``settings`` topic: applied with each
change, refused with its problem lines (key, line, why), or waiting and why. A fragment
replaced by a newer one before its moment is audited as superseded. A fragment with a
problem changes nothing.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.network.messages import MAX_LINE, MAX_LINES
from cabinet.settings.fragment import read_fragment
from cabinet.settings.office_log import OfficeRecord
from cabinet.storage.db import now_stamp
from cabinet.system.paths import state_dir
from cabinet.update.moment import SAFE
from cabinet.update.office_settings import Refused, Signed, open_sealed
from cabinet.update.signing import KeyFileError, load_public

from .save import save_and_apply

if TYPE_CHECKING:  # pragma: no cover
    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger("cabinet.settings")


class OfficeSettings:
    """The cabinet's side of settings from the office, for ``ctx`` and its fleet ``link``.

    ``key_path``: the installed public release key. :meth:`tick` runs once per step."""

    def __init__(self, ctx: SceneContext, link, key_path: Path, record: OfficeRecord | None = None):
        self.ctx = ctx
        self.link = link
        self.key_path = key_path
        self.record = record or OfficeRecord(state_dir())
        self.waiting: dict[
            str, Signed
        ] = {}  # target -> the newest fragment waiting for a safe moment
        self._waiting_said: tuple[str, ...] = ()
        self._refused: set[tuple[str, bytes]] = (
            set()
        )  # refused unread: said once per run, not per reconnection
        last = self.record.last_result()
        if isinstance(last, dict) and set(last) == RESULT_KEYS:
            link.report_settings(**last)  # the office hears it again after a restart

    def tick(self, moment: str) -> None:
        """Take what came from the office; apply what waits when ``moment`` is safe."""
        for topic, payload in self.link.office_messages():
            self.receive(topic, payload)
        if not self.waiting:
            return
        if moment == SAFE:
            for signed in sorted(self.waiting.values(), key=lambda signed: signed.issued):
                self.apply(signed)
            self.waiting.clear()
        else:
            self._say_waiting(moment)

    def receive(self, topic: str, payload: bytes) -> None:
        try:
            signed = open_sealed(payload, load_public(self.key_path), topic)
        except (Refused, KeyFileError) as exc:
            if self._heard((topic, payload)):
                self._decide("refused", None, [str(exc)], target=topic.rsplit("settings/", 1)[-1])
            return
        last = self.record.decided(signed.target)
        held = self.waiting.get(signed.target)
        if signed.issued == last or (held is not None and signed.issued == held.issued):
            return  # the broker's retained copy, sent again on connecting: decided already
        if signed.issued < last or (held is not None and signed.issued < held.issued):
            newest = max(last, held.issued if held else "")
            why = f"issued {signed.issued}, before {newest}, the newest for {signed.target}: an old message sent again"
            if self._heard((topic, payload)):
                self._decide("refused", signed, [why], newest=False)
            return
        if held is not None:  # never applied: the audit log says why
            self.record.audit(
                _result(
                    "superseded",
                    held,
                    [f"replaced by the one issued {signed.issued} before a safe moment"],
                    [],
                )
            )
        self.waiting[signed.target] = signed
        self._waiting_said = ()

    def _heard(self, message: tuple[str, bytes]) -> bool:
        """True the first time this run meets a message it refuses: the broker keeps the last one
        retained and sends it again on every reconnection, which is not news."""
        if message in self._refused:
            return False
        if (
            len(self._refused) >= 64
        ):  # only ours and our group's topics: a few at most, unless attacked
            self._refused.clear()
        self._refused.add(message)
        return True

    def _say_waiting(self, moment: str) -> None:
        """Report the wait once per fragment, with what the cabinet was doing (not at each change of it)."""
        said = tuple(sorted(signed.issued for signed in self.waiting.values()))
        if said == self._waiting_said:
            return
        self._waiting_said = said
        newest = max(self.waiting.values(), key=lambda signed: signed.issued)
        line = f"waiting for a safe moment (now {moment.removeprefix('busy ')})"
        log.info(
            "settings from the office: %s issued %s by %s %s",
            newest.target,
            newest.issued,
            newest.signer,
            line,
        )
        self.link.report_settings(**_result("waiting", newest, [line], []))

    def apply(self, signed: Signed) -> None:
        """Read ``signed``'s fragment over the settings in force and, without a problem, save and apply it."""
        reading = read_fragment(
            signed.fragment, self.ctx.settings, f"{signed.target} issued {signed.issued}"
        )
        if reading.problems:
            lines = [
                f"{p.key or '(fragment)'}: line {p.line or '-'}: {p.message}"
                for p in reading.problems
            ]
            self._decide("refused", signed, lines)
            return
        changed = [str(change) for change in reading.changes]
        lines = []
        if changed:
            outcome = save_and_apply(self.ctx, reading.settings)
            if not outcome.saved:
                lines.append(f"applied until the power goes off: not saved ({outcome.problem})")
            self.ctx.go_to_attract()  # attract mode's pages show the new prices and times
        self._decide("applied", signed, lines, changed)

    def _decide(
        self,
        state: str,
        signed: Signed | None,
        lines: list[str],
        changed=(),
        target: str = "",
        newest: bool = True,
    ) -> None:
        """Report, audit, log and remember one decision; ``newest``: ``signed`` is now the newest
        decided for its target (not so for an old one sent again, which must not lower the mark)."""
        result = _result(state, signed, lines, list(changed), target)
        self.link.report_settings(**result)
        self.record.audit(result)
        if signed is not None and newest:
            self.record.remember(result, signed.target, signed.issued)
        else:
            self.record.remember(result)
        who = (
            f"{signed.target} issued {signed.issued} signed by {signed.signer}"
            if signed
            else target
        )
        (log.info if state == "applied" else log.warning)(
            "settings from the office: %s %s%s",
            who,
            state,
            "".join(f"; {line}" for line in [*changed, *lines]),
        )


RESULT_KEYS = {"state", "at", "target", "issued", "signer", "lines", "changed"}


def _result(
    state: str, signed: Signed | None, lines: list[str], changed: list[str], target: str = ""
) -> dict:
    return {
        "state": state,
        "at": now_stamp(),
        "target": signed.target if signed else target,
        "issued": signed.issued if signed else "",
        "signer": signed.signer if signed else "",
        "lines": [line[:MAX_LINE] for line in lines[:MAX_LINES]],
        "changed": [line[:MAX_LINE] for line in changed[:MAX_LINES]],
    }
