"""Tables and their entries.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "score_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("base_money", sa.String(40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "table_entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("score_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_table_entries_table_number"),
    )
    op.create_index("ix_table_entries_table_id", "table_entries", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_entries_table_id", table_name="table_entries")
    op.drop_table("table_entries")
    op.drop_table("score_tables")
