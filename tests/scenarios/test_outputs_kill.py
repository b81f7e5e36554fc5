"""Coins, lockout and meters under SIGKILL: 1,000 coins, none lost, every one metered.

A forked child is the cabinet: the real credit bank on a real SQLite file, the
real output board and its owner (``Panel``) on gpiozero mock pins
whose every change is appended to a log file (so the log outlives the child).
The parent is the coin mech and the players: it drops bursts of 1-20 coins
while the lockout accepts (a coin that meets a closed lockout is returned),
plays games to spend credits, and kills the child with SIGKILL at random
moments, then starts it again.

A coin whose command was still unread when the child died is returned too: the
lockout dropped with the program, so a real mech would not have taken it. The
parent offers it again later. At the end every coin is credited exactly once,
and each meter gave exactly one pulse per coin plus one for each kill that
landed between a pulse's start and its mark in the database (the log tells
which kills did). The pulses here are 2 ms on and 2 ms off, against 60 and 60
in the field, so that the test stays within half a minute.
"""

from __future__ import annotations

import os
import random
import select
import shutil
import signal
import tempfile
import time
import traceback
from pathlib import Path
from types import SimpleNamespace

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

import cabinet.scenes.flow.attract
import cabinet.scenes.flow.rematch
import cabinet.scenes.service.door  # noqa: F401
from cabinet.outputs.board import OutputBoard
from cabinet.panel import Panel
from cabinet.scenes.kit.base import Scene, SceneStack
from cabinet.settings.schema import CreditSettings, Settings
from cabinet.storage.store import Store
from support.app import Heard

COINS = 1000
SEED = 20261201
LOCKOUT, METERS = 15, {1: 20, 2: 21}
MAX_CREDITS = 20


def child(folder, log_path, commands_fd, report_fd):
    """The cabinet: read commands, drive the outputs a frame at a time, report (never returns)."""
    try:
        log_fd = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)

        def note(line: str) -> None:
            os.write(log_fd, (line + "\n").encode())

        class LoggedPin(MockPin):
            def _change_state(self, value):
                changed = super()._change_state(value)
                if changed and self._function == "output":
                    note(f"pin {self.info.name[4:]} {int(value)}")
                return changed

        note("start")
        settings = Settings()
        settings.credits = CreditSettings(
            free_play=False, max_credits=MAX_CREDITS, coin_value_1=100, coin_value_2=20
        )
        settings.outputs.lockout1.pin = LOCKOUT
        settings.outputs.meter1.pin, settings.outputs.meter2.pin = METERS[1], METERS[2]
        pins = MockFactory(pin_class=LoggedPin)
        board = OutputBoard(settings.outputs, settings.inputs.gpio, pin_factory=pins)
        board.settings.meter.on_ms = board.settings.meter.off_ms = 2  # the board reads them at open
        for pulser in (board.devices["meter1"], board.devices["meter2"]):
            pulser.on_s = pulser.off_s = 0.002
        store = Store.open(folder / "cabinet.db")
        bank = store.credit_bank(settings.credits)
        marking = bank.meter_pulsed

        def meter_pulsed(meter, count):
            marking(meter, count)
            note(f"marked {meter} {count}")

        bank.meter_pulsed = meter_pulsed
        scenes = SceneStack()
        scenes.push(Scene(None))
        ctx = SimpleNamespace(
            settings=settings, bank=bank, store=store, scenes=scenes, audio=Heard()
        )
        outputs = Panel(ctx, board)
        outputs.update(awake=True)
        coins = store.audits.snapshot()["coins"]
        os.write(
            report_fd,
            f"ready {coins[1] + coins[2]} {bank.credits} {int(board.accepting)}\n".encode(),
        )
        buffer = b""
        lines: list[bytes] = []
        gate = pins.pin(LOCKOUT).state
        while True:
            if not lines and select.select([commands_fd], [], [], 0.004)[0]:
                buffer += os.read(commands_fd, 4096)
                *lines, buffer = buffer.split(b"\n")
            acks = []
            while lines:
                command = lines.pop(0).decode()
                acks.append(command)
                if command in ("c1", "c2"):
                    # The mech takes one coin a frame. A coin passes if the coil was energised as it
                    # reached the gate, a frame ago: one in flight when the coil drops slips through.
                    if gate:
                        outputs.coin(int(command[1]))
                    else:
                        acks[-1] += "-refused"
                    break
                if command == "play":
                    bank.start("blocks", "single")
                elif command == "quit":
                    outputs.close()
                    store.close()
                    os.write(report_fd, b"bye\n")
                    os._exit(0)
            gate = pins.pin(LOCKOUT).state
            outputs.update(awake=True)
            owed = bank.meter_owed(1) + bank.meter_owed(2)
            for command in acks:
                os.write(
                    report_fd, f"{command} {bank.credits} {int(board.accepting)} {owed}\n".encode()
                )
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(1)


class Cabinet:
    """The parent's handle on one child: its pid, its command pipe, its reports."""

    def __init__(self, folder, log_path):
        commands_read, self.commands = os.pipe()
        self.reports, report_write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.close(self.commands)
            os.close(self.reports)
            child(folder, log_path, commands_read, report_write)
        os.close(commands_read)
        os.close(report_write)
        self.buffer = b""
        self.lines: list[list[str]] = []
        first = self.read_line(timeout=30)
        assert first and first[0] == "ready", first
        self.coins, self.credits, self.accepting = map(int, first[1:])

    def read_line(self, timeout: float):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.reports], [], [], left)[0]:
                return None
            chunk = os.read(self.reports, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode().split()

    def send(self, commands: list[str]) -> None:
        os.write(self.commands, "".join(f"{c}\n" for c in commands).encode())

    def acks(self, count: int, timeout: float = 30) -> list[list[str]]:
        """The next ``count`` reports (fewer if the child died)."""
        out = []
        while len(out) < count:
            line = self.read_line(timeout)
            if line is None:
                break
            out.append(line)
        return out

    def kill(self) -> list[list[str]]:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        left = []
        while (line := self.read_line(timeout=1)) is not None:
            left.append(line)
        self.close()
        return left

    def close(self) -> None:
        os.close(self.commands)
        os.close(self.reports)


def read_log(log_path):
    """The pin log split into runs: each a list of ("pin", n, state) / ("marked", meter, count)."""
    runs = []
    for line in log_path.read_text().splitlines():
        words = line.split()
        if words == ["start"]:
            runs.append([])
        elif words[0] == "pin":
            runs[-1].append(("pin", int(words[1]), int(words[2])))
        else:
            runs[-1].append(("marked", int(words[1]), int(words[2])))
    return runs


@pytest.mark.slow
def test_sigkill_never_loses_a_coin_or_a_meter_count(tmp_path, capsys, request):
    # A SIGKILL spares the kernel's page cache, so the file may live in memory (/dev/shm) to
    # save the fsyncs: what is tested is the program's death, not the disk's (test_storage_kill).
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path / "cabinet"
    folder.mkdir(exist_ok=True)
    log_path = tmp_path / "pins.log"
    rng = random.Random(SEED)
    started = time.monotonic()
    cabinet = Cabinet(folder, log_path)
    credited = cabinet.coins  # coins in the bookkeeping
    returned = refused = kills = offered = 0
    while credited < COINS:
        burst = [f"c{rng.choice((1, 2))}" for _ in range(min(rng.randint(1, 20), COINS - credited))]
        if not cabinet.accepting or cabinet.credits > MAX_CREDITS // 2:
            burst = ["play"] * rng.randint(
                1, 10
            ) + burst  # players spend credits, the lockout opens
        cabinet.send(burst)
        offered += sum(1 for c in burst if c != "play")
        if rng.random() < 0.3:  # the power goes, somewhere in the burst or its pulses
            time.sleep(rng.uniform(0.0, 0.04))
            cabinet.kill()
            kills += 1
            cabinet = Cabinet(folder, log_path)
            gained = cabinet.coins - credited
            sent = sum(1 for c in burst if c != "play")
            assert 0 <= gained <= sent
            returned += sent - gained  # refused, or unread when it died: given back
            credited = cabinet.coins
            continue
        acks = cabinet.acks(len(burst))
        assert [ack[0].split("-")[0] for ack in acks] == burst
        credited += sum(1 for ack in acks if ack[0] in ("c1", "c2"))
        refused += sum(1 for ack in acks if ack[0].endswith("-refused"))
        cabinet.credits, cabinet.accepting = int(acks[-1][1]), int(acks[-1][2])
    # Let the last cabinet pulse out everything owed, then stop it cleanly.
    deadline = time.monotonic() + 60
    while True:
        cabinet.send(["noop"])
        (ack,) = cabinet.acks(1)
        if int(ack[3]) == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    cabinet.send(["quit"])
    assert cabinet.acks(1) == [["bye"]]
    os.waitpid(cabinet.pid, 0)
    cabinet.close()

    store = Store.open(folder / "cabinet.db")
    audit = store.audits.snapshot()
    if folder.parent == shm:
        request.addfinalizer(lambda: shutil.rmtree(folder, ignore_errors=True))
    bank = store.credit_bank(CreditSettings(free_play=False, max_credits=MAX_CREDITS))
    credits, owed = bank.credits, (bank.meter_owed(1), bank.meter_owed(2))
    store.close()
    # Every coin credited or refused (and given back), none lost.
    assert audit["coins"][1] + audit["coins"][2] == COINS
    assert audit["credits_from_coins"] == COINS  # one credit a coin, none swallowed
    assert audit["money"] == {
        1: 100 * audit["coins"][1],
        2: 20 * audit["coins"][2],
    }  # counted with its coin
    assert credits == COINS - audit["credits_spent"]
    assert owed == (0, 0)
    assert offered == COINS + refused + returned  # each offer: credited, refused or given back
    # Each meter: one pulse a coin, plus one for each kill inside a pulse of that meter.
    runs = read_log(log_path)
    assert len(runs) == kills + 1
    report = []
    for meter, pin in METERS.items():
        ons = cut = inside = 0
        for number, run in enumerate(runs):
            events = [
                e
                for e in run
                if (e[0] == "pin" and e[1] == pin) or (e[0] == "marked" and e[1] == meter)
            ]
            ons += sum(1 for e in events if e[0] == "pin" and e[2] == 1)
            last_mark = max((i for i, e in enumerate(events) if e[0] == "marked"), default=-1)
            unmarked = [e for e in events[last_mark + 1 :] if e[0] == "pin" and e[2] == 1]
            assert len(unmarked) <= 1, f"run {number}: more than one pulse waited for its mark"
            if number < kills:
                inside += len(unmarked)
                cut += bool(events) and events[-1] == ("pin", pin, 1)  # killed while energised
        # Every coin's pulse marked done exactly once; each pulse given but never marked was
        # cut off by a kill (the log's note follows the commit, so it may count one too many).
        assert audit["meter_pulses"][meter] == audit["coins"][meter], f"meter {meter}"
        repeated = ons - audit["coins"][meter]
        assert 0 <= repeated <= inside <= kills, (
            f"meter {meter}: {ons} pulses, {inside} kills inside"
        )
        report.append(
            f"meter {meter}: {audit['coins'][meter]} coins, {ons} pulses "
            f"(+{repeated} repeated after {inside} kills inside a pulse, {cut} of them while energised)"
        )
    with capsys.disabled():
        print(
            f"\n{COINS} coins, {kills} SIGKILLs, {refused} refused by the lockout, {returned} given back "
            f"at a kill (refused or unread), {audit['credits_over_max']} credited past the limit; "
            + "; ".join(report)
            + f"; {time.monotonic() - started:.1f} s"
        )
