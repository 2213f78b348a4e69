"""Pinned, append-only, hash-chained history.

Every entry row gains what was settled for it (``settled``), its place in the append-only history
(``seq``, ``version``, ``action``), when and by whom (``created_at``, ``actor``), the client's
``request_id`` and its ``hash``; a table gains its creation time, the hash of its settings and its
head (``head_hash``, ``entries``), who opened it and the client's ``request_id`` that did.

The entries already stored are pinned here, once: each table's history is replayed with the engine
installed at upgrade time, exactly as every read did before, and the result is stored with each
entry. An entry that can no longer be replayed (a hand now below the minimum, say) and the entries
after it are kept with the reason and count for nothing until a correction, an undo or a
``table rescore`` settles them; they no longer stop the table from loading. Migrated rows are stamped
with the time of the upgrade and the actor ``migration 0002``: the old schema kept no times.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from mjscore.errors import MjscoreError
from mjscore.scorekeeper import audit
from mjscore.scorekeeper.audit import Change
from mjscore.scorekeeper.flow import Deal
from mjscore.scorekeeper.ledger import Settled, Step, settle, settled_to_json
from mjscore.scorekeeper.model import TableSettings, base_money, entry_from_dict

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

ACTOR = "migration 0002 (recorded before the audit trail)"

_tables = sa.table("score_tables", sa.column("id", sa.Integer), sa.column("name", sa.String),
                   sa.column("players", sa.JSON), sa.column("ruleset", sa.String), sa.column("house_rules", sa.JSON),
                   sa.column("base_money", sa.String), sa.column("version", sa.Integer),
                   sa.column("created_at", sa.String), sa.column("created_by", sa.String),
                   sa.column("settings_hash", sa.String),
                   sa.column("head_hash", sa.String), sa.column("entries", sa.Integer))
_entries = sa.table("table_entries", sa.column("id", sa.Integer), sa.column("table_id", sa.Integer),
                    sa.column("number", sa.Integer), sa.column("data", sa.JSON), sa.column("seq", sa.Integer),
                    sa.column("version", sa.Integer), sa.column("action", sa.String), sa.column("settled", sa.JSON),
                    sa.column("created_at", sa.String), sa.column("actor", sa.String), sa.column("hash", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("score_tables") as batch:
        batch.add_column(sa.Column("created_at", sa.String(32), nullable=True))
        batch.add_column(sa.Column("created_by", sa.String(120), nullable=True))
        batch.add_column(sa.Column("settings_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("head_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("entries", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("request_id", sa.String(64), nullable=True))
    with op.batch_alter_table("table_entries") as batch:
        batch.drop_constraint("uq_table_entries_table_number", type_="unique")
        batch.alter_column("data", existing_type=sa.JSON(), nullable=True)
        for column in (sa.Column("seq", sa.Integer()), sa.Column("version", sa.Integer()),
                       sa.Column("action", sa.String(16)), sa.Column("settled", sa.JSON()),
                       sa.Column("created_at", sa.String(32)), sa.Column("actor", sa.String(120)),
                       sa.Column("request_id", sa.String(64)), sa.Column("hash", sa.String(64))):
            batch.add_column(column)
    _pin_every_table(op.get_bind())
    with op.batch_alter_table("score_tables") as batch:
        for name, size in (("created_at", 32), ("created_by", 120), ("settings_hash", 64), ("head_hash", 64)):
            batch.alter_column(name, existing_type=sa.String(size), nullable=False)
        batch.create_unique_constraint("uq_score_tables_request", ["request_id"])
    with op.batch_alter_table("table_entries") as batch:
        kinds: tuple[tuple[str, sa.types.TypeEngine[Any]], ...] = (
            ("seq", sa.Integer()), ("version", sa.Integer()), ("action", sa.String(16)), ("created_at", sa.String(32)),
            ("actor", sa.String(120)), ("hash", sa.String(64)))
        for name, kind in kinds:
            batch.alter_column(name, existing_type=kind, nullable=False)
        batch.create_unique_constraint("uq_table_entries_table_seq", ["table_id", "seq"])
        batch.create_unique_constraint("uq_table_entries_table_request", ["table_id", "request_id"])


def _pin_every_table(connection: sa.Connection) -> None:
    at = audit.now()
    for table in connection.execute(sa.select(_tables).order_by(_tables.c.id)).mappings().all():
        rows = connection.execute(sa.select(_entries.c.id, _entries.c.number, _entries.c.data)
                                  .where(_entries.c.table_id == table["id"]).order_by(_entries.c.number)).all()
        hashed = audit.settings_json(table["name"], table["players"], table["ruleset"], table["house_rules"],
                                     table["base_money"], ACTOR)
        previous = audit.settings_hash(table["id"], hashed, at)
        connection.execute(sa.update(_tables).where(_tables.c.id == table["id"]).values(
            created_at=at, created_by=ACTOR, settings_hash=previous))
        for seq, (row_id, data, settled) in enumerate(_pinned(table, rows), 1):
            change = Change(seq, table["version"], seq, "record", data, settled, at, ACTOR, None)
            previous = change.hash_after(table["id"], previous)
            connection.execute(sa.update(_entries).where(_entries.c.id == row_id).values(
                seq=seq, number=seq, version=table["version"], action="record", settled=settled, created_at=at,
                actor=ACTOR, hash=previous))
        connection.execute(sa.update(_tables).where(_tables.c.id == table["id"]).values(
            head_hash=previous, entries=len(rows)))


def _pinned(table: Any, rows: Sequence[Any]) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Each entry row's id, data and settlement: replayed in order until one cannot be; that one and
    those after it carry the reason instead."""
    found: list[tuple[int, dict[str, Any], dict[str, Any]]] = []
    before: list[Step] = []
    problem: str | None = None
    try:
        players = table["players"]
        settings = TableSettings(table["name"], (players[0], players[1], players[2], players[3]), table["ruleset"],
                                 dict(table["house_rules"]), base_money(table["base_money"]))
        rules = settings.rules()
    except (MjscoreError, IndexError, TypeError) as error:
        problem = f"the table's rules cannot be loaded: {error} (when the history was pinned)"
    deal = Deal()
    for number, (row_id, _, data) in enumerate(rows, 1):
        if problem is None:
            try:
                settled = settle(settings, rules, [entry_from_dict(data, settings)], before)[0]
                before.append(Step(number, entry_from_dict(data, settings), settled, (), ()))
                assert settled.after is not None
                deal = settled.after
                found.append((row_id, data, settled_to_json(settled)))
                continue
            except MjscoreError as error:
                problem = f"{error} (when the history was pinned)"
        found.append((row_id, data, settled_to_json(Settled(deal, None, problem=problem))))
    return found


def downgrade() -> None:
    raise NotImplementedError("the history cannot be un-pinned: restore the backup taken before the upgrade")
