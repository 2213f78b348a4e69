"""A ledger nobody can forge (issue 38): the database's identity (``ledger_identity``), by which the
anchor beside the ledger key knows it; the signed heads of the club's other records (``ledger_heads``:
the roster, each tournament, the statements); the statements people sign into the ledger
(``ledger_statements``); where an imported table came from (``score_tables.origin``); and who opened
each table as the limit of tables an hour counts (``score_tables.client``: an HTTP client's address).

Nothing is signed here that was not checked or vouched for. A database that comes here from
revision 0004-0006 has signed table heads: the key that upgrades it must be the one that signed them
(else the upgrade stops, naming the key). The roster's and tournaments' rows were never signed:
those a person has to vouch for (renames, merges, tournaments) are signed only under a statement of
adoption, ``mjscore ledger adopt`` (:func:`mjscore.scorekeeper.storage.upgrade` refuses before any
migration runs otherwise); a roster of ``add`` and ``seat`` rows alone is signed as it stands, each
seat checked against the signed players of its table.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.orm import Session

from mjscore.errors import StorageError
from mjscore.scorekeeper import roster, trust
from mjscore.scorekeeper.anchor import Anchor
from mjscore.scorekeeper.audit import now
from mjscore.scorekeeper.signing import LedgerKey
from mjscore.scorekeeper.storage import IdentityRow, SessionRow, TableRow, TournamentRow
from mjscore.scorekeeper.tournament_state import tournament_origin, tournament_state

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ledger_identity",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("database", sa.String(32), nullable=False),
        sa.Column("key", sa.String(16), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("mac", sa.String(64), nullable=False),
    )
    op.create_table(
        "ledger_heads",
        sa.Column("record", sa.String(64), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("origin", sa.String(64), nullable=False),
        sa.Column("mac", sa.String(64), nullable=False),
    )
    op.create_table(
        "ledger_statements",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("record", sa.String(64), nullable=True),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("seq", name="uq_ledger_statements_seq"),
    )
    with op.batch_alter_table("score_tables") as batch:
        batch.add_column(sa.Column("origin", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("client", sa.String(120), nullable=True))
    op.execute("UPDATE score_tables SET client = created_by")
    key = context.config.attributes["ledger_key"]
    anchor = context.config.attributes["anchor"]
    adopt = context.config.attributes.get("adopt")
    assert isinstance(key, LedgerKey) and isinstance(anchor, Anchor)
    at = now()
    identity = key.new_identity(at)
    signer = trust.Signer(key, anchor, identity["database"])
    with Session(bind=op.get_bind()) as session:
        session.add(IdentityRow(**identity))
        tables = list(session.scalars(sa.select(TableRow)))
        signed = [row for row in tables if row.head_mac is not None]
        if tables and not signed and adopt is None:
            raise StorageError("none of the database's tables carries a signature: it cannot be upgraded "
                               "without a person vouching for it (`mjscore ledger adopt`)")
        rules = {r.table_id: (r.hands, r.minutes, r.event) for r in session.scalars(sa.select(SessionRow))}
        if signed and not any(row.head_mac == key.sign(row.id, row.version, row.entries, row.head_hash,
                                                       row.settings_hash, rules.get(row.id, (None, None, None)),
                                                       row.facts, row.totals) for row in signed):
            raise StorageError(f"none of the database's tables carries the signature of ledger key {key.fingerprint} "
                               f"({key.path}): this is not the database's key; point MJSCORE_LEDGER_KEY at its own")
        found = roster.log_unsigned(session)
        if adopt is None:
            roster.check_seats([change for change, _ in found],
                               {row.id: row.players for row in tables if isinstance(row.players, list)})
        if found:
            last, hashed = found[-1]
            signer.sign_record(session, trust.ROSTER, last.seq, hashed, roster.GENESIS, at)
        for tournament in session.scalars(sa.select(TournamentRow)):
            signer.sign_record(session, trust.tournament_record(tournament.id), 1,
                               tournament_state(session, tournament.id), tournament_origin(tournament), at)
        if isinstance(adopt, trust.Adoption):
            summary = context.config.attributes.get("adopted", {})
            trust.state(session, signer, trust.ADOPT, None, summary, adopt.reason, adopt.actor, at)
        session.commit()  # ends the session's part: the migration's own transaction commits (or rolls back) all


def downgrade() -> None:
    with op.batch_alter_table("score_tables") as batch:
        batch.drop_column("client")
        batch.drop_column("origin")
    for table in ("ledger_statements", "ledger_heads", "ledger_identity"):
        op.drop_table(table)
