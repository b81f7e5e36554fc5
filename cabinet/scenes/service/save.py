"""Putting the service menu's draft into effect: live in the running cabinet, and on disk.

:func:`apply_settings` hands new settings to everything that holds a piece of
them (the credit bank, the sound, the store's score upkeep, and whatever the
app registered in ``ctx.settings_listeners``, such as the display rotation).
:func:`save_and_apply` also writes them to the file the cabinet loaded. When
that file cannot be written, the settings still run for this session and the
operator is told so; the next power-on reads the old file. Settings read from
the shipped defaults go to /etc/arcadeforge/cabinet.yaml (the storage layer's
``save_path``).
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.inputs.actions import Action
from cabinet.language import tr
from cabinet.render import WIDTH, palette
from cabinet.render.text import shortened, text
from cabinet.scenes.kit.base import Chutes, Scene
from cabinet.settings import load as config_module
from cabinet.settings import save as config_file
from cabinet.settings.checks import dearest_price
from cabinet.settings.last_good import load_for_cabinet

from .page import BACKGROUND, draw_controls_line, draw_title_line

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.inputs.actions import InputEvent
    from cabinet.scenes.kit.scene_context import SceneContext
    from cabinet.settings.schema import Settings

log = logging.getLogger(__name__)


@dataclass
class SaveOutcome:
    """What happened: ``path`` written, or ``problem`` saying why not (settings then live only).

    ``backup``: where the old file was kept because it had errors.
    """

    path: Path | None = None
    problem: str = ""
    backup: Path | None = None

    @property
    def saved(self) -> bool:
        return self.path is not None and not self.problem


def apply_settings(ctx: SceneContext, settings: Settings) -> None:
    """Make ``settings`` the running settings at once."""
    ctx.settings = settings
    ctx.bank.settings = settings.credits
    ctx.audio.configure(settings.audio)
    ctx.store.configure(settings)
    for listener in ctx.settings_listeners:
        try:
            listener(settings)
        except Exception:
            log.exception("applying the new settings failed in %r", listener)


def save_and_apply(ctx, settings) -> SaveOutcome:
    """Apply ``settings`` live and write them where the storage layer says (:func:`~cabinet.settings.save.save_path`).

    Only what ``settings`` changes from the settings in force is changed: the file's own values,
    edited by hand while the cabinet ran, are kept (and take effect)."""
    target = config_file.save_path(ctx.config.source)
    settings = config_file.over_the_file(target, ctx.settings, settings)
    if settings.credits.max_credits < dearest_price(settings.credits):
        # As the loader would settle it (coins must never pay for a game that cannot start);
        # saved settled, the file is patched in place with its comments.
        settings = copy.deepcopy(settings)
        settings.credits.max_credits = dearest_price(settings.credits)
        log.info(
            "settings: maximum credits raised to %d, the price of a game",
            settings.credits.max_credits,
        )
    apply_settings(ctx, settings)
    try:
        backup = config_file.save_settings(target, settings)  # by the module: tests stand in for it
    except OSError as exc:
        why = f"{target}: {exc.strerror or exc}"
        log.warning("settings not saved (%s); they apply until the power goes off", why)
        return SaveOutcome(target, why)
    log.info("settings saved to %s", target)
    _reload_config(ctx, target)
    return SaveOutcome(target, backup=backup)


def factory_reset(ctx, menu=None) -> str:
    """Scores, bookkeeping, credits, replays and settings to factory state; a message for the menu."""
    shipped = config_module.load_settings(config_module.SHIPPED_CONFIG).settings
    source = ctx.config.source
    try:
        ctx.store.factory_reset(source)  # the shipped file itself is left alone
    except OSError as exc:
        log.warning(
            "factory reset: the settings file could not be written (%s); factory settings apply until the power goes off",
            exc,
        )
        apply_settings(ctx, shipped)
        message = tr("SETTINGS FILE NOT WRITABLE: FACTORY SETTINGS FOR THIS SESSION")
    else:
        apply_settings(ctx, shipped)
        if source is not None:
            _reload_config(ctx, source)  # the factory settings are now the last good ones
        message = tr("FACTORY RESET DONE")
    if menu is not None:
        menu.draft = copy.deepcopy(shipped)
    return message


def _reload_config(ctx, path: Path) -> None:
    """Read the saved file back: it becomes the loaded config (and the last good settings),
    its problems replace the old ones."""
    old = set(ctx.config.notices())
    loaded = load_for_cabinet(path)
    loaded.origin = ctx.config.origin
    ctx.notices[:] = [notice for notice in ctx.notices if notice not in old]
    ctx.notices.extend(loaded.notices())
    ctx.config = loaded


class SaveResultScene(Scene):
    """After SAVE AND EXIT: where the settings went, or why they could not be saved.

    A, B, Start or SERVICE (or a few seconds) goes on to attract mode.
    """

    name = "service: saved"
    SECONDS = 8

    def __init__(self, ctx: SceneContext, outcome: SaveOutcome):
        super().__init__(ctx)
        self.outcome = outcome
        self.frames = 0

    def chutes(self) -> Chutes:
        """An operator's page: the lockout refuses coins."""
        return Chutes.CLOSED

    def handle(self, event: InputEvent) -> None:
        if (
            event.pressed
            and event.action in (Action.A, Action.B, Action.START, Action.SERVICE)
            and self.frames > 20
        ):
            self.ctx.go_to_attract()

    def update(self) -> None:
        self.frames += 1
        if self.frames >= self.SECONDS * 60:
            self.ctx.go_to_attract()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        outcome = self.outcome
        if outcome.saved:
            lines = [(tr("SETTINGS SAVED"), 42, palette.GREEN), (tr("TO"), 21, palette.GREY)]
            lines += [(line, 21, palette.WHITE) for line in _wrap(str(outcome.path), 48, 3)]
            if outcome.backup is not None:
                lines += [(tr("THE OLD FILE HAD ERRORS; IT IS KEPT AS"), 21, palette.YELLOW)]
                lines += [(line, 21, palette.WHITE) for line in _wrap(outcome.backup.name, 48, 2)]
        else:
            lines = [(tr("SETTINGS NOT SAVED"), 42, palette.RED)]
            lines += [(line, 21, palette.WHITE) for line in _wrap(outcome.problem, 44, 5)]
            lines += [(tr("THEY APPLY UNTIL THE POWER GOES OFF"), 21, palette.YELLOW)]
        y = 110
        for line, size, colour in lines:
            text(surface, line, (WIDTH // 2, y), size, colour, "midtop", max_width=WIDTH - 40)
            y += size + 22
        draw_title_line(surface, tr("SERVICE MENU"))
        draw_controls_line(surface, tr("A TO CONTINUE"))


def _wrap_at_spaces(line: str, width: int) -> list[str]:
    """``line`` cut into pieces of at most ``width`` characters, at spaces where possible."""
    pieces, current = [], ""
    for word in line.split(" "):
        while len(word) > width:  # a path or key longer than a line
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            pieces.append(current)
            current = word
    if current:
        pieces.append(current)
    return pieces or [""]


def _wrap(line: str, width: int, most: int) -> list[str]:
    """``line`` in at most ``most`` lines of ``width``; a longer one loses its middle (a path's
    first folders and its file name stay), so that the page never runs into its controls."""

    chars = width * most
    while (
        len(_wrap_at_spaces(shortened(line, chars), width)) > most
    ):  # wrapping at spaces leaves lines short
        chars -= width // 2
    return _wrap_at_spaces(shortened(line, chars), width)
