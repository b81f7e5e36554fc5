"""BLOCKS: place the tray's pieces on an 8x8 board; full rows and columns clear."""

from .engine import BlocksGame, IllegalMove, PlaceResult
from .pieces import CATALOGUE, PIECE_SETS, Piece
from .versus import BlocksVersus, VersusPlaceResult

__all__ = [
           "CATALOGUE",
           "PIECE_SETS",
           "BlocksGame",
           "BlocksVersus",
           "IllegalMove",
           "Piece",
           "PlaceResult",
           "VersusPlaceResult",
]
