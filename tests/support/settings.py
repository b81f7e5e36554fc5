"""Settings files for the tests: the factory file, an operator's paid one, a broken one."""

import time
from pathlib import Path
import pygame
import pytest
from support.app import Heard
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from cabinet.app import App
from cabinet.settings.load import MAX_PROBLEMS, SHIPPED_CONFIG, USING_FACTORY, USING_LAST_GOOD, load_settings, parse_settings
from cabinet.inputs.actions import Action, InputEvent
from cabinet.inputs.wiring import clashes, wiring
from cabinet.scenes.flow.attract import AttractScene
from cabinet.scenes.flow.select import GameSelectScene
from cabinet.scenes.service.settings_notice import SHOW_FRAMES, SKIP_AFTER, SettingsNoticeScene
from cabinet.settings.schema import Settings
from cabinet.settings import last_good
from cabinet.settings.save import save_settings
from cabinet.settings.last_good import load_for_cabinet, read_last_good
from cabinet.storage.scores import antigravity_tables, check_table


SHIPPED = SHIPPED_CONFIG.read_text(encoding="utf-8")


# The operator's paid cabinet: coins, two of them for a credit in chute 1.
PAID = (SHIPPED.replace("  free_play: true ", "  free_play: false", 1)
        .replace("  price_table_1: [[1, 1]] ", "  price_table_1: [[2, 1]] ", 1))


def broken_yaml(text: str) -> str:
    return text.replace("  difficulty: normal ", "  difficulty: [normal ", 1)


def is_paid(settings) -> bool:
    return settings.credits.free_play is False and settings.credits.price_table_1 == ((2, 1),)
