"""Tournaments: the tournament, its players (from the roster), its rounds, the tables of each round
(each a table of ``score_tables``, a session) and the director's penalties.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def _belongs() -> sa.Column[int]:
    return sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
                     nullable=False)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("folded", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("seed", sa.String(200), nullable=False),
        sa.Column("method", sa.String(16), nullable=False),
        sa.Column("fill", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("session_hands", sa.Integer(), nullable=True),
        sa.Column("session_minutes", sa.Integer(), nullable=True),
        sa.Column("finalists", sa.JSON(), nullable=True),
        sa.Column("cut_after", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False),
        sa.UniqueConstraint("folded", name="uq_tournaments_folded"),
    )
    op.create_table(
        "tournament_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        _belongs(),
        sa.Column("person", sa.Integer(), nullable=False),
        sa.Column("ema", sa.String(16), nullable=True),
        sa.Column("entered", sa.Integer(), nullable=False),
        sa.Column("dropped_after", sa.Integer(), nullable=True),
        sa.UniqueConstraint("tournament_id", "person", name="uq_tournament_players_person"),
    )
    op.create_table(
        "tournament_rounds",
        sa.Column("id", sa.Integer(), primary_key=True),
        _belongs(),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(16), nullable=False),
        sa.Column("byes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.UniqueConstraint("tournament_id", "number", name="uq_tournament_rounds_number"),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        _belongs(),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("score_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.UniqueConstraint("tournament_id", "round", "number", name="uq_tournament_tables_number"),
    )
    op.create_table(
        "tournament_penalties",
        sa.Column("id", sa.Integer(), primary_key=True),
        _belongs(),
        sa.Column("person", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
    )
    for table in ("tournament_players", "tournament_rounds", "tournament_tables", "tournament_penalties"):
        op.create_index(f"ix_{table}_tournament_id", table, ["tournament_id"])


def downgrade() -> None:
    for table in ("tournament_penalties", "tournament_tables", "tournament_rounds", "tournament_players",
                  "tournaments"):
        op.drop_table(table)
