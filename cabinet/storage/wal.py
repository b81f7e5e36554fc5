"""A look at the state file's ``-wal`` and ``-shm`` before SQLite opens them.

SQLite quietly ignores a write-ahead log it cannot use: a garbage header, frames
whose checksums fail, a log cut short or gone. Whatever those frames held (the
last coins, a score) is then lost without a word. :func:`wal_problems` reads both
files the way SQLite would and names each such loss, so the cabinet can log it
and show it on the NOTICES page before SQLite tidies the evidence away.

Formats, from SQLite's file-format document: the log is a 32-byte header
(magic, version, page size, checkpoint sequence, two salts, a checksum) then
frames of a 24-byte header (page, database size after a commit, the salts, a
running checksum) and one page. The ``-shm`` starts with the wal-index header,
twice, in the machine's byte order; its ``mxFrame`` is the last frame SQLite
knew to be committed.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from cabinet.language import N_
from cabinet.language.words import Words

_MAGIC = (0x377F0682, 0x377F0683)  # the low bit gives the byte order of the checksums
_HEADER = 32
_FRAME_HEADER = 24
_SHM_HEADER = 48
CHECKED_FRAMES = 64  # the last frames whose checksums are checked (the rest by their salts)


def _checksum(data: bytes, big_endian: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    """SQLite's running WAL checksum over ``data`` (a multiple of 8 bytes)."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def _committed_in_shm(shm: Path) -> tuple[int, bytes] | None:
    """``(mxFrame, salts as the log's header holds them)`` from a sound ``-shm`` header; None when there is none to trust."""
    try:
        with open(shm, "rb") as handle:
            head = handle.read(2 * _SHM_HEADER)
    except OSError:
        return None
    if len(head) < 2 * _SHM_HEADER or head[:_SHM_HEADER] != head[_SHM_HEADER:] or not head[12]:
        return None  # half-written, or never initialised
    order = "<" if sys.byteorder == "little" else ">"
    (version,) = struct.unpack_from(f"{order}I", head, 0)
    (max_frame,) = struct.unpack_from(f"{order}I", head, 16)
    salts = head[32:40]  # copied byte for byte from the log's header
    return (max_frame, salts) if version == 3007000 else None


def wal_problems(database: Path) -> list[Words]:
    """What the ``-wal`` beside ``database`` has lost, one sentence each (for NOTICES and the log);
    [] when it is sound.

    Never raises: a file that cannot be read is itself the problem named.
    """
    wal = Path(f"{database}-wal")
    shm = _committed_in_shm(Path(f"{database}-shm"))
    try:
        data = wal.read_bytes() if wal.exists() else None
    except OSError as exc:
        return [
            Words(
                "{wal} cannot be read ({why}): the writes it holds are lost",
                wal=wal.name,
                why=exc.strerror or str(exc),
            )
        ]
    if not data:
        if shm and shm[0]:
            message = (
                N_(
                    "{wal} is empty but held {count} committed frame(s): the last writes before the stop are lost"
                )
                if data is not None
                else N_(
                    "{wal} is missing but held {count} committed frame(s): the last writes before the stop are lost"
                )
            )
            return [Words(message, wal=wal.name, count=shm[0])]
        return []
    if len(data) < _HEADER:
        return [
            Words(
                "{wal} is garbage ({size} bytes, too short to be a write-ahead log): ignored",
                wal=wal.name,
                size=len(data),
            )
        ]
    magic, _version, page_size, _sequence, _salt1, _salt2, c1, c2 = struct.unpack(
        ">8I", data[:_HEADER]
    )
    big_endian = magic & 1
    valid_page = page_size >= 512 and page_size & (page_size - 1) == 0 and page_size <= 65536
    if magic not in _MAGIC or not valid_page or _checksum(data[:24], big_endian) != (c1, c2):
        return [
            Words(
                "{wal} is garbage ({size} bytes, not a write-ahead log): what it held is ignored",
                wal=wal.name,
                size=len(data),
            )
        ]
    frame = _FRAME_HEADER + page_size
    # The frames of this round of the log (their salts match the header's); an older round may follow.
    starts = []
    offset = _HEADER
    while offset + frame <= len(data) and data[offset + 8 : offset + 16] == data[16:24]:
        starts.append(offset)
        offset += frame
    # Each frame stores the running checksum, so one frame checks against the one before it
    # alone: the last frames (where a cut lands) are checked, in bounded time at power-on.
    first_checked = max(0, len(starts) - CHECKED_FRAMES)
    valid = len(starts)
    for index in range(first_checked, len(starts)):
        at = starts[index]
        before = (
            data[24:32] if index == 0 else data[starts[index - 1] + 16 : starts[index - 1] + 24]
        )
        sums = _checksum(
            data[at : at + 8] + data[at + _FRAME_HEADER : at + frame],
            big_endian,
            *struct.unpack(">2I", before),
        )
        page = struct.unpack(">I", data[at : at + 4])[0]
        if sums != struct.unpack(">2I", data[at + 16 : at + 24]) or page == 0:
            valid = index
            break
    damaged = valid < len(starts)
    committed = max(
        (
            i + 1
            for i in range(valid)
            if struct.unpack(">I", data[starts[i] + 4 : starts[i] + 8])[0]
        ),
        default=0,
    )
    frames = valid
    problems = []
    if damaged:
        problems.append(
            Words(
                "{wal} is damaged after frame {frames}: the writes after it are ignored",
                wal=wal.name,
                frames=frames,
            )
        )
    partial = (len(data) - _HEADER) % frame
    if partial and not damaged and offset == len(data) - partial:
        problems.append(
            Words(
                "{wal} is truncated ({size} bytes of a frame cut off): the last write in it is lost",
                wal=wal.name,
                size=partial,
            )
        )
    if shm and shm[1] == data[16:24] and shm[0] > committed:
        problems.append(
            Words(
                "{wal} holds {committed} committed frame(s) where SQLite had {count}: the last writes before the stop are lost",
                wal=wal.name,
                committed=committed,
                count=shm[0],
            )
        )
    return problems
