"""Signed table heads and tables readable forever (issue 28): ``score_tables.head_mac``, the HMAC of
each table's head under the server's ledger key (:mod:`mjscore.scorekeeper.signing`), which the hash
chain alone could not give (a history cut off with its head rolled back to the new last row passed
every check); and ``score_tables.facts``, what reading a table needs of its rules
(:class:`~mjscore.scorekeeper.model.TableFacts`), taken here from the rules as they resolve now (left
empty where they no longer do: such a table reads its rules as before, until they do again).

The tables already stored are signed here, as they stand, only when a person vouches for them
(``mjscore ledger adopt``, issue 38: an upgrade that signed whatever it found let a forged history be
signed by making the schema look older): :func:`mjscore.scorekeeper.storage.upgrade` refuses, before
any migration runs, a database with tables and no adoption. Their history is not touched. A table left
unsigned would be a way around the signature, so a head without one reads as tampered.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from alembic import context, op

from mjscore.errors import MjscoreError, StorageError
from mjscore.scorekeeper.model import TableFacts, TableSettings
from mjscore.scorekeeper.signing import LedgerKey

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("score_tables") as batch:
        batch.add_column(sa.Column("head_mac", sa.String(64), nullable=True))
        batch.add_column(sa.Column("facts", sa.JSON(), nullable=True))
    key = context.config.attributes["ledger_key"]
    assert isinstance(key, LedgerKey)
    adopted = context.config.attributes.get("adopt") is not None
    connection = op.get_bind()
    tables = sa.table("score_tables", sa.column("id", sa.Integer), sa.column("version", sa.Integer),
                      sa.column("entries", sa.Integer), sa.column("head_hash", sa.String),
                      sa.column("settings_hash", sa.String), sa.column("head_mac", sa.String),
                      sa.column("players", sa.JSON), sa.column("ruleset", sa.String), sa.column("house_rules", sa.JSON),
                      sa.column("base_money", sa.String), sa.column("facts", sa.JSON))
    sessions = sa.table("table_sessions", sa.column("table_id", sa.Integer), sa.column("hands", sa.Integer),
                        sa.column("minutes", sa.Integer), sa.column("event", sa.String))
    rules = {row.table_id: (row.hands, row.minutes, row.event) for row in connection.execute(sa.select(sessions))}
    for row in connection.execute(sa.select(tables)).all():
        if not adopted:
            raise StorageError(f"table {row.id} was never signed: the upgrade signs it only when a person vouches "
                               "for it (`mjscore ledger adopt`)")
        facts = _facts(row.players, row.ruleset, row.house_rules, row.base_money)
        mac = key.sign(row.id, row.version, row.entries, row.head_hash, row.settings_hash,
                       rules.get(row.id, (None, None, None)), facts)
        connection.execute(sa.update(tables).where(tables.c.id == row.id).values(head_mac=mac, facts=facts))


def _facts(players: object, ruleset: str, house_rules: object, base_money: str) -> dict[str, Any] | None:
    """The facts of a stored table's rules as they resolve now; None where they do not."""
    try:
        if not isinstance(players, list) or not isinstance(house_rules, dict):
            return None
        settings = TableSettings("", (players[0], players[1], players[2], players[3]), ruleset, house_rules,
                                 Decimal(base_money))
        return TableFacts.of(settings.rules()).to_json()
    except (MjscoreError, IndexError, TypeError, ValueError, ArithmeticError):
        return None


def downgrade() -> None:
    with op.batch_alter_table("score_tables") as batch:
        batch.drop_column("facts")
        batch.drop_column("head_mac")
