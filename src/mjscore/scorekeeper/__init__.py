"""The table scorekeeper: four players, a ruleset, and the evening's history on a real database.

:class:`Scorekeeper` is the service the CLI (``mjscore table ...``) and the HTTP API call. A table's
history is an append-only list of settled entries (wins, draws, table events, each with its score and
transfers as recorded, :mod:`~mjscore.scorekeeper.ledger`) under a hash chain
(:mod:`~mjscore.scorekeeper.audit`); balances are the sums of the stored transfers, following the
game flow of :mod:`~mjscore.scorekeeper.flow`. Storage is SQLAlchemy with Alembic migrations
(:mod:`~mjscore.scorekeeper.storage`): a SQLite file by default, PostgreSQL through
``MJSCORE_DATABASE_URL``.
"""

from __future__ import annotations

from mjscore.errors import StaleTableError, TableError, TamperedTableError
from mjscore.scorekeeper.flow import Deal
from mjscore.scorekeeper.ledger import Ledger, Settled, Step, Transfer
from mjscore.scorekeeper.model import Draw, Entry, Event, TableSettings, Win
from mjscore.scorekeeper.service import Scorekeeper, TableSummary, TableView
from mjscore.scorekeeper.storage import Store

__all__ = [
    "Deal", "Draw", "Entry", "Event", "Ledger", "Scorekeeper", "Settled", "StaleTableError", "Step", "Store",
    "TableError", "TableSettings", "TableSummary", "TableView", "TamperedTableError", "Transfer", "Win",
]
