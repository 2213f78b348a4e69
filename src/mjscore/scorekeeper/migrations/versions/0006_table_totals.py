"""Table reads that do not grow with the history (issue 27): ``score_tables.totals``, the sums at each
table's head (its length, balances, the deal now), signed with the head, so that a page of the
history is shown without reading what comes before it; and an index of the history by entry number,
so that the rows a page stands on are found without reading the others.

The tables already stored keep no totals until their next change (their signature does not cover
any): they are read whole, as before, until then.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("score_tables") as batch:
        batch.add_column(sa.Column("totals", sa.JSON(), nullable=True))
    op.create_index("ix_table_entries_table_number", "table_entries", ["table_id", "number"])


def downgrade() -> None:
    op.drop_index("ix_table_entries_table_number", table_name="table_entries")
    with op.batch_alter_table("score_tables") as batch:
        batch.drop_column("totals")
