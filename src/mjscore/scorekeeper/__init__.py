"""The table scorekeeper: four players, a ruleset, and the evening's history on a real database.

:class:`Scorekeeper` is the service the CLI (``mjscore table ...``) and the HTTP API call. A table's
history is an append-only list of settled entries (wins, draws, table events, each with its score and
transfers as recorded, :mod:`~mjscore.scorekeeper.ledger`) under a hash chain
(:mod:`~mjscore.scorekeeper.audit`); balances are the sums of the stored transfers, following the
game flow of :mod:`~mjscore.scorekeeper.flow`. Storage is SQLAlchemy with Alembic migrations
(:mod:`~mjscore.scorekeeper.storage`): a SQLite file by default, PostgreSQL through
``MJSCORE_DATABASE_URL``. The club's roster of people (:mod:`~mjscore.scorekeeper.roster`), a
table's session (:mod:`~mjscore.scorekeeper.sessions`) and the standings by table points
(:mod:`~mjscore.scorekeeper.standings`) sit beside the tables. Every record is signed under the
server's ledger key and kept fresh by the anchor beside it (:mod:`~mjscore.scorekeeper.trust`).
"""

from __future__ import annotations

from mjscore.errors import StaleTableError, TableError, TamperedTableError
from mjscore.scorekeeper.flow import Deal
from mjscore.scorekeeper.ledger import Ledger, Settled, Step, Transfer
from mjscore.scorekeeper.model import Draw, Entry, Event, TableSettings, Win
from mjscore.scorekeeper.roster import Member, Person
from mjscore.scorekeeper.service import Scorekeeper, TableSummary
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.storage import Store
from mjscore.scorekeeper.trust import Adoption
from mjscore.scorekeeper.view import TableView

__all__ = [
    "Adoption", "Deal", "Draw", "Entry", "Event", "Ledger", "Member", "Person", "Scorekeeper", "SessionRule", "Settled",
    "StaleTableError", "Step", "Store", "TableError", "TableSettings", "TableSummary", "TableView",
    "TamperedTableError", "Transfer", "Win",
]
