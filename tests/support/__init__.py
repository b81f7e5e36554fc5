"""Helpers shared by the tests: a headless cabinet, mock panels, a broker, a real disk."""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent  # the checkout: pyproject.toml, config/, docs/, systemd/
