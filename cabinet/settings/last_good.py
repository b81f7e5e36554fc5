"""The last good settings: what the cabinet last ran on, kept in its state folder.

After every start that read the operator's file as settings, the settings in
force (the file's values, any bad one replaced) are written to
``<state>/settings.last-good.yaml`` as safely as the scores: temp file, fsync,
rename, fsync of the folder (:func:`~cabinet.system.files.write_atomic`).
It is a complete settings file (the shipped one, patched), so an operator can
read it, or copy it back by hand; its first line names the file it came from.

:func:`load_for_cabinet` is how the cabinet reads its settings. Bad values and
unusable files fall back on the last good settings (see :mod:`cabinet.settings.load`).
A missing file is a question of history:

- never loaded a good file (first boot, a fresh checkout): the factory
  settings are normal, and nothing is reported when the search order simply
  ends at the shipped file;
- the file named by --config or $CABINET_CONFIG is missing: the last good
  settings, and a notice;
- the file the search order found last time (the user's or the system file)
  has vanished, so the search would now end at the shipped defaults: the last
  good settings, a notice, and the service menu saves back where the file was.
  An operator who wants the factory settings uses the factory reset.

:func:`load_for_check` reads as the cabinet that reads the file would, from a
shell too: a shell has no $STATE_DIRECTORY, but the system file is the installed
service's, so its last good copy is the service's (see :func:`copy_for_check`).
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from cabinet.language.words import Words
from cabinet.settings import load
from cabinet.settings.load import (
    NOT_FOUND,
    LoadedConfig,
    config_choice,
    load_settings,
    parse_settings,
    read_config_text,
    unusable,
)
from cabinet.settings.save import settings_text
from cabinet.settings.schema import Settings
from cabinet.storage.db import now_stamp
from cabinet.system import paths
from cabinet.system.files import write_atomic
from cabinet.system.paths import state_dir

log = logging.getLogger("cabinet.storage")

FILE_NAME = "settings.last-good.yaml"
_SOURCE_LINE = re.compile(r"\A# source: (.*)\n")


@dataclass
class LastGood:
    """The settings last in force, and the file they were read from."""

    settings: Settings
    source: Path | None


def last_good_path() -> Path | None:
    """Where the copy lives; None (logged) when there is no state folder to be had."""
    try:
        return state_dir() / FILE_NAME
    except OSError as exc:
        log.warning("settings: no state folder for the last good copy (%s)", exc.strerror or exc)
        return None


def read_last_good(path: Path | None = None) -> LastGood | None:
    """The last good settings, or None when there are none (or they cannot be read: logged)."""
    path = path or last_good_path()
    if path is None:
        return None
    text, why = read_config_text(path)
    if text is None:
        if why != NOT_FOUND:
            log.warning("settings: the last good copy %s %s; not used", path, why)
        return None
    loaded = parse_settings(text, str(path))
    if not loaded.usable:
        log.warning("settings: the last good copy is damaged (%s); not used", loaded.problems[0])
        return None
    for problem in loaded.problems:  # written by another version of the program
        log.info("settings: last good copy: %s", problem)
    match = _SOURCE_LINE.match(text)
    return LastGood(loaded.settings, Path(match.group(1)) if match else None)


def remember(loaded: LoadedConfig, previous: LastGood | None, path: Path | None = None) -> None:
    """Keep ``loaded``'s settings as the last good ones, if its file was read as settings.

    Unchanged settings are not written again (no SD-card write per boot). Never
    raises: a disk that refuses is logged, and the old copy stays.
    """
    if not loaded.usable or loaded.source is None:
        return
    if (
        previous is not None
        and previous.settings == loaded.settings
        and previous.source == loaded.source
    ):
        return
    path = path or last_good_path()
    if path is None:
        return
    text = (
        f"# source: {loaded.source}\n"
        f"# The settings in force on this cabinet at {now_stamp()}: its last good settings,\n"
        f"# used when that file is broken. Written by the cabinet; edit the source instead.\n"
        + settings_text(None, loaded.settings)
    )
    try:
        write_atomic(path, text, like=loaded.source)
    except OSError as exc:
        log.warning(
            "settings: the last good copy %s cannot be written (%s)", path, exc.strerror or exc
        )


def load_for_cabinet(explicit=None, keep: bool = True) -> LoadedConfig:
    """The settings a starting cabinet runs on (see the module's notes), kept as the last good ones
    unless ``keep`` is false (``scores`` reads exactly as the cabinet, and writes nothing)."""
    where = last_good_path()  # asked once: a missing state folder is said once
    previous = read_last_good(where) if where is not None else None
    return _load(explicit, where, previous, keep)


def load_for_check(explicit=None) -> tuple[LoadedConfig, str]:
    """What the cabinet reading ``explicit`` (or the file it would pick) would run on, written nowhere;
    and a line to say when its last good copy is there but cannot be read (the answer then falls
    back on factory values where that cabinet would use its last good ones), else ""."""
    where = copy_for_check(config_choice(explicit)[0])
    _, why = read_config_text(where)
    if why and why != NOT_FOUND:
        note = (
            f"the cabinet's last good settings {where} {why}: the values below fall back on the factory "
            f"ones where the cabinet uses its last good ones; run check-config as root or the cabinet's user"
        )
        return _load(explicit, where, None, keep=False), note
    return _load(explicit, where, read_last_good(where), keep=False), ""


def copy_for_check(source: Path | None) -> Path:
    """The last good copy of the cabinet that reads ``source``: $STATE_DIRECTORY's when set; the
    installed service's when ``source`` is the system file it reads; else this user's own."""
    if (
        not os.environ.get("STATE_DIRECTORY")
        and source is not None
        and paths.SERVICE_STATE_DIR.is_dir()
        and os.path.realpath(source) == os.path.realpath(load.SYSTEM_CONFIG)
    ):
        return paths.SERVICE_STATE_DIR / FILE_NAME
    return state_dir(create=False) / FILE_NAME


def _load(explicit, where: Path | None, previous: LastGood | None, keep: bool) -> LoadedConfig:
    last = previous.settings if previous is not None else None
    source, origin = config_choice(explicit)
    if previous is not None and _vanished(previous, source):
        loaded = unusable(
            str(previous.source),
            None,
            "",
            Words("not found (it was there at the last good start)"),
            last,
        )
        origin = "the file of the last good start"
    else:
        loaded = load_settings(source, last)
    loaded.origin = origin
    if keep and where is not None:
        remember(loaded, previous, where)
    return loaded


def _vanished(previous: LastGood | None, source: Path | None) -> bool:
    """The search order now ends at the shipped file only because the last good start's file is gone."""
    if previous is None or previous.source is None or previous.source.exists():
        return False
    searched = (load.user_config(), load.SYSTEM_CONFIG)
    return previous.source in searched and (source is None or source == load.SHIPPED_CONFIG)
