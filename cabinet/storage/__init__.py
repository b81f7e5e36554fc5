"""The cabinet's state: high scores, credits, bookkeeping and replays in one SQLite file.

:mod:`~cabinet.storage.store` has the :class:`~cabinet.storage.store.Store` the
cabinet opens; :mod:`~cabinet.storage.db` says how a power cut, a damaged file
or a full or read-only disk is survived. This package file imports nothing:
import each module by its path.
"""
