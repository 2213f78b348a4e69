"""The table scorekeeper: four players, a ruleset, and the evening's history on a real database.

:class:`Scorekeeper` is the service the CLI (``mjscore table ...``) and the HTTP API call. A table's
history is an append-only list of settled entries (wins, draws, table events, each with its score and
transfers as recorded, :mod:`~mjscore.scorekeeper.ledger`) under a hash chain
(:mod:`~mjscore.scorekeeper.audit`); balances are the sums of the stored transfers, following the
game flow of :mod:`~mjscore.scorekeeper.flow`. Storage is SQLAlchemy with Alembic migrations
(:mod:`~mjscore.scorekeeper.storage`): a SQLite file by default, PostgreSQL through
``MJSCORE_DATABASE_URL``. The club's roster of people (:mod:`~mjscore.scorekeeper.roster`), a
table's session (:mod:`~mjscore.scorekeeper.sessions`) and the standings by table points
(:mod:`~mjscore.scorekeeper.standings`) sit beside the tables.
"""

from __future__ import annotations

from mjscore.errors import StaleTableError, TableError, TamperedTableError
from mjscore.scorekeeper.flow import Deal
from mjscore.scorekeeper.ledger import Ledger, Settled, Step, Transfer
from mjscore.scorekeeper.model import Draw, Entry, Event, TableSettings, Win
from mjscore.scorekeeper.roster import Member, Person
from mjscore.scorekeeper.service import Scorekeeper, TableSummary, TableView
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.storage import Store

__all__ = [
    "Deal", "Draw", "Entry", "Event", "Ledger", "Member", "Person", "Scorekeeper", "SessionRule", "Settled",
    "StaleTableError", "Step", "Store", "TableError", "TableSettings", "TableSummary", "TableView",
    "TamperedTableError", "Transfer", "Win",
]
