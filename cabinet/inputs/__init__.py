"""One action vocabulary for every input source: GPIO, keyboard, USB encoders, AI, replays.

:mod:`~cabinet.inputs.actions` has the vocabulary. This package file imports nothing:
import each module by its path.
"""
