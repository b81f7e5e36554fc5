"""BLOCKS: place the tray's pieces on an 8x8 board; full rows and columns clear.

:mod:`~cabinet.games.blocks.engine` has the single-player game, :mod:`~cabinet.games.blocks.versus`
the versus one, :mod:`~cabinet.games.blocks.pieces` the piece sets. This package file imports
nothing: import each module by its path.
"""
