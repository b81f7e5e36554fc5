"""BLOCKS: place the tray's pieces on an 8x8 board; full rows and columns clear."""

from .engine import BlocksGame, IllegalMove, PlaceResult
from .pieces import CATALOGUE, PIECE_SETS, Piece

__all__ = ["BlocksGame", "IllegalMove", "PlaceResult", "Piece", "CATALOGUE", "PIECE_SETS"]
