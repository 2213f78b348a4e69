"""The table scorekeeper: four players, a ruleset, and the evening's history on a real database.

:class:`Scorekeeper` is the service the CLI (``mjscore table ...``) and the HTTP API call. A table's
history is a list of entries (wins, draws, table events); the deal, the scores, the payments and the
balances are replayed from it (:mod:`~mjscore.scorekeeper.ledger`), following the game flow of
:mod:`~mjscore.scorekeeper.flow`. Storage is SQLAlchemy with Alembic migrations
(:mod:`~mjscore.scorekeeper.storage`): a SQLite file by default, PostgreSQL through
``MJSCORE_DATABASE_URL``.
"""

from __future__ import annotations

from mjscore.errors import StaleTableError, TableError
from mjscore.scorekeeper.flow import Deal
from mjscore.scorekeeper.ledger import Ledger, Step, Transfer
from mjscore.scorekeeper.model import Draw, Entry, Event, TableSettings, Win
from mjscore.scorekeeper.service import Scorekeeper, TableSummary, TableView
from mjscore.scorekeeper.storage import Store

__all__ = [
    "Deal", "Draw", "Entry", "Event", "Ledger", "Scorekeeper", "StaleTableError", "Step", "Store",
    "TableError", "TableSettings", "TableSummary", "TableView", "Transfer", "Win",
]
