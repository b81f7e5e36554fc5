"""ANTI-GRAVITY: blocks pushed in from both edges toward the Schwarzschild line.

:mod:`~cabinet.games.antigravity.engine` has the single-player engine,
:mod:`~cabinet.games.antigravity.modes` the versus and contest modes and
:mod:`~cabinet.games.antigravity.ai` the AI. This package file imports nothing:
import each module by its path.
"""
